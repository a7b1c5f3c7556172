#!/usr/bin/env node
/**
 * Writes the hostile corpus (issue 6; docs/security.md): records and repositories built to
 * make Trailbook execute, lose or leak something. Used by tests/unit/hostile-corpus.test.ts
 * and tests/e2e/hostile.test.ts, which generate it into a temporary folder; it is never
 * committed.
 *
 * Usage: `node scripts/make-hostile-corpus.ts OUT [--no-huge]`
 *
 * OUT receives three folders:
 * - `corpus/`: the input folder (`trailbook build OUT/corpus`), one project per group of cases:
 *   - `xss/<format>/`: every text field of every format carries script payloads (script tags,
 *     `on*` attributes, `javascript:` / `data:` URLs, SVG, `</script>` inside JSON, `${}` and
 *     template tricks, markup that would fetch from a foreign origin); `xss/names/` puts them in
 *     folder names (which become project titles and search filter values);
 *   - `paths/`: evidence pointers that try to leave the repository tree or the project folder
 *     (`..`, absolute paths, percent-encoding, backslashes, look-alike dots, NUL, links);
 *   - `broken/<defect>/`: each line-based format (bbs, pstack, coord.v1, beads, babysit,
 *     premises) and each whole-file format with one defect: a truncated last line, BOM and
 *     CRLF, NUL bytes, invalid UTF-8, empty, blank, duplicate keys, deep nesting, wrong types,
 *     a 1 MB line and an over-long one, many lines, a 100 MB file;
 *   - `links/`: link loops, links out of the root, broken links named like record files;
 *   - `hard/`: projects whose repositories are a shallow clone, a corrupt pack, a bad head;
 * - `outside/`: files outside the input folder holding {@link SECRET}, which must never
 *   reach the archive;
 * - `repos/`: git repositories made with the git CLI (`hostile`: payloads in commit messages,
 *   author names, file names and contents, a link to `outside/`, a submodule entry, binary,
 *   LFS-pointer and oversized files; `shallow`, `corrupt`).
 *
 * Deterministic: fixed content, fixed commit dates and identities, no randomness, so the same
 * commit ids and files on every run and machine. Returns a manifest of every case and, for
 * every line-based file, the number of physical lines it holds.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A marker written only outside the input folder: it must never appear in the archive. */
export const SECRET = 'TRAILBOOK-HOSTILE-SECRET-7f3a9c';

/** One hostile case: what it is and where it lives (project folder relative to `corpus/`). */
export interface HostileCase {
  id: string;
  group: 'xss' | 'paths' | 'broken' | 'links' | 'hard';
  project: string;
  file: string;
  what: string;
}

/** A line-based record file and the physical lines it holds (for `valid + invalid = lines`). */
export interface LineFile {
  /** Project folder relative to `corpus/`. */
  project: string;
  /** Path relative to the project folder. */
  rel: string;
  lines: number;
  /** True when the file is a refused link: it must be listed as unreadable, with no lines read. */
  refused?: boolean;
}

export interface HostileManifest {
  /** Absolute path of the input folder. */
  corpus: string;
  /** Absolute path of the folder outside it. */
  outside: string;
  /**
   * Absolute path of the folder of repositories beside it, which corpus projects name by
   * `repo`: a build allows it in its archive configuration (`allowRepositories`), as a person
   * keeping repositories beside the records would.
   */
  repos: string;
  cases: HostileCase[];
  lineFiles: LineFile[];
  /** Evidence pointers of `paths/` that must never be VERIFIED. */
  escapes: string[];
}

/** Script and fetch payloads. Each alert names itself, so a dialog says which one ran. */
export const PAYLOADS: readonly string[] = [
  '<script>alert("xss-script")</script>',
  '<img src=x onerror=alert("xss-img")>',
  '<svg onload=alert("xss-svg")>',
  '<svg><script>alert("xss-svg-script")</script></svg>',
  '"><script>alert("xss-attr-dq")</script>',
  "'><img src=x onerror=alert('xss-attr-sq')>",
  'javascript:alert("xss-js-url")',
  'data:text/html,<script>alert("xss-data-url")</script>',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  '</script><script>alert("xss-close-script")</script>',
  '${alert("xss-template")}',
  '`;alert("xss-backtick");`',
  "{{constructor.constructor('alert(\"xss-angular\")')()}}",
  '<iframe src="javascript:alert(\'xss-iframe\')"></iframe>',
  '<a href="javascript:alert(\'xss-link\')">click</a>',
  '<style>@import url(http://evil.example/x.css);</style>',
  '<link rel="stylesheet" href="http://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=http://evil.example/">',
  '<base href="http://evil.example/">',
  '<object data="http://evil.example/x.swf"></object>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert("xss-mxss")>',
  '<form action="http://evil.example/"><button>go</button></form>',
  '&lt;script&gt;alert("xss-entity")&lt;/script&gt;',
  '<!--<img src=x onerror=alert("xss-comment")>-->',
  '<details open ontoggle=alert("xss-details")>',
  '<img src="http://evil.example/pixel.png">',
  '\u2028\u2029<script>alert("xss-line-separators")</script>',
  '\u202e<script>alert("xss-rtl")</script>\u0000\ud800',
  '<x onmouseover=alert("xss-hover") style="display:block;width:9999px;height:9999px">',
  '<video><source onerror=alert("xss-video")></video>',
];

/** Markdown documents try these too (links, images, raw HTML, autolinks, references). */
export const MARKDOWN_PAYLOADS: readonly string[] = [
  '[click me](javascript:alert("xss-md-link"))',
  '[data](data:text/html,<script>alert("xss-md-data")</script>)',
  '![pixel](http://evil.example/md.png)',
  '<http://evil.example/autolink>',
  '[slashes](\\\\/evil.example/)',
  '[vb](vbscript:msgbox("xss-md-vb"))',
  '[ref link][r]\n\n[r]: javascript:alert("xss-md-ref")',
  '<img src=x onerror=alert("xss-md-html")>',
  '<script>alert("xss-md-script")</script>',
  '<svg onload=alert("xss-md-svg")></svg>',
  '[spaced](  javascript:alert("xss-md-space"))',
  '[entity](&#106;avascript:alert("xss-md-entity"))',
  '[tab](java\tscript:alert("xss-md-tab"))',
  '<a href="javascript:alert(\'xss-md-a\')">a</a>',
  '<iframe src="http://evil.example/frame"></iframe>',
  '```html\n<script>alert("xss-md-code")</script>\n```',
];

const DATE = '2026-03-02T10:00:00Z';
/** A file name longer than any file system allows (only a crafted git tree can hold it). */
export const LONG_NAME = `${'n'.repeat(296)}.md`;
const P = PAYLOADS.length;
const payload = (i: number): string => PAYLOADS[((i % P) + P) % P] as string;
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const rowId = (ts: string, ticket: string, decision: string): string => sha256(ts + ticket + decision).slice(0, 8);
const enc = (s: string): Buffer => Buffer.from(s, 'utf8');
const jsonl = (records: readonly unknown[]): string => records.map((r) => JSON.stringify(r)).join('\n') + '\n';

/** Physical lines of a file's bytes (a final line break does not open a line). */
export function physicalLineCount(bytes: Uint8Array): number {
  let n = 0;
  for (const b of bytes) if (b === 0x0a) n++;
  return bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a ? n + 1 : n;
}

const LINE_FORMATS = new Set(['decisions.jsonl', 'decisions.tsv', 'coordination.jsonl', 'history.jsonl', 'timeline.jsonl', 'premises.jsonl']);

class Writer {
  readonly cases: HostileCase[] = [];
  readonly lineFiles: LineFile[] = [];
  readonly corpus: string;
  readonly outside: string;
  readonly repos: string;
  readonly out: string;
  constructor(out: string) {
    this.out = out;
    this.corpus = path.join(out, 'corpus');
    this.outside = path.join(out, 'outside');
    this.repos = path.join(out, 'repos');
  }

  /** Writes `corpus/<project>/<rel>`; line-based record files are counted. */
  async put(project: string, rel: string, content: string | Uint8Array): Promise<void> {
    const file = path.join(this.corpus, project, ...rel.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    const bytes = typeof content === 'string' ? enc(content) : content;
    await writeFile(file, bytes);
    const name = rel.split('/').pop() as string;
    const isBeads = rel.startsWith('.beads/') && name.endsWith('.jsonl');
    if (LINE_FORMATS.has(name) || isBeads || (rel.startsWith('.audit/') && name.endsWith('.tsv'))) {
      this.lineFiles.push({ project, rel, lines: physicalLineCount(bytes) });
    }
  }

  async link(project: string, rel: string, target: string, refused = false): Promise<void> {
    const file = path.join(this.corpus, project, ...rel.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await symlink(target, file);
    if (refused) this.lineFiles.push({ project, rel, lines: 0, refused: true });
  }

  add(group: HostileCase['group'], project: string, file: string, what: string): void {
    this.cases.push({ id: `${group}:${project}:${file}:${this.cases.length + 1}`, group, project, file, what });
  }
}

// --- git --------------------------------------------------------------------

const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_DATE: '2026-03-02T09:00:00Z',
  GIT_COMMITTER_DATE: '2026-03-02T09:00:00Z',
  GIT_AUTHOR_NAME: 'Ada Example',
  GIT_AUTHOR_EMAIL: 'ada@example.com',
  GIT_COMMITTER_NAME: 'Ada Example',
  GIT_COMMITTER_EMAIL: 'ada@example.com',
  LC_ALL: 'C',
  TZ: 'UTC',
};

/** Runs git with a fixed identity, dates and no user or system configuration (NUL cannot be an argument: it is dropped). */
export function git(cwd: string, args: readonly string[], env: Record<string, string> = {}, input?: string): string {
  const clean = args.map((a) => a.replace(/\u0000/g, ''));
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'core.autocrlf=false', '-c', 'gc.auto=0', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...clean], {
    cwd,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: cwd, ...GIT_ENV, ...env },
    encoding: 'utf8',
    ...(input === undefined ? { stdio: ['ignore', 'pipe', 'pipe'] as const } : { input }),
  }).trim();
}

/** Commits everything staged at `minute` past 09:00 (so ids are fixed). */
function commit(cwd: string, minute: number, message: string, author?: { name: string; email: string }, addAll = true): string {
  const at = `2026-03-02T09:${String(minute).padStart(2, '0')}:00Z`;
  if (addAll) git(cwd, ['add', '-A']);
  git(cwd, ['commit', '-q', '--allow-empty', '-m', message], {
    GIT_AUTHOR_DATE: at,
    GIT_COMMITTER_DATE: at,
    ...(author ? { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email } : {}),
  });
  return git(cwd, ['rev-parse', 'HEAD']);
}

interface HostileRepo {
  dir: string;
  commits: string[];
  tag: string;
  branch: string;
}

/** `repos/hostile`: payloads in every place a repository can hold text. */
async function hostileRepository(w: Writer): Promise<HostileRepo> {
  const dir = path.join(w.repos, 'hostile');
  await mkdir(dir, { recursive: true });
  git(dir, ['init', '-q']);
  const file = async (rel: string, content: string | Uint8Array): Promise<void> => {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), content);
  };
  const commits: string[] = [];
  await file('README.md', '# hostile\n\nA repository whose text tries to run in the archive.\n');
  await file('src/a.ts', 'export function parseRow(line: string): unknown {\n  return JSON.parse(line);\n}\n');
  commits.push(commit(dir, 1, 'init'));
  await file('payload.html', `<!doctype html>\n${PAYLOADS.join('\n')}\n`);
  await file('payload.js', 'const a = "</script><script>alert(\\"xss-file-js\\")</script>";\nconst b = `${alert("xss-file-template")}`;\n');
  await file('payload.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(\'xss-file-svg\')"><script>alert("xss-file-svg-script")</script></svg>\n');
  await file('notes.md', `# notes\n\n${MARKDOWN_PAYLOADS.join('\n\n')}\n`);
  await file('<img src=x onerror=alert("xss-file-name")>.md', `${PAYLOADS.slice(0, 5).join('\n')}\n`);
  await file('"><svg onload=alert("xss-dir")>/x.txt', 'x\n');
  commits.push(commit(dir, 2, `${payload(0)} subject\n\n${PAYLOADS.join('\n')}\n`, { name: payload(1), email: '"><script>alert("xss-email")</script>@evil.example' }));
  await file('payload.html', `<!doctype html>\n${PAYLOADS.slice().reverse().join('\n')}\n<script>alert("xss-diff")</script>\n`);
  commits.push(commit(dir, 3, `${payload(9)}\n\n${payload(10)}`, { name: payload(4), email: 'x@evil.example' }));
  // A link to a file outside the repository (its blob is the target path), a submodule entry,
  // binary, LFS-pointer, oversized and one-line-minified files.
  await symlink(`../../outside/secret.txt`, path.join(dir, 'link-to-secret.txt'));
  await file('assets/bin.dat', Buffer.concat([enc('BIN'), Buffer.alloc(64, 0), enc(payload(0))]));
  await file('assets/big.bin', 'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n');
  await file('huge.txt', `${'0123456789abcdef '.repeat(64)}\n`.repeat(2600));
  await file('minified.js', `var x=${JSON.stringify(payload(0))};${'a=1;'.repeat(80_000)}\n`);
  git(dir, ['add', '-A']);
  git(dir, ['update-index', '--add', '--cacheinfo', `160000,${commits[0]},vendor/sub`]);
  commits.push(commit(dir, 4, 'binary, LFS, huge, link and submodule entries', undefined, false));
  // git strips `<` and `>` from names and refuses NUL in messages; a commit written byte by
  // byte carries them anyway (a stranger's repository can hold any bytes).
  // A file name no work tree can hold (300 bytes): a page path must not be made from it.
  const readme = git(dir, ['rev-parse', 'HEAD:README.md']);
  const tree = git(dir, ['mktree'], {}, `${git(dir, ['ls-tree', 'HEAD'])}\n100644 blob ${readme}\t${LONG_NAME}\n`);
  const ident = `<script>alert("xss-author")</script> <"><img src=x onerror=alert("xss-ident")>> 1772442300 +0000`;
  const body = Buffer.concat([enc(`tree ${tree}\nparent ${commits[3]}\nauthor ${ident}\ncommitter ${ident}\n\n<svg onload=alert("xss-literal")> subject\n\n`), Buffer.from([0xff, 0xfe, 0x00]), enc('</script><script>alert("xss-literal-body")</script>\n')]);
  const raw = path.join(w.repos, 'literal-commit');
  await writeFile(raw, body);
  const literal = git(dir, ['hash-object', '--literally', '-t', 'commit', '-w', raw]);
  await rm(raw);
  git(dir, ['update-ref', 'refs/heads/main', literal]);
  commits.push(literal);
  git(dir, ['tag', '-a', 'v1', '-m', `${payload(2)} tag message`]);
  const tag = git(dir, ['rev-parse', 'v1']);
  const branch = '<svg/onload=alert("xss-branch")>';
  git(dir, ['branch', branch]);
  return { dir, commits, tag, branch };
}

// --- xss: every field of every format ------------------------------------------

async function xssTrails(w: Writer, repo: HostileRepo): Promise<void> {
  const project = 'xss/bbs';
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < P; i++) {
    const ts = i % 3 === 0 ? payload(i + 1) : `2026-03-02T10:${String(i).padStart(2, '0')}:00Z`;
    const ticket = payload(i + 2);
    const decision = `${payload(i + 3)} decision ${i}`;
    const row: Record<string, unknown> = {
      id: i % 2 === 0 ? rowId(ts, ticket, decision) : payload(i + 4),
      ts,
      phase: i === 0 ? 'start' : payload(i + 5),
      ticket,
      actor: payload(i + 6),
      decision,
      why: `${payload(i + 7)} ${payload(i + 8)}`,
      evidence: [payload(i + 9), repo.commits[i % repo.commits.length], i % 4 === 0 ? 'payload.html:1-3' : 'notes.md', payload(i + 10)].join('; '),
      result: i % 5 === 0 ? 'verified' : payload(i + 11),
      [payload(i + 12)]: payload(i + 13),
      nested: { [payload(i + 14)]: [payload(i + 15)] },
    };
    if (i > 0) row['supersedes'] = i % 2 === 1 ? (rows[i - 1] as { id: string }).id : payload(i + 16);
    rows.push(row);
    w.add('xss', project, 'decisions.jsonl', `bbs row ${i + 1}: payloads in every field, an unknown key and a nested value`);
  }
  for (let i = 0; i < 10; i++) {
    rows.push(
      i % 2 === 0
        ? { ts: DATE, session: payload(i), skill: payload(i + 1), tier: payload(i + 2), principle: payload(i + 3), decision: payload(i + 4), rationale: payload(i + 5) }
        : { ts: DATE, skill: payload(i), ticket: payload(i + 1), kind: 'resize', from: payload(i + 2), to: payload(i + 3), trigger: payload(i + 4) },
    );
    w.add('xss', project, 'decisions.jsonl', `babysit telemetry row ${i + 1} with payloads`);
  }
  await w.put(project, 'decisions.jsonl', jsonl(rows));
  await w.put(project, 'trailbook.json', `${JSON.stringify({ title: `${payload(0)} ${payload(2)}`, repo: '../../../repos/hostile', head: repo.branch }, null, 2)}\n`);
  w.add('xss', project, 'trailbook.json', 'project title and head ref name with payloads');
  const flags = PAYLOADS.map((p, i) => ({ severity: (['high', 'medium', 'low'] as const)[i % 3], rows: [payload(i + 1), (rows[0] as { id: string }).id], kind: payload(i + 2), summary: `${p} ${payload(i + 3)}`, evidence: payload(i + 4) }));
  await w.put(project, 'audit.json', `${JSON.stringify({ version: 1, at: payload(5), status: 'ran', reason: payload(6), reviewer: payload(7), flags }, null, 2)}\n`);
  for (let i = 0; i < P; i++) w.add('xss', project, 'audit.json', `layer-2 flag ${i + 1}: payloads in kind, summary, rows, evidence`);

  const tsv = ['ts\tphase\tdecision\twhy\tevidence\tresult\tid\tticket\tactor\tsupersedes'];
  for (let i = 0; i < P; i++) {
    const cells = [DATE, payload(i), payload(i + 1), payload(i + 2), `${payload(i + 3)}; ${repo.commits[1]}`, i % 2 === 0 ? `'${payload(i + 4)}` : 'verified', payload(i + 5), payload(i + 6), payload(i + 7), payload(i + 8)];
    tsv.push(cells.map((c) => c.replace(/[\t\n\r]/g, ' ')).join('\t'));
    w.add('xss', 'xss/pstack', 'decisions.tsv', `pstack row ${i + 1}: payloads in every cell (formula guard too)`);
  }
  await w.put('xss/pstack', 'decisions.tsv', `${tsv.join('\n')}\n`);
  await w.put('xss/pstack', `.audit/${payload(1)}.tsv`, `${tsv.slice(0, 4).join('\n')}\n`);
  w.add('xss', 'xss/pstack', `.audit/${payload(1)}.tsv`, 'a pstack trail whose slug (and so project title) is a payload');

  for (const [i, name] of [payload(1), payload(2), '${alert("xss-folder-template")}', 'javascript:alert("xss-folder-js")', payload(25)].entries()) {
    const folder = `xss/names/${name.replace(/\//g, '∕')}`;
    const decision = `folder ${i}`;
    await w.put(folder, 'decisions.jsonl', jsonl([{ id: rowId(DATE, '', decision), ts: DATE, phase: 'start', actor: payload(i), decision, why: 'the folder name is the payload', evidence: 'README.md', result: 'verified' }]));
    w.add('xss', folder, 'decisions.jsonl', 'a project folder named with a payload (title, display path, search filter value)');
  }
}

function markdownDoc(title: string, offset: number): string {
  return [`# ${title} ${payload(offset)}`, '', PAYLOADS.slice(offset % 7, (offset % 7) + 6).join('\n\n'), '', MARKDOWN_PAYLOADS.join('\n\n'), ''].join('\n');
}

async function xssQuality(w: Writer): Promise<void> {
  const arena = 'xss/arena';
  const rubric = ['# Rubric', '', ...[0, 1, 2, 3, 4].map((i) => `${i + 1}. **${payload(i)}** — ${payload(i + 5)}`), '', MARKDOWN_PAYLOADS.join('\n\n'), ''].join('\n');
  await w.put(arena, 'design/rubric.md', rubric);
  w.add('xss', arena, 'design/rubric.md', 'rubric criteria named with payloads, markdown attacks');
  const labels = ['1', payload(1).replace(/\//g, '∕'), `candidate-${payload(4).replace(/\//g, '∕')}`];
  for (const [i, label] of labels.entries()) {
    await w.put(arena, `design/candidates/${label}/design.md`, `# Candidate ${payload(i)}\n\n## Shape\n\n${payload(i + 1)} ${payload(i + 2)}\n\n${markdownDoc('Body', i)}`);
    w.add('xss', arena, `design/candidates/${label}/design.md`, 'a candidate whose folder (its label) and Shape carry payloads');
  }
  const selection = [
    '---',
    `pick: ${JSON.stringify(payload(3))}`,
    `candidates: ${JSON.stringify(['A', payload(1), payload(6)])}`,
    `judge: ${JSON.stringify(payload(7))}`,
    'grafts:',
    `  - { from: ${JSON.stringify(payload(8))}, part: ${JSON.stringify(payload(9))} }`,
    'collapsed: false',
    'resends: 0',
    `reason: ${JSON.stringify(payload(10))}`,
    `${JSON.stringify(payload(11))}: ${JSON.stringify(payload(12))}`,
    '---',
    `# Selection ${payload(13)}`,
    '',
    '## Scores',
    '',
    `| criterion | A | ${payload(1).replace(/\|/g, '')} |`,
    '|---|---|---|',
    ...[0, 1, 2].map((i) => `| ${payload(i + 14).replace(/\|/g, '')} | 4 (§ ${payload(i + 17).replace(/\|/g, '')}) | ${payload(i + 20).replace(/\|/g, '')} |`),
    '',
    `## Pick: ${payload(3)}`,
    '',
    `${payload(23)} because ${payload(24)}`,
    '',
    '## Grafts',
    '',
    `- From ${payload(25)}: ${payload(26)}`,
    '',
    '## Dropped',
    '',
    `- A: ${payload(27)}`,
    '',
    MARKDOWN_PAYLOADS.join('\n\n'),
    '',
  ].join('\n');
  await w.put(arena, 'design/selection.md', selection);
  w.add('xss', arena, 'design/selection.md', 'selection front matter, scores table, pick, grafts and dropped with payloads');
  await w.put(arena, 'decisions.jsonl', jsonl([{ id: rowId(DATE, '', payload(5)), ts: DATE, phase: 'design', actor: payload(6), decision: payload(5), why: payload(7), evidence: 'design/selection.md', result: 'verified' }]));

  const v = 'xss/verdicts';
  const states = ['VERIFIED', 'NOT_VERIFIED', 'INCONCLUSIVE'];
  for (const [n, name] of ['T-1', payload(1).replace(/\//g, '∕'), payload(3).replace(/\//g, '∕')].entries()) {
    const criteria = PAYLOADS.map((p, i) => ({ id: payload(i + n), kind: payload(i + 1), text: p, state: i % 4 === 3 ? payload(i + 2) : states[i % 3], level: (i % 5) + 1, evidence: i % 2 === 0 ? payload(i + 3) : 'src/a.ts parseRow', nonblocking: i % 3 === 2 ? payload(i + 4) : null, [payload(i + 5)]: payload(i + 6) }));
    await w.put(v, `qa/${name}.json`, `${JSON.stringify({ version: 1, ticket: n === 0 ? payload(0) : undefined, gate: payload(2), verdict: n === 0 ? 'PASS' : payload(3), criteria, [payload(9)]: payload(10) }, null, 2)}\n`);
    for (let i = 0; i < (n === 0 ? P : 1); i++) w.add('xss', v, `qa/${name}.json`, `QA criterion ${i + 1}: payloads in id, kind, text, state, evidence, nonblocking`);
  }
  await w.put(v, 'verdicts/qa.md', [`STATUS: ${payload(0)}`, `VERDICT: FIXED(2) ${payload(1)}`, `SUMMARY: ${payload(2)}`, 'SOURCES:', `- ${payload(3)}`, `- ${payload(4)}`, `RUBRIC: flow=A ${payload(5)}=B boundary=${payload(6)}`, `EVIDENCE: ${payload(7)}`, `${payload(8)}: ${payload(9)}`, ''].join('\n'));
  w.add('xss', v, 'verdicts/qa.md', 'babysit text verdict with payloads in every key');
  await w.put(v, `verdicts/${payload(2).replace(/\//g, '∕')}.md`, `STATUS: ${payload(11)}\n\n${markdownDoc('Skill', 3)}`);
  w.add('xss', v, `verdicts/${payload(2)}.md`, 'a skill status whose file name (the skill) and body carry payloads');
  const protoRows = ['constructor', '__proto__', 'toString'].map((name, i) => ({ id: rowId(`2026-03-02T10:0${i}:00Z`, name, name), ts: `2026-03-02T10:0${i}:00Z`, phase: name, ticket: name, actor: name, decision: name, why: name, evidence: 'README.md', result: name }));
  await w.put('broken/prototype-keys', 'decisions.jsonl', jsonl(protoRows));
  w.add('broken', 'broken/prototype-keys', 'decisions.jsonl', 'phases, actors, tickets and results named constructor, __proto__ and toString (a facet value named constructor stopped the whole build)');
  await w.put(v, 'verdicts/nested.md', `STATUS: ok\n${'>'.repeat(3000)} nested 3,000 deep\n`);
  w.add('broken', v, 'verdicts/nested.md', 'markdown quoted 3,000 deep (overflowed the parser stack and stopped the whole build)');
  await w.put(v, 'verdicts/emphasis.md', `STATUS: ok\n${'*_'.repeat(40000)}\n`);
  w.add('broken', v, 'verdicts/emphasis.md', 'markdown with 80,000 emphasis markers in one paragraph (took minutes to parse)');
  const findings = PAYLOADS.map((p, i) => ({
    file: i % 3 === 0 ? 'src/a.ts' : payload(i),
    line: i % 3 === 0 ? 1 : i,
    summary: p,
    failure_scenario: i % 2 === 0 ? `repro: ${payload(i + 1)} → ${payload(i + 2)}` : payload(i + 1),
    category: i % 4 === 0 ? payload(i + 3) : 'correctness',
    verdict: i % 4 === 1 ? payload(i + 4) : 'CONFIRMED',
    level: 4,
    ...(i % 2 === 1 ? { repro: { command: payload(i + 5), output: `${payload(i + 6)}\n${payload(i + 7)}` } } : {}),
  }));
  await w.put(v, `reviews/${payload(1).replace(/\//g, '∕')}.json`, `${JSON.stringify({ version: 1, target: 'javascript:alert("xss-review-target")', checkout: true, findings, cleared: [{ check: payload(8), level: 1 }, { check: payload(9), level: 3 }] }, null, 2)}\n`);
  for (let i = 0; i < P; i++) w.add('xss', v, `reviews/${payload(1)}.json`, `review finding ${i + 1} with payloads (target is a javascript: URL)`);
  await w.put(v, 'reviews/bare.json', `${JSON.stringify(PAYLOADS.slice(0, 5).map((p, i) => ({ file: 'data:text/html,<script>alert(1)</script>', line: i + 1, summary: p, failure_scenario: payload(i + 1) })))}\n`);
  w.add('xss', v, 'reviews/bare.json', 'a bare-array review with data: URL file names');
  const premises = PAYLOADS.map((p, i) => ({ ts: i % 2 === 0 ? DATE : p, ticket: payload(i + 1), gate: i < 10 ? 'qa' : payload(i + 2), fingerprint: payload(i % 3), attempt: (i % 4) + 1, premise: i % 3 === 0 ? payload(i + 3) : null, premise_result: i % 3 === 0 ? payload(i + 4) : null, check: payload(i + 5), outcome: payload(i + 6) }));
  await w.put(v, 'premises.jsonl', jsonl(premises));
  for (let i = 0; i < P; i++) w.add('xss', v, 'premises.jsonl', `premise row ${i + 1} with payloads`);
}

const COORD_TYPES = ['SEND', 'READ', 'ACK', 'RESERVE', 'RELEASE', 'TAKEOVER', 'RESUME', 'BLOCKED', 'HANDOFF', 'INCURSION'];

async function xssLifecycle(w: Writer): Promise<void> {
  const coord = 'xss/coord';
  const events = PAYLOADS.map((p, i) => {
    const type = i < 25 ? (COORD_TYPES[i % COORD_TYPES.length] as string) : payload(i);
    const data: Record<string, unknown> = {
      event_type: type,
      event_id: i % 2 === 0 ? `evt_${i}` : payload(i + 1),
      project_root: payload(i + 2),
      to_agent: payload(i + 3),
      scope: i % 3 === 0 ? 'src/a.ts' : payload(i + 4),
      state: 'unread',
      takeover_mode: i % 2 === 0 ? 'stale' : payload(i + 5),
      reason: payload(i + 6),
      event_ref: i > 0 ? `evt_${i - 1}` : payload(i + 7),
      payload: { subject: p, body: payload(i + 8), ttl_minutes: i % 2 === 0 ? 30 : payload(i + 9), blocker: payload(i + 10), requested_action: payload(i + 11), summary: payload(i + 12), next_action: payload(i + 13), prior_agent: payload(i + 14), incursion_kind: i % 2 === 0 ? 'exact' : payload(i + 15), owner_liveness: payload(i + 16), [payload(i + 17)]: payload(i + 18) },
    };
    return { version: 'coord.v1', kind: 'coord_event', issue_id: payload(i + 19), actor: i % 4 === 0 ? 'amber-otter' : payload(i + 20), timestamp: i % 5 === 4 ? payload(i + 21) : `2026-03-06T09:${String(i).padStart(2, '0')}:00.000Z`, data };
  });
  await w.put(coord, 'coordination.jsonl', jsonl(events));
  for (let i = 0; i < P; i++) w.add('xss', coord, 'coordination.jsonl', `coord.v1 event ${i + 1}: payloads in envelope, data and payload fields`);

  const beads = 'xss/beads';
  const issues = PAYLOADS.map((p, i) => ({
    _type: 'issue',
    id: i % 2 === 0 ? `bd-${i}` : payload(i),
    title: p,
    description: `${payload(i + 1)}\n\n${MARKDOWN_PAYLOADS[i % MARKDOWN_PAYLOADS.length]}`,
    notes: payload(i + 2),
    design: payload(i + 3),
    acceptance_criteria: payload(i + 4),
    status: i % 3 === 0 ? 'open' : payload(i + 5),
    priority: i % 2 === 0 ? 1 : payload(i + 6),
    issue_type: payload(i + 7),
    assignee: payload(i + 8),
    owner: payload(i + 9),
    created_by: payload(i + 10),
    created_at: i % 2 === 0 ? DATE : payload(i + 11),
    labels: [payload(i + 12), payload(i + 13)],
    dependencies: [{ issue_id: `bd-${i}`, depends_on_id: i % 2 === 0 ? `bd-${i + 2}` : payload(i + 14), type: payload(i + 15) }],
    comments: [{ id: i, author: payload(i + 16), text: payload(i + 17), created_at: DATE }],
    [payload(i + 18)]: payload(i + 19),
  }));
  issues.push({ ...(issues[0] as (typeof issues)[number]), id: 'BD-0', title: 'same id as bd-0 but for case' } as (typeof issues)[number]);
  await w.put(beads, '.beads/issues.jsonl', jsonl(issues));
  for (let i = 0; i < P; i++) w.add('xss', beads, '.beads/issues.jsonl', `beads issue ${i + 1}: payloads in id (its page URL), title, fields, labels, dependencies, comments`);
  const bevents = PAYLOADS.map((p, i) => ({ id: i, issue_id: i % 2 === 0 ? `bd-${i}` : payload(i), event_type: i % 3 === 0 ? 'status_changed' : payload(i + 1), actor: payload(i + 2), created_at: DATE, old_value: JSON.stringify({ status: payload(i + 3), title: p }), new_value: i % 2 === 0 ? JSON.stringify({ status: 'closed', [payload(i + 4)]: payload(i + 5) }) : payload(i + 6), comment: payload(i + 7) }));
  await w.put(beads, '.beads/backup/events.jsonl', jsonl(bevents));
  for (let i = 0; i < P; i++) w.add('xss', beads, '.beads/backup/events.jsonl', `beads event ${i + 1} with payloads (JSON text in old/new values)`);
  await w.put(beads, '.beads/interactions.jsonl', jsonl(PAYLOADS.map((p, i) => ({ id: i, kind: i % 2 === 0 ? 'field_change' : p, created_at: DATE, actor: payload(i + 1), issue_id: `bd-${i - (i % 2)}`, extra: { field: payload(i + 2), old_value: payload(i + 3), new_value: payload(i + 4) } }))));
  w.add('xss', beads, '.beads/interactions.jsonl', 'bd audit entries with payloads');
  await w.put(beads, '.beads/backup/comments.jsonl', jsonl(PAYLOADS.slice(0, 5).map((p, i) => ({ id: `c${i}`, issue_id: `bd-${i * 2}`, author: payload(i + 1), text: p, created_at: DATE }))));
  await w.put(beads, '.beads/backup/labels.jsonl', jsonl(PAYLOADS.slice(0, 5).map((p, i) => ({ issue_id: `bd-${i * 2}`, label: p }))));
  await w.put(beads, '.beads/backup/config.jsonl', jsonl(PAYLOADS.slice(0, 5).map((p, i) => ({ key: payload(i + 1), value: p }))));
  await w.put(beads, '.beads/backup/dependencies.jsonl', jsonl(PAYLOADS.slice(0, 5).map((p, i) => ({ issue_id: `bd-${i * 2}`, depends_on_id: p, type: payload(i + 1), created_at: DATE, created_by: payload(i + 2) }))));
  await w.put(beads, '.beads/memories.jsonl', jsonl(PAYLOADS.slice(0, 5).map((p, i) => ({ _type: 'memory', key: payload(i + 1), value: p }))));
  w.add('xss', beads, '.beads/backup/*.jsonl', 'beads comments, labels, config, dependencies and memories with payloads');

  const babysit = 'xss/babysit';
  await w.put(babysit, 'history.jsonl', jsonl(PAYLOADS.map((p, i) => ({ ts: i % 3 === 2 ? payload(i) : DATE, ticket: payload(i + 1), branch: payload(i + 2), event: p, actor: payload(i + 3), [payload(i + 4)]: payload(i + 5) }))));
  await w.put(babysit, 'timeline.jsonl', jsonl(PAYLOADS.map((p, i) => ({ ts: DATE, ticket: payload(i + 1), workflow: payload(i + 2), step: p, status: payload(i + 3), branch: payload(i + 4), note: payload(i + 5), actor: payload(i + 6) }))));
  for (let i = 0; i < P; i++) w.add('xss', babysit, 'history.jsonl + timeline.jsonl', `babysit history and timeline rows ${i + 1} with payloads`);
}

// --- paths: evidence that tries to leave the tree --------------------------------

/** Evidence pointers that must never read outside the repository tree or the project folder. */
export const ESCAPES: readonly string[] = [
  '../../outside/secret.txt',
  '../secret.txt',
  '../../../outside/secret.txt:1',
  'src/../../../outside/secret.txt',
  'src/./../../../../outside/secret.txt#L1-L2',
  '/etc/passwd',
  '/etc/hostname:1',
  '~/secret.txt',
  'file:///etc/passwd',
  '%2e%2e/%2e%2e/outside/secret.txt',
  '..%2f..%2foutside%2fsecret.txt',
  '%2E%2E%5C%2E%2E%5Coutside%5Csecret.txt',
  '..\\..\\outside\\secret.txt',
  'src\\..\\..\\..\\outside\\secret.txt',
  '．．/．．/outside/secret.txt',
  '‥/‥/outside/secret.txt',
  '..∕..∕outside∕secret.txt',
  '.\u200b./.\u200b./outside/secret.txt',
  'src/a.ts\u0000/../../../outside/secret.txt',
  'C:\\Windows\\win.ini',
  '\\\\evil.example\\share\\x',
  '//evil.example/x',
  '\\/evil.example/x',
  '.git/config',
  '.git/HEAD',
  '.GIT/config',
  'secret-link.txt',
  'secret-link.txt:1',
  'link-dir/secret.txt',
  'link-to-secret.txt:1',
  'vendor/sub',
  'vendor/sub/secret.txt',
  'javascript:alert("xss-evidence")',
  'data:text/html,<script>alert("xss-evidence-data")</script>',
  'vbscript:msgbox(1)',
  '....//....//outside/secret.txt',
  '.../.../outside/secret.txt',
  'src/a.ts:1-99999999999999999999',
  '%00../../outside/secret.txt',
];

async function paths(w: Writer): Promise<void> {
  const project = 'paths';
  const rows = ESCAPES.map((e, i) => {
    const decision = `escape attempt ${i + 1}`;
    return { id: rowId(DATE, '', decision), ts: DATE, phase: i === 0 ? 'start' : 'phase-1', actor: 'lead', decision, why: 'evidence that tries to leave the repository tree', evidence: e, result: 'verified' };
  });
  await w.put(project, 'decisions.jsonl', jsonl(rows));
  for (const e of ESCAPES) w.add('paths', project, 'decisions.jsonl', `evidence ${JSON.stringify(e)} never reads outside the tree`);
  await w.put(project, 'trailbook.json', `${JSON.stringify({ title: 'Path escapes', repo: '../../repos/hostile' }, null, 2)}\n`);
  // An artifact folder with links out of it and a .git folder holding the secret.
  await w.link(project, 'secret-link.txt', '../../outside/secret.txt');
  await w.link(project, 'link-dir', '../../outside');
  await w.put(project, '.git/config', `[remote "origin"]\n\turl = https://user:${SECRET}@example.com/x.git\n`);
  await w.put(project, 'qa/T-9.json', `${JSON.stringify({ version: 1, ticket: 'T-9', gate: 'qa', verdict: 'PASS', criteria: ESCAPES.slice(0, 12).map((e, i) => ({ id: `AC-${i + 1}`, kind: 'criterion', text: 'reads outside?', state: 'VERIFIED', level: 4, evidence: e, nonblocking: null })) }, null, 2)}\n`);
  await w.put(project, 'reviews/escape.json', `${JSON.stringify(ESCAPES.slice(0, 12).map((e, i) => ({ file: e, line: i + 1, summary: 'a finding that points out of the tree', failure_scenario: 'n/a' })))}\n`);
  w.add('paths', project, 'qa/T-9.json', 'QA criteria evidence that tries to leave the tree');
  w.add('paths', project, 'reviews/escape.json', 'review findings located outside the tree');
  // A head ref that is a path: it must never be looked up as a file (its first line would leak).
  const traversal = 'paths-head';
  await w.put(traversal, 'decisions.jsonl', jsonl([{ id: rowId(DATE, '', 'x'), ts: DATE, phase: 'start', actor: 'lead', decision: 'x', why: 'head is a path', evidence: 'README.md', result: 'verified' }]));
  await w.put(traversal, 'trailbook.json', `${JSON.stringify({ title: 'Head ref traversal', repo: '../../repos/hostile', head: '../../../../outside/secret.txt' }, null, 2)}\n`);
  w.add('paths', traversal, 'trailbook.json', 'a head "ref" that is a path to a secret file');
}

// --- broken input ---------------------------------------------------------------

interface Defect {
  name: string;
  what: string;
  /** The bytes of each line-based format with this defect. */
  lines: (format: LineFormat) => Uint8Array;
  /** Whole-file formats with this defect (path → bytes), optional. */
  whole?: () => Record<string, Uint8Array>;
}

type LineFormat = 'bbs' | 'pstack' | 'coord' | 'beads' | 'babysit' | 'premises';

const LINE_FILE: Record<LineFormat, string> = {
  bbs: 'decisions.jsonl',
  pstack: 'decisions.tsv',
  coord: 'coordination.jsonl',
  beads: '.beads/issues.jsonl',
  babysit: 'history.jsonl',
  premises: 'premises.jsonl',
};

/** A valid record of each format (n makes it unique). */
function good(format: LineFormat, n: number): string {
  const decision = `decision ${n}`;
  switch (format) {
    case 'bbs':
      return JSON.stringify({ id: rowId(DATE, '', decision), ts: DATE, phase: n === 0 ? 'start' : 'p1', actor: 'lead', decision, why: 'because', evidence: 'README.md', result: 'verified' });
    case 'pstack':
      return [DATE, 'p1', decision, 'because', 'README.md', 'verified'].join('\t');
    case 'coord':
      return JSON.stringify({ version: 'coord.v1', kind: 'coord_event', issue_id: 'ex-1', actor: 'amber-otter', timestamp: `2026-03-06T09:${String(n % 60).padStart(2, '0')}:00.000Z`, data: { event_type: 'RESERVE', event_id: `evt_${n}`, project_root: '/r', scope: `s${n}`, payload: { ttl_minutes: 30 } } });
    case 'beads':
      return JSON.stringify({ id: `bd-${n}`, title: `issue ${n}`, status: 'open' });
    case 'babysit':
      return JSON.stringify({ ts: DATE, ticket: 'T-1', branch: 'b', event: `event ${n}`, actor: 'lead' });
    case 'premises':
      return JSON.stringify({ ts: DATE, ticket: 'T-1', gate: 'qa', fingerprint: 'f', attempt: n + 1, premise: null, premise_result: null, check: null });
  }
}

const TSV_HEADER = 'ts\tphase\tdecision\twhy\tevidence\tresult';
/** A file of `lines` (strings or raw bytes) joined by LF, with a final LF unless `final` is false. */
function file(format: LineFormat, body: Array<string | Uint8Array>, options: { final?: boolean; eol?: string; bom?: boolean } = {}): Uint8Array {
  const eol = enc(options.eol ?? '\n');
  // A babysit file is recognised by its first record, and a pstack file reads its header.
  const head = format === 'babysit' ? [good('babysit', 900)] : format === 'pstack' ? [TSV_HEADER] : [];
  const all = [...head, ...body];
  const parts: Uint8Array[] = options.bom ? [Buffer.from([0xef, 0xbb, 0xbf])] : [];
  all.forEach((l, i) => {
    parts.push(typeof l === 'string' ? enc(l) : l);
    if (i < all.length - 1 || options.final !== false) parts.push(eol);
  });
  return Buffer.concat(parts);
}

const deep = (depth: number): string => `${'['.repeat(depth - 1)}1${']'.repeat(depth - 1)}`;

/** A record of the format with an extra field `extra` (raw JSON text) inserted. */
function withField(format: LineFormat, n: number, key: string, rawValue: string): string {
  if (format === 'pstack') return `${good(format, n)}\t${rawValue}`;
  const g = good(format, n);
  return `${g.slice(0, -1)},${JSON.stringify(key)}:${rawValue}}`;
}

const DEFECTS: readonly Defect[] = [
  {
    name: 'truncated',
    what: 'a last line cut short, with no final line break',
    lines: (f) => file(f, [good(f, 0), good(f, 1).slice(0, 25)], { final: false }),
    whole: () => ({ 'audit.json': enc('{"version":1,"at":"2026-03-02T18:00:00Z","status":"ran","rev'), 'qa/T-1.json': enc('{"version":1,"ticket":"T-1","gate":"qa","verdict":"PASS","criteria":[{"id":"A'), 'trailbook.json': enc('{"title":"trun') }),
  },
  {
    name: 'bom-crlf',
    what: 'a UTF-8 BOM and CRLF line ends (valid records)',
    lines: (f) => file(f, [good(f, 0), good(f, 1), good(f, 2)], { eol: '\r\n', bom: true }),
    whole: () => ({ 'audit.json': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), enc('{"version":1,\r\n"at":"2026-03-02T18:00:00Z",\r\n"status":"not-run","reason":"none"}\r\n')]), 'design/selection.md': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), enc('---\r\npick: A\r\n---\r\n# Selection\r\n')]) }),
  },
  {
    name: 'nul',
    what: 'NUL bytes inside and instead of records',
    lines: (f) => file(f, [good(f, 0), Buffer.concat([enc(good(f, 1).slice(0, 10)), Buffer.alloc(3, 0), enc(good(f, 1).slice(10))]), Buffer.alloc(8, 0), good(f, 2)]),
    whole: () => ({ 'audit.json': Buffer.concat([enc('{"version":1,"at":"x",'), Buffer.alloc(4, 0), enc('"status":"failed","reason":"r"}\n')]), 'verdicts/qa.md': Buffer.concat([enc('STATUS: DONE\nVERDICT: PASS\n'), Buffer.alloc(16, 0), enc('\n')]) }),
  },
  {
    name: 'invalid-utf8',
    what: 'bytes that are not UTF-8: lone continuation bytes, overlong forms, surrogates, a sequence cut at the line end',
    lines: (f) => file(f, [good(f, 0), Buffer.concat([enc(good(f, 1).slice(0, -2)), Buffer.from([0x80, 0xc0, 0xaf, 0xed, 0xa0, 0x80]), enc(good(f, 1).slice(-2))]), Buffer.concat([enc(good(f, 2)), Buffer.from([0xe2, 0x82])]), good(f, 3)]),
    whole: () => ({ 'design/rubric.md': Buffer.concat([enc('# Rubric\n\n1. **Fast** — ok\n2. **Bad '), Buffer.from([0xff, 0xfe]), enc('** — x\n3. **Third** — y\n')]), 'qa/T-1.json': Buffer.concat([enc('{"version":1,"ticket":"T-1","gate":"qa","verdict":"PASS","criteria":[{"id":"A\xff","kind":"criterion","text":"t","state":"VERIFIED","level":4,"evidence":"README.md","nonblocking":null}]}\n'.replace('\xff', '')), Buffer.from([0xc3])]), 'audit.json': Buffer.concat([enc('{"version":1,"at":"2026-03-02T18:00:00Z","status":"not-run","reason":"'), Buffer.from([0xff]), enc('"}\n')]) }),
  },
  {
    name: 'empty',
    what: 'empty files (zero bytes)',
    lines: (f) => (f === 'babysit' ? file(f, []) : new Uint8Array(0)),
    whole: () => ({ 'audit.json': new Uint8Array(0), 'qa/T-1.json': new Uint8Array(0), 'reviews/r.json': new Uint8Array(0), 'design/selection.md': new Uint8Array(0), 'design/rubric.md': new Uint8Array(0), 'verdicts/qa.md': new Uint8Array(0), 'trailbook.json': new Uint8Array(0) }),
  },
  {
    name: 'blank',
    what: 'blank and whitespace-only lines, a lone CR',
    lines: (f) => file(f, ['', '   ', '\t', '\r', good(f, 0), '']),
    whole: () => ({ 'audit.json': enc('\n\n   \n'), 'verdicts/review.md': enc('\n\n') }),
  },
  {
    name: 'duplicate-keys',
    what: 'a key written twice (JSON.parse keeps the last value silently), at the top, nested, and through an escape',
    lines: (f) =>
      f === 'pstack'
        ? file(f, [good(f, 0), `${TSV_HEADER}`, good(f, 1)])
        : file(f, [good(f, 0), withField(f, 1, 'ts', '"2099-01-01T00:00:00Z"'), withField(f, 2, 'x', '{"a":1,"a":2}'), withField(f, 3, 'y', '[{"b":1,"\\u0062":2}]'), good(f, 4)]),
    whole: () => ({
      'audit.json': enc('{"version":1,"at":"2026-03-02T18:00:00Z","status":"failed","reason":"tests fail","status":"ran","reviewer":"r","flags":[]}\n'),
      'qa/T-1.json': enc('{"version":1,"ticket":"T-1","gate":"qa","verdict":"FAIL","criteria":[],"verdict":"PASS"}\n'),
      'reviews/r.json': enc('[{"file":"a","line":1,"summary":"s","failure_scenario":"f","verdict":"REFUTED","verdict":"CONFIRMED"}]\n'),
      'trailbook.json': enc('{"title":"dup","repo":"../../x","repo":"../../y"}\n'),
    }),
  },
  {
    name: 'deep',
    what: 'nesting 100 levels (kept), 101 levels and 50,000 levels (refused: would overflow every recursive walk)',
    lines: (f) => (f === 'pstack' ? file(f, [good(f, 0), good(f, 1)]) : file(f, [withField(f, 0, 'ok', deep(99)), withField(f, 1, 'over', deep(100)), withField(f, 2, 'deep', deep(50_000)), good(f, 3)])),
    whole: () => ({ 'audit.json': enc(`{"version":1,"at":"x","status":"failed","reason":"r","x":${deep(50_000)}}\n`), 'qa/T-1.json': enc(`{"version":1,"ticket":"T-1","gate":"qa","verdict":"PASS","criteria":[],"x":${deep(50_000)}}\n`), 'design/selection.md': enc(`---\npick: A\nx: ${deep(20_000)}\n---\n# Selection\n`) }),
  },
  {
    name: 'wrong-types',
    what: 'fields of the wrong type: numbers, arrays, objects, null, booleans',
    lines: (f) => {
      const bad: Record<LineFormat, string[]> = {
        bbs: ['{"id":1,"ts":2,"phase":[],"actor":{},"decision":null,"why":true,"evidence":["a"],"result":{"x":1}}', '{"id":"x","ts":"t","phase":"p","actor":"a","decision":"d","why":"w","evidence":"e","result":"r","supersedes":["a"]}'],
        pstack: ['1\t2\t3\t4\t5'],
        coord: ['{"version":"coord.v1","kind":"coord_event","issue_id":1,"actor":[],"timestamp":{},"data":"not an object"}', '{"version":"coord.v1","kind":"coord_event","issue_id":"i","actor":"a","timestamp":"2026-03-06T09:00:00Z","data":{"event_type":7,"event_id":null,"payload":[]}}'],
        beads: ['{"id":5,"title":["x"],"status":{}}', '{"issue_id":"bd-0","event_type":3}'],
        babysit: ['{"ts":1,"event":["x"],"actor":{}}', '{"ts":"t","step":null}'],
        premises: ['{"gate":1,"attempt":"two"}', '{"gate":"qa","attempt":-1}', '{"gate":"qa","attempt":1.5}'],
      };
      return file(f, [good(f, 0), ...bad[f], good(f, 1)]);
    },
    whole: () => ({ 'audit.json': enc('{"version":"1","at":5,"status":["ran"],"reviewer":{},"flags":"none"}\n'), 'qa/T-1.json': enc('{"version":1,"ticket":3,"gate":[],"verdict":{},"criteria":"x"}\n'), 'reviews/r.json': enc('{"version":1,"target":5,"checkout":"yes","findings":{},"cleared":7}\n'), 'trailbook.json': enc('{"title":5,"repo":[],"head":{}}\n') }),
  },
  {
    name: 'long-line',
    what: 'a 1 MB record (read, flagged when over 4 KiB) and a 5 MB line (over the 4 MiB line limit: kept by its start, not read)',
    lines: (f) => file(f, [good(f, 0), f === 'pstack' ? [DATE, 'p1', 'long', 'x'.repeat(1_000_000), 'README.md', 'verified'].join('\t') : withField(f, 1, 'long', JSON.stringify('x'.repeat(1_000_000))), f === 'pstack' ? 'y'.repeat(5_000_000) : withField(f, 2, 'long', JSON.stringify(`${payload(0)}${'y'.repeat(5_000_000)}`)), good(f, 3)]),
    whole: () => ({ 'audit.json': enc(`{"version":1,"at":"x","status":"not-run","reason":"${'r'.repeat(9_000_000)}"}\n`) }),
  },
  {
    name: 'many-lines',
    what: '1,000 short lines of garbage between valid records',
    lines: (f) => file(f, [good(f, 0), ...Array.from({ length: 1000 }, (_, i) => (i % 3 === 0 ? `garbage ${i}` : i % 3 === 1 ? '[1,2,3]' : '"text"')), good(f, 1)]),
  },
  {
    name: 'shapes',
    what: 'JSON values that are not objects, and objects of no known shape',
    lines: (f) => file(f, [good(f, 0), '[]', '"x"', '42', 'null', 'true', '{}', '{"unknown":"shape"}', good(f, 1)]),
  },
];

/** The 100 MB file: over-long lines (not read) between a few valid rows; the last line cut short. */
async function hugeFile(w: Writer): Promise<void> {
  const project = 'broken/huge';
  const chunks: Buffer[] = [enc(`${good('bbs', 0)}\n`)];
  const long = Buffer.alloc(4_400_000, 0x61);
  long.write('{"note":"', 0);
  for (let i = 0; i < 23; i++) chunks.push(long, enc(`\n${good('bbs', i + 1)}\n`));
  chunks.push(enc(`${withField('bbs', 30, 'big', JSON.stringify('z'.repeat(1_000_000)))}\n`));
  chunks.push(enc(good('bbs', 31).slice(0, 40)));
  await w.put(project, 'decisions.jsonl', Buffer.concat(chunks));
  w.add('broken', project, 'decisions.jsonl', 'a 100 MB trail: 23 lines over the line limit, valid rows between them, a 1 MB row and a cut last line');
}

async function broken(w: Writer, huge: boolean): Promise<void> {
  for (const d of DEFECTS) {
    const project = `broken/${d.name}`;
    for (const format of Object.keys(LINE_FILE) as LineFormat[]) {
      await w.put(project, LINE_FILE[format], d.lines(format));
      w.add('broken', project, LINE_FILE[format], `${format}: ${d.what}`);
    }
    for (const [rel, bytes] of Object.entries(d.whole?.() ?? {})) {
      await w.put(project, rel, bytes);
      w.add('broken', project, rel, `${rel}: ${d.what}`);
    }
  }
  // A file the builder cannot read (when not running as root; as root it is read normally).
  await w.put('broken/unreadable', 'decisions.jsonl', `${good('bbs', 0)}\n`);
  await w.put('broken/unreadable', 'premises.jsonl', `${good('premises', 0)}\n`);
  await chmod(path.join(w.corpus, 'broken/unreadable/premises.jsonl'), 0o000);
  w.add('broken', 'broken/unreadable', 'premises.jsonl', 'a file without read permission');
  if (huge) await hugeFile(w);
}

// --- links ------------------------------------------------------------------------

async function links(w: Writer): Promise<void> {
  const project = 'links';
  await w.put(project, 'decisions.jsonl', `${good('bbs', 0)}\n`);
  await w.link(project, 'loop-self', '.');
  await w.link(project, 'loop-parent', '..');
  await w.link(project, 'deep/a/b/loop-up', '../../..');
  await w.link(project, 'outside-dir', '../../outside');
  await w.link(project, 'dangling', 'nowhere');
  await w.link(project, 'self-loop', 'self-loop');
  // A name that would drive the terminal of whoever runs the build (retitle it, write the clipboard).
  await w.link(project, '\u001b]0;pwned\u0007\u001b]52;c;cHduZWQ=\u0007\u001b[2J', 'nowhere');
  for (const what of ['loop to itself', 'loop to its parent', 'loop three levels up', 'link to a folder outside the root', 'dangling link', 'link to itself (ELOOP)', 'a link named with terminal escape sequences']) w.add('links', project, '(links)', what);
  const refused = 'links/refused';
  await w.put(refused, 'history.jsonl', `${good('babysit', 0)}\n`);
  await w.link(refused, 'decisions.jsonl', '../../../outside/decisions.jsonl', true);
  await w.link(refused, 'audit.json', 'missing-audit.json');
  await w.link(refused, 'coordination.jsonl', 'coordination.jsonl', true);
  await w.link(refused, '.beads/issues.jsonl', '../../../../outside/issues.jsonl', true);
  await w.link(refused, 'design/selection.md', '../../../../outside/secret.txt');
  w.add('links', refused, 'decisions.jsonl', 'a trail that is a link out of the root: listed as not read, never read');
  w.add('links', refused, 'audit.json', 'audit.json as a dangling link');
  w.add('links', refused, 'coordination.jsonl', 'a coord stream that is a link to itself');
  w.add('links', refused, '.beads/issues.jsonl', 'a beads file linked out of the root');
  w.add('links', refused, 'design/selection.md', 'a selection.md linked to the secret');
  const inside = 'links/inside';
  await w.link(inside, 'decisions.jsonl', '../../broken/bom-crlf/decisions.jsonl');
  w.lineFiles.push({ project: inside, rel: 'decisions.jsonl', lines: 3 });
  w.add('links', inside, 'decisions.jsonl', 'a link to a trail inside the root: read');
}

// --- hard repositories in the corpus ------------------------------------------------

async function hard(w: Writer, repo: HostileRepo): Promise<void> {
  const shallow = path.join(w.repos, 'shallow');
  git(w.repos, ['clone', '-q', '--depth', '1', '--no-checkout', '--no-local', `file://${repo.dir}`, shallow]);
  const head = git(shallow, ['rev-parse', 'HEAD']);
  const cite = (project: string, evidence: string[], config: Record<string, string>): Promise<void> =>
    w
      .put(project, 'decisions.jsonl', jsonl(evidence.map((e, i) => ({ id: rowId(DATE, '', `d${i}`), ts: DATE, phase: i === 0 ? 'start' : 'p1', actor: 'lead', decision: `d${i}`, why: 'hard repository', evidence: e, result: 'verified' }))))
      .then(() => w.put(project, 'trailbook.json', `${JSON.stringify(config)}\n`));
  await cite('hard/shallow', [head, repo.commits[0] as string, 'README.md'], { repo: '../../../repos/shallow' });
  w.add('hard', 'hard/shallow', 'decisions.jsonl', 'a shallow clone: a commit beyond its boundary is inconclusive, not missing');
  const corrupt = path.join(w.repos, 'corrupt');
  git(w.repos, ['clone', '-q', '--bare', '--no-local', `file://${repo.dir}`, corrupt]);
  git(corrupt, ['repack', '-q', '-a', '-d']);
  const pack = (await readdir(path.join(corrupt, 'objects', 'pack'))).find((f) => f.endsWith('.pack')) as string;
  const packFile = path.join(corrupt, 'objects', 'pack', pack);
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(packFile);
  for (let i = 12; i < bytes.length - 20; i += 7) bytes[i] = (bytes[i] as number) ^ 0x5a;
  await writeFile(packFile, bytes);
  await cite('hard/corrupt', [repo.commits[1] as string, 'payload.html', 'README.md:1'], { repo: '../../../repos/corrupt' });
  w.add('hard', 'hard/corrupt', 'decisions.jsonl', 'a repository whose pack is corrupt: inconclusive, never a crash');
  await cite('hard/bad-head', [repo.commits[1] as string, 'README.md'], { repo: '../../../repos/hostile', head: 'no-such-branch' });
  w.add('hard', 'hard/bad-head', 'decisions.jsonl', 'a head that does not resolve: commits can still be found, paths cannot be checked');
  const long = `hard/${'a'.repeat(200)}/${'b'.repeat(200)}`;
  await cite(long, [repo.commits[4] as string, LONG_NAME, 'README.md'], { repo: '../../../../repos/hostile' });
  w.add('hard', long, 'decisions.jsonl', 'a project folder path and a cited file name too long to become file names in the archive');
  await cite('hard/not-a-repo', [repo.commits[1] as string], { repo: '../../../outside' });
  w.add('hard', 'hard/not-a-repo', 'decisions.jsonl', 'repo names a folder that is not a repository');
}

// --- issue 14: git links out of the input, .git through a link, amplification, back-dated supersedes ---
//
// Kept in one block (other rounds add theirs beside it). Every case here has its exact expected
// outcome in tests/unit/hostile-corpus.test.ts ("issue 14") and tests/e2e/hostile.test.ts.

/** Bytes of the blob built to inflate (`hard/zip-bomb`): over the 64 MiB object limit, a few hundred KB packed. */
export const BOMB_BYTES = 128 * 1024 * 1024;
/** Empty QA files in `broken/amplify`: more than the 200 of one kind a project lists. */
export const EMPTY_QA_FILES = 1000;
/** Lines that are not JSON in `broken/amplify`. */
export const GARBAGE_LINES = 50_000;

/** `outside/private`: a repository outside the input whose `.env`, commit message and author hold the secret. */
async function privateRepository(w: Writer): Promise<{ dir: string; commit: string; envBlob: string }> {
  const dir = path.join(w.outside, 'private');
  await mkdir(dir, { recursive: true });
  git(dir, ['init', '-q']);
  await writeFile(path.join(dir, '.env'), `TOKEN=${SECRET}\n`);
  await writeFile(path.join(dir, 'README.md'), `# private ${SECRET}\n`);
  const commit = (() => {
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-q', '-m', `private ${SECRET}`], { GIT_AUTHOR_NAME: SECRET });
    return git(dir, ['rev-parse', 'HEAD']);
  })();
  return { dir, commit, envBlob: git(dir, ['rev-parse', 'HEAD:.env']) };
}

/** A work tree in the corpus with one public commit, and its trail citing `evidence`. */
async function publicWorkTree(w: Writer, project: string, evidence: string[]): Promise<string> {
  const dir = path.join(w.corpus, project);
  await w.put(project, 'README.md', '# public\n');
  git(dir, ['init', '-q']);
  commit(dir, 10, 'public');
  await w.put(project, 'decisions.jsonl', jsonl(evidence.map((e, i) => ({ id: rowId(DATE, '', `g${i}`), ts: DATE, phase: i === 0 ? 'start' : 'p1', actor: 'lead', decision: `g${i}`, why: 'git data through links', evidence: e, result: 'verified' }))));
  return dir;
}

async function gitLinks(w: Writer): Promise<void> {
  const priv = await privateRepository(w);
  const both = await publicWorkTree(w, 'links/git-objects-refs', [priv.commit, '.env:1']);
  for (const part of ['objects', 'refs']) {
    await rm(path.join(both, '.git', part), { recursive: true });
    await symlink(path.join(priv.dir, '.git', part), path.join(both, '.git', part));
  }
  w.add('links', 'links/git-objects-refs', '.git/objects', ".git/objects and .git/refs are links into a private repository: its commit must not verify, its .env must not be published");
  const loose = await publicWorkTree(w, 'links/git-loose-object', ['README.md:1']);
  const readme = git(loose, ['rev-parse', 'HEAD:README.md']);
  const object = path.join(loose, '.git', 'objects', readme.slice(0, 2), readme.slice(2));
  await rm(object);
  await symlink(path.join(priv.dir, '.git', 'objects', priv.envBlob.slice(0, 2), priv.envBlob.slice(2)), object);
  w.add('links', 'links/git-loose-object', '.git/objects/…', "a loose object linked to the private repository's .env blob");
  const ref = await publicWorkTree(w, 'links/git-ref-file', ['README.md']);
  await rm(path.join(ref, '.git', 'refs', 'heads', 'main'));
  await symlink(path.join(w.outside, 'secret.txt'), path.join(ref, '.git', 'refs', 'heads', 'main'));
  w.add('links', 'links/git-ref-file', '.git/refs/heads/main', 'refs/heads/main is a link to a file holding the secret: never read, never quoted');
  const packed = await publicWorkTree(w, 'links/git-packed-refs', ['README.md']);
  git(packed, ['pack-refs', '--all']);
  await writeFile(path.join(w.outside, 'packed-refs'), `${priv.commit} refs/heads/main\n# ${SECRET}\n`);
  await rm(path.join(packed, '.git', 'packed-refs'));
  await symlink(path.join(w.outside, 'packed-refs'), path.join(packed, '.git', 'packed-refs'));
  w.add('links', 'links/git-packed-refs', '.git/packed-refs', 'packed-refs is a link out (naming the private commit as main)');
  const dotgit = await publicWorkTree(w, 'links/dot-git-link', ['g/config:2', 'g//config', './g/config']);
  await writeFile(path.join(dotgit, '.git', 'config'), `[core]\n\turl = https://user:${SECRET}@example.com/x.git\n`);
  await w.link('links/dot-git-link', 'g', '.git');
  await w.link('links/dot-git-link', 'inner', '.git/logs');
  w.add('links', 'links/dot-git-link', 'g', 'g -> .git: g/config:2, g//config and ./g/config must not verify as artifacts; the walk does not follow links into .git');
}

async function amplify(w: Writer): Promise<void> {
  const project = 'broken/amplify';
  await w.put(project, 'decisions.jsonl', `${good('bbs', 0)}\n${'x\n'.repeat(GARBAGE_LINES)}`);
  for (let i = 0; i < EMPTY_QA_FILES; i++) await w.put(project, `qa/T-${String(i).padStart(4, '0')}.json`, new Uint8Array(0));
  w.add('broken', project, 'qa/*.json', `${EMPTY_QA_FILES} empty QA files: 200 listed, the rest summarised and counted`);
  w.add('broken', project, 'decisions.jsonl', `${GARBAGE_LINES} lines that are not JSON: 200 listed, the rest summarised and counted`);
}

async function backdated(w: Writer): Promise<void> {
  const project = 'broken/supersedes-backdated';
  const failed = { id: rowId('2026-03-02T12:00:00Z', '', 'tests pass'), ts: '2026-03-02T12:00:00Z', phase: 'qa', actor: 'lead', decision: 'tests pass', why: 'ran the suite', evidence: 'README.md', result: 'failed' };
  const start = { id: rowId('2026-03-02T08:00:00Z', '', 'start'), ts: '2026-03-02T08:00:00Z', phase: 'start', actor: 'lead', decision: 'start', why: 'w', evidence: 'README.md', result: 'verified' };
  const hider = { id: rowId('2026-03-02T09:00:00Z', '', 'tests pass (rerun)'), ts: '2026-03-02T09:00:00Z', phase: 'qa', actor: 'lead', decision: 'tests pass (rerun)', why: 'back-dated to hide the failure', evidence: 'README.md', result: 'verified', supersedes: failed.id };
  await w.put(project, 'decisions.jsonl', jsonl([start, failed, hider]));
  w.add('broken', project, 'decisions.jsonl', 'a superseder timestamped before the failed row it supersedes: flagged high, the failure stays shown');
}

async function hardIssue14(w: Writer): Promise<void> {
  // A blob built to inflate: 128 MiB of zeros in a few hundred KB, cited by path and by SHA.
  const bomb = path.join(w.repos, 'zip-bomb');
  await mkdir(bomb, { recursive: true });
  git(bomb, ['init', '-q']);
  const blob = execFileSync('sh', ['-c', `head -c ${BOMB_BYTES} /dev/zero | git hash-object -w --stdin`], { cwd: bomb, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: bomb, ...GIT_ENV } }).trim();
  const readme = git(bomb, ['hash-object', '-w', '--stdin'], {}, '# bomb\n');
  const tree = git(bomb, ['mktree'], {}, `100644 blob ${readme}\tREADME.md\n100644 blob ${blob}\tzeros.txt\n`);
  git(bomb, ['update-ref', 'refs/heads/main', git(bomb, ['commit-tree', tree, '-m', 'a blob built to inflate'])]);
  git(bomb, ['repack', '-q', '-a', '-d']);
  await w.put('hard/zip-bomb', 'decisions.jsonl', jsonl(['zeros.txt:1', blob, 'README.md:1'].map((e, i) => ({ id: rowId(DATE, '', `z${i}`), ts: DATE, phase: i === 0 ? 'start' : 'p1', actor: 'lead', decision: `z${i}`, why: 'zip bomb', evidence: e, result: 'verified' }))));
  await w.put('hard/zip-bomb', 'trailbook.json', `${JSON.stringify({ repo: '../../../repos/zip-bomb' })}\n`);
  w.add('hard', 'hard/zip-bomb', 'decisions.jsonl', `a ${BOMB_BYTES}-byte blob packed small: too large, sized from its header, never inflated`);
  // A pack corrupt in the middle with its checksums resealed: only the damaged object is unreadable.
  const mid = path.join(w.repos, 'mid-pack');
  await mkdir(mid, { recursive: true });
  git(mid, ['init', '-q']);
  await writeFile(path.join(mid, 'ok.txt'), 'fine\n');
  await writeFile(path.join(mid, 'broken.txt'), `${'this blob is damaged in the pack '.repeat(40)}\n`);
  commit(mid, 20, 'two files');
  git(mid, ['repack', '-q', '-a', '-d']);
  const packDir = path.join(mid, '.git', 'objects', 'pack');
  const idx = (await readdir(packDir)).find((f) => f.endsWith('.idx')) as string;
  const broken = git(mid, ['rev-parse', 'HEAD:broken.txt']);
  const offset = Number(git(mid, ['verify-pack', '-v', path.join(packDir, idx)]).split('\n').find((l) => l.startsWith(broken))?.split(/\s+/)[4]);
  const { readFile } = await import('node:fs/promises');
  const packFile = path.join(packDir, idx.replace(/\.idx$/, '.pack'));
  const bytes = await readFile(packFile);
  for (let i = offset + 8; i < offset + 24; i++) bytes[i] = (bytes[i] as number) ^ 0xff;
  const sum = createHash('sha1').update(bytes.subarray(0, bytes.length - 20)).digest();
  sum.copy(bytes, bytes.length - 20);
  await writeFile(packFile, bytes);
  const index = await readFile(path.join(packDir, idx));
  sum.copy(index, index.length - 40);
  createHash('sha1').update(index.subarray(0, index.length - 20)).digest().copy(index, index.length - 20);
  await writeFile(path.join(packDir, idx), index);
  await w.put('hard/mid-pack', 'decisions.jsonl', jsonl(['ok.txt:1', 'broken.txt:1'].map((e, i) => ({ id: rowId(DATE, '', `m${i}`), ts: DATE, phase: i === 0 ? 'start' : 'p1', actor: 'lead', decision: `m${i}`, why: 'mid-pack corruption', evidence: e, result: 'verified' }))));
  await w.put('hard/mid-pack', 'trailbook.json', `${JSON.stringify({ repo: '../../../repos/mid-pack' })}\n`);
  w.add('hard', 'hard/mid-pack', 'decisions.jsonl', 'a pack damaged in one object, checksums resealed: that object is inconclusive, the rest verifies');
}

// --- security-2: the second adversarial review ---------------------------------------------
//
// Kept in one block. Every case has its exact expected outcome in tests/unit/hostile-corpus.test.ts
// ("security-2") and tests/e2e/hostile.test.ts (no line the CLI prints starts a workflow command;
// no secret in any output file).

/** Lines of `#` after `## Shape` in `security/markdown-quadratic` (56 s to split before, under a second now). */
export const QUADRATIC_HEADINGS = 400_000;
/** Space-tab pairs in one heading line of `security/markdown-quadratic` (34 s to read before). */
export const QUADRATIC_PAIRS = 100_000;
/** The decision whose `;` a spreadsheet in a `;` locale splits into a cell starting with `=`. */
export const CSV_FORMULA = "ok;=cmd|' /C calc'!A0";
/** A link name and a title that would be workflow commands on a line of their own. */
export const COMMAND_LINK_NAME = 'x\n::stop-commands::tok1';
export const COMMAND_TITLE = 'T\n::error file=a,line=1::forged from title';

const row = (i: number, evidence: string, decision = `s${i}`): Record<string, string> => ({ id: rowId(DATE, '', decision), ts: DATE, phase: i === 0 ? 'start' : 'p1', actor: 'lead', decision, why: 'security-2', evidence, result: 'verified' });

async function securityReview2(w: Writer): Promise<void> {
  // Finding 2: `repo` in trailbook.json is input. `.` over a `.git` file naming a private
  // repository outside the input; a path to it; neither is read (tests/unit/hostile-git.test.ts
  // has the absolute path: here it would be a machine path in the archive).
  const priv = path.join(w.outside, 'private');
  const privCommit = git(priv, ['rev-parse', 'HEAD']);
  await w.put('security/repo-dot-gitfile', '.git', `gitdir: ${path.join(priv, '.git')}\n`);
  await w.put('security/repo-dot-gitfile', 'trailbook.json', `${JSON.stringify({ title: 'repo . over a .git file', repo: '.' })}\n`);
  await w.put('security/repo-dot-gitfile', 'decisions.jsonl', jsonl([row(0, privCommit), row(1, '.env:1'), row(2, 'README.md')]));
  w.add('paths', 'security/repo-dot-gitfile', 'trailbook.json', '"repo": "." with a .git file naming a private repository outside the input: not read, nothing of it verifies or is published');
  await w.put('security/repo-private-path', 'trailbook.json', `${JSON.stringify({ title: 'repo names a repository outside', repo: '../../../outside/private' })}\n`);
  await w.put('security/repo-private-path', 'decisions.jsonl', jsonl([row(0, privCommit), row(1, '.env:1')]));
  w.add('paths', 'security/repo-private-path', 'trailbook.json', 'repo names a private repository outside the input: not read, since only the archive configuration can allow it (allowRepositories)');

  // Finding 5: an uncommitted work-tree file is no artifact, however the git directory is named.
  for (const [project, repo, setup] of [
    ['security/repo-dot-git', '.git', null],
    ['security/repo-dotgit', 'dotgit', 'rename'],
    ['security/repo-worktree-elsewhere', '.git', 'worktree'],
  ] as const) {
    const dir = path.join(w.corpus, project);
    await w.put(project, 'README.md', '# committed\n');
    git(dir, ['init', '-q']);
    commit(dir, 30, 'committed');
    await w.put(project, 'uncommitted.ts', 'export const notCommitted = 1;\n');
    if (setup === 'rename') {
      const { rename } = await import('node:fs/promises');
      await rename(path.join(dir, '.git'), path.join(dir, 'dotgit'));
    }
    if (setup === 'worktree') git(dir, ['config', 'core.worktree', w.outside]);
    await w.put(project, 'trailbook.json', `${JSON.stringify({ title: `repo ${repo}`, repo })}\n`);
    await w.put(project, 'decisions.jsonl', jsonl([row(0, 'README.md:1'), row(1, 'uncommitted.ts:1')]));
    w.add('paths', project, 'uncommitted.ts', `repo ${repo}${setup === 'worktree' ? ' with core.worktree elsewhere' : ''}: a file in the work tree but not committed is not evidence`);
  }

  // Finding 6: a git directory of any name at any depth is never an artifact, and a pointer that
  // does not hold gets no page (mirror.git/config:7 is past its end).
  const mirror = 'security/git-dirs';
  const mirrorDir = path.join(w.corpus, mirror);
  await w.put(mirror, 'README.md', '# project\n');
  git(mirrorDir, ['init', '-q']);
  commit(mirrorDir, 31, 'project');
  git(mirrorDir, ['init', '-q', '--bare', 'mirror.git']);
  git(path.join(mirrorDir, 'mirror.git'), ['config', 'remote.origin.url', `https://user:${SECRET}@github.com/acme/x`]);
  const wt = path.join(mirrorDir, 'wt');
  await mkdir(wt, { recursive: true });
  git(wt, ['init', '-q']);
  git(wt, ['config', 'remote.origin.url', `https://user:${SECRET}@github.com/acme/y`]);
  const { rename } = await import('node:fs/promises');
  await rename(path.join(wt, '.git'), path.join(wt, 'dotgit'));
  await w.put(mirror, 'decisions.jsonl', jsonl([row(0, 'README.md:1'), row(1, 'mirror.git/config:7'), row(2, 'mirror.git/config:1'), row(3, 'wt/dotgit/config:1'), row(4, 'mirror.git/HEAD'), row(5, 'README.md:9')]));
  w.add('links', mirror, 'mirror.git/config', 'a bare mirror.git with a token in remote.origin.url and a .git renamed wt/dotgit: never artifacts, no page for a pointer that failed');

  // Finding 3: design documents built to make the section and heading readers quadratic.
  const md = 'security/markdown-quadratic';
  await w.put(md, 'design/candidates/1/design.md', `## Shape\nok\n${'#\n'.repeat(QUADRATIC_HEADINGS)}`);
  await w.put(md, 'design/candidates/2/design.md', `# a${' \t'.repeat(QUADRATIC_PAIRS)}x\n## Shape\ntwo\n`);
  await w.put(md, 'design/selection.md', `## Scores\n| criterion | A | B |\n|-${' '.repeat(QUADRATIC_PAIRS)}x\n\n## Pick\npick${' '.repeat(QUADRATIC_PAIRS)}is A because it is simpler\n`);
  await w.put(md, 'decisions.jsonl', jsonl([row(0, 'design/selection.md')]));
  w.add('broken', md, 'design/candidates/1/design.md', `## Shape then ${QUADRATIC_HEADINGS} '#' lines; a heading of ${QUADRATIC_PAIRS} space-tab pairs; a delimiter row and a pick of long space runs: read in linear time`);

  // Finding 7: a formula after a `;` inside a decision, for spreadsheets splitting on `;`.
  await w.put('security/csv-formula', 'decisions.jsonl', jsonl([row(0, 'x', 'start'), row(1, 'x', CSV_FORMULA)]));
  w.add('xss', 'security/csv-formula', 'decisions.jsonl', `the decision ${CSV_FORMULA}: written to decisions.csv quoted, with a quote before the =`);

  // Finding 4: a link name and a title that would be GitHub workflow commands on a line of their own.
  await w.put('security/workflow-commands', 'trailbook.json', `${JSON.stringify({ title: COMMAND_TITLE })}\n`);
  await w.put('security/workflow-commands', 'decisions.jsonl', jsonl([row(0, 'x')]));
  await w.link('security/workflow-commands', COMMAND_LINK_NAME, '../../../outside/secret.txt');
  w.add('xss', 'security/workflow-commands', COMMAND_LINK_NAME, 'a link named x\\n::stop-commands::tok1 and a title holding \\n::error …: printed with the line break escaped');
}

/** Writes the corpus into `out` (which is emptied first) and returns its manifest. */
// --- text that takes long to read (issue 14, item 3) ---------------------------

/**
 * Evidence cells of about `size` characters that once took quadratic time to classify, or
 * could (a run of one character a pattern backtracks over, then one other character), by
 * name. Used here at 200,000 characters (the issue's case: 17.7 s before) and by
 * scripts/bench-text.ts at 4 MiB, the longest line Trailbook reads.
 */
export function quadraticCells(size: number): Array<{ name: string; cell: string }> {
  const fill = (unit: string, tail = ''): string => unit.repeat(Math.floor((size - tail.length) / unit.length)) + tail;
  return [
    { name: "'.' × n, then one other character", cell: fill('.', 'x') },
    { name: "')' × n, then one other character", cell: fill(')', 'x') },
    { name: "',' × n, then one other character", cell: fill(',', 'x') },
    { name: "':' × n, then one other character", cell: fill(':', 'x') },
    { name: 'one word of n letters', cell: fill('a') },
    { name: "'a.' × n (a host or a file name?)", cell: fill('a.', '/') },
    { name: "'(' × n, never closed", cell: fill('(') },
    { name: "\"'a \" × n (quotes that never close)", cell: fill("'a ") },
    { name: "'1,' × n (a number list)", cell: fill('1,') },
    { name: "':1' × n (a line list)", cell: `src/a.ts${fill(':1', '')}`.slice(0, size) },
    { name: "' and ' × n", cell: fill(' and ', 'x') },
    { name: "'src/a.ts, ' × n (a flood of pointers)", cell: fill('src/a.ts, ') },
    { name: "'npm test; ' × n (a flood of commands)", cell: fill('npm test; ') },
    { name: "'git show 1b48d2e ' × n (one long command)", cell: `git show ${fill('1b48d2e ')}`.slice(0, size) },
    { name: "'delegate 66fda898 ' × n", cell: fill('delegate 66fda898 ') },
    { name: "'a/' × n (one deep path)", cell: fill('a/') },
    { name: "' ' × n, then one other character", cell: fill(' ', 'x') },
  ];
}

/** Characters of each quadratic case in the corpus. */
export const QUADRATIC_CHARS = 200_000;

/** `slow-text/`: one pstack row per quadratic case, its evidence cell the case. */
async function quadraticText(w: Writer): Promise<void> {
  const project = 'slow-text';
  const rows = quadraticCells(QUADRATIC_CHARS).map(({ name, cell }, i) => [DATE, i === 0 ? 'start' : 'verify', `slow case ${i + 1}: ${name}`, 'a cell built to take quadratic time', cell.replace(/[\t\n\r]/g, ' '), 'verified'].join('\t'));
  await w.put(project, 'decisions.tsv', `${TSV_HEADER}\n${rows.join('\n')}\n`);
  w.add('broken', project, 'decisions.tsv', `${rows.length} evidence cells of ${QUADRATIC_CHARS} characters built to take quadratic time`);
}

export async function makeHostileCorpus(out: string, options: { huge?: boolean } = {}): Promise<HostileManifest> {
  const w = new Writer(path.resolve(out));
  await rm(w.out, { recursive: true, force: true });
  await mkdir(w.corpus, { recursive: true });
  await mkdir(w.outside, { recursive: true });
  await mkdir(w.repos, { recursive: true });
  await writeFile(path.join(w.outside, 'secret.txt'), `${SECRET}\nsecond line ${SECRET}\n`);
  await writeFile(path.join(w.outside, 'decisions.jsonl'), `${JSON.stringify({ id: '00000000', ts: DATE, phase: 'start', actor: SECRET, decision: SECRET, why: SECRET, evidence: SECRET, result: 'verified' })}\n`);
  await writeFile(path.join(w.outside, 'issues.jsonl'), `${JSON.stringify({ id: 'bd-secret', title: SECRET })}\n`);
  const repo = await hostileRepository(w);
  await xssTrails(w, repo);
  await xssQuality(w);
  await xssLifecycle(w);
  await paths(w);
  await broken(w, options.huge !== false);
  await links(w);
  await hard(w, repo);
  // Issue 14.
  await gitLinks(w);
  await amplify(w);
  await backdated(w);
  await hardIssue14(w);
  // Issue 13 / issue 14 item 3: text whose reading must stay linear.
  await quadraticText(w);
  // Second adversarial review (after issue 14's block: it needs outside/private).
  await securityReview2(w);
  return { corpus: w.corpus, outside: w.outside, repos: w.repos, cases: w.cases, lineFiles: w.lineFiles, escapes: [...ESCAPES] };
}

if (import.meta.main) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node scripts/make-hostile-corpus.ts OUT [--no-huge]');
    process.exit(2);
  }
  const manifest = await makeHostileCorpus(out, { huge: !process.argv.includes('--no-huge') });
  console.log(`hostile corpus: ${manifest.cases.length} cases, ${manifest.lineFiles.length} line-based files, in ${manifest.corpus}`);
}
