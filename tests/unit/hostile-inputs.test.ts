/**
 * Broken and oversized input, rule by rule (issue 6, scope 3; docs/security.md "Nothing is
 * lost"): a 100 MB file and a 100 MB line are streamed in bounded memory and time; a 1 MB line
 * is read; over-long lines, duplicate keys and deep nesting are reported, never parsed into the
 * model; hundreds of thousands of lines or rows do not overflow the stack or go quadratic;
 * unreadable files, FIFOs and oversized whole files are reported without blocking or loading.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, truncate, writeFile, chmod, symlink } from 'node:fs/promises';
import { open as openFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLines, splitLines, MAX_LINE_BYTES, LONG_LINE_KEPT_BYTES, tooLongMessage } from '../../src/lib/text/lines.ts';
import { jsonHazard, describeHazard, MAX_JSON_DEPTH } from '../../src/lib/text/json-hazards.ts';
import { readBbsTrail } from '../../src/lib/adapters/bbs-trail.ts';
import { readJsonFile, MAX_JSON_FILE_BYTES } from '../../src/lib/adapters/json-file.ts';
import { readTextFile } from '../../src/lib/adapters/read-text-file.ts';
import { ArtifactFolder } from '../../src/lib/evidence/artifacts.ts';
import { MAX_TEXT_BLOB_BYTES } from '../../src/lib/git/repository.ts';
import { discoverProjects } from '../../src/lib/discover/discover.ts';
import { analyseProject, prepareProject } from '../../src/lib/project/analyse-project.ts';
import { RepositoryRegistry } from '../../src/lib/project/repository-registry.ts';
import { escapeHtml } from '../../src/lib/text/escape.ts';
import { isAllowedHref, renderMarkdown } from '../../src/lib/markdown/render-markdown.ts';
import { computeRowId } from '../../src/lib/adapters/parsed-row.ts';
import { printableLine } from '../../src/lib/text/escape.ts';
import { reportJson } from '../../src/lib/report/check-report.ts';

let tmp: string;
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const NODE = process.execPath;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'trailbook-inputs-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const row = (n: number, extra: Record<string, unknown> = {}): string => {
  const decision = `decision ${n}`;
  return JSON.stringify({ id: computeRowId('2026-03-02T10:00:00Z', '', decision), ts: '2026-03-02T10:00:00Z', phase: n === 0 ? 'start' : 'p1', actor: 'lead', decision, why: 'w', evidence: 'README.md', result: 'verified', ...extra });
};

/**
 * Reads `file` with readBbsTrail in a fresh Node process with `--expose-gc`, sampling the heap
 * and buffer memory every few milliseconds; returns the accounting, the peak memory above the
 * start, and the time taken.
 */
function measure(file: string): { lines: number; valid: number; invalid: number; kinds: string[]; peakBytes: number; ms: number } {
  const script = `
    const { readBbsTrail } = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'src/lib/adapters/bbs-trail.ts')).href)});
    const used = () => { const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
    globalThis.gc(); const base = used(); let peak = 0;
    const timer = setInterval(() => { globalThis.gc(); peak = Math.max(peak, used() - base); }, 2);
    const started = performance.now();
    const r = await readBbsTrail(${JSON.stringify(file)}, 'decisions.jsonl', 0);
    const ms = performance.now() - started;
    clearInterval(timer); globalThis.gc(); peak = Math.max(peak, used() - base);
    console.log(JSON.stringify({ lines: r.source.lines, valid: r.source.valid, invalid: r.source.invalid, kinds: r.invalid.map((i) => i.line + ':' + i.kind), peakBytes: peak, ms }));
  `;
  return JSON.parse(execFileSync(NODE, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 1 << 24 })) as ReturnType<typeof measure>;
}

describe('very large input is streamed, with bounded memory and time', () => {
  it('reads a 100 MB trail of over-long lines and rows in under 10 s and 64 MB', async () => {
    const file = path.join(tmp, 'huge.jsonl');
    const handle = await openFile(file, 'w');
    const long = Buffer.alloc(4_400_000, 0x61);
    await handle.write(`${row(0)}\n`);
    for (let i = 1; i <= 23; i++) await handle.write(Buffer.concat([long, Buffer.from(`\n${row(i)}\n`)]));
    await handle.close();
    const r = measure(file);
    expect([r.lines, r.valid, r.invalid]).toEqual([47, 24, 23]);
    expect(r.kinds).toEqual(Array.from({ length: 23 }, (_, i) => `${2 * i + 2}:source/line-too-long`));
    expect(r.ms).toBeLessThan(10_000);
    expect(r.peakBytes).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);

  it('reads a single 200 MB line as one over-long line, keeping only its start (issue 14)', async () => {
    const file = path.join(tmp, 'one-line.jsonl');
    const handle = await openFile(file, 'w');
    const chunk = Buffer.alloc(1 << 20, 0x62);
    for (let i = 0; i < 200; i++) await handle.write(chunk);
    await handle.close();
    const r = measure(file);
    expect([r.lines, r.valid, r.invalid, r.kinds]).toEqual([1, 0, 1, ['1:source/line-too-long']]);
    expect(r.peakBytes).toBeLessThan(64 * 1024 * 1024);
    let n = 0;
    for await (const line of readLines(file)) {
      n++;
      expect(line).toMatchObject({ number: 1, bytes: 200 * (1 << 20), tooLong: true });
      expect(line.text.length).toBe(LONG_LINE_KEPT_BYTES);
      expect(tooLongMessage(line)).toBe(`line 1 is 209715200 bytes, over the ${MAX_LINE_BYTES}-byte line limit: not read (its first 4096 bytes are kept)`);
    }
    expect(n).toBe(1);
    await rm(file);
  }, 60_000);

  it('reads 2,000,000 one-byte garbage lines in bounded memory: 200 kept, the rest one summary (issue 14)', async () => {
    const file = path.join(tmp, 'garbage.jsonl');
    await writeFile(file, `${row(0)}\n${'x\n'.repeat(2_000_000)}`);
    const r = measure(file);
    expect([r.lines, r.valid, r.invalid]).toEqual([2_000_001, 1, 2_000_000]);
    expect(r.kinds).toHaveLength(201);
    expect(r.kinds.at(-1)).toBe('202:trail/not-json');
    expect(r.peakBytes).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);

  it('reads a 1 MB row (flagged as too large by the trail checks, but read) and splits like the stream does', async () => {
    const text = `${row(0)}\n${row(1, { why: 'w'.repeat(1_000_000) })}\n`;
    const file = path.join(tmp, 'mb.jsonl');
    await writeFile(file, text);
    const r = await readBbsTrail(file, 'decisions.jsonl', text.length);
    expect(r.rows.map((x) => x.why.length)).toEqual([1, 1_000_000]);
    const streamed = [];
    for await (const l of readLines(file)) streamed.push(l);
    expect(streamed).toEqual(splitLines(Buffer.from(text)));
  });

  it('cuts a line at exactly the limit: MAX_LINE_BYTES is read, one more byte is not (CR and BOM not counted)', () => {
    const at = Buffer.alloc(MAX_LINE_BYTES, 0x61);
    const over = Buffer.alloc(MAX_LINE_BYTES + 1, 0x61);
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const lines = splitLines(Buffer.concat([bom, at, Buffer.from('\r\n'), over, Buffer.from('\r\n'), at]));
    expect(lines.map((l) => [l.number, l.bytes, l.tooLong ?? false, l.text.length])).toEqual([
      [1, MAX_LINE_BYTES, false, MAX_LINE_BYTES],
      [2, MAX_LINE_BYTES + 1, true, LONG_LINE_KEPT_BYTES],
      [3, MAX_LINE_BYTES, false, MAX_LINE_BYTES],
    ]);
  });
});

describe('many lines and many rows do not overflow the stack or take quadratic time', () => {
  async function analyse(name: string, text: string) {
    const dir = path.join(tmp, name);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'decisions.jsonl'), text);
    const { projects } = await discoverProjects([dir]);
    const started = performance.now();
    const model = await analyseProject(await prepareProject(projects[0] as never, new RepositoryRegistry()));
    return { model, ms: performance.now() - started };
  }

  it('keeps 200,000 invalid lines of one file (push(...list) would overflow the call stack)', async () => {
    const { model } = await analyse('garbage', `${row(0)}\n${'x\n'.repeat(200_000)}`);
    expect(model.counts.invalid).toBe(200_000);
    expect(model.sources[0]).toMatchObject({ lines: 200_001, valid: 1, invalid: 200_000 });
  }, 60_000);

  it('reads 150,000 rows that all share one id in seconds, with the time span of all of them', async () => {
    const lines = Array.from({ length: 150_000 }, (_, i) => JSON.stringify({ id: 'samesame', ts: `2026-03-02T10:${String(i % 60).padStart(2, '0')}:00Z`, phase: 'p', actor: 'a', decision: `d${i}`, why: 'w', evidence: 'x.md', result: 'open', supersedes: 'samesame' }));
    const { model, ms } = await analyse('same-id', `${lines.join('\n')}\n`);
    expect(model.rows.length).toBe(150_000);
    expect(model.span).toEqual({ from: '2026-03-02T10:00:00.000Z', to: '2026-03-02T10:59:00.000Z' });
    expect(ms).toBeLessThan(30_000);
  }, 60_000);
});

describe('JSON that JSON.parse accepts silently', () => {
  it('finds a duplicate key at any depth, also when written with an escape', () => {
    expect(jsonHazard('{"a":1,"a":2}')).toEqual({ kind: 'duplicate-key', key: 'a', path: 'a', offset: 7 });
    expect(jsonHazard('{"a":1,"\\u0061":2}')).toMatchObject({ kind: 'duplicate-key', key: 'a' });
    expect(jsonHazard('{"x":{"b":[1,{"c":1,"c":2}]}}')).toMatchObject({ kind: 'duplicate-key', key: 'c', path: 'x.b[1].c' });
    expect(jsonHazard('[{"a":1},{"a":1}]')).toBe(null);
    expect(jsonHazard('{"a":"\\"a\\":1","b":{"a":2}}')).toBe(null);
    expect(jsonHazard('{"a\\\\":1,"a":2}')).toBe(null);
    expect(jsonHazard('{"":1,"":2}')).toMatchObject({ kind: 'duplicate-key', key: '' });
  });

  it('refuses nesting deeper than MAX_JSON_DEPTH, without recursing', () => {
    const deep = (d: number): string => '['.repeat(d) + ']'.repeat(d);
    expect(jsonHazard(deep(MAX_JSON_DEPTH))).toBe(null);
    expect(jsonHazard(deep(MAX_JSON_DEPTH + 1))).toEqual({ kind: 'too-deep', depth: MAX_JSON_DEPTH + 1, offset: MAX_JSON_DEPTH });
    expect(jsonHazard(deep(1_000_000))?.kind).toBe('too-deep');
    expect(describeHazard({ kind: 'too-deep', depth: 101, offset: 0 })).toBe('nested 101+ levels deep; records may nest at most 100 levels');
  });

  it('is what every JSON reader uses: audit.json and trailbook.json with a duplicate key are not read', async () => {
    const file = path.join(tmp, 'audit.json');
    await writeFile(file, '{"version":1,\n"status":"failed",\n"status":"ran"}\n');
    expect(await readJsonFile(file)).toEqual({
      error: 'is not read (line 3): the key "status" appears twice; JSON.parse would silently keep the last value, so the record is ambiguous and not read',
      line: 3,
      raw: '"status":"ran"}',
    });
  });
});

describe('files that cannot be read as they are', () => {
  it('reports an oversized JSON file from its size, without reading it', async () => {
    const file = path.join(tmp, 'big.json');
    await writeFile(file, '');
    await truncate(file, MAX_JSON_FILE_BYTES + 1);
    expect(await readJsonFile(file)).toEqual({ error: `is ${MAX_JSON_FILE_BYTES + 1} bytes; the limit is ${MAX_JSON_FILE_BYTES}`, line: 0, raw: '' });
    expect(await readTextFile(file)).toEqual({ error: `is ${MAX_JSON_FILE_BYTES + 1} bytes; the limit is ${MAX_JSON_FILE_BYTES}` });
  });

  it('never blocks on a FIFO: a reader refuses it, an artifact lookup does not see it', async () => {
    const fifo = path.join(tmp, 'art', 'pipe.md');
    await mkdir(path.dirname(fifo), { recursive: true });
    execFileSync('mkfifo', [fifo]);
    expect(await readJsonFile(fifo)).toEqual({ error: 'cannot be read: not a regular file', line: 0, raw: '' });
    expect(await new ArtifactFolder(path.join(tmp, 'art')).lookup('pipe.md')).toEqual({ status: 'missing' });
  });

  it('does not read an oversized artifact, nor a repository file, nor a link out of the folder', async () => {
    const dir = path.join(tmp, 'artifacts');
    await mkdir(path.join(dir, '.git'), { recursive: true });
    await writeFile(path.join(dir, '.git', 'config'), '[remote]\n');
    await writeFile(path.join(tmp, 'outside.md'), 'secret\n');
    await symlink('../outside.md', path.join(dir, 'link.md'));
    await writeFile(path.join(dir, 'big.md'), '');
    await truncate(path.join(dir, 'big.md'), MAX_TEXT_BLOB_BYTES + 1);
    const folder = new ArtifactFolder(dir);
    expect(await folder.lookup('big.md')).toEqual({ status: 'file', lines: null, text: null, note: 'file too large to read (2097153 bytes)' });
    expect(await folder.lookup('.git/config')).toEqual({ status: 'refused', reason: '.git/config is inside a .git folder, which is never read: not evidence' });
    expect(await folder.lookup('link.md')).toEqual({ status: 'refused', reason: 'link.md leads outside the project folder: not evidence' });
  });

  it('keeps a record file that cannot be read as an unreadable record, and builds the rest of the project', async () => {
    const dir = path.join(tmp, 'unreadable');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'decisions.jsonl'), `${row(0)}\n`);
    await writeFile(path.join(dir, 'premises.jsonl'), '{"gate":"qa","attempt":1}\n');
    const { projects } = await discoverProjects([dir]);
    const project = projects[0] as (typeof projects)[number];
    // Make the trail unreadable after discovery: a folder now (and no permission, when not root).
    await rm(path.join(dir, 'decisions.jsonl'));
    await mkdir(path.join(dir, 'decisions.jsonl'));
    await chmod(path.join(dir, 'premises.jsonl'), 0o000);
    const model = await analyseProject(await prepareProject(project, new RepositoryRegistry()));
    expect(model.invalid.filter((r) => r.file === 'decisions.jsonl').map((r) => [r.line, r.kind, r.error])).toEqual([[0, 'source/unreadable', 'decisions.jsonl cannot be read: EISDIR']]);
    expect(model.sources.find((s) => s.path === 'decisions.jsonl')).toMatchObject({ lines: 0, valid: 0, invalid: 1 });
    expect(model.flags.filter((f) => f.kind === 'source/unreadable').map((f) => f.at)).toContainEqual([{ file: 'decisions.jsonl', line: 0 }]);
    const premises = model.sources.find((s) => s.path === 'premises.jsonl');
    if (process.getuid?.() === 0) expect(premises).toMatchObject({ lines: 1, valid: 1, invalid: 0 });
    else expect(premises).toMatchObject({ lines: 0, valid: 0, invalid: 1 });
  });
});

describe('text on its way to a terminal', () => {
  it('prints control characters, line breaks included, as visible escapes: one line stays one line', () => {
    expect(printableLine('a\u001b]0;x\u0007b\tc\nd\r\u009be')).toBe('a\\x1b]0;x\\x07b\\tc\\nd\\r\\x9be');
    expect(printableLine('T\n::error file=a,line=1::forged')).toBe('T\\n::error file=a,line=1::forged');
    expect(printableLine('a\u2028b\u202ec\u2066d')).toBe('a\\u2028b\\u202ec\\u2066d');
    expect(printableLine('plain — é 😀')).toBe('plain — é 😀');
  });

  it('check --json stays valid JSON through the terminal writer: DEL and C1 controls become \\u escapes', () => {
    const text = reportJson({ decision: 'a\u007fb\u0085c\u0001\u2028' }).split('\n').map(printableLine).join('\n');
    expect(text).toBe('{\n  "decision": "a\\u007fb\\u0085c\\u0001\\u2028"\n}');
    expect(JSON.parse(text)).toEqual({ decision: 'a\u007fb\u0085c\u0001\u2028' });
  });
});

describe('text on its way to a page', () => {
  it('escapes markup and replaces lone surrogates (pagefind refuses a document holding one)', () => {
    expect(escapeHtml('<a href="x" onclick=\'y\'>&</a>')).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    expect(escapeHtml('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc');
    expect(escapeHtml('😀')).toBe('😀');
    // A control character is a parse error in HTML (a NUL one browsers drop or replace): shown as
    // its Unicode control picture; HTML's whitespace (tab, line feed, form feed, carriage return) stays.
    expect(escapeHtml('a\u0000b\u0007c\u001b[31md\u007f\t\n\f\r')).toBe('a\u2400b\u2407c\u241b[31md\u2421\t\n\f\r');
  });

  it('never keeps a link a browser would read as another origin or scheme', () => {
    for (const href of ['//evil.example', '\\\\evil.example', '/\\evil.example', '\\/evil.example', ' javascript:alert(1)', 'java\tscript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', '\u0000javascript:x', 'a:b']) {
      expect(isAllowedHref(href), href).toBe(false);
    }
    for (const href of ['https://example.com/x', 'http://example.com', '/p/x/', 'x/y', '#a', '?q=1', 'x\\y']) expect(isAllowedHref(href), href).toBe(true);
    // Markdown itself percent-encodes a backslash and unescapes `\/`: both stay on the site.
    const html = renderMarkdown('[a](\\\\/evil.example/) [b](<\\/evil.example>)');
    expect(html).toBe('<p><a href="%5C/evil.example/">a</a> <a href="/evil.example">b</a></p>');
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(new URL(href as string, 'https://site.example/p/x/').origin).toBe('https://site.example');
  });
});

describe('claims that would verify themselves (found by an adversarial review)', () => {
  it('in a repository work tree, an uncommitted or ignored file is not evidence, and the trail cannot cite itself or hold the test name it cites', async () => {
    const repo = path.join(tmp, 'self-verify');
    await mkdir(path.join(repo, 'src'), { recursive: true });
    const run = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } }).trim();
    run('init', '-q', '-b', 'main');
    await writeFile(path.join(repo, 'src', 'committed.ts'), 'export const a = 1;\n');
    await writeFile(path.join(repo, '.gitignore'), 'dist\n');
    const header = 'ts\tphase\tdecision\twhy\tevidence\tresult\n';
    const rows = [
      ['2026-03-02T10:00:00Z', 'p1', 'Ship the parser', 'tests pass', 'src/committed.ts:1', 'verified'],
      ['2026-03-02T10:01:00Z', 'p1', 'Use the draft', 'it is written', 'src/uncommitted.ts:2', 'verified'],
      ['2026-03-02T10:02:00Z', 'p1', 'Bundle it', 'built', 'dist/bundle.js', 'verified'],
      ['2026-03-02T10:03:00Z', 'p1', 'Trail is the proof', 'see the trail', 'decisions.tsv', 'verified'],
      ['2026-03-02T10:04:00Z', 'p1', 'Cover every row', 'the test exists', 'parser::tests::rejects_all_malformed_rows_flawlessly', 'verified'],
    ];
    await writeFile(path.join(repo, 'decisions.tsv'), header + rows.map((r) => r.join('\t')).join('\n') + '\n');
    run('add', '-A');
    run('commit', '-q', '-m', 'parser and trail');
    await writeFile(path.join(repo, 'src', 'uncommitted.ts'), '1\n2\n3\n');
    await mkdir(path.join(repo, 'dist'));
    await writeFile(path.join(repo, 'dist', 'bundle.js'), 'built\n');
    const { projects } = await discoverProjects([repo]);
    const model = await analyseProject(await prepareProject(projects[0] as never, new RepositoryRegistry()));
    expect(model.rows.map((r) => r.evidence.map((p) => [p.status, p.reason]))).toEqual([
      [['VERIFIED', 'line 1 of 1 exists at landed head']],
      [['NOT_VERIFIED', 'src/uncommitted.ts is in the work tree but not committed at the landed head: an uncommitted file is not evidence']],
      // Ignored, so never in git: not evidence, said as the same file gone is (trust8: it was a high flag for existing).
      [['INCONCLUSIVE', `dist/bundle.js is in the work tree, not kept in git (ignored by .gitignore at the landed head ${run('rev-parse', 'HEAD').slice(0, 7)}): a run's output, not checked`]],
      [['NOT_VERIFIED', 'decisions.tsv is the record that makes the claim: a claim cannot be its own evidence']],
      [["INCONCLUSIVE", `test “rejects_all_malformed_rows_flawlessly” not found in the tree at landed head ${run('rev-parse', 'HEAD').slice(0, 7)}`]],
    ]);
  });
});

describe('records that would vouch for each other (found by an adversarial review)', () => {
  it('a link or hard link to the trail, another trail, audit.json, handover.md and a verdict citing itself are not evidence', async () => {
    const { link } = await import('node:fs/promises');
    const dir = path.join(tmp, 'vouch', 't');
    await mkdir(path.join(dir, 'child'), { recursive: true });
    await mkdir(path.join(dir, 'qa'), { recursive: true });
    const ts = '2026-03-02T10:00:00Z';
    const row = (decision: string, evidence: string) => JSON.stringify({ id: computeRowId(ts, '', decision), ts, phase: 'start', actor: 'lead', decision, why: 'w', evidence, result: 'verified' });
    await writeFile(path.join(dir, 'decisions.jsonl'), ['a', 'b', 'c', 'd', 'e'].map((d, i) => row(d, ['proof.txt', 'hard.txt', 'child/decisions.jsonl:1', 'audit.json', 'handover.md'][i] as string)).join('\n') + '\n');
    await symlink('decisions.jsonl', path.join(dir, 'proof.txt'));
    await link(path.join(dir, 'decisions.jsonl'), path.join(dir, 'hard.txt'));
    await writeFile(path.join(dir, 'child', 'decisions.jsonl'), row('child', 'x.md') + '\n');
    await writeFile(path.join(dir, 'audit.json'), JSON.stringify({ version: 1, at: ts, status: 'ran', reviewer: 'r', flags: [] }));
    await writeFile(path.join(dir, 'handover.md'), '# done\n');
    await writeFile(path.join(dir, 'qa', 'T-1.json'), JSON.stringify({ version: 1, ticket: 'T-1', gate: 'qa', verdict: 'PASS', criteria: [{ id: 'AC-1', state: 'VERIFIED', level: 4, evidence: 'qa/T-1.json' }] }));
    const { projects } = await discoverProjects([path.join(tmp, 'vouch')]);
    const t = projects.find((p) => p.dir === dir);
    const model = await analyseProject(await prepareProject(t as never, new RepositoryRegistry()));
    expect(model.rows.map((r) => r.evidence.map((p) => [p.status, p.fault, p.reason]))).toEqual([
      [['NOT_VERIFIED', 'evidence/self-citation', 'proof.txt is a link to a trail, audit or handover file: a claim is not evidence']],
      [['NOT_VERIFIED', 'evidence/self-citation', 'hard.txt is a link to a trail, audit or handover file: a claim is not evidence']],
      [['NOT_VERIFIED', 'evidence/self-citation', 'child/decisions.jsonl is a trail, audit or handover file: it states claims, it is not evidence for one']],
      [['NOT_VERIFIED', 'evidence/self-citation', 'audit.json is the record that makes the claim: a claim cannot be its own evidence']],
      [['NOT_VERIFIED', 'evidence/self-citation', 'handover.md is the record that makes the claim: a claim cannot be its own evidence']],
    ]);
    const gate = model.verdicts?.qa[0];
    expect(gate?.criteria[0]?.evidence.map((p) => [p.status, p.fault])).toEqual([['NOT_VERIFIED', 'evidence/self-citation']]);
    expect(gate?.support.supported).toBe(false);
    // A verdict citing itself is a self-citation, medium as on the rows above (trust14: it was the high verdict/criterion-evidence-not-verified).
    expect(model.flags.filter((f) => f.kind.startsWith('verdict/criterion-evidence')).map((f) => [f.kind, f.severity])).toEqual([['verdict/criterion-evidence-mismatch', 'medium']]);
  });
});
