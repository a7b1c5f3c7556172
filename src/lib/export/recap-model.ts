/**
 * The inverse of {@link recapExport}: a `recap.json` document (trailbook.recap/1) turned back
 * into the {@link ProjectModel} it was projected from, so that the recap page can build the
 * single-file recap.html in the browser from the published `recap.json.gz` with the same
 * builder the build uses (src/components/html/export-recap.ts; docs/publishing.md "recap.html").
 *
 * `recapExport` writes the model's fields as they are, except that the optional lifecycle and
 * quality parts (`arena`, `verdicts`, `coordination`, `beads`, `babysit`, `handover`) are
 * written `null` when absent, and it adds `$schema`, `version` and `openBlockers` (a
 * projection of the model). Here those three are dropped and a `null` part becomes absent.
 * Pure; no validation: pass a document read from this archive (or parsed with
 * `recapExportSchema`).
 */
import type { ProjectModel } from '../model/types.ts';
import type { RecapExport } from './recap-export.ts';

/** The parts `recapExport` writes `null` when the model has none. */
const NULLABLE_PARTS = ['arena', 'verdicts', 'coordination', 'beads', 'babysit', 'handover'] as const;

/**
 * The model a `recap.json` document was exported from. Throws (naming the version) when the
 * document is not `trailbook.recap/1`.
 */
export function recapModel(recap: RecapExport): ProjectModel {
  if (recap.version !== 'trailbook.recap/1') throw new Error(`recap.json is of version ${String(recap.version)}; this Trailbook reads trailbook.recap/1`);
  const { $schema: _schema, version: _version, openBlockers: _blockers, accepted: _accepted, ...fields } = recap;
  const model: Record<string, unknown> = { ...fields };
  for (const part of NULLABLE_PARTS) if (model[part] === null) delete model[part];
  return model as unknown as ProjectModel;
}
