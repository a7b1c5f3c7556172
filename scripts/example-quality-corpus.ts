/**
 * The quality-control projects of the example corpus (issue 3; quality-and-design-controls.md,
 * sections 1–4; spec/input.md sections 5–6), written by scripts/make-example-corpus.ts under
 * `tickets/`. Deterministic like the rest of the corpus: no clock, no randomness.
 *
 * - `tickets/arena-clean`: a two-candidate arena with a graft, a clean QA gate, a clean review
 *   and a clean repair loop — no flags at all.
 * - `tickets/arena-collapsed`: two candidates with the same Shape, one resend, the collapse
 *   recorded — no flags.
 * - `tickets/single-shape`: no arena; a design row with result `skipped` and the reason.
 * - `tickets/arena-faults`: one arena planting every arena rule.
 * - `tickets/verdict-faults`: QA gates, reviews, a babysit text verdict and repair loops
 *   planting every verdict, finding and loop rule.
 * - `tickets/babysit-qa`: only babysit text verdicts (a folder of such records is a project).
 *
 * Every planted fault is listed in {@link QUALITY_PLANTED} with its file, line and flag kind.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What the quality projects need from the example repository. */
export interface QualityFacts {
  commits: Record<string, string>;
}

/** One planted quality fault: where it is and the flag kind a checker must raise. */
export interface QualityPlantedFault {
  /** Project folder, relative to the corpus root. */
  project: string;
  /** File, relative to the project folder. */
  file: string;
  /** 1-based line the flag points at. */
  line: number;
  kind: string;
  what: string;
}

/** A file of a project: path relative to the project folder, and its content. */
interface ProjectFile {
  rel: string;
  text: string;
}

/** A quality project: its folder, title, what it shows, and its files. */
interface QualityProject {
  dir: string;
  title: string;
  shows: string;
  files: (facts: QualityFacts) => ProjectFile[];
  /** Faults planted in it: a file and a unique text on the line the flag points at. */
  faults: Array<{ file: string; marker: string; kind: string; what: string; objectStart?: boolean }>;
}

const lines = (...ls: string[]): string => ls.join('\n') + '\n';
const json = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';
const rowId = (ts: string, ticket: string, decision: string): string => createHash('sha256').update(ts + ticket + decision, 'utf8').digest('hex').slice(0, 8);

interface Row {
  ts: string;
  phase: string;
  ticket?: string;
  actor: string;
  decision: string;
  why: string;
  evidence: string;
  result: string;
}

/** A bbs trail, rows in the schema's field order with computed ids. */
function trail(rows: Row[]): string {
  return rows
    .map((r) => {
      const ticket = r.ticket ?? '';
      return JSON.stringify({ id: rowId(r.ts, ticket, r.decision), ts: r.ts, phase: r.phase, ticket, actor: r.actor, decision: r.decision, why: r.why, evidence: r.evidence, result: r.result });
    })
    .join('\n') + '\n';
}

const startRow = (ts: string, what: string, f: QualityFacts): Row => ({
  ts,
  phase: 'start',
  actor: 'lead',
  decision: `Open the trail for ${what}`,
  why: 'A new lead session writes a start row before any other row',
  evidence: f.commits['docs'] ?? '',
  result: 'verified',
});

// --- tickets/arena-clean -----------------------------------------------------

const RUBRIC_CLEAN = lines(
  '# Rubric: trail reader',
  '',
  'Written before any candidate existed, from requirement.md. Each criterion says where the judge looks.',
  '',
  '1. **Size cap first** — the 4 KiB limit is checked before JSON parsing (acceptance criterion 2). Judge: the Shape and Data flow sections.',
  '2. **Line numbers** — errors name the 1-based line of the bad row (acceptance criterion 3). Judge: the Errors section.',
  '3. **Interface depth** — one small public function hides reading, splitting and validation. Judge: the Interface section.',
  '4. **Memory** — a 1 GB trail is read without holding it whole (a risk the spec names). Judge: the Data flow section.',
);

const candidate = (title: string, shape: string, iface: string, flow: string, errors: string): string =>
  lines(`# ${title}`, '', '## Shape', '', shape, '', '## Interface', '', iface, '', '## Data flow', '', flow, '', '## Errors', '', errors);

const CANDIDATE_A = candidate(
  'Candidate A: read, then validate',
  'Two passes: read the whole file into memory and split it into lines, then validate each line with one schema function. Unlike B, nothing is validated until the file is read.',
  '`parseTrail(text: string): Row[]` and `parseRow(line, lineNo)`; one schema function validates a row whichever reader calls it.',
  'The file is read whole, split on `\\n`, and each line is size-checked and parsed in a loop.',
  'Each error names the 1-based line; the loop counts lines before parsing them.',
);

const CANDIDATE_B = candidate(
  'Candidate B: streaming reader',
  'One pass: a line iterator feeds each line through the size check and the schema as it is read, so no step holds the whole file. Unlike A, memory stays flat for any trail size.',
  '`readTrail(path): AsyncIterable<Row>`; the line iterator, the size check and the schema stay private.',
  'Lines stream from disk; each is size-checked before `JSON.parse`, then validated and yielded.',
  'The iterator numbers lines from 1 and every error carries that number.',
);

const SELECTION_CLEAN = lines(
  '---',
  'pick: B',
  'candidates: [A, B]',
  'judge: single-family',
  'grafts:',
  '  - from: A',
  '    part: "the one-schema validation function (§ Interface)"',
  'collapsed: false',
  'resends: 0',
  '---',
  '# Selection: trail reader',
  '',
  'One fresh session judged the rubric against the two documents labelled A and B, with author names, run ids and paths removed.',
  'The judge is single-family: it runs in the same model family as both authors and may favour their style. The rubric written first, the blind labels and the cited sections reduce that bias; the human design review is the only check on the pick.',
  '',
  '## Scores',
  '',
  '| criterion | A | B |',
  '|---|---|---|',
  '| Size cap first | 4 (§ Data flow) | 5 (§ Shape) |',
  '| Line numbers | 4 (§ Errors) | 4 (§ Errors) |',
  '| Interface depth | 4 (§ Interface) | 4 (§ Interface) |',
  '| Memory | 2 (§ Shape) | 5 (§ Data flow) |',
  '',
  '## Pick',
  '',
  'B. It scores highest (18 to 14) and is the only shape that reads a large trail without holding it whole.',
  '',
  '## Grafts',
  '',
  '- From A: the one-schema validation function (§ Interface), so both readers share one row check.',
  '',
  '## Dropped',
  '',
  '- A: it holds the whole file in memory (Memory 2), the risk the spec names for large trails.',
);

const QA_CLEAN = {
  version: 1,
  ticket: 'T-51',
  gate: 'qa',
  verdict: 'PASS',
  criteria: [
    { id: 'AC-1', kind: 'criterion', text: 'Rows of 4 KiB or more are rejected, never truncated', state: 'VERIFIED', level: 4, evidence: 'tests/parser.test.ts > rejects rows over 4 KiB', nonblocking: null },
    { id: 'AC-2', kind: 'criterion', text: 'Errors name the 1-based line of the bad row', state: 'VERIFIED', level: 4, evidence: 'tests/parser.test.ts > numbers lines from 1', nonblocking: null },
    {
      id: 'J-1',
      kind: 'journey',
      text: 'Count the rows of a trail from the command line',
      state: 'INCONCLUSIVE',
      level: null,
      evidence: 'npm test',
      nonblocking: 'the packaged binary ships with T-52; the parser this journey calls is verified by AC-1 and AC-2',
    },
  ],
};

const REVIEW_CLEAN = {
  version: 1,
  target: 'https://github.com/example/app/pull/7',
  checkout: true,
  findings: [
    {
      file: 'src/parser.ts',
      line: 39,
      summary: 'parseTrail numbers lines from 0, so every error names the line above the bad row',
      failure_scenario: 'A trail whose second line is broken reports line 1.',
      category: 'correctness',
      verdict: 'CONFIRMED',
      level: 4,
      repro: {
        command: 'npx vitest run tests/parser.test.ts -t "numbers lines from 1"',
        output: [
          ' FAIL  tests/parser.test.ts > parseTrail > numbers lines from 1',
          "AssertionError: expected [Function] to throw error including 'line 2: not JSON' but got 'line 1: not JSON'",
          ' Test Files  1 failed (1)',
          '      Tests  1 failed | 3 passed (4)',
        ].join('\n'),
      },
    },
    {
      file: 'src/parser.ts',
      line: 16,
      summary: 'A row of exactly 4096 bytes might slip past the size cap',
      failure_scenario: 'repro: npx vitest run tests/parser.test.ts -t "rejects rows over 4 KiB" → ✓ tests/parser.test.ts > parseRow > rejects rows over 4 KiB (the cap uses >=, so 4096 bytes is rejected)',
      category: 'correctness',
      verdict: 'REFUTED',
      level: 4,
    },
    {
      file: 'src/cli.ts',
      line: 8,
      summary: 'The usage text is written in two places',
      failure_scenario: 'README and src/cli.ts can drift apart.',
      category: 'cleanup',
      verdict: 'PLAUSIBLE',
      level: 2,
    },
  ],
  cleared: [
    { check: 'no writer appends rows of 4 KiB or more', level: 3 },
    { check: 'the CLI exits 2 on a missing argument', level: 4 },
  ],
};

const FINGERPRINT = 'qa: parseTrail error names line 1, expected line 2';
const PREMISES_CLEAN = [
  { ts: '2026-03-06T10:00:00Z', ticket: 'T-51', gate: 'qa', fingerprint: `${FINGERPRINT} (run 8f3a2c1d)`, attempt: 1, premise: null, premise_result: null, check: null },
  {
    ts: '2026-03-06T10:20:00Z',
    ticket: 'T-51',
    gate: 'qa',
    fingerprint: `${FINGERPRINT} (run 77be90a4)`,
    attempt: 2,
    premise: 'the fix assumes parseTrail counts a line before it parses it',
    premise_result: 'holds',
    check: 'npx vitest run tests/parser.test.ts -t "numbers lines from 1"',
  },
  { ts: '2026-03-06T10:40:00Z', ticket: 'T-51', gate: 'qa', fingerprint: `${FINGERPRINT} (run 0c9d1e2f)`, attempt: 3, premise: null, premise_result: null, check: null, outcome: 'fixed' },
];

// --- tickets/arena-collapsed ---------------------------------------------------

const RUBRIC_COLLAPSED = lines(
  '# Rubric: CLI entry',
  '',
  '| criterion | how the judge checks it |',
  '|---|---|',
  '| Quiet stdout | stdout carries only the row count (Interface section) |',
  '| Exit codes | a missing argument exits 2 (Errors section) |',
  '| Interface depth | one command, no flags to learn (Interface section) |',
);

const SAME_SHAPE = 'One command reads the trail file named by its only argument and prints the row count on stdout; usage goes to stderr.';
const CANDIDATE_COLLAPSED_A = candidate('Candidate A', SAME_SHAPE, '`example-app <decisions.jsonl>`.', 'Reads the file, counts rows, prints the count.', 'A missing argument prints usage on stderr and exits 2.');
const CANDIDATE_COLLAPSED_B = candidate('Candidate B (after one resend)', SAME_SHAPE, '`example-app <decisions.jsonl>`; no options.', 'Reads the file through the parser and prints the count.', 'Usage on stderr, exit code 2.');

const SELECTION_COLLAPSED = lines(
  '---',
  'pick: A',
  'candidates: [A, B]',
  'judge: single-family',
  'collapsed: true',
  'resends: 1',
  '---',
  '# Selection: CLI entry',
  '',
  'Both candidates wrote the same Shape. B was sent back once and came back with the same structure, so the arena collapsed: the run continued with the two documents it had.',
  'The judge is single-family, like the authors.',
  '',
  '## Scores',
  '',
  '| criterion | A | B |',
  '|---|---|---|',
  '| Quiet stdout | 5 (§ Interface) | 5 (§ Interface) |',
  '| Exit codes | 5 (§ Errors) | 4 (§ Errors) |',
  '| Interface depth | 5 (§ Shape) | 5 (§ Shape) |',
  '',
  '## Pick',
  '',
  'A: it names the exit code in its Errors section; B only implies it.',
  '',
  '## Dropped',
  '',
  '- B: the same shape as A after one resend, and a vaguer Errors section.',
);

// --- tickets/arena-faults ------------------------------------------------------

const RUBRIC_FAULTS = lines(
  '# Rubric: export command',
  '',
  '1. **Correct totals** — totals match the trail (Data flow section).',
  '2. **Fast start** — the command starts in under 100 ms (Shape section).',
);

const FAULT_SHAPE = 'A single module reads the trail and writes CSV rows as it goes.';
const CANDIDATE_FAULTS_A = candidate('Candidate A', FAULT_SHAPE, '`exportCsv(path)`.', 'Streams rows to CSV.', 'Errors name the line.');
const CANDIDATE_FAULTS_B = candidate('Candidate B', `${FAULT_SHAPE.slice(0, -1)}!`, '`exportCsv(path, out)`.', 'Streams rows to CSV through a writer.', 'Errors name the line and the column.');

const SELECTION_FAULTS = lines(
  '# Selection: export command',
  '',
  '## Scores',
  '',
  '| criterion | A | B |',
  '|---|---|---|',
  '| Correct totals | 3 (§ Benchmarks) | 5 (§ Data flow) |',
  '| Fast start | 4 | 4 (§ Shape) |',
  '',
  '## Pick',
  '',
  'A',
  '',
  '## Grafts',
  '',
  '- the column-naming errors',
  '',
  '## Dropped',
  '',
  '- B: not chosen.',
);

// --- tickets/verdict-faults ----------------------------------------------------

const QA_INCONCLUSIVE = {
  version: 1,
  ticket: 'T-61',
  gate: 'qa',
  verdict: 'PASS',
  criteria: [
    { id: 'AC-1', kind: 'criterion', text: 'The export writes one CSV row per trail row', state: 'VERIFIED', level: 4, evidence: 'tests/parser.test.ts', nonblocking: null },
    { id: 'J-2', kind: 'journey', text: 'Upload the export to the shared drive', state: 'INCONCLUSIVE', level: null, evidence: 'missing drive credentials in the QA environment', nonblocking: null },
  ],
};

const QA_NOT_VERIFIED = {
  version: 1,
  ticket: 'T-62',
  gate: 'qa',
  verdict: 'PASS',
  criteria: [
    { id: 'AC-1', kind: 'criterion', text: 'Errors name the 1-based line of the bad row', state: 'VERIFIED', level: 4, evidence: 'tests/parser.test.ts > numbers lines from 1', nonblocking: null },
    { id: 'AC-2', kind: 'criterion', text: 'A 1 GB trail exports in under a minute', state: 'NOT_VERIFIED', level: 4, evidence: 'src/parser.ts:35', nonblocking: null },
  ],
};

const LONG_OUTPUT = Array.from({ length: 24 }, (_, i) => (i === 0 ? ' FAIL  tests/parser.test.ts > parseTrail > keeps order' : `  row ${i}: expected ts 2026-03-02T1${i % 10}:00:00Z, got an earlier one`)).join('\n');

const REVIEW_FAULTS = {
  version: 1,
  target: 'https://github.com/example/app/pull/9',
  checkout: true,
  findings: [
    {
      file: 'src/parser.ts',
      line: 16,
      summary: 'The size check counts characters instead of bytes',
      failure_scenario: 'Reading the diff, a row of multi-byte text could pass the cap.',
      category: 'correctness',
      verdict: 'CONFIRMED',
      level: 2,
    },
    {
      file: 'src/parser.ts',
      line: 40,
      summary: 'parseTrail returns rows out of time order',
      failure_scenario: 'A trail appended by two writers comes back unsorted.',
      category: 'correctness',
      verdict: 'CONFIRMED',
      level: 4,
      repro: { command: 'npx vitest run tests/parser.test.ts -t "keeps order"', output: LONG_OUTPUT },
    },
    {
      file: 'src/exporter.ts',
      line: 3,
      summary: 'The exporter repeats the schema',
      failure_scenario: 'Two copies of the row schema drift.',
      category: 'cleanup',
      verdict: 'PLAUSIBLE',
      level: 2,
    },
  ],
  cleared: [
    { check: 'the export never writes outside the output folder', level: 3 },
    { check: 'the CSV escapes quotes', level: 1 },
  ],
};

const REVIEW_REMOTE = {
  version: 1,
  target: 'https://github.com/example/app/pull/10',
  checkout: false,
  findings: [
    {
      file: 'src/cli.ts',
      line: 11,
      summary: 'The CLI crashes on an empty trail file',
      failure_scenario: 'An empty file makes parseTrail return no rows and the count print NaN.',
      category: 'correctness',
      verdict: 'CONFIRMED',
      level: 4,
      repro: { command: 'node src/cli.ts /dev/null', output: 'NaN rows' },
    },
  ],
  cleared: [],
};

const QA_TEXT_CONTRADICTED = lines(
  'STATUS: DONE',
  'VERDICT: PASS',
  'SUMMARY: export flow green',
  'SOURCES: tickets/verdict-faults/plan.md, agent-browser journey log',
  'RUBRIC: flow=A boundary=B regression=B data=A compat=B security=N/A a11y=B perf=B freshness=C',
  'EVIDENCE: agent-browser journey export→download, observed the CSV; evidence/qa/export.png',
);

const PREMISES_FAULTS = [
  { ts: '2026-03-07T09:00:00Z', ticket: 'T-63', gate: 'qa', fingerprint: 'qa: export rows out of time order', attempt: 1, premise: null, premise_result: null, check: null },
  {
    ts: '2026-03-07T09:20:00Z',
    ticket: 'T-63',
    gate: 'qa',
    fingerprint: 'qa: export rows out of time order',
    attempt: 2,
    premise: 'the fix assumes parseTrail returns rows sorted by ts',
    premise_result: 'fails',
    check: 'node -e "sorted check on content/pstack-app/decisions.tsv" → rows 5 and 9 are earlier than the rows above them',
  },
  { ts: '2026-03-07T09:40:00Z', ticket: 'T-63', gate: 'qa', fingerprint: 'qa: export rows out of time order', attempt: 3, premise: null, premise_result: null, check: null },
  { ts: '2026-03-07T10:00:00Z', ticket: 'T-64', gate: 'review', fingerprint: 'review: CSV header missing', attempt: 1, premise: null, premise_result: null, check: null },
  { ts: '2026-03-07T10:10:00Z', ticket: 'T-64', gate: 'review', fingerprint: 'review: CSV header missing', attempt: 2, premise: null, premise_result: null, check: null },
  { ts: '2026-03-07T10:20:00Z', ticket: 'T-64', gate: 'review', fingerprint: 'review: CSV header missing', attempt: 3, premise: null, premise_result: null, check: null },
  { ts: '2026-03-07T11:00:00Z', ticket: 'T-65', gate: 'qa', fingerprint: 'qa: download link 404', attempt: 1, premise: null, premise_result: null, check: null },
  { ts: '2026-03-07T11:20:00Z', ticket: 'T-65', gate: 'qa', fingerprint: 'qa: download link 404', attempt: 2, premise: 'the fix assumes the link is built from the site base path', premise_result: 'holds', check: 'curl -sI http://localhost:4321/archive/export.csv' },
  { ts: '2026-03-07T12:00:00Z', ticket: 'T-65', gate: 'qa', fingerprint: 'qa: download link 404', attempt: 1, premise: null, premise_result: null, check: null, note: 'resumed from a cold checkpoint' },
];

const jsonl = (rows: unknown[]): string => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

// --- tickets/babysit-qa --------------------------------------------------------

const QA_TEXT_CLEAN = lines(
  'STATUS: DONE',
  'VERDICT: FIXED(2)',
  'SUMMARY: signup and dashboard flows green after two fixes',
  'SOURCES:',
  '- tickets/babysit-qa/plan.md',
  '- agent-browser journey log',
  'RUBRIC: flow=A boundary=B regression=B data=A compat=B security=N/A a11y=B perf=B freshness=A',
  'EVIDENCE: agent-browser journey signup→dashboard, observed the row created; evidence/qa/signup.png',
);

const REVIEW_TEXT = lines('STATUS: DONE_WITH_CONCERNS', '', 'Two cleanup notes are left for the next ticket: the usage text lives in two places, and `parseRow` could take bytes.');

// --- the projects --------------------------------------------------------------

export const QUALITY_PROJECTS: readonly QualityProject[] = [
  {
    dir: 'tickets/arena-clean',
    title: 'Design arena and verdicts, clean',
    shows: 'two-candidate arena with a graft, scores citing sections, single-family note; QA PASS with a nonblocking INCONCLUSIVE; review with CONFIRMED (level 4, repro), REFUTED and PLAUSIBLE findings; a repair loop whose premise holds — no flags',
    files: (f) => [
      {
        rel: 'decisions.jsonl',
        text: trail([
          startRow('2026-03-06T09:00:00Z', 'the streaming trail reader', f),
          { ts: '2026-03-06T09:40:00Z', phase: 'design', actor: 'lead', decision: 'Pick candidate B, the streaming reader, and graft A’s schema function', why: 'B scores highest and keeps memory flat; the judge is single-family, so the human reviews selection.md', evidence: 'design/selection.md', result: 'verified' },
          { ts: '2026-03-06T11:00:00Z', phase: 'phase-1', ticket: 'T-51', actor: 'worker-7', decision: 'Pass the QA gate for T-51', why: 'Both criteria verified by tests; the CLI journey waits for T-52 and is recorded as nonblocking', evidence: 'qa/T-51.json', result: 'verified' },
        ]),
      },
      { rel: 'design/rubric.md', text: RUBRIC_CLEAN },
      { rel: 'design/candidates/1/design.md', text: CANDIDATE_A },
      { rel: 'design/candidates/2/design.md', text: CANDIDATE_B },
      { rel: 'design/selection.md', text: SELECTION_CLEAN },
      { rel: 'qa/T-51.json', text: json(QA_CLEAN) },
      { rel: 'reviews/pr-7.json', text: json(REVIEW_CLEAN) },
      { rel: 'premises.jsonl', text: jsonl(PREMISES_CLEAN) },
    ],
    faults: [],
  },
  {
    dir: 'tickets/arena-collapsed',
    title: 'Collapsed design arena',
    shows: 'both candidates wrote the same Shape; one resend; selection.md records `collapsed: true` — no flags',
    files: (f) => [
      {
        rel: 'decisions.jsonl',
        text: trail([
          startRow('2026-03-08T09:00:00Z', 'the CLI entry', f),
          { ts: '2026-03-08T09:50:00Z', phase: 'design', actor: 'lead', decision: 'Pick candidate A after the arena collapsed', why: 'B came back with the same shape after one resend; A names its exit code', evidence: 'design/selection.md', result: 'verified' },
        ]),
      },
      { rel: 'design/rubric.md', text: RUBRIC_COLLAPSED },
      { rel: 'design/candidates/a/design.md', text: CANDIDATE_COLLAPSED_A },
      { rel: 'design/candidates/b/design.md', text: CANDIDATE_COLLAPSED_B },
      { rel: 'design/selection.md', text: SELECTION_COLLAPSED },
    ],
    faults: [],
  },
  {
    dir: 'tickets/single-shape',
    title: 'Single-shape skip',
    shows: 'no arena: the requirement has one viable shape, recorded as a design row with result `skipped` and its reason',
    files: (f) => [
      {
        rel: 'decisions.jsonl',
        text: trail([
          startRow('2026-03-09T09:00:00Z', 'the ADR index', f),
          { ts: '2026-03-09T09:20:00Z', phase: 'design', actor: 'lead', decision: 'Skip the design arena: the ADR index has one viable shape', why: 'The format is fixed by ADR 0001 and the index is one list of links; there is no second structure to compare', evidence: 'docs/adr/0001-append-only-trail.md', result: 'skipped' },
        ]),
      },
    ],
    faults: [],
  },
  {
    dir: 'tickets/arena-faults',
    title: 'Arena faults',
    shows: 'one arena planting every arena rule (see below)',
    files: (f) => [
      {
        rel: 'decisions.jsonl',
        text: trail([
          startRow('2026-03-10T09:00:00Z', 'the export command', f),
          { ts: '2026-03-10T09:30:00Z', phase: 'design', actor: 'lead', decision: 'Write the rubric for the export command', why: 'The rubric comes before the candidates', evidence: 'design/rubric.md', result: 'verified' },
        ]),
      },
      { rel: 'design/rubric.md', text: RUBRIC_FAULTS },
      { rel: 'design/candidates/1/design.md', text: CANDIDATE_FAULTS_A },
      { rel: 'design/candidates/2/design.md', text: CANDIDATE_FAULTS_B },
      { rel: 'design/selection.md', text: SELECTION_FAULTS },
    ],
    faults: [
      { file: 'design/rubric.md', marker: '1. **Correct totals**', kind: 'arena/rubric-size', what: 'the rubric has 2 criteria; a rubric has 3–6' },
      { file: 'design/candidates/1/design.md', marker: '## Shape', kind: 'arena/identical-shapes', what: 'candidates A and B have the same Shape (up to punctuation) and selection.md records no collapse' },
      { file: 'design/selection.md', marker: '# Selection: export command', kind: 'arena/no-single-family-note', what: 'selection.md never says the judge is single-family' },
      { file: 'design/selection.md', marker: '| Correct totals |', kind: 'arena/score-cites-missing-section', what: 'A’s score on Correct totals cites § Benchmarks, a section candidate A’s design does not have' },
      { file: 'design/selection.md', marker: '| Fast start | 4 |', kind: 'arena/score-without-section', what: 'A’s score on Fast start cites no section' },
      { file: 'design/selection.md', marker: '## Pick', kind: 'arena/pick-not-top-scorer', what: 'the pick is A (total 7) while B scored 9, and no reason is given' },
      { file: 'design/selection.md', marker: '## Pick', kind: 'arena/pick-without-trail-row', what: 'no design row cites design/selection.md (the only design row cites the rubric)' },
      { file: 'design/selection.md', marker: '- the column-naming errors', kind: 'arena/graft-without-source', what: 'a graft that names no source candidate' },
    ],
  },
  {
    dir: 'tickets/verdict-faults',
    title: 'Verdict, finding and loop faults',
    shows: 'QA gates, reviews, a babysit text verdict and repair loops planting every verdict rule (see below); no decision trail',
    files: () => [
      { rel: 'qa/T-61.json', text: json(QA_INCONCLUSIVE) },
      { rel: 'qa/T-62.json', text: json(QA_NOT_VERIFIED) },
      { rel: 'reviews/pr-9.json', text: json(REVIEW_FAULTS) },
      { rel: 'reviews/pr-10-remote.json', text: json(REVIEW_REMOTE) },
      { rel: 'verdicts/qa.md', text: QA_TEXT_CONTRADICTED },
      { rel: 'premises.jsonl', text: jsonl(PREMISES_FAULTS) },
    ],
    faults: [
      { file: 'qa/T-61.json', marker: '"id": "J-2"', objectStart: true, kind: 'verdict/pass-with-inconclusive', what: 'PASS while journey J-2 is INCONCLUSIVE (missing credentials) with no nonblocking reason' },
      { file: 'qa/T-62.json', marker: '"id": "AC-2"', objectStart: true, kind: 'verdict/pass-with-not-verified', what: 'PASS while criterion AC-2 is NOT_VERIFIED' },
      { file: 'reviews/pr-9.json', marker: 'counts characters instead of bytes', objectStart: true, kind: 'finding/confirmed-below-level-4', what: 'CONFIRMED at level 2 (read the diff)' },
      { file: 'reviews/pr-9.json', marker: 'counts characters instead of bytes', objectStart: true, kind: 'finding/confirmed-without-repro', what: 'the same finding has no repro' },
      { file: 'reviews/pr-9.json', marker: 'returns rows out of time order', objectStart: true, kind: 'finding/repro-output-too-long', what: 'the repro output is 24 lines; an excerpt has at most 20' },
      { file: 'reviews/pr-9.json', marker: 'src/exporter.ts', objectStart: true, kind: 'finding/location-not-found', what: 'the finding points at src/exporter.ts, which is not at the landed head' },
      { file: 'reviews/pr-9.json', marker: 'the CSV escapes quotes', objectStart: true, kind: 'finding/cleared-level-1', what: 'a cleared check reported at level 1' },
      { file: 'reviews/pr-10-remote.json', marker: 'crashes on an empty trail file', objectStart: true, kind: 'finding/confirmed-without-checkout', what: 'CONFIRMED on a PR target with `checkout: false`' },
      { file: 'verdicts/qa.md', marker: 'VERDICT: PASS', kind: 'verdict/pass-contradicts-rubric', what: 'babysit text verdict PASS with freshness=C' },
      { file: 'premises.jsonl', marker: '"ticket":"T-63","gate":"qa","fingerprint":"qa: export rows out of time order","attempt":3', kind: 'loop/attempt-after-failed-premise', what: 'attempt 3 after the premise “rows sorted by ts” failed' },
      { file: 'premises.jsonl', marker: '"ticket":"T-64","gate":"review","fingerprint":"review: CSV header missing","attempt":3', kind: 'loop/no-premise-row', what: 'the loop reached attempt 3 without a premise row' },
      { file: 'premises.jsonl', marker: '"note":"resumed from a cold checkpoint"', kind: 'loop/counter-reset', what: 'attempt 1 again after attempt 2: the counter was reset on resume' },
    ],
  },
  {
    dir: 'tickets/babysit-qa',
    title: 'babysit text verdicts',
    shows: 'only babysit text verdicts (`verdicts/qa.md` FIXED(2) with a clean rubric, `verdicts/review.md` STATUS): a folder of such records is a project — no flags',
    files: () => [
      { rel: 'verdicts/qa.md', text: QA_TEXT_CLEAN },
      { rel: 'verdicts/review.md', text: REVIEW_TEXT },
    ],
    faults: [],
  },
];

/** The 1-based line holding `marker` (or the line opening the JSON object around it). */
function lineOf(text: string, marker: string, objectStart: boolean): number {
  const ls = text.split('\n');
  let i = ls.findIndex((l) => l.includes(marker));
  if (i < 0) throw new Error(`marker not found: ${marker}`);
  if (ls.findIndex((l, j) => j > i && l.includes(marker)) >= 0 && !marker.startsWith('## ')) throw new Error(`marker not unique: ${marker}`);
  if (objectStart) while (i > 0 && !/^\s*\{\s*$/.test(ls[i] as string)) i--;
  return i + 1;
}

/** Computes {@link QUALITY_PLANTED} from the projects' files. */
function plantedQualityFaults(): QualityPlantedFault[] {
  const facts: QualityFacts = { commits: {} };
  return QUALITY_PROJECTS.flatMap((p) => {
    const files = new Map(p.files(facts).map((f) => [f.rel, f.text]));
    return p.faults.map((fault) => ({ project: p.dir, file: fault.file, line: lineOf(files.get(fault.file) ?? '', fault.marker, fault.objectStart === true), kind: fault.kind, what: fault.what }));
  });
}

/** Every planted quality fault, with its project, file, 1-based line and flag kind. */
export const QUALITY_PLANTED: readonly QualityPlantedFault[] = plantedQualityFaults();

/** Folders of the quality projects, relative to the corpus root. */
export const QUALITY_DIRS: readonly string[] = QUALITY_PROJECTS.map((p) => p.dir);

/**
 * Writes the quality projects under `outDir`, each with a `trailbook.json` pointing at
 * `repoRel` (the example repository, relative to the corpus root). Returns the files written.
 */
export async function writeQualityProjects(outDir: string, facts: QualityFacts, repoRel: string): Promise<number> {
  let written = 0;
  const put = async (rel: string, content: string): Promise<void> => {
    const file = path.join(outDir, ...rel.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    written++;
  };
  for (const p of QUALITY_PROJECTS) {
    await put(`${p.dir}/trailbook.json`, json({ title: p.title, repo: path.posix.relative(p.dir, repoRel) }));
    for (const f of p.files(facts)) await put(`${p.dir}/${f.rel}`, f.text);
  }
  return written;
}

const cell = (s: string): string => s.replace(/\|/g, '\\|');

/** The README part about the quality projects and their planted faults. */
export function qualityReadme(): string {
  const out = [
    '',
    '## Quality controls: design arena, verdicts, review findings, repair loops',
    '',
    'From quality-and-design-controls.md (sections 1–4). Each folder also has a `trailbook.json` pointing at `repos/example.git`.',
    '',
    '| project | files | shows |',
    '|---|---|---|',
  ];
  for (const p of QUALITY_PROJECTS) out.push(`| \`${p.dir}\` | ${p.files({ commits: {} }).map((f) => `\`${f.rel}\``).join(', ')} | ${cell(p.shows)} |`);
  out.push('', '### Planted quality faults', '', 'Every other record of these projects is valid. The clean projects above raise no flag.', '', '| project | file | line | expected flag | what |', '|---|---|---|---|---|');
  for (const f of QUALITY_PLANTED) out.push(`| \`${f.project}\` | \`${f.file}\` | ${f.line} | \`${f.kind}\` | ${cell(f.what)} |`);
  return out.join('\n') + '\n';
}
