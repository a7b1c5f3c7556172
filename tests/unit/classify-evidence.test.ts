/**
 * classifyEvidence (src/lib/evidence/classify.ts): every evidence kind of spec/input.md
 * section 3, checked on the exact pointer objects it returns, plus every evidence cell of the
 * real pstack trails in /work/shared/corpus/real copied verbatim.
 */
import { describe, expect, it } from 'vitest';
import { classifyEvidence, looksLikePath, looksLikeSha, splitLineSuffix, type ClassifiedPointer } from '../../src/lib/evidence/classify.ts';

type Case = [cell: string, expected: ClassifiedPointer[]];

const cases: Record<string, Case[]> = {
  commit: [
    ['f19a3b9fdad09750cf8a4bb4cfe4b7d77e254534', [{ raw: 'f19a3b9fdad09750cf8a4bb4cfe4b7d77e254534', kind: 'commit', hex: 'f19a3b9fdad09750cf8a4bb4cfe4b7d77e254534' }]],
    ['1b48d2e', [{ raw: '1b48d2e', kind: 'commit', hex: '1b48d2e' }]],
    ['ABCDEF1', [{ raw: 'ABCDEF1', kind: 'commit', hex: 'abcdef1' }]],
    ['commit 294c114', [{ raw: 'commit 294c114', kind: 'commit', hex: '294c114' }]],
    // After the word `commit` (or `sha`), 4 hex digits are enough.
    ['commit abcd', [{ raw: 'commit abcd', kind: 'commit', hex: 'abcd' }]],
    ['sha 1b48', [{ raw: 'sha 1b48', kind: 'commit', hex: '1b48' }]],
    // An all-digit (or all-letter) token counts only when it is the whole segment.
    ['8879725', [{ raw: '8879725', kind: 'commit', hex: '8879725' }]],
    ['defaced', [{ raw: 'defaced', kind: 'commit', hex: 'defaced' }]],
    ['fixed in 8879725 today', [{ raw: 'fixed in 8879725 today', kind: 'prose' }]],
    // A mixed hex token inside prose is a commit; the prose words are notes.
    ['landed as 1b48d2e on main', [{ raw: '1b48d2e', kind: 'commit', hex: '1b48d2e', note: 'landed as on main' }]],
    ['(see 1b48d2e).', [{ raw: '1b48d2e', kind: 'commit', hex: '1b48d2e', note: '(see' }]],
    // 41 hex digits is not a SHA, and 6 alone is too short.
    ['f19a3b9fdad09750cf8a4bb4cfe4b7d77e2545340', [{ raw: 'f19a3b9fdad09750cf8a4bb4cfe4b7d77e2545340', kind: 'prose' }]],
    ['1b48d2', [{ raw: '1b48d2', kind: 'prose' }]],
  ],
  path: [
    ['src/parser.ts', [{ raw: 'src/parser.ts', kind: 'path', path: 'src/parser.ts' }]],
    ['src/parser.ts:12', [{ raw: 'src/parser.ts:12', kind: 'path', path: 'src/parser.ts', from: 12, to: 12 }]],
    ['src/parser.ts:10-20', [{ raw: 'src/parser.ts:10-20', kind: 'path', path: 'src/parser.ts', from: 10, to: 20 }]],
    ['src/parser.ts:10–20', [{ raw: 'src/parser.ts:10–20', kind: 'path', path: 'src/parser.ts', from: 10, to: 20 }]],
    ['src/parser.ts:10:5', [{ raw: 'src/parser.ts:10:5', kind: 'path', path: 'src/parser.ts', from: 10, to: 10 }]],
    ['src/parser.ts#L10-L20', [{ raw: 'src/parser.ts#L10-L20', kind: 'path', path: 'src/parser.ts', from: 10, to: 20 }]],
    ['src/parser.ts#L10-20', [{ raw: 'src/parser.ts#L10-20', kind: 'path', path: 'src/parser.ts', from: 10, to: 20 }]],
    ['src/parser.ts#L7', [{ raw: 'src/parser.ts#L7', kind: 'path', path: 'src/parser.ts', from: 7, to: 7 }]],
    ['.gitignore', [{ raw: '.gitignore', kind: 'path', path: '.gitignore' }]],
    ['.env.local', [{ raw: '.env.local', kind: 'path', path: '.env.local' }]],
    ['AGENTS.md', [{ raw: 'AGENTS.md', kind: 'path', path: 'AGENTS.md' }]],
    ['Cargo.toml', [{ raw: 'Cargo.toml', kind: 'path', path: 'Cargo.toml' }]],
    // A bare name with an unknown extension is not a path.
    ['notes.xyz', [{ raw: 'notes.xyz', kind: 'prose' }]],
    ['README', [{ raw: 'README', kind: 'prose' }]],
    // Folders: any `/` with a letter makes a path, with or without a trailing slash.
    ['skills/poteto-mode/playbooks', [{ raw: 'skills/poteto-mode/playbooks', kind: 'path', path: 'skills/poteto-mode/playbooks' }]],
    ['src/lib/', [{ raw: 'src/lib/', kind: 'path', path: 'src/lib/' }]],
    ['./scripts/run.sh', [{ raw: './scripts/run.sh', kind: 'path', path: './scripts/run.sh' }]],
    ['../outside/secret.txt', [{ raw: '../outside/secret.txt', kind: 'path', path: '../outside/secret.txt' }]],
    // Quotes and sentence punctuation around a token are not part of it.
    ['`src/parser.ts`', [{ raw: 'src/parser.ts', kind: 'path', path: 'src/parser.ts' }]],
    ['(see src/parser.ts:12).', [{ raw: 'src/parser.ts:12', kind: 'path', path: 'src/parser.ts', from: 12, to: 12, note: '(see' }]],
    // Korean notes after a path are notes, not pointers.
    ['src/a.ts 스크린샷 없음', [{ raw: 'src/a.ts', kind: 'path', path: 'src/a.ts', note: '스크린샷 없음' }]],
  ],
  url: [
    ['https://github.com/example/app/pull/7', [{ raw: 'https://github.com/example/app/pull/7', kind: 'url', href: 'https://github.com/example/app/pull/7' }]],
    ['http://example.com/x?y=1', [{ raw: 'http://example.com/x?y=1', kind: 'url', href: 'http://example.com/x?y=1' }]],
    ['javascript:alert(1)', [{ raw: 'javascript:alert(1)', kind: 'url', href: 'javascript:alert(1)' }]],
    ['data:text/html,x', [{ raw: 'data:text/html,x', kind: 'url', href: 'data:text/html,x' }]],
    ['see https://example.com/pr/3 for the thread', [{ raw: 'https://example.com/pr/3', kind: 'url', href: 'https://example.com/pr/3', note: 'see for the thread' }]],
  ],
  rubric: [
    ['design/rubric.md#2', [{ raw: 'design/rubric.md#2', kind: 'rubric', path: 'design/rubric.md', criterion: '2' }]],
    ['./design/rubric.md#3', [{ raw: './design/rubric.md#3', kind: 'rubric', path: 'design/rubric.md', criterion: '3' }]],
    ['rubric#speed', [{ raw: 'rubric#speed', kind: 'rubric', path: 'design/rubric.md', criterion: 'speed' }]],
    ['design/rubric.md:2', [{ raw: 'design/rubric.md:2', kind: 'rubric', path: 'design/rubric.md', criterion: '2' }]],
  ],
  test: [
    ['a::tests::b', [{ raw: 'a::tests::b', kind: 'test', name: 'b' }]],
    [
      'services::node_routing_service::tests::expired_owner_fences_a_stale_local_socket',
      [{ raw: 'services::node_routing_service::tests::expired_owner_fences_a_stale_local_socket', kind: 'test', name: 'expired_owner_fences_a_stale_local_socket' }],
    ],
    ['tests/parser.test.ts > rejects rows over 4 KiB', [{ raw: 'tests/parser.test.ts > rejects rows over 4 KiB', kind: 'test', path: 'tests/parser.test.ts', name: 'rejects rows over 4 KiB' }]],
    ['parser.test.ts:12 > counts lines', [{ raw: 'parser.test.ts:12 > counts lines', kind: 'test', path: 'parser.test.ts', name: 'counts lines' }]],
    // A test file followed by an identifier is a test name in that file.
    ['src/a.test.ts rejectsBadRows', [{ raw: 'src/a.test.ts rejectsBadRows', kind: 'test', path: 'src/a.test.ts', name: 'rejectsBadRows' }]],
    ['pkg/store_test.go TestAppend', [{ raw: 'pkg/store_test.go TestAppend', kind: 'test', path: 'pkg/store_test.go', name: 'TestAppend' }]],
  ],
  symbol: [
    ['src/parser.ts parseRow', [{ raw: 'src/parser.ts parseRow', kind: 'symbol', path: 'src/parser.ts', name: 'parseRow' }]],
    ['src/parser.ts MAX_ROW', [{ raw: 'src/parser.ts MAX_ROW', kind: 'symbol', path: 'src/parser.ts', name: 'MAX_ROW' }]],
    // A plain lowercase word after a path is a note, not a symbol.
    ['src/parser.ts parse', [{ raw: 'src/parser.ts', kind: 'path', path: 'src/parser.ts', note: 'parse' }]],
    // A name after a path with a line is a symbol on that line; line claims in words are checked like :N.
    ['src/parser.ts:3 parseRow', [{ raw: 'src/parser.ts:3 parseRow', kind: 'symbol', path: 'src/parser.ts', from: 3, to: 3, name: 'parseRow' }]],
    ['src/a.ts line 9', [{ raw: 'src/a.ts line 9', kind: 'path', path: 'src/a.ts', from: 9, to: 9 }]],
    ['src/a.ts lines 9-12', [{ raw: 'src/a.ts lines 9-12', kind: 'path', path: 'src/a.ts', from: 9, to: 12 }]],
    ['src/a.ts (L9-L12)', [{ raw: 'src/a.ts (L9-L12)', kind: 'path', path: 'src/a.ts', from: 9, to: 12 }]],
    ['line 40 of src/a.ts', [{ raw: 'line 40 of src/a.ts', kind: 'path', path: 'src/a.ts', from: 40, to: 40 }]],
    ['src/a.ts lined up', [{ raw: 'src/a.ts', kind: 'path', path: 'src/a.ts', note: 'lined up' }]],
  ],
  command: [
    ['npm test', [{ raw: 'npm test', kind: 'command' }]],
    ['cargo test -p nyxid', [{ raw: 'cargo test -p nyxid', kind: 'command' }]],
    ['./scripts/check.sh --fast', [{ raw: './scripts/check.sh --fast', kind: 'command' }]],
    // Comma-separated arguments stay inside one command.
    ['git branches a, b', [{ raw: 'git branches a, b', kind: 'command' }]],
    ['npm run build; npm test', [{ raw: 'npm run build', kind: 'command' }, { raw: 'npm test', kind: 'command' }]],
  ],
  ephemeral: [
    ['/tmp/x', [{ raw: '/tmp/x', kind: 'ephemeral', path: '/tmp/x' }]],
    ['/tmp/arena/candidate-1/design.md', [{ raw: '/tmp/arena/candidate-1/design.md', kind: 'ephemeral', path: '/tmp/arena/candidate-1/design.md' }]],
    ['/Users/person-1/.codex/backups/x', [{ raw: '/Users/person-1/.codex/backups/x', kind: 'ephemeral', path: '/Users/person-1/.codex/backups/x' }]],
    ['/README.md', [{ raw: '/README.md', kind: 'ephemeral', path: '/README.md' }]],
    ['/etc/', [{ raw: '/etc/', kind: 'ephemeral', path: '/etc/' }]],
  ],
  reference: [
    ['#13', [{ raw: '#13', kind: 'reference' }]],
    ['PR 225', [{ raw: 'PR 225', kind: 'reference' }]],
    ['PR #225', [{ raw: 'PR #225', kind: 'reference' }]],
    ['issue 4', [{ raw: 'issue 4', kind: 'reference' }]],
    ['mr 3', [{ raw: 'mr 3', kind: 'reference' }]],
  ],
  prose: [
    ['checked it manually', [{ raw: 'checked it manually', kind: 'prose' }]],
    ['looks fine', [{ raw: 'looks fine', kind: 'prose' }]],
    ['C:\\x\\y.ts', [{ raw: 'C:\\x\\y.ts', kind: 'prose' }]],
    [',', [{ raw: ',', kind: 'prose' }]],
  ],
  'several pointers': [
    ['src/a.ts; src/b.ts', [{ raw: 'src/a.ts', kind: 'path', path: 'src/a.ts' }, { raw: 'src/b.ts', kind: 'path', path: 'src/b.ts' }]],
    ['src/a.ts, src/b.ts', [{ raw: 'src/a.ts', kind: 'path', path: 'src/a.ts' }, { raw: 'src/b.ts', kind: 'path', path: 'src/b.ts' }]],
    ['src/a.ts\nsrc/b.ts', [{ raw: 'src/a.ts', kind: 'path', path: 'src/a.ts' }, { raw: 'src/b.ts', kind: 'path', path: 'src/b.ts' }]],
    ['src/a.ts\r\n1b48d2e', [{ raw: 'src/a.ts', kind: 'path', path: 'src/a.ts' }, { raw: '1b48d2e', kind: 'commit', hex: '1b48d2e' }]],
    ['src/a.ts src/b.ts:4', [{ raw: 'src/a.ts', kind: 'path', path: 'src/a.ts' }, { raw: 'src/b.ts:4', kind: 'path', path: 'src/b.ts', from: 4, to: 4 }]],
    // A prose segment beside a pointer in a comma list is its own prose pointer.
    ['src/a.ts, looks fine', [{ raw: 'src/a.ts', kind: 'path', path: 'src/a.ts' }, { raw: 'looks fine', kind: 'prose' }]],
    // An all-prose comma list stays one prose pointer.
    ['checked it manually, looks fine', [{ raw: 'checked it manually, looks fine', kind: 'prose' }]],
    ['checked it, ran it, looks fine', [{ raw: 'checked it, ran it, looks fine', kind: 'prose' }]],
    // `;` parts are classified separately: an all-prose part is one pointer per part.
    ['checked it; looks fine', [{ raw: 'checked it', kind: 'prose' }, { raw: 'looks fine', kind: 'prose' }]],
    ['reviewer runs #15 #17', [{ raw: '#15', kind: 'reference', note: 'reviewer runs' }, { raw: '#17', kind: 'reference' }]],
  ],
  blank: [
    ['', []],
    ['   ', []],
    ['\n\n', []],
  ],
};

describe('classifyEvidence', () => {
  for (const [kind, table] of Object.entries(cases)) {
    describe(kind, () => {
      it.each(table)('%j', (cell, expected) => {
        expect(classifyEvidence(cell)).toEqual(expected);
      });
    });
  }

  // spec/input.md section 3: "prose | anything else | NOT_VERIFIED". A sentence that happens
  // to start with `just`, `make` or `go` (all in COMMANDS) is classified as a command and so
  // escapes the prose flag (INCONCLUSIVE instead of NOT_VERIFIED).
  it('classifies a sentence starting with a tool-like word ("just checked it manually") as prose', () => {
    expect(classifyEvidence('just checked it manually')).toEqual([{ raw: 'just checked it manually', kind: 'prose' }]);
  });

  // spec/input.md section 3: "ephemeral path | /tmp/..., absolute paths outside the repo".
  // `/tmp` alone becomes a `path` (then NOT_VERIFIED evidence/path-outside-repository) while
  // `/tmp/x` and `/etc/` are `ephemeral`.
  it('classifies a one-segment absolute path ("/tmp") as ephemeral', () => {
    expect(classifyEvidence('/tmp')).toEqual([{ raw: '/tmp', kind: 'ephemeral', path: '/tmp' }]);
  });

  // classify.ts doc: "Returns at least one pointer for a non-blank cell". A cell of only `;`
  // passes the row schema (it is not blank) but yields no pointer, so the row gets no
  // evidence flag at all.
  it('returns a prose pointer for a non-blank cell made only of separators (";")', () => {
    expect(classifyEvidence(';')).toEqual([{ raw: ';', kind: 'prose' }]);
  });
});

describe('classifyEvidence on every evidence cell of the real pstack trails', () => {
  // Copied verbatim from /work/shared/corpus/real/*/decisions.tsv and .audit/*.tsv (column 5).
  const real: Array<[file: string, cell: string, expected: Array<[raw: string, kind: ClassifiedPointer['kind']]>]> = [
    ['ChronoAIProject__NyxID/decisions.tsv:2', 'SCALING_IMPLEMENTATION_NOTES.md', [['SCALING_IMPLEMENTATION_NOTES.md', 'path']]],
    ['ChronoAIProject__NyxID/decisions.tsv:3', 'cargo test -p nyxid', [['cargo test -p nyxid', 'command']]],
    ['ChronoAIProject__NyxID/decisions.tsv:4', 'docs/HORIZONTAL_SCALING_ARCHITECTURE.md', [['docs/HORIZONTAL_SCALING_ARCHITECTURE.md', 'path']]],
    ['ChronoAIProject__NyxID/decisions.tsv:5', 'SCALING_IMPLEMENTATION_NOTES.md', [['SCALING_IMPLEMENTATION_NOTES.md', 'path']]],
    ['ChronoAIProject__NyxID/decisions.tsv:6', '/tmp/pstack-arena-nyxid-scaling/candidate-1/design.md', [['/tmp/pstack-arena-nyxid-scaling/candidate-1/design.md', 'ephemeral']]],
    ['ChronoAIProject__NyxID/decisions.tsv:7', 'SCALING_IMPLEMENTATION_NOTES.md', [['SCALING_IMPLEMENTATION_NOTES.md', 'path']]],
    [
      'ChronoAIProject__NyxID/decisions.tsv:8',
      'git branches feat/scaling-coordination, feat/scaling-mcp, feat/scaling-deploy-docs',
      [['git branches feat/scaling-coordination, feat/scaling-mcp, feat/scaling-deploy-docs', 'command']],
    ],
    ['ChronoAIProject__NyxID/decisions.tsv:9', 'docs/HORIZONTAL_SCALING_ARCHITECTURE.md', [['docs/HORIZONTAL_SCALING_ARCHITECTURE.md', 'path']]],
    [
      'ChronoAIProject__NyxID/decisions.tsv:10',
      'services::node_routing_service::tests::expired_owner_fences_a_stale_local_socket',
      [['services::node_routing_service::tests::expired_owner_fences_a_stale_local_socket', 'test']],
    ],
    ['EnzoTironi__OS/.audit/build-v1-04.tsv:2', 'eea4cf220d00dd05d7290b7b3009889da0379301', [['eea4cf220d00dd05d7290b7b3009889da0379301', 'commit']]],
    [
      'EnzoTironi__OS/.audit/build-v1-04.tsv:3',
      'just e2e durable-commit; just e2e governed-action',
      [
        ['just e2e durable-commit', 'command'],
        ['just e2e governed-action', 'command'],
      ],
    ],
    [
      'EnzoTironi__OS/.audit/build-v1-04.tsv:4',
      'docs/adr/0006-operation-identity-durable-commit.md; crates/zoen-adapters/src/action_store.rs',
      [
        ['docs/adr/0006-operation-identity-durable-commit.md', 'path'],
        ['crates/zoen-adapters/src/action_store.rs', 'path'],
      ],
    ],
    [
      'EnzoTironi__OS/.audit/build-v1-04.tsv:5',
      'commit 2842af7; npm run build; cargo test --locked --workspace',
      [
        ['commit 2842af7', 'commit'],
        ['npm run build', 'command'],
        ['cargo test --locked --workspace', 'command'],
      ],
    ],
    ['EnzoTironi__OS/.audit/build-v1-04.tsv:6', '.audit/build-v1-04.tsv', [['.audit/build-v1-04.tsv', 'path']]],
    ['EnzoTironi__OS/.audit/build-v1-04.tsv:7', 'docker compose --project-name zoen-probe version', [['docker compose --project-name zoen-probe version', 'command']]],
    [
      'EnzoTironi__OS/.audit/build-v1-04.tsv:8',
      'just e2e durable-commit failed at publish; crates/zoen-engine/src/admission.rs:141-162',
      [
        ['just e2e durable-commit failed at publish', 'command'],
        ['crates/zoen-engine/src/admission.rs:141-162', 'path'],
      ],
    ],
    [
      'EnzoTironi__OS/.audit/build-v1-04.tsv:9',
      'just e2e durable-commit; artifacts/durable-commit.json',
      [
        ['just e2e durable-commit', 'command'],
        ['artifacts/durable-commit.json', 'path'],
      ],
    ],
    [
      'EnzoTironi__OS/.audit/build-v1-04.tsv:10',
      'just e2e governed-action failed at duplicate-intent status 7 versus 5',
      [['just e2e governed-action failed at duplicate-intent status 7 versus 5', 'command']],
    ],
    [
      'EnzoTironi__OS/.audit/build-v1-04.tsv:11',
      'just e2e governed-action failed because commit returned normally instead of Connect InvalidArgument',
      [['just e2e governed-action failed because commit returned normally instead of Connect InvalidArgument', 'command']],
    ],
    [
      'EnzoTironi__OS/.audit/build-v1-04.tsv:12',
      'just e2e governed-action; artifacts/governed-action.json',
      [
        ['just e2e governed-action', 'command'],
        ['artifacts/governed-action.json', 'path'],
      ],
    ],
    [
      'EnzoTironi__OS/.audit/build-v1-04.tsv:13',
      'PR 225 review 4969103341; commit 3d2dc89',
      [
        ['PR 225', 'reference'],
        ['commit 3d2dc89', 'commit'],
      ],
    ],
    [
      'HustleCoding__pstack-codex/decisions.tsv:2',
      'https://github.com/cursor/plugins/compare/14d9dfa06283faa94bf9931d3e98c189bc375680...424829e3e0f7e5a8b9181412ca04e84e026a0c02',
      [['https://github.com/cursor/plugins/compare/14d9dfa06283faa94bf9931d3e98c189bc375680...424829e3e0f7e5a8b9181412ca04e84e026a0c02', 'url']],
    ],
    ['HustleCoding__pstack-codex/decisions.tsv:3', 'scripts/audit.py', [['scripts/audit.py', 'path']]],
    ['HustleCoding__pstack-codex/decisions.tsv:4', 'AGENTS.md', [['AGENTS.md', 'path']]],
    ['HustleCoding__pstack-codex/decisions.tsv:5', 'skills/poteto-mode/scripts/package.json', [['skills/poteto-mode/scripts/package.json', 'path']]],
    ['HustleCoding__pstack-codex/decisions.tsv:6', 'skills/poteto-mode/playbooks', [['skills/poteto-mode/playbooks', 'path']]],
    ['HustleCoding__pstack-codex/decisions.tsv:7', 'skills/poteto-mode/scripts/watch-pr/watch-pr', [['skills/poteto-mode/scripts/watch-pr/watch-pr', 'path']]],
    ['HustleCoding__pstack-codex/decisions.tsv:8', '.gitignore', [['.gitignore', 'path']]],
    ['HustleCoding__pstack-codex/decisions.tsv:9', 'skills/poteto-mode/scripts/worktree-audit.sh', [['skills/poteto-mode/scripts/worktree-audit.sh', 'path']]],
    ['HustleCoding__pstack-codex/decisions.tsv:10', '/Users/person-1/.codex/backups/pstack-codex-20260803T065246Z', [['/Users/person-1/.codex/backups/pstack-codex-20260803T065246Z', 'ephemeral']]],
    ['HustleCoding__pstack-codex/decisions.tsv:11', 'skills/no-comments/SKILL.md', [['skills/no-comments/SKILL.md', 'path']]],
    ['Jonghakseo__picky/decisions.tsv:2', '/private/tmp/picky-screen-context-handoff.md', [['/private/tmp/picky-screen-context-handoff.md', 'ephemeral']]],
    ['Jonghakseo__picky/decisions.tsv:3', 'agentd/src/domain/queue-policy.ts', [['agentd/src/domain/queue-policy.ts', 'path']]],
    [
      'Jonghakseo__picky/decisions.tsv:4',
      'agentd/src/domain/queue-policy.ts; reviewer finding F2',
      [
        ['agentd/src/domain/queue-policy.ts', 'path'],
        ['reviewer finding F2', 'prose'],
      ],
    ],
    [
      'Jonghakseo__picky/decisions.tsv:5',
      'agentd/src/domain/queue-policy.ts; reviewer finding F1',
      [
        ['agentd/src/domain/queue-policy.ts', 'path'],
        ['reviewer finding F1', 'prose'],
      ],
    ],
    [
      'Jonghakseo__picky/decisions.tsv:6',
      'challenger run #13; agentd/src/runtime/types.ts input_delivery',
      [
        ['#13', 'reference'],
        ['agentd/src/runtime/types.ts input_delivery', 'symbol'],
      ],
    ],
    [
      'Jonghakseo__picky/decisions.tsv:7',
      'reviewer runs #15 #17 #19 #21 #23',
      [
        ['#15', 'reference'],
        ['#17', 'reference'],
        ['#19', 'reference'],
        ['#21', 'reference'],
        ['#23', 'reference'],
      ],
    ],
    ['Jonghakseo__picky/decisions.tsv:8', 'agentd/src/application/pi-session-syncer.test.ts', [['agentd/src/application/pi-session-syncer.test.ts', 'path']]],
    [
      'Jonghakseo__picky/decisions.tsv:9',
      'Picky/Sessions/PickySessionComposerDraftController.swift; PickyTests/PickySessionViewModelTests.swift screenAttachedQueuedInputsCannotRestoreOrClearThroughRestorePath',
      [
        ['Picky/Sessions/PickySessionComposerDraftController.swift', 'path'],
        ['PickyTests/PickySessionViewModelTests.swift screenAttachedQueuedInputsCannotRestoreOrClearThroughRestorePath', 'test'],
      ],
    ],
    ['Jonghakseo__picky/decisions.tsv:10', 'Picky/PickySessionViewModel.swift abortRestoringQueuedInputs', [['Picky/PickySessionViewModel.swift abortRestoringQueuedInputs', 'symbol']]],
    [
      'Jonghakseo__picky/decisions.tsv:11',
      'agentd/src/session-supervisor.ts:2217; PickyTests/PickySessionViewModelTests.swift scopedRestoreIsBlockedWhenAnotherQueueKindHoldsScreenContext',
      [
        ['agentd/src/session-supervisor.ts:2217', 'path'],
        ['PickyTests/PickySessionViewModelTests.swift scopedRestoreIsBlockedWhenAnotherQueueKindHoldsScreenContext', 'test'],
      ],
    ],
    [
      'Jonghakseo__picky/decisions.tsv:12',
      'reviewer finding F2; agentd/src/session-supervisor.ts clearQueue',
      [
        ['reviewer finding F2', 'prose'],
        ['agentd/src/session-supervisor.ts clearQueue', 'symbol'],
      ],
    ],
    [
      'Jonghakseo__picky/decisions.tsv:13',
      'Picky/Context/PickyAppSupport.swift:80-90; agentd/src/session-supervisor.ts 스크린샷 durable 사본 없음',
      [
        ['Picky/Context/PickyAppSupport.swift:80-90', 'path'],
        ['agentd/src/session-supervisor.ts', 'path'],
      ],
    ],
  ];

  it.each(real)('%s', (_file, cell, expected) => {
    expect(classifyEvidence(cell).map((p) => [p.raw, p.kind])).toEqual(expected);
  });

  it('reads the line range and names of the real cells exactly', () => {
    expect(classifyEvidence('crates/zoen-engine/src/admission.rs:141-162')).toEqual([
      { raw: 'crates/zoen-engine/src/admission.rs:141-162', kind: 'path', path: 'crates/zoen-engine/src/admission.rs', from: 141, to: 162 },
    ]);
    expect(classifyEvidence('Picky/PickySessionViewModel.swift abortRestoringQueuedInputs')).toEqual([
      { raw: 'Picky/PickySessionViewModel.swift abortRestoringQueuedInputs', kind: 'symbol', path: 'Picky/PickySessionViewModel.swift', name: 'abortRestoringQueuedInputs' },
    ]);
    expect(classifyEvidence('PickyTests/PickySessionViewModelTests.swift scopedRestoreIsBlockedWhenAnotherQueueKindHoldsScreenContext')).toEqual([
      {
        raw: 'PickyTests/PickySessionViewModelTests.swift scopedRestoreIsBlockedWhenAnotherQueueKindHoldsScreenContext',
        kind: 'test',
        path: 'PickyTests/PickySessionViewModelTests.swift',
        name: 'scopedRestoreIsBlockedWhenAnotherQueueKindHoldsScreenContext',
      },
    ]);
    expect(classifyEvidence('commit 2842af7; npm run build')[0]).toEqual({ raw: 'commit 2842af7', kind: 'commit', hex: '2842af7' });
  });
});

describe('classify helpers', () => {
  it.each([
    ['1b48d2e', false, true],
    ['8879725', false, false],
    ['8879725', true, true],
    ['deadbeef', false, false],
    ['deadbeef', true, true],
    ['f19a3b9fdad09750cf8a4bb4cfe4b7d77e254534', false, true],
    ['1111111111111111111111111111111111111111', false, true],
    ['1b48d2', true, false],
    ['xyz1234', true, false],
  ])('looksLikeSha(%j, alone=%s) is %s', (token, alone, expected) => {
    expect(looksLikeSha(token, alone)).toBe(expected);
  });

  it.each([
    ['src/a.ts', { path: 'src/a.ts' }],
    ['src/a.ts:7', { path: 'src/a.ts', from: 7, to: 7 }],
    ['src/a.ts:7-9', { path: 'src/a.ts', from: 7, to: 9 }],
    ['src/a.ts#L7-L9', { path: 'src/a.ts', from: 7, to: 9 }],
    [':7', { path: ':7' }],
  ])('splitLineSuffix(%j)', (token, expected) => {
    expect(splitLineSuffix(token)).toEqual(expected);
  });

  it.each([
    ['src', false],
    ['src/', true],
    ['.gitignore', true],
    ['Makefile', false],
    ['Dockerfile.dockerfile', true],
    ['a.TS', true],
    ['../', false],
    ['https://x.y/z', false],
    ['a b.ts', false],
  ])('looksLikePath(%j) is %s', (token, expected) => {
    expect(looksLikePath(token)).toBe(expected);
  });
});
