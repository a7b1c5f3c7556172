/**
 * The JSON Schemas of the exports, generated from their zod schemas with
 * `z.toJSONSchema` (draft 2020-12) and published with the site at
 * `<base>schema/<name>.json`. A field of the model marked `modelOnly`
 * (src/lib/model/export-registry.ts) is left out: no export writes it.
 */
import { z } from 'zod';
import { archiveIndexSchema } from './archive-index.ts';
import { buildReportSchema } from './build-report.ts';
import { exportRegistry, isModelOnly } from '../model/export-registry.ts';
import { recapExportSchema } from './recap-export.ts';

/** Every published schema, by name (the file name without `.json`). */
export const EXPORT_SCHEMAS = {
  'recap.v4': recapExportSchema,
  'archive.v1': archiveIndexSchema,
  'report.v1': buildReportSchema,
} as const;

/** The name of a published schema. */
export type ExportSchemaName = keyof typeof EXPORT_SCHEMAS;

/** The names of the published schemas. */
export const EXPORT_SCHEMA_NAMES = Object.keys(EXPORT_SCHEMAS) as ExportSchemaName[];

/**
 * The JSON Schema of an export. `id` (the schema's absolute URL, when the site URL is
 * known) becomes its `$id`.
 */
export function exportJsonSchema(name: ExportSchemaName, id: string | null = null): Record<string, unknown> {
  const generated = z.toJSONSchema(EXPORT_SCHEMAS[name], {
    metadata: exportRegistry,
    target: 'draft-2020-12',
    unrepresentable: 'throw',
    override: ({ zodSchema, jsonSchema }) => {
      // zod bounds every integer by the safe-integer range; that says nothing to a reader.
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      // A field of the model no export writes (`modelOnly`: a pointer's `reasonKind`) is no part of the export's schema.
      const def = zodSchema._zod.def;
      if (def.type === 'object' && jsonSchema.properties) {
        for (const [key, field] of Object.entries((def as z.core.$ZodObjectDef).shape)) {
          if (!isModelOnly(field)) continue;
          delete jsonSchema.properties[key];
          if (Array.isArray(jsonSchema.required)) jsonSchema.required = jsonSchema.required.filter((k) => k !== key);
        }
      }
    },
  }) as Record<string, unknown>;
  const { $schema, ...rest } = generated;
  return { $schema, ...(id === null ? {} : { $id: id }), ...rest };
}
