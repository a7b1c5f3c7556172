/**
 * The metadata registry of the export schemas (recap.json, archive.json, report.json): ids,
 * titles and descriptions that {@link z.toJSONSchema} copies into the published JSON
 * Schemas. A registry of its own, not zod's global one, so a schema module evaluated twice
 * in one process (Astro's content layer and its prerender bundle) never clashes on an id.
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
