/**
 * The metadata registry of the export schemas (recap.json, archive.json, report.json): ids,
 * titles and descriptions that {@link z.toJSONSchema} copies into the published JSON
 * Schemas. A registry of its own, not zod's global one, so a schema module evaluated twice
 * in one process (Astro's content layer and its prerender bundle) never clashes on an id.
 * A field of the model that no export writes is marked {@link modelOnly}: the JSON Schemas
 * leave it out.
 */
import { z } from 'zod';

/** What an export schema says about itself in its JSON Schema. */
export interface ExportMeta {
  /** Becomes a `$defs` entry, referenced wherever the schema is reused. */
  id?: string;
  title?: string;
  description?: string;
}

/** The registry every export schema is documented in. */
export const exportRegistry = z.registry<ExportMeta>();

/** Registers `meta` for `schema` and returns the schema, for use inline in a schema literal. */
export function documented<T extends z.ZodType>(schema: T, meta: ExportMeta): T {
  exportRegistry.add(schema, meta);
  return schema;
}

/** The schemas marked {@link modelOnly}. */
const MODEL_ONLY = new WeakSet<z.ZodType>();

/**
 * Marks `schema`, the schema of one field of a model object, as the model's own: it is kept in
 * the model store (the cache) and read by the pages, but no export writes it, and the
 * published JSON Schemas leave it out (src/lib/export/json-schemas.ts), so an export's
 * documents and schema stay as they were. Returns the schema, for use inline in a shape.
 */
export function modelOnly<T extends z.ZodType>(schema: T): T {
  MODEL_ONLY.add(schema);
  return schema;
}

/** Whether `schema` was marked {@link modelOnly}. */
export function isModelOnly(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && MODEL_ONLY.has(schema as z.ZodType);
}
