/**
 * How a resolved pointer is made and worded (src/lib/evidence/resolve.ts and its neighbours): the
 * pointer itself (a NOT_VERIFIED one links nowhere), its reason rewritten, cited ranges in words,
 * where a file was found, and the self-citation a pointer to a claim record is. Pure.
 */
import { isClaimPath } from '../formats/format-lookup.ts';
import type { EvidencePointer } from '../model/types.ts';
import type { ClassifiedPointer } from './classify.ts';
import type { LineRange } from './path-shape.ts';
import type { EvidenceContext } from './resolve-context.ts';

export const short = (oid: string): string => oid.slice(0, 7);

/**
 * `resolved` with its reason rewritten to `reason` (a prefix saying how the pointer was
 * written, a suffix saying more): its `reasonKind` said which reason the old one was, not this
 * one, so it goes, and a row card shows the new reason whole (src/lib/site/card-reason.ts).
 * The other fields keep their order.
 */
export function reworded(resolved: EvidencePointer, reason: string): EvidencePointer {
  const { reasonKind: _, ...rest } = { ...resolved, reason };
  return rest;
}

/**
 * A resolved pointer. A NOT_VERIFIED one carries no file or commit target: it links to no
 * evidence page and no page is ever written for it (docs/security.md, "Nothing escapes the
 * root": a refused or failed pointer must not publish the file it names, `mirror.git/config:7`).
 */
export function pointer(p: ClassifiedPointer, status: EvidencePointer['status'], reason: string, extra: Partial<EvidencePointer> = {}): EvidencePointer {
  const { target, ...rest } = extra;
  // A row target names a row of the project's own trail, never a file page: kept, so a row about the
  // trail can link to the row it cites (trail-references.ts); a self-citation still links to nothing.
  const kept = target !== undefined && (status !== 'NOT_VERIFIED' || target.type === 'url' || target.type === 'row') ? { target } : {};
  // A file that is there, cited at lines that are not: no link, but its page lists the row as not resolved.
  const citedFile = status === 'NOT_VERIFIED' && rest.fault === 'evidence/line-out-of-range' && target?.type === 'file' ? { citedFile: { path: target.path, origin: target.origin, ...(target.at !== undefined ? { at: target.at } : {}) } } : {};
  return { raw: p.raw, kind: p.kind, status, reason, ...rest, ...kept, ...citedFile, ...(p.note ? { note: p.note } : {}), ...(p.within !== undefined ? { within: p.within } : {}) };
}

/** A range's numbers as the row wrote them (`12345678901234567890`, never a rounded value), or as numbers. */
const numbersOf = (r: LineRange): string => r.written ?? (r.from === r.to ? `${r.from}` : `${r.from}–${r.to}`);

/** Whether a range is one line (`written` says, for numbers past exact). */
const oneLine = (r: LineRange): boolean => (r.written !== undefined ? !r.written.includes('–') : r.from === r.to);

/** `lines 34, 47`, `lines 34–61, 230–238`, or one range's words (`line 12345678901234567890` as written). */
export function rangesText(ranges: readonly LineRange[]): string {
  if (ranges.length === 1) {
    const r = ranges[0] as LineRange;
    return `${oneLine(r) ? 'line' : 'lines'} ${numbersOf(r)}`;
  }
  return `lines ${ranges.map(numbersOf).join(', ')}`;
}

/** "is" for one line, "are" for a range. */
export function rangeVerb(ranges: readonly LineRange[]): string {
  return ranges.length === 1 && oneLine(ranges[0] as LineRange) ? 'is' : 'are';
}

/** The ranges a pointer cites, or null. */
export function rangesOf(p: ClassifiedPointer): LineRange[] | null {
  if (p.lines) return p.lines;
  if (p.from === undefined) return null;
  return [{ from: p.from, to: p.to ?? p.from }];
}

export const isPointer = (x: unknown): x is EvidencePointer => typeof x === 'object' && x !== null && 'status' in x;

export function where(origin: 'repository' | 'artifact'): string {
  return origin === 'repository' ? 'at landed head' : 'in the project folder, as an artifact';
}

/** A list of paths for a reason: the first ten, then how many more. */
export function listed(paths: readonly string[]): string {
  return paths.length <= 10 ? paths.join(', ') : `${paths.slice(0, 10).join(', ')} and ${paths.length - 10} more`;
}

/**
 * The self-citation a pointer to a claim record is (spec/input.md section 3: a claim never
 * verifies itself), or null. `through`: the links the path went through to reach it.
 */
export function claimPointer(p: ClassifiedPointer, full: string, ctx: EvidenceContext, through = ''): EvidencePointer | null {
  const via = through === '' ? full : `${p.path} goes ${through} to ${full}, which`;
  if (ctx.claims?.has(full)) return pointer(p, 'NOT_VERIFIED', `${via} is the record that makes the claim: a claim cannot be its own evidence`, { fault: 'evidence/self-citation', ...trailTarget(full, ctx, p.from) });
  if (isClaimPath(full)) return pointer(p, 'NOT_VERIFIED', `${via} is a trail, audit or handover file: it states claims, it is not evidence for one`, { fault: 'evidence/self-citation' });
  return null;
}

/** The row target of a pointer to one of the project's own trails (at a line, when one is cited), or nothing. */
export function trailTarget(full: string, ctx: EvidenceContext, from?: number): Pick<EvidencePointer, 'target'> {
  const file = ctx.trails?.get(full);
  return file === undefined ? {} : { target: { type: 'row', file, ...(from !== undefined ? { from } : {}) } };
}
