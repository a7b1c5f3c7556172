/** `/schema/<name>.json`: the exports' JSON Schemas, generated from zod (src/lib/export/json-schemas.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { EXPORT_SCHEMA_NAMES, exportJsonSchema, type ExportSchemaName } from '../../lib/export/json-schemas.ts';
import { exportUrls } from '../../lib/export/export-urls.ts';
import { absoluteUrl } from '../../lib/export/site-url.ts';
import { archiveContext } from '../../lib/export/archive-context.ts';

export const getStaticPaths = (() => EXPORT_SCHEMA_NAMES.map((name) => ({ params: { name } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const { base, root } = archiveContext(import.meta.env.BASE_URL, import.meta.env.SITE);
  const name = params.name as ExportSchemaName;
  const schema = exportJsonSchema(name, root === null ? null : absoluteUrl(root, base, exportUrls.schema(base, name)));
  return new Response(`${JSON.stringify(schema, null, 2)}\n`, { headers: { 'content-type': 'application/schema+json' } });
};
