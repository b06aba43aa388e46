import * as z from 'zod';

/** What the document says of a schema: a component name (`id`), and JSON Schema keywords zod cannot derive (a refinement's limit, a transform's input format). */
export type SchemaDocs = { id?: string; description?: string } & Record<string, unknown>;

/**
 * A registry of documentation kept beside the schemas instead of on them: `.meta()` would make a
 * new schema object, and the document must describe the very objects the handlers validate with.
 * Descriptions written on a schema (`.describe()`, in the global registry) still show; this
 * registry's entries win. Global ids are dropped: only this registry names components.
 */
export class DocsRegistry extends z.core.$ZodRegistry<SchemaDocs> {
  override get(schema: z.core.$ZodType): SchemaDocs | undefined {
    const own = super.get(schema);
    const global = z.globalRegistry.get(schema) as SchemaDocs | undefined;
    if (!own && !global) return undefined;
    const { id: _globalId, ...inherited } = global ?? {};
    return { ...inherited, ...own };
  }
}
