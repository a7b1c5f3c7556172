/**
 * The verdicts adapter (spec/input.md section 6; quality-and-design-controls.md, sections 1,
 * 3 and 4): reads a project's QA verdicts (`qa/<ticket>.json`, `verdicts/qa.json`,
 * `verdicts/qa.md`), skill statuses (`verdicts/<skill>.md`), review findings
 * (`reviews/<name>.json`) and repair-loop rows (`premises.jsonl`) into a
 * {@link VerdictsModel}. Criterion evidence and finding locations are resolved against the
 * canonical repository exactly like trail evidence (src/lib/evidence/resolve.ts).
 */
import { basename } from 'node:path';
import type { EvidencePointer, InvalidRecord, SourceFile } from '../model/types.ts';
import type { QaVerdict, Review, SkillStatus, VerdictsModel } from '../model/verdicts.ts';
import { classifyEvidence, type ClassifiedPointer } from '../evidence/classify.ts';
import { resolveEvidence, resolvePointer, type EvidenceContext } from '../evidence/resolve.ts';
import { readCellPointers } from '../evidence/cell-reading.ts';
import { readLines } from '../text/lines.ts';
import { readTextFile, textHazards } from '../adapters/read-text-file.ts';
import { RefusedRead, type Confinement } from '../fs/confined.ts';
import { AnchorSet } from './anchors.ts';
import { parseQaJson } from './qa-json.ts';
import { parseQaText, parseSkillStatus } from './qa-text.ts';
import { parseReviewFile } from './review-file.ts';
import { groupLoops, PremiseLines } from './premises.ts';
import { invalidCount } from '../bounds/kind-bounds.ts';
import { readAhead } from '../fs/read-ahead.ts';
import { structuredSupport } from './states.ts';
import { asDescribedChecks } from './described-check.ts';

/** A verdict record file found by discovery. */
export interface VerdictFile {
  path: string;
  rel: string;
  bytes: number;
}

/** What the verdicts adapter returns. */
export interface VerdictsResult {
  /** Null when the project has no verdict file. */
  verdicts: VerdictsModel | null;
  invalid: InvalidRecord[];
  sources: SourceFile[];
}

/** The kind of a verdict file from its path relative to the project root, or null. */
export function verdictFileRole(rel: string): { role: 'qa-json'; ticket: string | null } | { role: 'qa-text' } | { role: 'skill'; skill: string } | { role: 'review'; name: string } | { role: 'premises' } | null {
  let m = /^qa\/([^/]+)\.json$/.exec(rel);
  if (m) return { role: 'qa-json', ticket: m[1] as string };
  if (rel === 'verdicts/qa.json') return { role: 'qa-json', ticket: null };
  if (rel === 'verdicts/qa.md') return { role: 'qa-text' };
  m = /^verdicts\/([^/]+)\.md$/.exec(rel);
  if (m) return { role: 'skill', skill: m[1] as string };
  m = /^reviews\/([^/]+)\.json$/.exec(rel);
  if (m) return { role: 'review', name: m[1] as string };
  if (rel === 'premises.jsonl') return { role: 'premises' };
  return null;
}

/** The pointer for a finding's `file` and `line`: classified like an evidence cell. */
export function locationPointer(path: string, line: number | null): ClassifiedPointer {
  const raw = line === null ? path : `${path}:${line}`;
  const classified = classifyEvidence(raw);
  const first = classified[0];
  if (classified.length === 1 && first && first.raw === raw && (first.kind === 'path' || first.kind === 'ephemeral')) return first;
  return line === null ? { raw, kind: 'path', path } : { raw, kind: 'path', path, from: line, to: line };
}

/**
 * Reads every verdict file of one project. Never throws: unreadable files become
 * `source/unreadable` records; invalid content the adapters' own kinds.
 *
 * @param files - The project's verdict files.
 * @param projectName - The project folder's name: the ticket of a babysit `verdicts/qa.md`.
 * @param ctx - Evidence context of the project (canonical repository, landed head, artifacts).
 */
export async function readVerdicts(files: readonly VerdictFile[], projectName: string, ctx: EvidenceContext, within?: Confinement): Promise<VerdictsResult> {
  const invalid: InvalidRecord[] = [];
  const sources: SourceFile[] = [];
  const anchors = new AnchorSet();
  const qa: QaVerdict[] = [];
  /** Criteria of each structured verdict that were invalid and left out. */
  const dropped = new Map<QaVerdict, number>();
  const skills: SkillStatus[] = [];
  const reviews: Review[] = [];
  const premiseRows: Parameters<typeof groupLoops>[0][number][] = [];
  const sorted = [...files].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  // Whole-file verdicts are read a few ahead (src/lib/fs/read-ahead.ts); premises are streamed in turn.
  const isPremises = (f: VerdictFile): boolean => verdictFileRole(f.rel)?.role === 'premises';
  for await (const { item: f, result: text } of readAhead(sorted, async (f) => (isPremises(f) ? null : readTextFile(f.path, within)))) {
    const role = verdictFileRole(f.rel);
    if (!role) continue;
    const unreadable = (error: string): void => {
      invalid.push({ file: f.rel, line: 0, kind: 'source/unreadable', error: `${f.rel} ${error}`, raw: '' });
      sources.push({ path: f.rel, format: 'verdicts', bytes: f.bytes, lines: 0, valid: 0, invalid: 1 });
    };
    if (role.role === 'premises') {
      // Streamed: a premises file of millions of lines is never held whole.
      const reader = new PremiseLines(f.rel);
      try {
        for await (const l of readLines(f.path, within)) reader.add(l);
      } catch (error) {
        unreadable(error instanceof RefusedRead ? `cannot be read: it ${error.why}` : `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
        continue;
      }
      const parsed = reader.result();
      for (const r of parsed.rows) premiseRows.push(r);
      for (const r of parsed.invalid) invalid.push(r);
      sources.push({ path: f.rel, format: 'verdicts', bytes: f.bytes, lines: reader.lines, valid: parsed.rows.length, invalid: invalidCount(parsed.invalid) });
      continue;
    }
    const read = text ?? (await readTextFile(f.path, within));
    if ('error' in read) {
      unreadable(read.error);
      continue;
    }
    const source: SourceFile = { path: f.rel, format: 'verdicts', bytes: f.bytes, lines: read.lines, valid: 0, invalid: 0 };
    sources.push(source);
    for (const r of textHazards(read, f.rel)) invalid.push(r);
    if (role.role === 'qa-json') {
      const r = parseQaJson(read.text, f.rel, role.ticket ?? projectName, anchors);
      if (r.verdict) {
        qa.push(r.verdict);
        dropped.set(r.verdict, r.invalid.filter((i) => i.kind === 'verdict/invalid-criterion').length);
      }
      for (const i of r.invalid) invalid.push(i);
      source.invalid = Math.min(read.lines, r.invalidLines);
      source.valid = read.lines - source.invalid;
    } else if (role.role === 'qa-text') {
      const r = parseQaText(read.text, f.rel, projectName, anchors);
      if (r.verdict) qa.push(r.verdict);
      for (const i of r.invalid) invalid.push(i);
      source.valid = r.verdict ? read.lines : 0;
      source.invalid = r.verdict ? 0 : read.lines;
    } else if (role.role === 'skill') {
      const r = parseSkillStatus(read.text, f.rel, role.skill, anchors);
      if (r.status) skills.push(r.status);
      for (const i of r.invalid) invalid.push(i);
      source.valid = r.status ? read.lines : 0;
      source.invalid = r.status ? 0 : read.lines;
    } else {
      const r = parseReviewFile(read.text, f.rel, role.name, anchors);
      if (r.review) reviews.push(r.review);
      for (const i of r.invalid) invalid.push(i);
      source.invalid = Math.min(read.lines, r.invalidLines);
      source.valid = read.lines - source.invalid;
    }
  }
  if (sources.length === 0) return { verdicts: null, invalid, sources };

  const memo = new Map<string, Promise<EvidencePointer[]>>();
  for (const v of qa) {
    // A verdict file is the claim its criteria make: it cannot be their evidence.
    const own: EvidenceContext = { ...ctx, claims: new Set([...(ctx.claims ?? []), v.file]) };
    for (const c of v.criteria) {
      if (c.evidenceText.trim() === '') continue;
      const key = `${v.file}\u0000${c.evidenceText}`;
      let pending = memo.get(key);
      if (!pending) {
        // A criterion may describe its check (quality controls, section 3): not checkable, not a fault.
        pending = resolveEvidence(classifyEvidence(c.evidenceText), own, c.evidenceText).then(readCellPointers).then(asDescribedChecks);
        memo.set(key, pending);
      }
      c.evidence = await pending;
    }
    // Support is judged once the criteria's evidence is resolved (a VERIFIED claim on evidence that does not resolve does not support PASS).
    if (v.form === 'structured') v.support = structuredSupport(v.verdict, v.criteria, dropped.get(v) ?? 0);
  }
  for (const review of reviews) {
    for (const finding of review.findings) finding.location = await resolvePointer(locationPointer(finding.path, finding.pathLine), ctx);
  }
  return { verdicts: { qa, skills, reviews, loops: groupLoops(premiseRows) }, invalid, sources };
}

/** The project folder's name, the ticket of a babysit text verdict (`tickets/<ticket>/verdicts/qa.md`). */
export const projectTicket = (dir: string): string => basename(dir);
