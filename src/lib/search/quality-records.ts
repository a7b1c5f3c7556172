/**
 * Search records for the quality controls (spec/archive.md "Search across projects": "Also
 * searchable: flags, arena picks, verdicts, ..."; issue 3, scope 5): the arena pick, rubric
 * criteria, QA gates and their criteria, review findings and repair loops. Each lands on its
 * anchor in the recap and has a `type` facet (`arena pick`, `rubric criterion`, `gate
 * verdict`, `criterion`, `finding`, `repair loop`) and, where a state applies, a `verdict`
 * facet (criterion states read as on the recap: INCONCLUSIVE is "not verified (inconclusive)").
 */
import type { ProjectModel } from '../model/types.ts';
import type { SearchRecord } from './search-record.ts';
import { levelText } from '../verdicts/ladder.ts';
import { findingWord, premiseWord, stateWord } from '../verdicts/words.ts';
import { idKey, pathKey, pointerKeys, type ExactKey } from './exact-keys.ts';
import { searchProjectValue } from './search-project.ts';
import { withPointers } from './stored-pointers.ts';

const present = (keys: Array<ExactKey | null>): ExactKey[] => keys.filter((k): k is ExactKey => k !== null);

/** The filter name for verdict states; listed after the shared filters. */
export const VERDICT_FILTER = 'verdict';

/** The record-type values this module adds to the `type` filter. */
export const QUALITY_TYPES = ['arena pick', 'rubric criterion', 'gate verdict', 'criterion', 'finding', 'repair loop'] as const;

/** Every quality search record of one project, in recap order (empty when it has none). */
export function qualitySearchRecords(model: ProjectModel): SearchRecord[] {
  const project = [searchProjectValue(model)];
  const out: SearchRecord[] = [];
  const arena = model.arena;
  if (arena) {
    const s = arena.selection;
    if (s && s.pick !== null) {
      const picked = arena.candidates.find((c) => c.label === s.pick);
      const totals = s.matrix ? s.matrix.candidates.map((c) => `${c} ${s.matrix?.totals[c] ?? 0}`).join(', ') : 'no scores';
      out.push({
        anchor: 'arena-pick',
        title: `Design pick: candidate ${s.pick}${picked?.shape ? ` — ${picked.shape}` : ''}`.slice(0, 300),
        body: [
          s.pickReason,
          `Totals: ${totals}.`,
          `Rubric: ${(arena.rubric?.criteria ?? []).map((c) => c.name).join('; ')}.`,
          s.grafts.length > 0 ? `Grafts: ${s.grafts.map((g) => `${g.part} (from ${g.from ?? 'no source'})`).join('; ')}.` : '',
          s.dropped.length > 0 ? `Dropped: ${s.dropped.map((d) => `${d.label}: ${d.why || 'no reason given'}`).join('; ')}.` : '',
          s.singleFamilyJudge ? 'The judge is single-family.' : `Judge: ${s.judge ?? ''}.`,
        ].filter((t) => t !== '').join(' '),
        facets: { type: ['arena pick'], project, phase: ['design'] },
      });
    }
    for (const c of arena.rubric?.criteria ?? []) {
      out.push({ anchor: c.anchor, title: `Rubric criterion ${c.n}: ${c.name}`, body: c.text, facets: { type: ['rubric criterion'], project, phase: ['design'] } });
    }
  }
  const v = model.verdicts;
  if (v) {
    for (const gate of v.qa) {
      out.push({
        anchor: gate.anchor,
        title: `${gate.gate} gate of ${gate.ticket}: ${gate.verdict}`,
        body: [gate.support.reason, gate.summary, gate.rubric.map((g) => `${g.dimension}=${g.grade}`).join(' ')].filter((t) => t !== '').join('. '),
        evidence: gate.evidenceText,
        facets: { type: ['gate verdict'], project, [VERDICT_FILTER]: [gate.verdict] },
        exact: gate.ticket !== '' ? [idKey(gate.ticket, 2)] : [],
      });
      for (const c of gate.criteria) {
        const w = stateWord(c.state);
        out.push({
          anchor: c.anchor,
          title: `${c.id}: ${c.text}`,
          body: `${c.kind} of the ${gate.gate} gate of ${gate.ticket} (${gate.verdict}): ${w.label}, ${levelText(c.level)}.${c.nonblocking ? ` Nonblocking: ${c.nonblocking}.` : ''}`,
          evidence: c.evidenceText || 'none',
          ...withPointers(c.evidence),
          facets: { type: ['criterion'], project, [VERDICT_FILTER]: [w.label] },
          exact: [idKey(c.id, 3), ...(gate.ticket !== '' ? [idKey(gate.ticket, 2)] : []), ...c.evidence.flatMap(pointerKeys)],
        });
      }
    }
    for (const r of v.reviews) {
      for (const f of r.findings) {
        out.push({
          anchor: f.anchor,
          title: f.summary,
          body: [f.failureScenario, f.repro ? `Repro: ${f.repro.command} → ${f.repro.output}` : ''].filter((t) => t !== '').join(' '),
          evidence: `${f.path}${f.pathLine !== null ? `:${f.pathLine}` : ''}`,
          ...withPointers(f.location ? [f.location] : []),
          meta: `${findingWord(f.verdict).label} finding of ${r.name}, ${levelText(f.level)}, ${f.category ?? 'correctness'}`,
          facets: { type: ['finding'], project, [VERDICT_FILTER]: [f.verdict ?? 'no verdict'] },
          exact: f.location ? pointerKeys(f.location) : present([pathKey(f.path, 2, f.pathLine ?? undefined)]),
        });
      }
    }
    for (const loop of v.loops) {
      const results = [...new Set(loop.rows.filter((r) => r.premise !== '' || r.premiseResult !== null).map((r) => `premise ${premiseWord(r.premiseResult).label}`))];
      out.push({
        anchor: loop.anchor,
        title: `Repair loop of ${loop.ticket || 'no ticket'} at gate ${loop.gate}: ${loop.fingerprint}`,
        exact: loop.ticket !== '' ? [idKey(loop.ticket, 2)] : [],
        body: `${loop.outcome}. ${loop.rows.map((r) => (r.premise !== '' ? `Attempt ${r.attempt}: ${r.premise} (${premiseWord(r.premiseResult).label}).` : `Attempt ${r.attempt}.`)).join(' ')}`,
        facets: { type: ['repair loop'], project, [VERDICT_FILTER]: results.length > 0 ? results : ['no premise'] },
      });
    }
  }
  return out;
}
