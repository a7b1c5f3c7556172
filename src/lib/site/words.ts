/**
 * The words the recap uses for states, in one place (spec/archive.md: "INCONCLUSIVE is always
 * shown as 'not verified', never clean"; decision trail, Part 3 for Attention wording).
 */
import type { InvalidRecord } from '../model/types.ts';
import { invalidCount, MAX_PER_KIND } from '../bounds/kind-bounds.ts';
import { slugify } from '../text/slug.ts';
import { grouped } from '../text/grouped.ts';
import type { AuditInfo, EvidenceStatus, ResultClass } from '../model/types.ts';
import { agree } from '../text/agree.ts';
import { datesOnly, type DatesOnly } from './dates-only.ts';

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

/**
 * Evidence pointers by outcome in words, every outcome named, in one order (issue 27, scope
 * 2: a pointer that did not resolve and prose apart): `44 verified, 3 did not resolve, 2 prose
 * (no pointer), 4 not checkable`. The CLI's `check` and `build` summaries and the feed say it;
 * the pages show the same words as badges (src/components/PointerCounts.astro).
 */
/**
 * What the evidence counts after it are of: the pointers and, apart, the cells of prose (no
 * pointer at all), as `check` and `build` say them before {@link pointerCountsText}: `57
 * pointers and 1 cell of prose` (count14: "58 pointers: …, 1 prose (no pointer)" counted the
 * cell it says is no pointer among the pointers); `9 pointers` with no prose.
 */
export function pointersAndProseText(p: { verified: number; unresolved: number; prose: number; notCheckable: number }): string {
  const pointers = countOf(p.verified + p.unresolved + p.notCheckable, 'pointer');
  return p.prose > 0 ? `${pointers} and ${countOf(p.prose, 'cell')} of prose` : pointers;
}

export function pointerCountsText(p: { verified: number; unresolved: number; prose: number; notCheckable: number }): string {
  return `${grouped(p.verified)} verified, ${grouped(p.unresolved)} did not resolve, ${grouped(p.prose)} prose (no pointer), ${grouped(p.notCheckable)} not checkable`;
}

/**
 * Rows under Check first in words, the first group leading (issue 27, scope 1): `12 rows
 * under Check first: 5 need a look, 7 in the agent's words`. The first group is said as the
 * recap's Check first sentence says it, never `open`: `open` is one of its rows' results (a new
 * user's trial, use9: '5 of 9 rows open' above '1 failed; 4 open').
 */
export function checkFirstCountsText(c: { checkFirst: number; checkFirstOpen: number; checkFirstWords: number }): string {
  return `${countOf(c.checkFirst, 'row')} under Check first: ${grouped(c.checkFirstOpen)} ${agree(c.checkFirstOpen, 'needs', 'need')} a look, ${grouped(c.checkFirstWords)} in the agent's words`;
}

/** Rows of Check first's first group, as the archive home's figure says them: `9 rows need a look`, `1 row needs a look`, `1,234 rows need a look` (grouped, as the `+ 1,234 in the agent's words` beside it). */
export function checkFirstNeedText(open: number): string {
  return `${grouped(open)} ${agree(open, 'row', 'rows')} ${agree(open, 'needs', 'need')} a look`;
}

/**
 * Rows per result state in words, the most serious first, zero states left out: `2 failed,
 * 8 open, 14 reported done, 3 notes` (`no rows` when there are none).
 */
export function resultCountsText(results: Readonly<Partial<Record<ResultClass, number>>>): string {
  const order: ReadonlyArray<[ResultClass, string, string]> = [
    ['failed', 'failed', 'failed'],
    ['reverted', 'reverted', 'reverted'],
    ['open', 'open', 'open'],
    ['inconclusive', 'inconclusive', 'inconclusive'],
    ['skipped', 'skipped', 'skipped'],
    ['verified', 'verified', 'verified'],
    ['reported-done', 'reported done', 'reported done'],
    ['note', 'note', 'notes'],
  ];
  const said = order.filter(([c]) => (results[c] ?? 0) > 0).map(([c, one, many]) => `${grouped(results[c] ?? 0)} ${agree(results[c] ?? 0, one, many)}`);
  return said.length > 0 ? said.join(', ') : 'no rows';
}

/**
 * Label and tone of one pointer (issue 27, scope 2): as {@link evidenceWord}, except that a
 * cell of prose (kind `prose`, NOT_VERIFIED) reads "prose, no pointer" in amber, apart from a
 * pointer that did not resolve ("not verified", red).
 */
export function pointerWord(p: { status: EvidenceStatus; kind: string }): { label: string; tone: 'good' | 'bad' | 'unknown'; icon: string; prose: boolean } {
  if (p.status === 'NOT_VERIFIED' && p.kind === 'prose') return { label: 'prose, no pointer', tone: 'unknown', icon: '≈', prose: true };
  return { ...evidenceWord(p.status), prose: false };
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

/**
 * A recap's time span when no record has an ISO-8601 time with a zone (`model.span` is null):
 * the dates its rows do carry, said to be dates only (`2026-10-07: dates only (14 rows dated
 * without a time of day)`; use12: a real trail dating every row so, whose rows each show their
 * date, was "no timed records"), else `no timed records`.
 */
export function noTimeSpanText(rows: ReadonlyArray<{ ts: string }>): string {
  const d = datesOnly(rows);
  if (d === null) return 'no timed records';
  return `${formatDateSpan(d)}: dates only (${countOf(d.rows, 'row')} dated without a time of day)`;
}

/** What the archive home's Time span cell says of a project whose rows carry dates only: `2026-10-07 (dates only)`. */
export const DATES_ONLY_NOTE = '(dates only)';

/**
 * The archive home's Time span of a project (src/components/ProjectsTable.astro): the dates of
 * its span (one when both ends fall on one day), else the dates its rows carry without a time
 * of day, said to be {@link DATES_ONLY_NOTE} (use13: the home showed "—" where the recap gave
 * `2026-10-07: dates only (14 rows dated without a time of day)`); null when it has neither.
 */
export function homeTimeSpan(p: { span: { from: string; to: string } | null; datesOnly?: DatesOnly | undefined }): { dates: string[]; datesOnly: boolean } | null {
  if (p.span) return { dates: formatDateSpan(p.span).split(' – '), datesOnly: false };
  if (p.datesOnly) return { dates: formatDateSpan(p.datesOnly).split(' – '), datesOnly: true };
  return null;
}

/** {@link homeTimeSpan} as the cell's text: `2026-03-02 – 2026-03-04`, `2026-10-07 (dates only)`, or `—`. */
export function homeTimeSpanText(p: Parameters<typeof homeTimeSpan>[0]): string {
  const t = homeTimeSpan(p);
  return t === null ? '—' : `${t.dates.join(' – ')}${t.datesOnly ? ` ${DATES_ONLY_NOTE}` : ''}`;
}

/**
 * The recap's one notice that the repository is older than the trail (issue 26, item 2):
 * `the repository's head predates 37 of 37 rows; what they cite and it lacks is inconclusive,
 * not flagged`.
 */
export function headPredatesText(h: { rows: number; of: number }): string {
  return `the repository's head predates ${h.rows} of ${h.of} rows; what they cite and it lacks is inconclusive, not flagged`;
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

/** `1 row`, `2 rows`, `1,210 rows`: a count (digits grouped, as every count beside it: use9, the home said `10028 decision rows` beside `1,909`) with its noun in the right number. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${grouped(n)} ${agree(n, singular, plural)}`;
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

/**
 * A problem's card sentence (src/lib/projections/problems.ts; issue 27, scope 3): how many
 * places share it and the cause, said once: `3 rows: commit not found in the repository`. A
 * trail problem none of whose flags is about a row is about lines that could not be read as
 * rows (invalid records): `25 lines: expected 6 tab-separated cells, found 5 — read in order,
 * the “why” column is missing` (count14: "25 rows", on a recap saying "Decisions 0 rows" and
 * "25 lines could not be read as records").
 */
export function problemSentence(p: { kind: string; layer: string; cause: string; alike: boolean; places: number; cells?: number; flags?: ReadonlyArray<{ flag: { rows: readonly string[] } }> }): string {
  const onLines = p.layer === 'trail' && p.flags !== undefined && p.flags.length > 0 && p.flags.every((f) => f.flag.rows.length === 0);
  const noun = onLines ? 'line' : p.layer === 'trail' || p.layer === 'evidence' ? 'row' : 'place';
  const cause = p.cause !== '' ? p.cause : (FAULT_WORDS[p.kind] ?? (p.kind.split('/').pop() ?? p.kind).replace(/-/g, ' '));
  // An evidence problem whose rows hold more cells than one each says the cells first: the
  // Evidence figure that links here counts cells ("12 prose, no pointer": 12 cells in 10 rows).
  const where = p.cells !== undefined && p.cells > p.places ? `${countOf(p.cells, 'cell')} in ${countOf(p.places, noun)}` : countOf(p.places, noun);
  return p.alike ? `${where}: ${cause}` : `${where} alike, the first: ${cause}`;
}

/**
 * Problems and the flags they are, in words (issue 27, scope 3: counts say problems and rows):
 * `3 problems (27 flags)`, `1 problem (25 flags)`, `2 problems` when each is one flag.
 */
export function problemsText(c: { problems: { high: number; medium: number; low: number }; flags: { high: number; medium: number; low: number } }): string {
  const problems = c.problems.high + c.problems.medium + c.problems.low;
  const flags = c.flags.high + c.flags.medium + c.flags.low;
  return `${countOf(problems, 'problem')}${flags !== problems ? ` (${countOf(flags, 'flag')})` : ''}`;
}

/** Flag counts by severity in words, every severity named: `10 high, 4 medium, 1 low`. */
export function severityCountsText(c: Record<'high' | 'medium' | 'low', number>): string {
  return `${grouped(c.high)} high, ${grouped(c.medium)} medium, ${grouped(c.low)} low`;
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
 * `outcome` is the word before the reason ("did not resolve", "result", "not checkable"),
 * `text` the reason. A reason that is the project's repository problem ("no repository") says
 * what it stops.
 */
export function checkFirstReason(group: { outcome: 'failed' | 'result' | 'prose' | 'no-evidence' | 'not-checkable'; reason: string }, repositoryProblem: string | null = null): { outcome: string; text: string; tone: 'bad' | 'unknown' | 'medium' } {
  switch (group.outcome) {
    case 'failed':
      return { outcome: 'did not resolve', text: FAULT_WORDS[group.reason] ?? (group.reason.split('/').pop() ?? group.reason).replace(/-/g, ' '), tone: 'bad' };
    case 'prose':
      return { outcome: 'prose', text: 'result verified, but the evidence cell holds no pointer', tone: 'medium' };
    case 'no-evidence':
      return { outcome: 'no evidence', text: 'result verified, but the row cites no evidence', tone: 'unknown' };
    case 'result': {
      const label = RESULT_WORDS[group.reason as ResultClass] ?? group.reason;
      return { outcome: 'result', text: label, tone: group.reason === 'failed' || group.reason === 'reverted' ? 'bad' : 'unknown' };
    }
    case 'not-checkable':
      return { outcome: 'not checkable', text: repositoryProblem !== null && group.reason === repositoryProblem ? `result verified; ${group.reason}: commits and paths could not be looked up` : `result verified; ${group.reason}`, tone: 'unknown' };
  }
}

/** What a result state is called where Check first names it as a reason. */
const RESULT_WORDS: Readonly<Record<ResultClass, string>> = {
  failed: 'failed',
  reverted: 'reverted',
  open: 'open',
  inconclusive: 'inconclusive',
  skipped: 'skipped',
  verified: 'verified',
  'reported-done': 'reported done: the agent\'s word, not a check',
  note: 'a note: no state',
};

/** What each reason's rows have, in the sentences opening Check first's two groups. */
const CHECK_FIRST_REASON_WORDS: Readonly<Record<string, string>> = {
  failed: 'with evidence that did not resolve',
  'result:failed': 'failed',
  'result:reverted': 'reverted',
  'result:open': 'open',
  'result:inconclusive': 'inconclusive',
  'result:skipped': 'skipped',
  'result:reported-done': 'reported done',
  'result:note': 'notes',
  prose: 'verified, with prose for evidence',
  'no-evidence': 'verified, with no evidence',
  'not-checkable': 'verified, with evidence that could not be checked',
};

/**
 * The sentence opening Check first on the recap page and in recap.html, when rows are listed
 * (issue 27: the first group leads): "5 of 15 rows need a look: 2 with evidence that did not
 * resolve; 1 failed; 3 open. 7 more are results in the agent's words (folded below)." When a
 * row is under two reasons (evidence that did not resolve, and its result), says how many: "7
 * of 15 rows need a look: 4 with evidence that did not resolve; 1 failed; 1 reverted; 2 open; 2
 * inconclusive; 3 of them are counted twice, for their evidence and their result."
 *
 * @param open - Rows of the first group (`counts.checkFirstOpen`).
 * @param words - Rows of the second group (`counts.checkFirstWords`).
 * @param rows - Valid decision rows (`counts.rows`).
 * @param byReason - Rows per reason of the first group (src/lib/projections/check-first.ts `checkFirstReasonRows`).
 * @param repeats - Rows of the first group listed under more than one reason their evidence did
 *   not resolve (`checkFirstRepeats`): said, as the groups below list them once under each.
 */
export function checkFirstSentence(open: number, words: number, rows: number, byReason: ReadonlyArray<readonly [string, number]>, repeats = 0): string {
  const said = byReason.map(([k, n]) => `${grouped(n)} ${CHECK_FIRST_REASON_WORDS[k] ?? k}`);
  // A row whose evidence did not resolve and whose result is not done is under both reasons:
  // said, so that the parts add up to the whole (count10: "7 of 15 rows need a look: 4 …; 1 failed;
  // 1 reverted; 2 open; 2 inconclusive" summed to 10).
  const twice = byReason.reduce((n, [, k]) => n + k, 0) - open;
  const who = twice === open ? (open === 1 ? 'it is' : open === 2 ? 'both are' : `all ${grouped(open)} are`) : `${grouped(twice)} of them ${agree(twice, 'is', 'are')}`;
  const both = twice > 0 ? `; ${who} counted twice, for ${agree(twice, 'its', 'their')} evidence and ${agree(twice, 'its', 'their')} result` : '';
  const listed = repeats > 0 ? `; ${grouped(repeats)} of them ${agree(repeats, 'is', 'are')} listed under each of the reasons ${agree(repeats, 'its', 'their')} evidence did not resolve` : '';
  const lead = open > 0 ? `${grouped(open)} of ${countOf(rows, 'row')} ${agree(open, 'needs', 'need')} a look: ${said.join('; ')}${both}${listed}.` : `No row of ${countOf(rows, 'row')} failed, is open or cites evidence that did not resolve.`;
  const rest = words > 0 ? ` ${grouped(words)} ${open > 0 ? 'more ' : ''}${agree(words, 'is a result', 'are results')} in the agent's words (reported done or notes, or evidence not checked), folded below.` : '';
  return `${lead}${rest}`;
}

/**
 * Check first's sentence on the evidence that could not be checked, when its rows are listed
 * under their results (src/lib/projections/check-first.ts `checkFirstNotCheckable`): "51
 * evidence pointers of 35 rows could not be checked (no repository: …): each of those rows is
 * listed here, …". The recap's "51 not checkable" lands here (use11).
 *
 * @param repositoryProblem - Why git checks could not run (`no repository`), or null.
 */
export function checkFirstNotCheckableSentence(pointers: number, rows: number, repositoryProblem: string | null, invalidPointers = 0, invalidRecords = 0): string {
  const why = repositoryProblem !== null ? ` (${repositoryProblem}: commits and paths could not be looked up)` : '';
  const each = rows === 1 ? 'the row is' : 'each of those rows is';
  const marked = pointers === 1 ? 'the pointer is' : 'each pointer is';
  if (invalidPointers === 0) return `${countOf(pointers, 'evidence pointer')} of ${countOf(rows, 'row')} could not be checked${why}: ${each} listed here, and ${marked} marked not checkable on its row's card under Decisions.`;
  // The figure counts the invalid records' pointers too (Howard-Starfield__Diablo-IV-Masterwork-Companion: 49, 10 of them on 2 invalid records). "39 on 28 rows", not "39 of 28 rows", which reads as a part of a whole.
  return `${countOf(pointers + invalidPointers, 'evidence pointer')} could not be checked${why}: ${grouped(pointers)} on ${countOf(rows, 'row')}, ${rows === 1 ? 'the row' : 'each row'} listed here and ${pointers === 1 ? 'the pointer' : 'each pointer'} marked not checkable on its row's card under Decisions; ${grouped(invalidPointers)} on ${countOf(invalidRecords, 'invalid record')}, under Invalid records.`;
}

/**
 * The sentence opening Check first's second group: "9 reported done; 3 notes. These are the
 * agent's own words, not checks Trailbook made: each row shows its result as written."
 *
 * @param linkedFrom - On the recap page, when a reason of more than this many rows links to
 *   search instead of listing its rows (src/components/html/check-first.ts), said in the
 *   sentence; null when every reason lists its rows.
 * @param notCheckablePointers - The pointers of the verified rows whose evidence could not be
 *   checked (src/lib/projections/check-first.ts `checkFirstNotCheckableHeld`), said after
 *   their rows when more: `4 verified, with evidence that could not be checked (7 pointers)`.
 */
export function checkFirstWordsSentence(byReason: ReadonlyArray<readonly [string, number]>, linkedFrom: number | null = null, notCheckablePointers: number | null = null): string {
  // The rows whose evidence could not be checked, and its pointers when there are more: the
  // recap's "7 not checkable" lands on these groups (use11: it said "4 verified, with evidence
  // that could not be checked" alone).
  const reasons = byReason.map(([k, n]) => `${grouped(n)} ${CHECK_FIRST_REASON_WORDS[k] ?? k}${k === 'not-checkable' && notCheckablePointers !== null && notCheckablePointers > n ? ` (${countOf(notCheckablePointers, 'pointer')})` : ''}`).join('; ');
  if (linkedFrom === null) return `${reasons}. These are the agent's own words, not checks Trailbook made: each row shows its result as written.`;
  return `${reasons}. These are the agent's own words, not checks Trailbook made: each row's card under Decisions shows its result as written; a reason of more than ${linkedFrom} rows links to search instead of listing them here.`;
}

/**
 * The text of a folded Check first group's search link (recap page, issue 30): `list these 23
 * rows in search`. Search, filtered on the group's place under Check first, lists exactly them
 * and says the same count (use10: "12 rows" linked to a search of 30; an auditor's trial before
 * it: "154 rows, list them in search" listed 161).
 *
 * @param rows - The group's rows.
 */
export function checkFirstWordsSearchText(rows: number): string {
  return `list ${rows === 1 ? 'this row' : `these ${countOf(rows, 'row')}`} in search`;
}

/**
 * A source's lines in words, for the recap's "Sources read": `12 lines, 11 read, 1 invalid`;
 * a TSV's header is named apart from the rows read: `31 lines, 1 header, 28 read, 2 invalid`;
 * every count grouped (`2,252 lines, 2,252 read, 0 invalid`).
 */
export function sourceLinesText(s: { lines: number; valid: number; invalid: number; headers?: number }): string {
  const headers = s.headers ?? 0;
  return `${countOf(s.lines, 'line')}, ${headers > 0 ? `${countOf(headers, 'header')}, ` : ''}${grouped(s.valid - headers)} read, ${grouped(s.invalid)} invalid`;
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

