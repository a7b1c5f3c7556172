/**
 * Open blockers (spec/archive.md, recap item 2 and the archive home's "open blockers"
 * count): what still stands in a project's way when the records end. The seeds name four
 * kinds of blocker and no event that lifts one, so Trailbook reads a blocker as open by
 * these rules (docs/input-format.md, "Open blockers"):
 *
 * - **coord.v1 `BLOCKED`** (bd-audit-coordination-schema.md, "Canonical Event Types" 8): open
 *   when it is the last event on its issue (`project_root`, `issue_id`; without an issue id,
 *   the last event of its actor), and the beads issue of that id, if any, is not closed.
 * - **beads issue** whose status in the export is `blocked` (spec/input.md section 7).
 * - **gate verdict** `BLOCKED` (quality-and-design-controls.md, section 3: "PASS, FAIL,
 *   BLOCKED"), or a babysit `STATUS: BLOCKED` in `verdicts/<skill>.md`.
 * - **repair loop** whose premise fails (quality-and-design-controls.md, section 4: "stop
 *   fixing. Hand the blocker to investigate").
 *
 * Pure: reads the model, never I/O.
 */
import type { ProjectModel } from '../model/types.ts';
import { payloadText } from '../coord/payload-text.ts';

/** Where an open blocker was read. */
export type BlockerSource = 'coord' | 'beads' | 'verdict' | 'loop';

/** Each source's label on the recap, always shown beside the status colour. */
export const BLOCKER_SOURCE_LABEL: Readonly<Record<BlockerSource, string>> = {
  coord: 'coord.v1 BLOCKED',
  beads: 'beads issue blocked',
  verdict: 'gate verdict BLOCKED',
  loop: 'repair loop: premise fails',
};

/** One open blocker, with the recap anchor of the record it was read from. */
export interface OpenBlocker {
  source: BlockerSource;
  /** What blocks, in the record's own words (a coord `payload.blocker`, a beads title, ...). */
  what: string;
  /** What was asked or what happens next, in the record's words, or ''. */
  next: string;
  /** Who raised it (actor, assignee, gate), or ''. */
  by: string;
  /** The issue or ticket it concerns, or ''. */
  issue: string;
  /** When it was raised, as written (ISO timestamp), or ''. */
  since: string;
  /** Anchor on the project recap of the record it comes from. */
  anchor: string;
  file: string;
  line: number;
}

type BlockerInput = Pick<ProjectModel, 'coordination' | 'beads' | 'verdicts'>;

/** A status word as written, read without case, markup or a trailing comment (`**BLOCKED** — waiting on creds`). */
const statusWord = (status: string | null | undefined): string => /^[^\p{L}]*(\p{L}[\p{L}_-]*)/u.exec(status ?? '')?.[1]?.toLowerCase() ?? '';

/** Open blockers of a project, in source order: coord, beads, verdicts, loops; each in record order. */
export function openBlockers(model: BlockerInput): OpenBlocker[] {
  const out: OpenBlocker[] = [];
  const closedIssues = new Set((model.beads?.issues ?? []).filter((i) => statusWord(i.status || i.replayedStatus) === 'closed').map((i) => i.id));

  const events = (model.coordination?.events ?? []).filter((e) => e.duplicateOf === undefined);
  const keyOf = (e: (typeof events)[number]): string => (e.issueId !== '' ? `issue\u0000${e.projectRoot}\u0000${e.issueId}` : `actor\u0000${e.actor}`);
  const last = new Map<string, number>();
  for (const e of events) last.set(keyOf(e), e.seq);
  for (const e of events) {
    if (e.eventType !== 'BLOCKED' || last.get(keyOf(e)) !== e.seq || closedIssues.has(e.issueId)) continue;
    out.push({
      source: 'coord',
      what: payloadText(e, 'blocker'),
      next: [e.toAgent !== '' ? `asks ${e.toAgent}` : '', payloadText(e, 'requested_action')].filter((s) => s !== '').join(': '),
      by: e.actor,
      issue: e.issueId,
      since: e.timestamp,
      anchor: e.anchor,
      file: e.file,
      line: e.line,
    });
  }

  for (const i of model.beads?.issues ?? []) {
    if (statusWord(i.status) !== 'blocked') continue;
    out.push({ source: 'beads', what: i.title, next: '', by: i.assignee || i.owner, issue: i.id, since: i.updatedAt, anchor: i.anchor, file: i.at?.file ?? '', line: i.at?.line ?? 0 });
  }

  for (const v of model.verdicts?.qa ?? []) {
    const blocked = v.verdictClass === 'blocked' || statusWord(v.status) === 'blocked';
    if (!blocked) continue;
    out.push({ source: 'verdict', what: v.summary || `${v.gate} gate verdict ${v.verdict}`, next: '', by: v.gate, issue: v.ticket, since: '', anchor: v.anchor, file: v.file, line: v.line });
  }
  for (const s of model.verdicts?.skills ?? []) {
    if (statusWord(s.status) !== 'blocked') continue;
    out.push({ source: 'verdict', what: `${s.skill}: STATUS ${s.status}`, next: '', by: s.skill, issue: '', since: '', anchor: s.anchor, file: s.file, line: s.line });
  }

  for (const loop of model.verdicts?.loops ?? []) {
    const failed = loop.rows.find((r) => r.premiseResult === 'fails');
    if (failed === undefined) continue;
    out.push({
      source: 'loop',
      what: loop.fingerprint || `${loop.gate} loop`,
      next: `premise fails (${failed.premise || 'no premise named'}): hand the blocker to investigate`,
      by: loop.gate,
      issue: loop.ticket,
      since: failed.ts,
      anchor: loop.anchor,
      file: failed.file,
      line: failed.line,
    });
  }
  return out;
}
