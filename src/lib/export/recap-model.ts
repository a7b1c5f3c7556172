/**
 * The inverse of {@link recapExport}: a `recap.json` document (trailbook.recap/4, or /3, /2 or /1 of
 * an archive built before) turned back
 * into the {@link ProjectModel} it was projected from, so that the recap page can build the
 * single-file recap.html in the browser from the published `recap.json.gz` with the same
 * builder the build uses (src/components/html/export-recap.ts; docs/publishing.md "recap.html").
 *
 * `recapExport` writes the model's fields as they are, except that the optional lifecycle and
 * quality parts (`arena`, `verdicts`, `coordination`, `beads`, `babysit`, `handover`) are
 * written `null` when absent, and it adds `$schema`, `version` and `openBlockers` (a
 * projection of the model), and since recap/2 it leaves out of `rows` and `cited` what the rows
 * say (src/lib/export/recap-rows.ts, recap-cited.ts), and since recap/4 `cited` and the rows'
 * `time` when the rest gives them back. Here those three are dropped, a `null`
 * part becomes absent and recap/2's rows and citations get their fields back (recap/3's rows,
 * written by column, become rows first; a left-out `cited` and `time` are made again).
 * Pure; no validation: pass a document read from this archive (or parsed with
 * `recapExportSchema`).
 */
import type { ProjectModel } from '../model/types.ts';
import type { RecapExport } from './recap-export.ts';
import { RECAP_VERSIONS_READ } from './recap-version.ts';
import { fullCited, type CompactCited } from './recap-cited.ts';
import { fullRows } from './recap-rows.ts';
import { citedFrom, withFindingCitations } from '../projections/cited.ts';

/** The parts `recapExport` writes `null` when the model has none. */
const NULLABLE_PARTS = ['arena', 'verdicts', 'coordination', 'beads', 'babysit', 'handover'] as const;

/**
 * The model a `recap.json` document was exported from. Throws (naming the version) when the
 * document is not `trailbook.recap/1`, `/2`, `/3` or `/4`.
 */
export function recapModel(recap: RecapExport): ProjectModel {
  const version = String(recap.version as unknown);
  if (!RECAP_VERSIONS_READ.includes(version)) throw new Error(`recap.json is of version ${version}; this Trailbook reads ${RECAP_VERSIONS_READ.slice(0, -1).join(', ')} and ${RECAP_VERSIONS_READ.at(-1) ?? ''}`);
  const { $schema: _schema, version: _version, openBlockers: _blockers, accepted: _accepted, ...fields } = recap;
  // recap/1's citations are whole; fullCited leaves a whole citation as it is.
  const rows = fullRows(fields.rows);
  // recap/4 leaves `cited` out when the evidence gives it back (recap-export.ts `citedGivenBack`).
  const cited = fields.cited === undefined ? withFindingCitations(citedFrom(rows, fields.invalid), fields.verdicts ?? null) : fullCited(fields.cited as CompactCited, rows);
  const model: Record<string, unknown> = { ...fields, rows, cited };
  for (const part of NULLABLE_PARTS) if (model[part] === null) delete model[part];
  return model as unknown as ProjectModel;
}
