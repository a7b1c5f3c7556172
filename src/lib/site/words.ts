/**
 * The words the recap uses for states, in one place (spec/archive.md: "INCONCLUSIVE is always
 * shown as 'not verified', never clean"; decision trail, Part 3 for Attention wording).
 */
import type { InvalidRecord } from '../model/types.ts';
import { invalidCount, MAX_PER_KIND } from '../bounds/kind-bounds.ts';
import { slugify } from '../text/slug.ts';
import type { AuditInfo, EvidenceStatus, ResultClass } from '../model/types.ts';
import { agree } from '../text/agree.ts';

/**
 * A project's one name, wherever a person reads it (the archive home, recaps, the CLI): its
 * title, with its id after it when the id is not simply the title as a URL (`myproj
 * (tickets-myproj)`, `Planted faults (tickets-faults)`; `rand__loop` alone). The id is what
 * URLs, `recap.html` paths and `check --json` use.
 */
export function projectName(p: { id: string; title: string }): string {
  return slugify(p.title) === p.id ? p.title : `${p.title} (${p.id})`;
}

/** Label and tone of an evidence status. INCONCLUSIVE reads "not verified (inconclusive)". */
export function evidenceWord(status: EvidenceStatus): { label: string; tone: 'good' | 'bad' | 'unknown'; icon: string } {
  switch (status) {
    case 'VERIFIED':
      return { label: 'verified', tone: 'good', icon: '✓' };
    case 'NOT_VERIFIED':
      return { label: 'not verified', tone: 'bad', icon: '✗' };
    case 'INCONCLUSIVE':
      return { label: 'not verified (inconclusive)', tone: 'unknown', icon: '?' };
  }
}

/** Tone of a row result: only `verified` is good. */
export function resultTone(result: ResultClass): 'good' | 'bad' | 'unknown' {
  if (result === 'verified') return 'good';
  if (result === 'failed' || result === 'reverted') return 'bad';
  return 'unknown';
}

/**
 * The Attention section's opening sentence (decision trail, Part 3), or null when flags
 * follow. Exact wording:
 * - ran, no flags: "No flags from <reviewer>"
 * - not-run / failed: "Not reviewed: <reason>"
 * - no audit.json: the audit was never invoked (null when the project has no decision trail
 *   either: there was nothing to audit).
 */
export function auditSentence(audit: AuditInfo, reviewFlagCount: number, hasTrail = true): { text: string; tone: 'good' | 'bad' | 'unknown' } | null {
  if (!audit.present && !hasTrail) return null;
  if (!audit.present) return { text: 'The handover audit was never invoked: this project has no audit.json, so no reviewer looked at the trail.', tone: 'unknown' };
  if (!audit.valid) return { text: `Not reviewed: audit.json is invalid (${audit.error ?? 'unreadable'}).`, tone: 'bad' };
  if (audit.status === 'not-run' || audit.status === 'failed') return { text: `Not reviewed: ${audit.reason.trim() === '' ? `audit status ${audit.status}, no reason given` : audit.reason}`, tone: 'bad' };
  if (audit.status === 'ran' && reviewFlagCount === 0) return { text: `No flags from ${audit.reviewer}`, tone: 'good' };
  return null;
}

/**
 * The line under the audit sentence when the reviewer raised flags, keeping the reviewer's
 * (layer 2) and Trailbook's own (layer 1) counts apart so neither reads as the total:
 * "2 flags from codex-x / gpt-y (layer 2, the reviewer); Trailbook's own checks (layer 1) raised 13 more."
 */
export function reviewFlagsSentence(reviewer: string, reviewFlags: number, ownFlags: number): string {
  const own = ownFlags === 0 ? "Trailbook's own checks (layer 1) raised none." : `Trailbook's own checks (layer 1) raised ${ownFlags} more.`;
  return `${countOf(reviewFlags, 'flag')} from ${reviewer || 'the reviewer'} (layer 2, the reviewer); ${own}`;
}

/** An ISO time as the recap shows it: seconds precision, `Z` (`2026-03-02T09:10:00Z`). */
export function formatTime(iso: string): string {
  return iso.replace(/\.000Z$/, 'Z');
}

/** A time span as dates: one date when both ends fall on the same day. */
export function formatDateSpan(span: { from: string; to: string }): string {
  const from = span.from.slice(0, 10);
  const to = span.to.slice(0, 10);
  return from === to ? from : `${from} – ${to}`;
}

/** A time span to the minute, UTC: `2026-03-02 09:10 – 11:40 UTC`, or both dates when the days differ. */
export function formatTimeSpan(span: { from: string; to: string }): string {
  const at = (iso: string): [string, string] => [iso.slice(0, 10), iso.slice(11, 16)];
  const [fromDay, fromTime] = at(span.from);
  const [toDay, toTime] = at(span.to);
  if (fromDay === toDay) return fromTime === toTime ? `${fromDay} ${fromTime} UTC` : `${fromDay} ${fromTime} – ${toTime} UTC`;
  return `${fromDay} ${fromTime} – ${toDay} ${toTime} UTC`;
}

/** `1 row`, `2 rows`: a count with its noun in the right number. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${agree(n, singular, plural)}`;
}

/**
 * The counted phrases whose count is not zero, joined with commas: `[[1, '1 new row'], [0, '0
 * fixed flags']]` gives `1 new row`. Empty when every count is zero. For sentences that say
 * what changed, where a zero would be noise.
 */
export function nonZeroParts(parts: ReadonlyArray<readonly [number, string]>): string {
  return parts
    .filter(([n]) => n > 0)
    .map(([, words]) => words)
    .join(', ');
}

/**
 * The sentence opening a project's invalid records: how many there are in all, and, when some
 * kinds are summarised (src/lib/bounds/kind-bounds.ts), that only the first of each are listed.
 */
export function invalidRecordsSentence(invalid: ReadonlyArray<Pick<InvalidRecord, 'omitted'>>): string {
  const total = invalidCount(invalid);
  const summarised = invalid.some((r) => r.omitted !== undefined);
  return `${countOf(total, 'line')} could not be read as records. ${summarised ? `At most ${MAX_PER_KIND} of one kind are listed here, each with its raw text; the rest of a kind are counted in one summary.` : 'Each is kept here with its raw text.'}`;
}

/** Flag counts by severity in words, every severity named: `10 high, 4 medium, 1 low`. */
export function severityCountsText(c: Record<'high' | 'medium' | 'low', number>): string {
  return `${c.high} high, ${c.medium} medium, ${c.low} low`;
}

/** Evidence pointers by outcome in words, failed apart from not checkable: `44 verified, 5 failed, 4 not checkable`. */
export function pointerCountsText(p: { verified: number; failed: number; notCheckable: number }): string {
  return `${p.verified} verified, ${p.failed} failed, ${p.notCheckable} not checkable`;
}

/** The words for a failed evidence check (a pointer's `fault`); an unknown id reads as its last part. */
const FAULT_WORDS: Readonly<Record<string, string>> = {
  'evidence/commit-not-found': 'commit not found in the repository',
  'evidence/commit-ambiguous': 'short SHA matches several objects',
  'evidence/not-a-commit': 'SHA names no commit',
  'evidence/path-not-found': 'path not found at the landed head',
  'evidence/line-out-of-range': 'cited lines beyond the end of the file',
  'evidence/path-outside-repository': 'path leaves the repository',
  'evidence/rubric-criterion-missing': 'rubric criterion not in design/rubric.md',
  'evidence/prose': 'prose, not a pointer',
  'evidence/self-citation': 'the row cites its own record',
};

/**
 * A Check first reason in words (src/lib/projections/check-first.ts `checkFirstGroups`):
 * `outcome` is the word before the reason ("failed", "not checkable"), `text` the reason.
 * A reason that is the project's repository problem ("no repository") says what it stops.
 */
export function checkFirstReason(group: { outcome: 'failed' | 'no-evidence' | 'result' | 'not-checkable'; reason: string }, repositoryProblem: string | null = null): { outcome: string; text: string; tone: 'bad' | 'unknown' } {
  switch (group.outcome) {
    case 'failed':
      return { outcome: 'failed', text: FAULT_WORDS[group.reason] ?? (group.reason.split('/').pop() ?? group.reason).replace(/-/g, ' '), tone: 'bad' };
    case 'no-evidence':
      return { outcome: 'no evidence', text: 'the row cites no evidence', tone: 'bad' };
    case 'result':
      return { outcome: 'result', text: `result is “${group.reason}”, not verified`, tone: group.reason === 'failed' || group.reason === 'reverted' ? 'bad' : 'unknown' };
    case 'not-checkable':
      return { outcome: 'not checkable', text: repositoryProblem !== null && group.reason === repositoryProblem ? `${group.reason}: commits and paths could not be looked up` : group.reason, tone: 'unknown' };
  }
}

/** What each outcome's rows have, in the sentence opening Check first (decision trail, shipped Part 2 layer 1). */
const CHECK_FIRST_OUTCOME_WORDS = [
  ['failed', 'with evidence that failed its check'],
  ['no-evidence', 'with no evidence'],
  ['result', 'with a result other than verified'],
  ['not-checkable', 'with evidence that could not be checked'],
] as const;

/**
 * The sentence opening Check first on the recap page and in recap.html, when rows are listed:
 * "8 of 15 rows need a look: 5 with evidence that failed its check; 6 with a result other
 * than verified. Each reason is said once; each row's card gives the details."
 *
 * @param listed - Rows under Check first (`counts.checkFirst`).
 * @param rows - Valid decision rows (`counts.rows`).
 * @param byOutcome - Rows per outcome (src/lib/projections/check-first.ts `checkFirstOutcomeRows`).
 */
export function checkFirstSentence(listed: number, rows: number, byOutcome: Readonly<Record<'failed' | 'no-evidence' | 'result' | 'not-checkable', number>>): string {
  const said = CHECK_FIRST_OUTCOME_WORDS.filter(([o]) => byOutcome[o] > 0).map(([o, what]) => `${byOutcome[o]} ${what}`);
  return `${listed} of ${countOf(rows, 'row')} ${agree(listed, 'needs', 'need')} a look: ${said.join('; ')}. Each reason is said once; each row's card gives the details.`;
}

/**
 * A source's lines in words, for the recap's "Sources read": `12 lines, 11 read, 1 invalid`;
 * a TSV's header is named apart from the rows read: `31 lines, 1 header, 28 read, 2 invalid`.
 */
export function sourceLinesText(s: { lines: number; valid: number; invalid: number; headers?: number }): string {
  const headers = s.headers ?? 0;
  return `${countOf(s.lines, 'line')}, ${headers > 0 ? `${countOf(headers, 'header')}, ` : ''}${s.valid - headers} read, ${s.invalid} invalid`;
}

/**
 * The note under the archive home's flag counts, each number naming what it counts:
 * "in 5 projects; 2 flags from reviewers (layer 2)".
 */
export function archiveFlagsNote(projectsWithFlags: number, reviewFlags: number): string {
  return `in ${countOf(projectsWithFlags, 'project')}; ${countOf(reviewFlags, 'flag')} from reviewers (layer 2)`;
}

/**
 * The audit state in a few words, for the recap's verdict strip and the archive home's Audit
 * column (decision trail, Part 2 "Result file" and Part 3; the long form is
 * {@link auditSentence}):
 * - ran, no flags: "No flags from <reviewer>"; ran with flags: "<n> flags from <reviewer>"
 *   (the reviewer's own, layer 2);
 * - not-run / failed: "Not reviewed: <reason>"; an invalid audit.json: "Not reviewed: audit.json is invalid";
 * - no audit.json: "Never invoked" (the audit was never invoked; no audit.json), or, without a decision
 *   trail, "No trail to audit" in the neutral tone `zero`: nothing is wrong, there was nothing to audit.
 */
export function auditVerdict(audit: AuditInfo, reviewFlagCount: number, hasTrail = true): { text: string; tone: 'good' | 'bad' | 'unknown' | 'zero' } {
  if (!audit.present) return hasTrail ? { text: 'Never invoked', tone: 'unknown' } : { text: 'No trail to audit', tone: 'zero' };
  if (!audit.valid) return { text: 'Not reviewed: audit.json is invalid', tone: 'bad' };
  if (audit.status === 'ran') {
    const reviewer = audit.reviewer || 'the reviewer';
    return reviewFlagCount === 0 ? { text: `No flags from ${reviewer}`, tone: 'good' } : { text: `${countOf(reviewFlagCount, 'flag')} from ${reviewer}`, tone: 'bad' };
  }
  return { text: `Not reviewed: ${audit.reason.trim() === '' ? `audit status ${audit.status ?? 'unknown'}, no reason given` : audit.reason}`, tone: 'bad' };
}

/** A decision longer than this many characters is clipped where it is a heading or a link. */
export const CLIP_DECISION_FROM = 600;

/**
 * A decision as a heading or link text: itself, or, past {@link CLIP_DECISION_FROM} characters
 * (a 300 KB decision, already flagged `trail/row-too-large`), its first 200 and `…` — the row
 * card shows the whole text folded below its heading.
 */
export function clippedDecision(text: string): string {
  return text.length > CLIP_DECISION_FROM ? `${text.slice(0, 200)}…` : text;
}

