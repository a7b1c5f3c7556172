/**
 * A project's decisions.csv made from its published `recap.json` (issue 30): the recap holds
 * every field the CSV reads (rows, flags, invalid records, sources), so an archive built
 * without `--decisions-csv` stores no `decisions.csv.gz` and the Download lists make the CSV in
 * the browser (src/scripts/export-download.ts) — the same text, byte for byte, that
 * {@link decisionsCsv} gives for the model the recap was exported from. Pure.
 */
import { decisionsCsv } from './decisions-csv.ts';
import { recapModel } from './recap-model.ts';
import type { RecapExport } from './recap-export.ts';

/**
 * decisions.csv (without the byte-order mark) of a `recap.json` document's text. Throws on text
 * that is not JSON, or a document not of version `trailbook.recap/1` or `/2` (naming the version).
 */
export function decisionsCsvFromRecap(recapJsonText: string): string {
  return decisionsCsv(recapModel(JSON.parse(recapJsonText) as RecapExport));
}
