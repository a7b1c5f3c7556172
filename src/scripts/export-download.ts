/**
 * The Download list's files that open (issue 32): `decisions.csv` and `recap.json` made in the
 * browser from the published `decisions.csv.gz` and `recap.json.gz` (decompressed, and the CSV
 * given a byte-order mark so spreadsheets read it as UTF-8), and on the archive home one
 * decisions.csv of every project, from each project's `decisions.csv.gz`
 * (src/lib/export/archive-decisions-csv.ts). The archive stores no second copy. An entry marked
 * `data-from-recap` reads `recap.json.gz` instead and makes the CSV from it
 * (src/lib/export/recap-decisions-csv.ts; archives built without `--decisions-csv`, issue 30);
 * that code is loaded on the first click only. Without script these entries stay hidden and the
 * `.gz` files are linked as they are.
 */
import { gunzip } from './gunzip.ts';
import { saveFile } from './save-file.ts';
import { archiveDecisionsCsv } from '../lib/export/archive-decisions-csv.ts';

/** The text of a published `.gz` file. A host that serves it with Content-Encoding: gzip hands over the text already; gunzip passes it on. */
async function unzipped(src: string): Promise<string> {
  const response = await fetch(src);
  if (!response.ok) throw new Error(`${src} answered HTTP ${response.status}`);
  return new TextDecoder().decode(await gunzip(new Uint8Array(await response.arrayBuffer())));
}

/** The byte-order mark of src/lib/export/decisions-csv.ts `CSV_BOM` (not imported: that module is loaded on demand). */
const CSV_BOM = '\uFEFF';

/** decisions.csv of a published recap.json's text, with its maker loaded on first use (its own chunk). */
async function csvOfRecap(text: string): Promise<string> {
  const { decisionsCsvFromRecap } = await import('../lib/export/recap-decisions-csv.ts');
  return decisionsCsvFromRecap(text);
}

/** Wires one entry: its button runs `make` and saves what it returns, saying how it went in the entry's status. */
function wire(entry: HTMLElement, make: (status: HTMLElement) => Promise<string>): void {
  const button = entry.querySelector<HTMLButtonElement>('button');
  const status = entry.querySelector<HTMLElement>('[data-export-status]');
  if (!button || !status) return;
  entry.removeAttribute('hidden');
  button.addEventListener('click', () => {
    const name = entry.dataset['name'] ?? 'download';
    const type = entry.dataset['type'] ?? 'application/octet-stream';
    button.disabled = true;
    status.textContent = 'making the file…';
    make(status)
      .then((text) => {
        saveFile(entry.dataset['bom'] === undefined ? text : CSV_BOM + text, name, type);
        status.textContent = `saved as ${name}`;
      })
      .catch((error: unknown) => {
        status.textContent = `could not make it (${(error as Error).message}); the .gz file below holds the same data`;
      })
      .finally(() => {
        button.disabled = false;
      });
  });
}

for (const entry of document.querySelectorAll<HTMLElement>('[data-unzip-download]')) {
  const fromRecap = entry.dataset['fromRecap'] !== undefined;
  wire(entry, async () => {
    const text = await unzipped(entry.dataset['src'] ?? '');
    return fromRecap ? csvOfRecap(text) : text;
  });
}

for (const entry of document.querySelectorAll<HTMLElement>('[data-archive-csv]')) {
  wire(entry, async (status) => {
    const base = entry.dataset['base'] ?? '/';
    const fromRecap = entry.dataset['fromRecap'] !== undefined;
    const index = JSON.parse(await unzipped(entry.dataset['index'] ?? `${base}archive.json`)) as { projects?: Array<{ id: string }> };
    const ids = (index.projects ?? []).map((p) => p.id);
    // A few files at a time, kept in the home's order.
    const parts: Array<{ project: string; csv: string }> = new Array(ids.length);
    let next = 0;
    let done = 0;
    const worker = async (): Promise<void> => {
      while (next < ids.length) {
        const i = next++;
        const id = ids[i] as string;
        const text = await unzipped(`${base}p/${encodeURIComponent(id)}/${entry.dataset['file'] ?? 'decisions.csv.gz'}`);
        parts[i] = { project: id, csv: fromRecap ? await csvOfRecap(text) : text };
        status.textContent = `read ${++done} of ${ids.length} projects…`;
      }
    };
    await Promise.all(Array.from({ length: Math.min(6, ids.length) }, worker));
    return archiveDecisionsCsv(parts);
  });
}
