import { entityReader, isStoredItem } from '../../../../lib/store/stored-entity';

interface Pet {
  name: string;
  legs: number;
  owner?: string;
}

describe('entityReader', () => {
  const toPet = entityReader<Pet>()(['name', 'legs', 'owner']);

  it("keeps the entity's fields and leaves out the table's keys and any attribute the type dropped", () => {
    const item = { pk: 'WS#1', sk: 'PET#rex', gsi1pk: 'x', name: 'Rex', legs: 4, colour: 'brown' };
    expect(toPet(item)).toStrictEqual({ name: 'Rex', legs: 4 });
  });

  it('keeps an optional field when the item has it', () => {
    expect(toPet({ name: 'Rex', legs: 4, owner: 'Ada' })).toStrictEqual({ name: 'Rex', legs: 4, owner: 'Ada' });
  });

  it('reads each member of a union with its own fields', () => {
    type Shape = { kind: 'circle'; radius: number } | { kind: 'square'; side: number };
    const toShape = entityReader<Shape>()(['kind', 'radius', 'side']);
    expect(toShape({ pk: 'p', kind: 'square', side: 2 })).toStrictEqual({ kind: 'square', side: 2 });
  });

  it('refuses, at compile time, a list that misses a field or names one the entity does not have', () => {
    // @ts-expect-error `owner` is missing from the list.
    entityReader<Pet>()(['name', 'legs']);
    // @ts-expect-error `colour` is not a field of Pet.
    entityReader<Pet>()(['name', 'legs', 'owner', 'colour']);
  });
});

describe('isStoredItem', () => {
  it('is true of a map only', () => {
    expect([{ a: 1 }, null, 'x', 3, [1], new Set([1])].map(isStoredItem)).toEqual([true, false, false, false, false, false]);
  });
});
