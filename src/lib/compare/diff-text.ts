/**
 * `trailbook diff A B` as text (issue 15, scope 6): one line per decision added, removed or
 * changed, flag new or fixed, verdict, pick and graft that changed, from a {@link RunDiff}.
 */
import { evidenceCheckNote, unrelatedRunsNote, type RunDiff } from './compare-runs.ts';
import { grouped } from '../text/grouped.ts';
import { firstWords } from '../text/first-words.ts';

const q = (text: string, max = 70): string => `“${firstWords(text, max)}”`;

const n = (count: number, word: string): string => `${grouped(count)} ${word}${count === 1 ? '' : 's'}`;

/**
 * The diff as lines of text. `given` names each side as the user gave it (a folder or a
 * recap.json): two runs of one ticket often share a title and an id, so the first lines say
 * which is which. A side given as its id needs no name.
 */
export function diffText(d: RunDiff, given: { a?: string; b?: string } = {}): string[] {
  const out: string[] = [];
  const from = (name: string | undefined, id: string): string => (name !== undefined && name !== id ? ` from ${name}` : '');
  out.push(`A: ${d.a.title} (${d.a.id})${from(given.a, d.a.id)}, ${n(d.a.rows, 'row')}, ${n(d.a.flags, 'flag')}`);
  out.push(`B: ${d.b.title} (${d.b.id})${from(given.b, d.b.id)}, ${n(d.b.rows, 'row')}, ${n(d.b.flags, 'flag')}`);
  const dec = d.decisions;
  out.push('');
  out.push(`Decisions: ${grouped(dec.added.length)} added, ${grouped(dec.removed.length)} removed, ${grouped(dec.changed.length)} changed, ${grouped(dec.unchanged)} unchanged`);
  const unrelated = unrelatedRunsNote(d);
  if (unrelated !== null) out.push(`  note: ${unrelated}`);
  for (const r of dec.added) out.push(`  + ${r.id} ${q(r.decision)} (${r.result})`);
  for (const r of dec.removed) out.push(`  - ${r.id} ${q(r.decision)} (${r.result})`);
  for (const c of dec.changed) {
    out.push(`  ~ ${c.a.id}${c.b.id !== c.a.id ? ` → ${c.b.id}` : ''} ${q(c.b.decision)} (matched by ${c.matchedBy})`);
    for (const f of c.fields) out.push(`      ${f.field}: ${q(f.a, 50)} → ${q(f.b, 50)}`);
  }
  out.push('');
  out.push(`Flags: ${grouped(d.flags.new.length)} new, ${grouped(d.flags.fixed.length)} fixed, ${grouped(d.flags.unchanged)} in both${d.flags.gone.length > 0 ? `, ${grouped(d.flags.gone.length)} gone with their rows` : ''}`);
  const unchecked = evidenceCheckNote(d);
  if (unchecked !== null) out.push(`  note: ${unchecked}`);
  for (const f of d.flags.new) out.push(`  + ${f.severity.padEnd(6)} ${f.kind}  ${f.summary}`);
  for (const f of d.flags.fixed) out.push(`  - ${f.severity.padEnd(6)} ${f.kind}  ${f.summary}`);
  for (const f of d.flags.gone) out.push(`  × ${f.severity.padEnd(6)} ${f.kind}  ${f.summary} (its row is not in B)`);
  if (d.verdicts.length > 0 || d.pick || d.grafts.added.length > 0 || d.grafts.removed.length > 0) out.push('');
  for (const v of d.verdicts) out.push(`Verdict: ${v.gate} gate of ${v.ticket || 'no ticket'}: ${v.a ?? 'none'} → ${v.b ?? 'none'}`);
  if (d.pick) out.push(`Design pick: ${d.pick.a ?? 'none'} → ${d.pick.b ?? 'none'}`);
  for (const g of d.grafts.added) out.push(`Graft added: ${g}`);
  for (const g of d.grafts.removed) out.push(`Graft removed: ${g}`);
  return out;
}
