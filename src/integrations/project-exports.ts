/**
 * Writes each project's exports (issue 7: `recap.json.gz` and, with `--decisions-csv`,
 * `decisions.csv.gz`, with `--recap-html` the single-file `recap.html`) beside its recap.
 * Without those options the recap page makes both in the browser from recap.json.gz
 * (src/scripts/recap-download.ts, src/scripts/export-download.ts), so the archive holds one copy
 * of the rows, not two (issue 17) or three (issue 30: decisions.csv.gz was 116 bytes a row). They are pure functions of the project model, so they are
 * written straight from the model store rather than rendered by Astro: the CLI writes them in
 * its worker thread while Astro renders pages (docs/performance.md). Only projects the render
 * plan marks changed are written; incremental builds carry the rest over.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readArchiveIndex, readModel } from '../lib/archive/model-store.ts';
import { mustRender, readRenderPlan } from '../lib/archive/render-plan.ts';
import { recapExport } from '../lib/export/recap-export.ts';
import { decisionsCsv } from '../lib/export/decisions-csv.ts';
import { EXPORT_FILES, exportUrls, gzipExport } from '../lib/export/export-urls.ts';
import { absoluteUrl } from '../lib/export/site-url.ts';
import type { ArchiveContext } from '../lib/export/archive-index.ts';
import { exportRecapHtml } from '../components/html/export-recap.ts';
import { acceptedFlags } from '../lib/baseline/accepted-flags.ts';

/** What was written. `ms` is wall time in milliseconds. */
export interface ExportStats {
  projects: number;
  ms: number;
}

/**
 * Writes the exports of every project the render plan wants rendered into `outDir/p/<id>/`.
 * Throws (naming the file) when the model store is missing a project.
 */
export async function writeProjectExports(cacheDir: string, outDir: string, ctx: ArchiveContext): Promise<ExportStats> {
  const started = performance.now();
  const plan = await readRenderPlan(cacheDir);
  const schema = absoluteUrl(ctx.root, ctx.base, exportUrls.schema(ctx.base, 'recap.v4'));
  let projects = 0;
  for (const { id, digest } of (await readArchiveIndex(cacheDir)).projects) {
    if (!mustRender(plan, `exports:${id}`, digest)) continue;
    const model = await readModel(cacheDir, id);
    const dir = join(outDir, 'p', id);
    await mkdir(dir, { recursive: true });
    // The data exports are written compressed: at a thousand projects of a thousand rows they
    // were 1 GB of the archive as plain text, and the hosts that cap a site count bytes stored.
    // Accepted flags (trailbook.baseline.json, issue 32) are marked in recap.json, so the recap.html the browser makes from it marks them too.
    const accepted = ctx.baseline ? { file: ctx.baseline.file, reasons: acceptedFlags(ctx.baseline, model, model.flags) } : null;
    await writeFile(join(dir, EXPORT_FILES.recapJson), gzipExport(JSON.stringify(recapExport(model, schema, accepted))));
    if (ctx.decisionsCsv === true) await writeFile(join(dir, EXPORT_FILES.decisionsCsv), gzipExport(decisionsCsv(model)));
    if (ctx.recapHtml === true) await writeFile(join(dir, EXPORT_FILES.recapHtml), exportRecapHtml(model, { root: ctx.root, archiveTitle: ctx.title, accepted }));
    projects++;
  }
  return { projects, ms: performance.now() - started };
}
