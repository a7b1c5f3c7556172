/**
 * The coordination part of the bundled example corpus (issue 4), written by
 * `scripts/make-example-corpus.ts` into `coordination/`:
 * - `coordination/clean/`: a coord.v1 stream using all ten event types with no fault (an
 *   evicted takeover and an explicit stale takeover, both allowed), plus babysit
 *   `history.jsonl` and `timeline.jsonl`;
 * - `coordination/faults/`: a coord.v1 stream using all ten event types with one planted
 *   fault per line listed in {@link COORD_PLANTED} (among them a denied takeover and an ACK
 *   without its SEND);
 * - `coordination/README.md`: what each line shows, generated from the same data.
 * Deterministic: fixed times, no randomness, sorted output.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';


const ROOT = '/work/example-app';

/** The example repository, relative to a project folder (`coordination/<name>/`), as in the other projects' trailbook.json. */
const REPO_FROM_PROJECT = '../../repos/example.git';

interface Event {
  type: string;
  id: string;
  at: string;
  actor: string;
  issue?: string;
  to?: string;
  scope?: string;
  mode?: string;
  reason?: string;
  ref?: string;
  state?: string;
  payload?: Record<string, unknown>;
}

/** One coord.v1 envelope line (bd-audit-coordination-schema.md, "Event Envelope (v1)"). */
function envelope(e: Event): string {
  const data: Record<string, unknown> = { event_type: e.type, event_id: e.id, project_root: ROOT };
  if (e.to !== undefined) data['to_agent'] = e.to;
  if (e.scope !== undefined) data['scope'] = e.scope;
  if (e.state !== undefined) data['state'] = e.state;
  if (e.mode !== undefined) data['takeover_mode'] = e.mode;
  if (e.reason !== undefined) data['reason'] = e.reason;
  if (e.ref !== undefined) data['event_ref'] = e.ref;
  data['payload'] = e.payload ?? {};
  return JSON.stringify({ version: 'coord.v1', kind: 'coord_event', issue_id: e.issue ?? 'ex-51', actor: e.actor, timestamp: `2026-03-06T${e.at}:00.000Z`, data });
}

const CLEAN: readonly Event[] = [
  { type: 'RESERVE', id: 'evt_c01', at: '09:00', actor: 'amber-otter', scope: 'src/parser.ts', payload: { ttl_minutes: 30 } },
  { type: 'SEND', id: 'evt_c02', at: '09:01', actor: 'amber-otter', to: 'cobalt-harbor', state: 'unread', payload: { subject: 'Parser size cap', body: 'Please add the 4 KiB cap test in tests/parser.test.ts.' } },
  { type: 'READ', id: 'evt_c03', at: '09:02', actor: 'cobalt-harbor', ref: 'evt_c02' },
  { type: 'ACK', id: 'evt_c04', at: '09:03', actor: 'cobalt-harbor', ref: 'evt_c02' },
  { type: 'RESERVE', id: 'evt_c05', at: '09:05', actor: 'cobalt-harbor', scope: 'tests/*', payload: { ttl_minutes: 20 } },
  { type: 'INCURSION', id: 'evt_c06', at: '09:10', actor: 'jade-finch', scope: 'tests/parser.test.ts', payload: { incursion_kind: 'partial', owner_liveness: 'active' } },
  { type: 'BLOCKED', id: 'evt_c07', at: '09:12', actor: 'jade-finch', to: 'amber-otter', payload: { blocker: 'tests/* is reserved by cobalt-harbor', requested_action: 'confirm who writes the CLI test' } },
  { type: 'RELEASE', id: 'evt_c08', at: '09:20', actor: 'amber-otter', scope: 'src/parser.ts' },
  { type: 'HANDOFF', id: 'evt_c09', at: '09:40', actor: 'cobalt-harbor', to: 'jade-finch', payload: { summary: 'cap test written, CLI test not started', next_action: 'write the CLI test' } },
  { type: 'RESUME', id: 'evt_c10', at: '10:30', actor: 'jade-finch', reason: 'in_progress_ownership', payload: { prior_agent: 'cobalt-harbor' } },
  { type: 'TAKEOVER', id: 'evt_c11', at: '10:31', actor: 'jade-finch', scope: 'tests/*', mode: 'evicted', reason: "cobalt-harbor's session ended; its work was adopted by RESUME" },
  { type: 'RELEASE', id: 'evt_c12', at: '10:50', actor: 'jade-finch', scope: 'tests/*' },
  { type: 'RESERVE', id: 'evt_c13', at: '11:00', actor: 'amber-otter', scope: 'docs/*', payload: { ttl_minutes: 15 } },
  { type: 'TAKEOVER', id: 'evt_c14', at: '11:40', actor: 'jade-finch', scope: 'docs/*', mode: 'stale', reason: 'amber-otter has been silent past its 15 minute TTL', payload: { ttl_minutes: 15 } },
  { type: 'RELEASE', id: 'evt_c15', at: '11:45', actor: 'jade-finch', scope: 'docs/*' },
];

/** One line of the faults stream: an event (or raw text) and the fault it plants, if any. */
interface FaultLine {
  event?: Event;
  raw?: string;
  fault?: { kind: string; what: string };
}

const FAULTS: readonly FaultLine[] = [
  { event: { type: 'RESERVE', id: 'evt_f01', at: '09:00', actor: 'amber-otter', scope: 'src/parser.ts', payload: { ttl_minutes: 60 } } },
  { event: { type: 'SEND', id: 'evt_f02', at: '09:02', actor: 'amber-otter', to: 'cobalt-harbor', state: 'unread', payload: { subject: 'Review the cap', body: 'Is 4096 the right limit?' } } },
  { event: { type: 'READ', id: 'evt_f03', at: '09:03', actor: 'cobalt-harbor', ref: 'evt_f02' } },
  { event: { type: 'SEND', id: 'evt_f04', at: '09:04', actor: 'amber-otter', to: 'jade-finch', state: 'unread', payload: { body: 'Take the docs when you can.' } }, fault: { kind: 'coord/missing-field', what: 'a SEND without `payload.subject`' } },
  { event: { type: 'ACK', id: 'evt_f05', at: '09:05', actor: 'jade-finch', ref: 'evt_f99' }, fault: { kind: 'coord/orphan-ref', what: 'an ACK of `evt_f99`, a SEND that does not exist' } },
  { event: { type: 'TAKEOVER', id: 'evt_f06', at: '09:10', actor: 'cobalt-harbor', scope: 'src/parser.ts', mode: 'stale', reason: 'amber-otter looks idle' }, fault: { kind: 'coord/takeover-denied', what: 'a takeover of amber-otter, active two minutes earlier within its 60 minute TTL: the policy denies it' } },
  { event: { type: 'RESERVE', id: 'evt_f07', at: '09:11', actor: 'jade-finch', scope: 'tests/*', payload: { ttl_minutes: 20 } } },
  { event: { type: 'BLOCKED', id: 'evt_f07', at: '09:12', actor: 'jade-finch', to: 'amber-otter', payload: { blocker: 'no fixture for 4 KiB rows', requested_action: 'add one' } }, fault: { kind: 'coord/duplicate-event-id', what: 'a BLOCKED reusing the event_id `evt_f07` of the RESERVE above' } },
  { event: { type: 'RELEASE', id: 'evt_f09', at: '09:15', actor: 'jade-finch', scope: 'src/parser.ts' }, fault: { kind: 'coord/release-not-held', what: 'jade-finch releases src/parser.ts, which cobalt-harbor holds' } },
  { event: { type: 'HANDOFF', id: 'evt_f10', at: '09:08', actor: 'amber-otter', to: 'cobalt-harbor', payload: { summary: 'cap decided', next_action: 'update the README' } }, fault: { kind: 'coord/out-of-order', what: 'written after a 09:15 event but stamped 09:08' } },
  { event: { type: 'PING', id: 'evt_f11', at: '09:20', actor: 'jade-finch', payload: { note: 'still here' } }, fault: { kind: 'coord/unknown-event-type', what: 'an event type outside the ten (`PING`): shown, counted, not projected' } },
  { event: { type: 'INCURSION', id: 'evt_f12', at: '09:25', actor: 'cobalt-harbor', scope: 'tests/parser.test.ts', payload: { incursion_kind: 'overlap', owner_liveness: 'stale' } }, fault: { kind: 'coord/invalid-value', what: '`payload.incursion_kind` is `overlap`, not `exact` or `partial`' } },
  { event: { type: 'RESUME', id: 'evt_f13', at: '09:30', actor: 'cobalt-harbor', reason: 'uncommitted_scope', payload: { prior_agent: 'amber-otter' } } },
  { event: { type: 'RESERVE', id: 'evt_f14', at: '09:40', actor: 'amber-otter', scope: 'docs/*' }, fault: { kind: 'coord/missing-field', what: 'a RESERVE without `payload.ttl_minutes`' } },
  { event: { type: 'TAKEOVER', id: 'evt_f15', at: '11:00', actor: 'jade-finch', scope: 'docs/*', mode: 'stale', reason: 'amber-otter quiet since 09:40' }, fault: { kind: 'coord/takeover-inconclusive', what: "amber-otter's reservation has no TTL, so its liveness 80 minutes later is unknown" } },
  { event: { type: 'RESERVE', id: 'evt_f16', at: '11:05', actor: 'cobalt-harbor', scope: 'tests/*', payload: { ttl_minutes: 10 } }, fault: { kind: 'coord/reserve-held', what: 'cobalt-harbor reserves tests/*, held by jade-finch, without a TAKEOVER' } },
  { raw: '{"version":"coord.v1","kind":"coord_event","issue_id":"ex-51",', fault: { kind: 'coord/not-json', what: 'a line cut short: not JSON' } },
  { event: { type: 'BLOCKED', id: 'evt_f18', at: '11:10', actor: 'jade-finch', to: 'amber-otter', payload: { blocker: 'docs/* takeover not confirmed', requested_action: 'confirm or release docs/*' } } },
];

/** One planted coordination fault: where it is and the flag kind `trailbook check` must raise. */
export interface PlantedCoordFault {
  project: 'coordination/faults';
  file: 'coordination.jsonl';
  /** 1-based line. */
  line: number;
  kind: string;
  what: string;
}

/** The faults planted in `coordination/faults/coordination.jsonl`, by line. */
export const COORD_PLANTED: readonly PlantedCoordFault[] = FAULTS.flatMap((l, i) => (l.fault ? [{ project: 'coordination/faults' as const, file: 'coordination.jsonl' as const, line: i + 1, kind: l.fault.kind, what: l.fault.what }] : []));

const HISTORY = [
  { ts: '2026-03-06T08:55:00Z', ticket: 'T-51', branch: 't-51-parser-cap', event: 'claimed', actor: 'amber-otter' },
  { ts: '2026-03-06T10:30:00Z', ticket: 'T-51', branch: 't-51-parser-cap', event: 'resumed', actor: 'jade-finch' },
  { ts: '2026-03-06T11:50:00Z', ticket: 'T-51', branch: 't-51-parser-cap', event: 'merged', actor: 'jade-finch' },
];

const TIMELINE = [
  { ts: '2026-03-06T09:00:00Z', ticket: 'T-51', workflow: 'build', step: 'implement', status: 'started', branch: 't-51-parser-cap', note: '', actor: 'amber-otter' },
  { ts: '2026-03-06T10:50:00Z', ticket: 'T-51', workflow: 'build', step: 'qa', status: 'passed', branch: 't-51-parser-cap', note: 'QA verdict PASS', actor: 'jade-finch' },
];

const jsonl = (lines: readonly string[]): string => lines.join('\n') + '\n';

function readme(): string {
  const out = [
    '# Coordination examples',
    '',
    'Generated by `node scripts/make-example-corpus.ts` (see `scripts/example-coordination-corpus.ts`): do not edit by hand.',
    'coord.v1 envelopes as in bd-audit-coordination-schema.md; `project_root` is `' + ROOT + '`.',
    '',
    '| project | file | events | shows |',
    '|---|---|---|---|',
    `| \`coordination/clean\` | \`coordination.jsonl\` | ${CLEAN.length} | all ten event types, no fault: an evicted takeover (after a RESUME) and an explicit stale takeover (past the TTL), both allowed; babysit \`history.jsonl\` and \`timeline.jsonl\` |`,
    `| \`coordination/faults\` | \`coordination.jsonl\` | ${FAULTS.length} lines | all ten event types and one planted fault per line below |`,
    '',
    '## Planted faults in `coordination/faults/coordination.jsonl`',
    '',
    '| line | expected flag | what |',
    '|---|---|---|',
    ...COORD_PLANTED.map((p) => `| ${p.line} | \`${p.kind}\` | ${p.what.replace(/\|/g, '\\|')} |`),
  ];
  return out.join('\n') + '\n';
}

async function put(outDir: string, rel: string, content: string): Promise<void> {
  const file = path.join(outDir, ...rel.split('/'));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/** Writes `coordination/` into the corpus root `outDir`. The caller deletes it first. */
export async function writeCoordinationProjects(outDir: string): Promise<void> {
  const config = (title: string): string => JSON.stringify({ title, repo: REPO_FROM_PROJECT }, null, 2) + '\n';
  await put(outDir, 'coordination/clean/trailbook.json', config('Coordination: clean relay'));
  await put(outDir, 'coordination/clean/coordination.jsonl', jsonl(CLEAN.map(envelope)));
  await put(outDir, 'coordination/clean/history.jsonl', jsonl(HISTORY.map((r) => JSON.stringify(r))));
  await put(outDir, 'coordination/clean/timeline.jsonl', jsonl(TIMELINE.map((r) => JSON.stringify(r))));
  await put(outDir, 'coordination/faults/trailbook.json', config('Coordination: planted faults'));
  await put(outDir, 'coordination/faults/coordination.jsonl', jsonl(FAULTS.map((l) => (l.event ? envelope(l.event) : (l.raw as string)))));
  await put(outDir, 'coordination/README.md', readme());
}
