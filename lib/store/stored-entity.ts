/**
 * Reading an entity back from its table item. Every item of the table is written by this folder
 * from a value of the entity's own type, `{ ...keys, ...entity }`, so the item's attributes are the
 * entity's fields plus keys. A reader keeps exactly the fields its entity lists: never the table's
 * keys and index keys, nor an attribute that an older version wrote and the type has since dropped.
 * A field added to the type but not to its list fails to compile where the list is written.
 */

/** An item as the document client gives it back. */
export type StoredItem = Record<string, unknown>;

/** True when an attribute holds a map (a nested entity), not a scalar or a list. */
export function isStoredItem(value: unknown): value is StoredItem {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Set);
}

/** The fields of every member of `T`: for a union such as a Job, each type's own fields too. */
type FieldOfAny<T> = T extends unknown ? keyof T & string : never;

/** `Fields` when it names every field of `T`; otherwise a type that names the ones missing. */
type EveryField<T, Fields extends readonly string[]> = [Exclude<FieldOfAny<T>, Fields[number]>] extends [never]
  ? Fields
  : { missingFields: Exclude<FieldOfAny<T>, Fields[number]> };

/**
 * The reader of entity `T` from the list of its fields: `entityReader<Job>()(['jobId', …])`. It is
 * curried so the entity is named and the list is still read as its literal names.
 */
export function entityReader<T extends object>() {
  return <const Fields extends readonly FieldOfAny<T>[]>(fields: Fields & EveryField<T, Fields>) =>
    (item: StoredItem): T => {
      const entity: StoredItem = {};
      for (const field of fields) if (item[field] !== undefined) entity[field] = item[field];
      // The one place the store trusts its own writes: the item was written from a T (see above).
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
      return entity as T;
    };
}
