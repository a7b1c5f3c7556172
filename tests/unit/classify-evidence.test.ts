/**
 * classifyEvidence (src/lib/evidence/classify.ts): every evidence kind of spec/input.md
 * section 3 and every shape of issue 13 (lists, commands by shape, pointers inside commands,
 * abbreviated paths, line lists, counts and id lists, hosts, unsafe schemes), checked on the
 * exact pointer objects it returns. Every cell of the real trails is pinned in
 * real-corpus-evidence.test.ts; property tests of the splitter and classifier are at the end.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyEvidence, looksLikePath, looksLikeSha, MAX_POINTERS_PER_CELL, splitLineSuffix, type ClassifiedPointer } from '../../src/lib/evidence/classify.ts';
import { splitItems, splitParts } from '../../src/lib/evidence/split-list.ts';
import { expandBraces } from '../../src/lib/evidence/brace-paths.ts';

type Case = [cell: string, expected: ClassifiedPointer[]];

const cases: Record<string, Case[]> = {
  commit: [
    ['f19a3b9fdad09750cf8a4bb4cfe4b7d77e254534', [{ raw: 'f19a3b9fdad09750cf8a4bb4cfe4b7d77e254534', kind: 'commit', hex: 'f19a3b9fdad09750cf8a4bb4cfe4b7d77e254534' }]],
    ['1b48d2e', [{ raw: '1b48d2e', kind: 'commit', hex: '1b48d2e' }]],
    ['ABCDEF1', [{ raw: 'ABCDEF1', kind: 'commit', hex: 'abcdef1' }]],
    ['commit 294c114', [{ raw: 'commit 294c114', kind: 'commit', hex: '294c114' }]],
    // A full stop after the SHA keeps it a commit (fresh trial: it was a command, so a missing commit raised only a low notice).
    ['commit 294c114.', [{ raw: 'commit 294c114', kind: 'commit', hex: '294c114' }]],
    // After the word `commit` (or `sha`), 4 hex digits are enough.
    ['commit abcd', [{ raw: 'commit abcd', kind: 'commit', hex: 'abcd' }]],
    ['sha 1b48', [{ raw: 'sha 1b48', kind: 'commit', hex: '1b48' }]],
    // An all-digit (or all-letter) token counts only when it is the whole segment.
    ['8879725', [{ raw: '8879725', kind: 'commit', hex: '8879725' }]],
    ['defaced', [{ raw: 'defaced', kind: 'commit', hex: 'defaced' }]],
    ['fixed in 8879725 today', [{ raw: 'fixed in 8879725 today', kind: 'prose' }]],
    // A mixed hex token inside prose is a commit.
    // Named inside a sentence it is a pointer of that sentence (issue 26, scope 5): shown under it, low at most when it fails.
    ['landed as 1b48d2e on main', [{ raw: 'landed as 1b48d2e on main', kind: 'prose' }, { raw: '1b48d2e', kind: 'commit', hex: '1b48d2e', within: 0 }]],
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
    // A bare name with an unknown extension is not a path; a well-known extensionless one is (`README` as written: trial, 2026-12-02).
    ['notes.xyz', [{ raw: 'notes.xyz', kind: 'prose' }]],
    ['README', [{ raw: 'README', kind: 'path', path: 'README' }]],
    ['justfile', [{ raw: 'justfile', kind: 'path', path: 'justfile' }]],
    // Line lists: each range is checked.
    ['route.ts:34,47', [{ raw: 'route.ts:34,47', kind: 'path', path: 'route.ts', from: 34, to: 34, lines: [{ from: 34, to: 34 }, { from: 47, to: 47 }] }]],
    [
      'student-next-step.ts:34-61,230-238',
      [{ raw: 'student-next-step.ts:34-61,230-238', kind: 'path', path: 'student-next-step.ts', from: 34, to: 61, lines: [{ from: 34, to: 61 }, { from: 230, to: 238 }] }],
    ],
    // A path at a commit.
    ['docs/DESIGN.md:294 in 9946590', [{ raw: 'docs/DESIGN.md:294 in 9946590', kind: 'path', path: 'docs/DESIGN.md', from: 294, to: 294, rev: '9946590' }]],
    // A glob naming files is a path; one naming nothing in particular is not.
    ['docs/spec/*.md', [{ raw: 'docs/spec/*.md', kind: 'path', path: 'docs/spec/*.md' }]],
    ['6 cursor/* deleted', [{ raw: '6 cursor/* deleted', kind: 'prose' }]],
    // Counts, id lists and words with a slash are not paths.
    ['2091/2091 pass', [{ raw: '2091/2091 pass', kind: 'prose' }]],
    ['u1/u2/u4/u6 done', [{ raw: 'u1/u2/u4/u6 done', kind: 'prose' }]],
    ['n/a', [{ raw: 'n/a', kind: 'prose' }]],
    // A file named without its extension, and a test in it.
    ['convert.test', [{ raw: 'convert.test', kind: 'path', path: 'convert.test', stem: true }]],
    ["excel.test 'SINGLE_COLUMN only'", [{ raw: "excel.test 'SINGLE_COLUMN only'", kind: 'test', path: 'excel.test', stem: true, name: 'SINGLE_COLUMN only', titled: true }]],
    // A file inside an archive is not a repository path.
    ['jar META-INF/x/y.properties', [{ raw: 'META-INF/x/y.properties', kind: 'path', path: 'META-INF/x/y.properties', archive: true, note: 'jar' }]],
    // A path after a folder written absolute is inside it.
    ['/tmp/t3code apps/server/a.ts', [{ raw: '/tmp/t3code', kind: 'ephemeral', path: '/tmp/t3code' }, { raw: 'apps/server/a.ts', kind: 'ephemeral', path: '/tmp/t3code/apps/server/a.ts' }]],
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
    // Script and data URLs are never pointers: flagged when resolved (evidence/unsafe-url).
    ['javascript:alert(1)', [{ raw: 'javascript:alert(1)', kind: 'url', href: 'javascript:alert(1)', unsafe: 'javascript' }]],
    ['data:text/html,x', [{ raw: 'data:text/html,x', kind: 'url', href: 'data:text/html,x', unsafe: 'data' }]],
    [' JavaScript:alert(1)', [{ raw: 'JavaScript:alert(1)', kind: 'url', href: 'JavaScript:alert(1)', unsafe: 'javascript' }]],
    // A file: URL is the absolute path it names, as `/etc/passwd` is (trial7: it was an unsafe URL, a high flag).
    ['file:///etc/passwd', [{ raw: 'file:///etc/passwd', kind: 'ephemeral', path: '/etc/passwd', fileUrl: true }]],
    ['FILE://localhost/tmp/a%20b.html', [{ raw: 'FILE://localhost/tmp/a%20b.html', kind: 'ephemeral', path: '/tmp/a b.html', fileUrl: true }]],
    // A label followed by a space is not a scheme.
    ['data: 362 cells', [{ raw: 'data: 362 cells', kind: 'prose' }]],
    ['mailto:ada@example.com', [{ raw: 'mailto:ada@example.com', kind: 'url', href: 'mailto:ada@example.com' }]],
    // A host written without a scheme is a URL, not a path.
    ['careertech.org/career-clusters', [{ raw: 'careertech.org/career-clusters', kind: 'url', href: 'careertech.org/career-clusters', schemeless: true }]],
    ['maven.minecraftforge.net hosts the jar', [{ raw: 'maven.minecraftforge.net', kind: 'url', href: 'maven.minecraftforge.net', schemeless: true, note: 'hosts the jar' }]],
    ['see https://example.com/pr/3 for the thread', [{ raw: 'https://example.com/pr/3', kind: 'url', href: 'https://example.com/pr/3', note: 'see for the thread' }]],
  ],
  rubric: [
    ['design/rubric.md#2', [{ raw: 'design/rubric.md#2', kind: 'rubric', path: 'design/rubric.md', criterion: '2' }]],
    ['./design/rubric.md#3', [{ raw: './design/rubric.md#3', kind: 'rubric', path: 'design/rubric.md', criterion: '3' }]],
    ['rubric#speed', [{ raw: 'rubric#speed', kind: 'rubric', path: 'design/rubric.md', criterion: 'speed' }]],
    ['design/rubric.md:2', [{ raw: 'design/rubric.md:2', kind: 'rubric', path: 'design/rubric.md', criterion: '2' }]],
    // Lines of the rubric file are lines, as for any path (lead16: `#L8` and `:8-9` were the criteria “L8” and “8-9”, a fault).
    ['design/rubric.md#L8', [{ raw: 'design/rubric.md#L8', kind: 'path', path: 'design/rubric.md', from: 8, to: 8 }]],
    ['design/rubric.md:8-9', [{ raw: 'design/rubric.md:8-9', kind: 'path', path: 'design/rubric.md', from: 8, to: 9 }]],
  ],
  test: [
    ['a::tests::b', [{ raw: 'a::tests::b', kind: 'test', name: 'b' }]],
    [
      'services::node_routing_service::tests::expired_owner_fences_a_stale_local_socket',
      [{ raw: 'services::node_routing_service::tests::expired_owner_fences_a_stale_local_socket', kind: 'test', name: 'expired_owner_fences_a_stale_local_socket' }],
    ],
    ['tests/parser.test.ts > rejects rows over 4 KiB', [{ raw: 'tests/parser.test.ts > rejects rows over 4 KiB', kind: 'test', path: 'tests/parser.test.ts', name: 'rejects rows over 4 KiB', titled: true }]],
    // A test function named alone, or before the word `test`.
    ['pinned_vulkan_runtime_archive_installs', [{ raw: 'pinned_vulkan_runtime_archive_installs', kind: 'test', name: 'pinned_vulkan_runtime_archive_installs' }]],
    ['crash_mid_turn test fails', [{ raw: 'crash_mid_turn', kind: 'test', name: 'crash_mid_turn', note: 'test fails' }]],
    ['parser.test.ts:12 > counts lines', [{ raw: 'parser.test.ts:12 > counts lines', kind: 'test', path: 'parser.test.ts', name: 'counts lines', titled: true }]],
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
    // In parentheses too (fresh trial: `(lines 40-50)` was a note, and the file alone showed VERIFIED).
    ['src/a.ts (lines 40-50)', [{ raw: 'src/a.ts (lines 40-50)', kind: 'path', path: 'src/a.ts', from: 40, to: 50 }]],
    ['src/a.ts (line 40)', [{ raw: 'src/a.ts (line 40)', kind: 'path', path: 'src/a.ts', from: 40, to: 40 }]],
    ['src/a.ts (linear)', [{ raw: 'src/a.ts', kind: 'path', path: 'src/a.ts', note: '(linear)' }]],
    ['line 40 of src/a.ts', [{ raw: 'line 40 of src/a.ts', kind: 'path', path: 'src/a.ts', from: 40, to: 40 }]],
    ['classifyStageGesture in src/stage-model.js', [{ raw: 'classifyStageGesture in src/stage-model.js', kind: 'symbol', path: 'src/stage-model.js', name: 'classifyStageGesture' }]],
    ['src/mod.rs PaletteKind::Continuous', [{ raw: 'src/mod.rs PaletteKind::Continuous', kind: 'symbol', path: 'src/mod.rs', name: 'PaletteKind::Continuous' }]],
    [
      'src/canvas.rs then_click else_click',
      [
        { raw: 'src/canvas.rs then_click', kind: 'symbol', path: 'src/canvas.rs', name: 'then_click' },
        { raw: 'src/canvas.rs else_click', kind: 'symbol', path: 'src/canvas.rs', name: 'else_click' },
      ],
    ],
    ['src/index.html #prev', [{ raw: 'src/index.html #prev', kind: 'symbol', path: 'src/index.html', name: 'prev' }]],
    ['src/a.ts lined up', [{ raw: 'src/a.ts', kind: 'path', path: 'src/a.ts', note: 'lined up' }]],
  ],
  command: [
    ['npm test', [{ raw: 'npm test', kind: 'command' }]],
    ['cargo test -p nyxid', [{ raw: 'cargo test -p nyxid', kind: 'command' }]],
    // A script run is a command; the script itself is a pointer inside it.
    ['./scripts/check.sh --fast', [{ raw: './scripts/check.sh --fast', kind: 'command' }, { raw: './scripts/check.sh', kind: 'path', path: './scripts/check.sh', within: 0 }]],
    // Comma-separated arguments stay inside one command.
    ['git branches a, b', [{ raw: 'git branches a, b', kind: 'command' }]],
    ['npm run build; npm test', [{ raw: 'npm run build', kind: 'command' }, { raw: 'npm test', kind: 'command' }]],
    // Recognised by shape, whatever the tool: flags, subcommands, environment, prompts, backquotes, operators.
    ['rustup component list --installed', [{ raw: 'rustup component list --installed', kind: 'command' }]],
    ['DOCKER_HOST=unix:///tmp/x.sock just e2e x', [{ raw: 'DOCKER_HOST=unix:///tmp/x.sock just e2e x', kind: 'command' }]],
    ['$ npm test', [{ raw: '$ npm test', kind: 'command' }]],
    ['`make release`', [{ raw: '`make release`', kind: 'command' }]],
    ['cd apps/web && bun run test', [{ raw: 'cd apps/web && bun run test', kind: 'command' }, { raw: 'apps/web', kind: 'path', path: 'apps/web', within: 0 }]],
    ['tmux blog-dev blog-worker', [{ raw: 'tmux blog-dev blog-worker', kind: 'command' }]],
    // A launcher runs the program named after it (lead16: `npx vitest run` was prose, a medium flag, where `npm test` raised none).
    ['npx vitest run', [{ raw: 'npx vitest run', kind: 'command' }]],
    ['bunx playwright test e2e/a.spec.ts', [{ raw: 'bunx playwright test e2e/a.spec.ts', kind: 'command' }, { raw: 'e2e/a.spec.ts', kind: 'path', path: 'e2e/a.spec.ts', within: 0 }]],
    ['npx is slow here', [{ raw: 'npx is slow here', kind: 'prose' }]],
    // SHAs, ranges and files inside a command are pointers of their own, listed under it.
    ['cargo check --workspace at 0aa6a93', [{ raw: 'cargo check --workspace at 0aa6a93', kind: 'command' }, { raw: '0aa6a93', kind: 'commit', hex: '0aa6a93', within: 0 }]],
    ['git log fd4f3f4..331919e | wc -l', [{ raw: 'git log fd4f3f4..331919e | wc -l', kind: 'command' }, { raw: 'fd4f3f4..331919e', kind: 'commit', hex: 'fd4f3f4', hexTo: '331919e', within: 0 }]],
    ['sed -n 62,66p docs/BRIEF.md', [{ raw: 'sed -n 62,66p docs/BRIEF.md', kind: 'command' }, { raw: 'docs/BRIEF.md', kind: 'path', path: 'docs/BRIEF.md', within: 0 }]],
    // Branch and package names in a command are not files; nor are files a command reports missing.
    ['git rebase --onto feat/x main', [{ raw: 'git rebase --onto feat/x main', kind: 'command' }]],
    ['ls package.json Cargo.toml missing', [{ raw: 'ls package.json Cargo.toml missing', kind: 'command' }]],
    // Words that only look like a tool and a subcommand are prose.
    ['npm scripts', [{ raw: 'npm scripts', kind: 'prose' }]],
    ['rebase kept stt-audio intact', [{ raw: 'rebase kept stt-audio intact', kind: 'prose' }]],
    ['unit 372/372', [{ raw: 'unit 372/372', kind: 'prose' }]],
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
    ['box/spout#53', [{ raw: 'box/spout#53', kind: 'reference' }]],
    ['reviewer finding F2', [{ raw: 'finding F2', kind: 'reference', note: 'reviewer' }]],
    // A hex word beside a word naming an agent's own record is its id, not a commit.
    ['judge report 766d24f7', [{ raw: '766d24f7', kind: 'reference', note: 'judge report' }]],
    ['e8a6404a transcript, dfbef519 transcript', [{ raw: 'e8a6404a', kind: 'reference', note: 'transcript' }, { raw: 'dfbef519', kind: 'reference', note: 'transcript' }]],
    [
      'delegates 12578e1d 3bd279fa, 66fda898',
      [
        { raw: '12578e1d', kind: 'reference', note: 'delegates' },
        { raw: '3bd279fa', kind: 'reference' },
        { raw: '66fda898', kind: 'reference' },
      ],
    ],
    ['bbc75ed2.jsonl', [{ raw: 'bbc75ed2.jsonl', kind: 'ephemeral', path: 'bbc75ed2.jsonl' }]],
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
    // Commas with no space, ` and `, ` + `, ` plus ` separate too; a bare sibling is looked for beside the path before it.
    [
      'e2e/run.sh,justfile,.github/workflows/verify.yml',
      [
        { raw: 'e2e/run.sh', kind: 'path', path: 'e2e/run.sh' },
        { raw: 'justfile', kind: 'path', path: 'justfile', near: 'e2e' },
        { raw: '.github/workflows/verify.yml', kind: 'path', path: '.github/workflows/verify.yml', near: 'e2e' },
      ],
    ],
    ['src/a.ts and b.ts + c.ts plus d.ts', ['src/a.ts', 'b.ts', 'c.ts', 'd.ts'].map((p, i) => ({ raw: p, kind: 'path' as const, path: p, ...(i > 0 ? { near: 'src' } : {}) }))],
    // A remark beside a pointer is its note, not prose evidence of its own.
    ['src/a.ts, looks fine', [{ raw: 'src/a.ts', kind: 'path', path: 'src/a.ts', note: 'looks fine' }]],
    ['0a0fc32 on main, remote matches', [{ raw: '0a0fc32', kind: 'commit', hex: '0a0fc32', note: 'on main, remote matches' }]],
    // Nothing inside quotes or brackets separates; a file in a bracketed note is a pointer inside it.
    ['apps/web/src/* (Sidebar, __root.tsx)', [{ raw: 'apps/web/src/*', kind: 'path', path: 'apps/web/src/*', note: '(Sidebar, __root.tsx)' }, { raw: '__root.tsx', kind: 'path', path: '__root.tsx', near: 'apps/web/src', within: 0 }]],
    ['log "a; b, c"', [{ raw: 'log "a; b, c"', kind: 'prose' }]],
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

describe('a part with no pointer is shown as prose beside the parts that are (issue 27, scope 5: one rule)', () => {
  it('after a pointer: a prose item of its own, not a note glued to the pointer', () => {
    expect(classifyEvidence('worker.test asserts the logged errors; fails with the change stashed')).toEqual([
      { raw: 'worker.test', kind: 'path', path: 'worker.test', stem: true, note: 'asserts the logged errors' },
      { raw: 'fails with the change stashed', kind: 'prose' },
    ]);
    expect(classifyEvidence('src/core/zip.js; measured by core delegate')).toEqual([{ raw: 'src/core/zip.js', kind: 'path', path: 'src/core/zip.js' }, { raw: 'measured by core delegate', kind: 'prose' }]);
  });

  it('first in the cell: shown first', () => {
    expect(classifyEvidence('Tauri window screenshot; src/a.ts')).toEqual([{ raw: 'Tauri window screenshot', kind: 'prose' }, { raw: 'src/a.ts', kind: 'path', path: 'src/a.ts' }]);
  });

  it('between parts, in its place; the pointers inside a command keep pointing at it', () => {
    expect(classifyEvidence('git show b732012; the diff is clean; src/a.ts:3')).toEqual([
      { raw: 'git show b732012', kind: 'command' },
      { raw: 'b732012', kind: 'commit', hex: 'b732012', within: 0 },
      { raw: 'the diff is clean', kind: 'prose' },
      { raw: 'src/a.ts:3', kind: 'path', path: 'src/a.ts', from: 3, to: 3 },
    ]);
    expect(classifyEvidence('remark one; git show b732012; remark two')).toEqual([
      { raw: 'remark one', kind: 'prose' },
      { raw: 'git show b732012', kind: 'command' },
      { raw: 'b732012', kind: 'commit', hex: 'b732012', within: 1 },
      { raw: 'remark two', kind: 'prose' },
    ]);
  });

  it('every part is shown: "p2a report; 24/24 + 220/220 neighbor sweep; tsc clean" (issue 27: two parts were dropped)', () => {
    expect(classifyEvidence('p2a report; 24/24 + 220/220 neighbor sweep; tsc clean')).toEqual([
      { raw: 'p2a report', kind: 'prose' },
      { raw: '24/24 + 220/220 neighbor sweep', kind: 'prose' },
      { raw: 'tsc clean', kind: 'command' },
    ]);
  });

  it('a part of separators only is prose as written (the property test found ";, ")', () => {
    expect(classifyEvidence(';, ')).toEqual([{ raw: ',', kind: 'prose' }]);
  });

  it('a cell with no pointer at all stays prose, one pointer per part (flagged: "Never prose")', () => {
    expect(classifyEvidence('unit 372/372; convert e2e 9/9')).toEqual([
      { raw: 'unit 372/372', kind: 'prose' },
      { raw: 'convert e2e 9/9', kind: 'prose' },
    ]);
  });
});

describe('names in a sentence stay named in the list that continues it (issue 26, scope 5)', () => {
  it('"covers impl_x.md, re-impl_x.md must not match": both named under the pointer that stands', () => {
    expect(classifyEvidence('tests/roles.test.ts covers impl_x.md, re-impl_x.md must not match').map((p) => [p.raw, p.kind, p.within])).toEqual([
      ['tests/roles.test.ts', 'path', undefined],
      ['impl_x.md', 'path', 0],
      ['re-impl_x.md', 'path', 0],
    ]);
  });

  it('a list of paths alone still splits, and a list after a sentence ending in a word that names nothing too', () => {
    expect(classifyEvidence('src/a.ts, src/b.ts, src/c.ts').map((p) => [p.raw, p.within])).toEqual([
      ['src/a.ts', undefined],
      ['src/b.ts', undefined],
      ['src/c.ts', undefined],
    ]);
    expect(classifyEvidence('src/gate.ts:256 joins store.specs with item.slug, src/ledger.ts keys rows').map((p) => [p.raw, p.within])).toEqual([
      ['src/gate.ts:256', undefined],
      ['src/ledger.ts', undefined],
    ]);
  });
});

describe('reports of a run are commands (issue 26, scope 5)', () => {
  it.each([
    ['npm test -> FAILED exit 1'],
    ['tsc --noEmit exits 0'],
    ['mstack gate exits 2'],
    ['./bin/mstack gate --full -> PASSED exit 0'],
  ])('%s', (cell) => {
    expect(classifyEvidence(cell)).toEqual([{ raw: cell, kind: 'command' }]);
  });

  it('but a sentence about a run is not one', () => {
    expect(classifyEvidence('the gate exits 2')).toEqual([{ raw: 'the gate exits 2', kind: 'prose' }]);
  });
});

describe('references are one kind (issue 26, scope 5)', () => {
  it.each([
    ['finding F2', 'finding F2'],
    ['finding 2', 'finding 2'],
    ['review r2 finding A', 'review r2 finding A'],
    ['review r3 minor 1', 'review r3 minor 1'],
    ['review nitpick 5', 'review nitpick 5'],
    ['probe revF', 'probe revF'],
  ])('%s', (cell, raw) => {
    expect(classifyEvidence(cell)).toEqual([{ raw, kind: 'reference' }]);
  });

  it('a plain word after `probe` is no id: `probe at scratchpad/r15probe proved …` names a folder in a sentence', () => {
    expect(classifyEvidence('probe at scratchpad/r15probe proved it').map((p) => [p.raw, p.kind, p.within])).toEqual([
      ['probe at scratchpad/r15probe proved it', 'prose', undefined],
      ['scratchpad/r15probe', 'path', 0],
    ]);
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

describe('property: the list splitter and the classifier', () => {
  const SEPARATORS = [';', '\n', ',', ', ', ' and ', ' + ', ' plus ', '; '];
  const pathArb = fc.tuple(fc.constantFrom('src', 'docs', 'apps/web', 'crates/x/src'), fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/), fc.constantFrom('ts', 'md', 'rs', 'json')).map(([dir, name, ext]) => ({ raw: `${dir}/${name}.${ext}`, kind: 'path' as const }));
  const shaArb = fc.stringMatching(/^[0-9a-f]{7,12}$/).filter((h) => /[0-9]/.test(h) && /[a-f]/.test(h)).map((h) => ({ raw: h, kind: 'commit' as const }));
  const urlArb = fc.stringMatching(/^[a-z]{1,8}$/).map((w) => ({ raw: `https://example.com/${w}`, kind: 'url' as const }));
  const commandArb = fc.constantFrom('npm test', 'cargo test -p x', 'git status --short', 'just e2e smoke').map((c) => ({ raw: c, kind: 'command' as const }));
  const itemArb = fc.oneof(pathArb, shaArb, urlArb, commandArb);

  it('a list of pointers joined by any separator gives back each pointer, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(itemArb, fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 6 }), (list) => {
        // A command continues over `, ` (its arguments), so a comma never follows one here.
        // A command continues over `, ` (its arguments), and a comma right after a URL is part of it: then `; ` separates.
        const cell = list.map(([item, sep], i) => (i === 0 ? item.raw : `${['command', 'url'].includes(list[i - 1]?.[0].kind as string) && sep.trim() === ',' ? '; ' : sep}${item.raw}`)).join('');
        const got = classifyEvidence(cell).filter((p) => p.within === undefined);
        expect(got.map((p) => [p.raw, p.kind])).toEqual(list.map(([item]) => [item.raw, item.kind]));
      }),
      { numRuns: 500 },
    );
  });

  it('splitItems loses nothing but separators and spaces, and each item is a piece of the part', () => {
    // The joining words left between items (` and and `: both are joiners, sharing the space between them).
    const joiners = (gap: string): string => {
      let out = gap;
      for (let before = ''; before !== out; ) {
        before = out;
        out = out.replace(/(^|\s)(?:and|plus)(?=\s|$)/gi, '$1');
      }
      return out;
    };
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', '1', ',', ' ', '(', ')', '"', "'", '`', '+', '/', '.', 'and'), maxLength: 40 }), (part) => {
        let cursor = 0;
        for (const item of splitItems(part)) {
          expect(part.slice(item.start, item.end)).toBe(item.text);
          expect(item.start).toBeGreaterThanOrEqual(cursor);
          expect(joiners(part.slice(cursor, item.start))).toMatch(/^[\s,+]*$/);
          cursor = item.end;
        }
        expect(joiners(part.slice(cursor))).toMatch(/^[\s,+]*$/);
        for (const p of splitParts(part)) expect(p).not.toBe('');
      }),
      { numRuns: 3000, examples: [[' and and '], [' and  and '], ['a and and b']] },
    );
  });

  it('never throws, and every word of a pointer is a word of the cell', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'src/', '.ts', ':1', ',', ';', ' ', '(', ')', '"', '`', '$ ', 'npm ', '--x', '1b48d2e', '..', '#1', 'and', '/tmp/', 'http://x.io/'), maxLength: 30 }), (cell) => {
        const pointers = classifyEvidence(cell);
        for (const p of pointers) {
          // A pointer inside a command is a shell word: its quotes are the shell's, not part of it.
          if (p.truncated || (p.within !== undefined && pointers[p.within]?.kind === 'command')) continue;
          // `` `src/a.ts`:1 `` is read as `src/a.ts:1` (trust10): its backquotes are the markdown's, not the pointer's.
          for (const word of p.raw.split(/\s+/).filter((w) => w !== '')) expect(cell.includes(word) || cell.replaceAll('`', '').includes(word), JSON.stringify({ cell, raw: p.raw })).toBe(true);
          if (p.within !== undefined) expect(p.within).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a pointer is shown at most one level down: `within` names an earlier item that is itself shown at the top', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('src/a.ts', 'console.log', 'the', 'run', 'rendered', 'by', 'so', ',', ' and ', '; ', "'x.md", "y.md'", 'git status', '(', ')', '1b48d2e', 'see', 'finding', 'F2', 'npm test', 'a{b,c}.md', '<cache>/src', ' '), { maxLength: 24 }),
        (words) => {
          const cell = words.join(' ');
          const pointers = classifyEvidence(cell);
          pointers.forEach((p, i) => {
            if (p.within === undefined) return;
            expect(p.within, JSON.stringify({ cell, i })).toBeLessThan(i);
            expect(pointers[p.within]?.within, JSON.stringify({ cell, i })).toBeUndefined();
          });
          // The reader's own mark never leaves it: a named pointer is told by `within`.
          for (const p of pointers) expect(p.mention).toBeUndefined();
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a sentence of plain words, however it is punctuated, is one item: never cut into commands (issue 26, scope 5)', () => {
    const word = fc.constantFrom('so', 'empty', 'string', 'absent', 'already', 'disagree', 'zero', 'tests', 'fanout', 'both', 'refusals', 'gate', 'the', 'agent', 'reports', 'empty-string');
    const sep = fc.constantFrom(' ', ', ', ' and ', ' plus ', ' + ');
    fc.assert(
      fc.property(fc.array(fc.tuple(word, sep), { minLength: 1, maxLength: 12 }), (list) => {
        // A sentence (its first word starts no command: `tests empty-string` would be one, by its shape).
        const sentence = `the ${list.map(([w, s], i) => (i === list.length - 1 ? w : `${w}${s}`)).join('')}`;
        // One item, as written (a sentence that starts like a command, `absent tests so`, is one command by its shape).
        expect(classifyEvidence(sentence).map((p) => p.raw)).toEqual([sentence]);
      }),
      { numRuns: 1000 },
    );
  });

  it('a brace path expands to the product of its lists, each path without braces', () => {
    const alt = fc.stringMatching(/^[a-z][a-z0-9-]{0,5}$/);
    fc.assert(
      fc.property(fc.array(fc.array(alt, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 3 }), (groups) => {
        const word = `docs/${groups.map((g) => `x_{${g.join(',')}}`).join('/')}.md`;
        const paths = expandBraces(word);
        expect(paths).toHaveLength(groups.reduce((n, g) => n * g.length, 1));
        for (const p of paths ?? []) expect(p).not.toMatch(/[{},]/);
        expect(new Set(classifyEvidence(word).map((p) => p.path))).toEqual(new Set(paths));
      }),
      { numRuns: 300 },
    );
  });

  it('reads at most MAX_POINTERS_PER_CELL pointers from one cell, and says the rest was not read', () => {
    const cell = Array.from({ length: 1000 }, (_, i) => `src/f${i}.ts`).join(', ');
    const got = classifyEvidence(cell);
    expect(got).toHaveLength(MAX_POINTERS_PER_CELL + 1);
    expect(got[MAX_POINTERS_PER_CELL]).toEqual({ raw: `… more than ${MAX_POINTERS_PER_CELL} pointers`, kind: 'prose', truncated: true });
  });
});
