/**
 * The compare page's client (issue 15, scope 6): with `?a=<id>&b=<id>`, fetches both projects'
 * recap.json.gz, compares them with src/lib/compare/compare-runs.ts (the code `trailbook diff`
 * runs) and shows the result with the builder the static compare pages use.
 */
import { compareRuns, type ComparableRun } from '../lib/compare/compare-runs.ts';
import { runDiffHtml } from '../components/html/run-diff.ts';
import { gunzip } from './gunzip.ts';
import { fullRows, type CompactRow, type RowColumns } from '../lib/export/recap-rows.ts';

const result = document.getElementById('compare-result');
const params = new URLSearchParams(location.search);
const a = params.get('a');
const b = params.get('b');
const safeId = (id: string | null): id is string => id !== null && /^[A-Za-z0-9._-]+$/.test(id);

async function recap(base: string, id: string): Promise<ComparableRun> {
  // The export as published (src/lib/export/export-urls.ts EXPORT_FILES: gzip compressed).
  const response = await fetch(`${base}p/${id}/recap.json.gz`);
  if (!response.ok) throw new Error(`no project ${id} in this archive (${response.status})`);
  const run = JSON.parse(new TextDecoder().decode(await gunzip(new Uint8Array(await response.arrayBuffer())))) as ComparableRun;
  // recap/2 leaves a row's anchor out when it is row-<id>; recap/3 and /4 write rows by column (src/lib/export/recap-rows.ts), /4 without a time column `ts` gives.
  return { ...run, rows: fullRows(run.rows as unknown as CompactRow[] | RowColumns) };
}

// The chooser shows the pair being compared.
for (const [name, value] of [['a', a], ['b', b]] as const) {
  const select = document.querySelector<HTMLSelectElement>(`.compare-form select[name="${name}"]`);
  if (select && value !== null && [...select.options].some((o) => o.value === value)) select.value = value;
}

if (result && safeId(a) && safeId(b)) {
  const base = result.dataset['base'] ?? '/';
  result.textContent = 'Comparing…';
  Promise.all([recap(base, a), recap(base, b)])
    .then(([ra, rb]) => {
      result.innerHTML = runDiffHtml(compareRuns(ra, rb), base).value;
      document.title = `Compare ${ra.title} and ${rb.title} · ${document.title}`;
    })
    .catch((error: unknown) => {
      result.textContent = `These two projects cannot be compared: ${(error as Error).message}`;
    });
}
