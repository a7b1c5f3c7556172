/**
 * The hostile corpus through the core (issue 6: "no crash; the line accounting holds for every
 * file"): scripts/make-hostile-corpus.ts writes it into a temporary folder, analyseArchive
 * reads it, and every line-based file is accounted for line by line; each broken input is
 * reported with its file, line and kind; evidence never escapes the tree; nothing from outside
 * the input folder reaches a model. The browser side is tests/e2e/hostile.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_LINK_NAME, COMMAND_TITLE, CSV_FORMULA, makeHostileCorpus, QUADRATIC_CHARS, QUADRATIC_HEADINGS, SECRET, type HostileManifest } from '../../scripts/make-hostile-corpus.ts';
import { MAX_POINTERS_PER_CELL } from '../../src/lib/evidence/classify.ts';
import { decisionsCsv } from '../../src/lib/export/decisions-csv.ts';
import type { WalkProblem } from '../../src/lib/fs/walk.ts';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel, SourceFile } from '../../src/lib/model/types.ts';
import { invalidCount } from '../../src/lib/bounds/kind-bounds.ts';

let tmp: string;
let manifest: HostileManifest;
const models: ProjectModel[] = [];
let problems: WalkProblem[] = [];
const asRoot = process.getuid?.() === 0;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'trailbook-hostile-unit-'));
  manifest = await makeHostileCorpus(path.join(tmp, 'h'), { huge: false });
  ({ problems } = await analyseArchive({ roots: [manifest.corpus], cacheDir: null, allowRepositories: [manifest.repos], onModel: (m) => void models.push(m) }));
}, 120_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const byRoot = (project: string): ProjectModel[] => models.filter((m) => m.root === `corpus/${project}`);
const LINE_FORMATS = new Set(['bbs-trail', 'pstack-trail', 'coord', 'beads', 'babysit-history']);

/** Invalid records of a project as `file → "line:kind …"`. */
function invalidByFile(model: ProjectModel): Record<string, string> {
  const out: Record<string, string[]> = {};
  for (const r of model.invalid) (out[r.file] ??= []).push(`${r.line}:${r.kind}`);
  const total = (file: string): number => invalidCount(model.invalid.filter((r) => r.file === file));
  return Object.fromEntries(Object.entries(out).map(([f, l]) => [f, l.length > 20 ? `${l.length} listed, ${total(f)} in all` : l.join(' ')]));
}

describe('the hostile corpus', () => {
  it('has at least 200 cases, each with a unique id, in every group', () => {
    expect(manifest.cases.length).toBeGreaterThanOrEqual(200);
    expect(new Set(manifest.cases.map((c) => c.id)).size).toBe(manifest.cases.length);
    expect(new Set(manifest.cases.map((c) => c.group))).toEqual(new Set(['xss', 'paths', 'broken', 'links', 'hard']));
  });

  it('is read without a crash: every project folder of the corpus became a project', () => {
    const folders = new Set(manifest.cases.map((c) => c.project));
    for (const folder of folders) expect(byRoot(folder).length, folder).toBeGreaterThan(0);
    expect(models.length).toBeGreaterThanOrEqual(35);
  });

  it('markdown built to crash or stall the parser is shown as plain text, and the project is still read', () => {
    const skills = byRoot('xss/verdicts').flatMap((m) => m.verdicts?.skills ?? []);
    const note = (skill: string): string => /^<p class="markdown-plain-note">(.*?)<\/p>/.exec(skills.find((s) => s.skill === skill)?.bodyHtml ?? '')?.[1] ?? '';
    expect(note('nested')).toBe('Shown as plain text: a line opens with more than 200 characters of nesting (quote, list or indentation markers).');
    expect(note('emphasis')).toBe('Shown as plain text: a paragraph holds more than 1000 emphasis markers (* _ ~).');
  });

  it('accounts for every line of every line-based file: valid + invalid = lines read, each invalid line kept with its number', () => {
    for (const f of manifest.lineFiles) {
      const sources: Array<{ model: ProjectModel; source: SourceFile }> = byRoot(f.project).flatMap((model) => model.sources.filter((s) => s.path === f.rel).map((source) => ({ model, source })));
      expect(sources.length, `${f.project}/${f.rel}`).toBe(1);
      const { model, source } = sources[0] as { model: ProjectModel; source: SourceFile };
      const unreadable = f.refused || (!asRoot && f.project === 'broken/unreadable' && f.rel === 'premises.jsonl');
      if (unreadable) {
        expect([source.lines, source.valid, source.invalid], `${f.project}/${f.rel}`).toEqual([0, 0, 1]);
        expect(model.invalid.filter((r) => r.file === f.rel).map((r) => [r.line, r.kind])).toEqual([[0, 'source/unreadable']]);
        continue;
      }
      expect(source.lines, `${f.project}/${f.rel}`).toBe(f.lines);
      expect(source.valid + source.invalid, `${f.project}/${f.rel}`).toBe(f.lines);
      const records = model.invalid.filter((r) => r.file === f.rel);
      expect(invalidCount(records), `${f.project}/${f.rel}`).toBe(source.invalid);
      for (const r of records) {
        expect(r.line).toBeGreaterThanOrEqual(1);
        expect(r.line).toBeLessThanOrEqual(f.lines);
        expect(r.raw.length).toBeLessThanOrEqual(4096 + 40);
      }
    }
  });

  it('holds the accounting for every line-based source of every project, listed or not', () => {
    for (const model of models) {
      for (const s of model.sources) {
        if (!LINE_FORMATS.has(s.format) && !s.path.endsWith('premises.jsonl')) continue;
        // A file that could not be read at all counts as one invalid record of no lines.
        if (model.invalid.some((r) => r.file === s.path && r.kind === 'source/unreadable')) expect([s.lines, s.valid, s.invalid]).toEqual([0, 0, 1]);
        else expect(s.valid + s.invalid, `${model.root}/${s.path}`).toBe(s.lines);
      }
      expect(model.counts.invalid).toBe(invalidCount(model.invalid));
    }
  });

  it('never lets anything from outside the input folder into a model', () => {
    for (const model of models) expect(JSON.stringify(model).includes(SECRET), model.root).toBe(false);
  });
});

describe('broken input: each defect is reported with its file, line and kind; the rest is read', () => {
  const expected: Record<string, Record<string, string>> = {
    truncated: {
      'trailbook.json': '1:config/invalid-file',
      '.beads/issues.jsonl': '2:beads/not-json',
      'audit.json': '1:audit/invalid-file',
      'coordination.jsonl': '2:coord/not-json',
      'decisions.jsonl': '2:trail/not-json',
      'decisions.tsv': '3:trail/tsv-cell-count',
      'history.jsonl': '3:babysit/not-json',
      'premises.jsonl': '2:loop/invalid-row',
      'qa/T-1.json': '1:verdict/invalid-file',
    },
    'bom-crlf': {},
    // A NUL byte makes a line of every line format invalid, a pstack cell too (issue 14).
    nul: {
      '.beads/issues.jsonl': '2:source/nul-byte 3:source/nul-byte',
      'audit.json': '1:audit/invalid-file',
      'coordination.jsonl': '2:source/nul-byte 3:source/nul-byte',
      'decisions.jsonl': '2:source/nul-byte 3:source/nul-byte',
      'decisions.tsv': '3:source/nul-byte 4:source/nul-byte',
      'history.jsonl': '3:source/nul-byte 4:source/nul-byte',
      'premises.jsonl': '2:source/nul-byte 3:source/nul-byte',
      'verdicts/qa.md': '3:source/nul-byte',
    },
    'invalid-utf8': {
      '.beads/issues.jsonl': '2:beads/invalid-utf8 3:beads/invalid-utf8',
      'audit.json': '1:audit/invalid-file',
      'coordination.jsonl': '2:coord/invalid-utf8 3:coord/invalid-utf8',
      'decisions.jsonl': '2:trail/invalid-utf8 3:trail/invalid-utf8',
      'decisions.tsv': '3:trail/invalid-utf8 4:trail/invalid-utf8',
      'history.jsonl': '3:babysit/invalid-utf8 4:babysit/invalid-utf8',
      'design/rubric.md': '4:source/invalid-utf8',
      'premises.jsonl': '2:loop/invalid-row 3:loop/invalid-row',
      'qa/T-1.json': '2:source/invalid-utf8 2:verdict/invalid-file',
    },
    empty: {
      'trailbook.json': '1:config/invalid-file',
      'audit.json': '1:audit/invalid-file',
      'qa/T-1.json': '1:verdict/invalid-file',
      'reviews/r.json': '1:finding/invalid-file',
      'verdicts/qa.md': '1:verdict/invalid-text',
    },
    blank: {
      '.beads/issues.jsonl': '1:beads/blank-line 2:beads/blank-line 3:beads/blank-line 4:beads/blank-line 6:beads/blank-line',
      'audit.json': '1:audit/invalid-file',
      'coordination.jsonl': '1:coord/blank-line 2:coord/blank-line 3:coord/blank-line 4:coord/blank-line 6:coord/blank-line',
      'decisions.jsonl': '1:trail/blank-line 2:trail/blank-line 3:trail/blank-line 4:trail/blank-line 6:trail/blank-line',
      'decisions.tsv': '2:trail/blank-line 3:trail/blank-line 4:trail/blank-line 5:trail/blank-line 7:trail/blank-line',
      'history.jsonl': '2:babysit/blank-line 3:babysit/blank-line 4:babysit/blank-line 5:babysit/blank-line 7:babysit/blank-line',
      'premises.jsonl': '1:loop/invalid-row 2:loop/invalid-row 3:loop/invalid-row 4:loop/invalid-row 6:loop/invalid-row',
      'verdicts/review.md': '1:verdict/no-status-line',
    },
    'duplicate-keys': {
      'trailbook.json': '1:config/invalid-file',
      '.beads/issues.jsonl': '3:source/duplicate-key 4:source/duplicate-key',
      'audit.json': '1:audit/invalid-file',
      'coordination.jsonl': '3:source/duplicate-key 4:source/duplicate-key',
      'decisions.jsonl': '2:source/duplicate-key 3:source/duplicate-key 4:source/duplicate-key',
      'history.jsonl': '3:source/duplicate-key 4:source/duplicate-key 5:source/duplicate-key',
      'premises.jsonl': '2:source/duplicate-key 3:source/duplicate-key 4:source/duplicate-key',
      'qa/T-1.json': '1:verdict/invalid-file',
      'reviews/r.json': '1:finding/invalid-file',
    },
    deep: {
      '.beads/issues.jsonl': '3:source/too-deep',
      'audit.json': '1:audit/invalid-file',
      'coordination.jsonl': '3:source/too-deep',
      'decisions.jsonl': '3:source/too-deep',
      'history.jsonl': '4:source/too-deep',
      'design/selection.md': '2:arena/invalid-front-matter',
      'premises.jsonl': '3:source/too-deep',
      'qa/T-1.json': '1:verdict/invalid-file',
    },
    'wrong-types': {
      'trailbook.json': '1:config/invalid-file',
      '.beads/issues.jsonl': '2:beads/invalid-record 3:beads/invalid-record',
      'audit.json': '1:audit/invalid-file',
      'coordination.jsonl': '2:coord/wrong-type 3:coord/wrong-type',
      'decisions.jsonl': '2:trail/wrong-type 3:trail/wrong-type',
      'decisions.tsv': '3:trail/tsv-cell-count',
      'history.jsonl': '3:babysit/invalid-row 4:babysit/invalid-row',
      'premises.jsonl': '2:loop/invalid-row 3:loop/invalid-row 4:loop/invalid-row',
      'qa/T-1.json': '1:verdict/invalid-file',
      'reviews/r.json': '1:finding/invalid-file',
    },
    'long-line': {
      '.beads/issues.jsonl': '3:source/line-too-long',
      'audit.json': '0:audit/invalid-file',
      'coordination.jsonl': '3:source/line-too-long',
      'decisions.jsonl': '3:source/line-too-long',
      'decisions.tsv': '4:source/line-too-long',
      'history.jsonl': '4:source/line-too-long',
      'premises.jsonl': '3:source/line-too-long',
    },
    // At most 200 records of one kind are listed per project, the rest summarised (src/lib/bounds/).
    'many-lines': {
      '.beads/issues.jsonl': '402 listed, 1000 in all',
      'coordination.jsonl': '402 listed, 1000 in all',
      'decisions.jsonl': '402 listed, 1000 in all',
      'decisions.tsv': '201 listed, 1000 in all',
      'history.jsonl': '402 listed, 1000 in all',
      'premises.jsonl': '201 listed, 1000 in all',
    },
    shapes: {
      '.beads/issues.jsonl': '2:beads/not-an-object 3:beads/not-an-object 4:beads/not-an-object 5:beads/not-an-object 6:beads/not-an-object 7:beads/unknown-record 8:beads/unknown-record',
      'coordination.jsonl': '2:coord/not-an-object 3:coord/not-an-object 4:coord/not-an-object 5:coord/not-an-object 6:coord/not-an-object 7:coord/not-an-envelope 8:coord/not-an-envelope',
      'decisions.jsonl': '2:trail/not-an-object 3:trail/not-an-object 4:trail/not-an-object 5:trail/not-an-object 6:trail/not-an-object 7:trail/missing-field 8:trail/missing-field',
      'decisions.tsv': '3:trail/tsv-cell-count 4:trail/tsv-cell-count 5:trail/tsv-cell-count 6:trail/tsv-cell-count 7:trail/tsv-cell-count 8:trail/tsv-cell-count 9:trail/tsv-cell-count',
      'history.jsonl': '3:babysit/not-an-object 4:babysit/not-an-object 5:babysit/not-an-object 6:babysit/not-an-object 7:babysit/not-an-object 8:babysit/invalid-row 9:babysit/invalid-row',
      'premises.jsonl': '2:loop/invalid-row 3:loop/invalid-row 4:loop/invalid-row 5:loop/invalid-row 6:loop/invalid-row 7:loop/invalid-row 8:loop/invalid-row',
    },
  };

  for (const [defect, files] of Object.entries(expected)) {
    it(`${defect}`, () => {
      const [model] = byRoot(`broken/${defect}`);
      expect(model).toBeDefined();
      expect(invalidByFile(model as ProjectModel)).toEqual(files);
      // Each invalid record is a flag in Attention, naming its file and line.
      const at = new Set((model as ProjectModel).flags.flatMap((f) => f.at.map((a) => `${a.file}:${a.line}`)));
      for (const r of (model as ProjectModel).invalid) expect(at.has(`${r.file}:${r.line}`), `${r.file}:${r.line} ${r.kind}`).toBe(true);
    });
  }

  it('lists 200 invalid records of one kind and summarises the rest, with how many and where', () => {
    const [model] = byRoot('broken/many-lines');
    const tsv = (model as ProjectModel).invalid.filter((r) => r.file === 'decisions.tsv');
    expect(tsv.slice(0, 2).map((r) => r.line)).toEqual([3, 4]);
    expect(tsv.at(-1)).toEqual({ file: 'decisions.tsv', line: 203, kind: 'trail/tsv-cell-count', error: '800 more trail/tsv-cell-count records are not listed one by one (the first at decisions.tsv:203, the last at decisions.tsv:1002): a project lists at most 200 of one kind', raw: '', omitted: 800 });
    const flag = (model as ProjectModel).flags.find((f) => f.kind === 'trail/tsv-cell-count' && f.omitted !== undefined);
    expect(flag).toMatchObject({ severity: 'high', omitted: 800, at: [{ file: 'decisions.tsv', line: 203 }] });
    expect((model as ProjectModel).counts.invalid).toBe(6000);
  });

  it('says where the NUL byte is, and reads a text verdict with U+FFFD in its place', () => {
    const [model] = byRoot('broken/nul');
    const errors = (model as ProjectModel).invalid.filter((r) => r.kind === 'source/nul-byte').map((r) => `${r.file}: ${r.error}`);
    expect(errors).toContain('decisions.tsv: line 3 holds a NUL byte (at byte 11): it is not text, and is not read');
    expect(errors).toContain('verdicts/qa.md: holds NUL bytes from line 3; read with U+FFFD in place of each');
    expect((model as ProjectModel).flags.find((f) => f.kind === 'source/nul-byte')?.severity).toBe('medium');
  });

  it('says which record files are empty', () => {
    const [model] = byRoot('broken/empty');
    const empty = (model as ProjectModel).flags.filter((f) => f.kind === 'source/empty-file').map((f) => f.at[0]?.file);
    expect(empty).toEqual(['.beads/issues.jsonl', 'coordination.jsonl', 'decisions.jsonl', 'decisions.tsv', 'design/rubric.md', 'design/selection.md', 'premises.jsonl']);
  });

  it('reads the valid records around the broken ones (a BOM, CRLF: every record read)', () => {
    const [model] = byRoot('broken/bom-crlf');
    expect((model as ProjectModel).rows.map((r) => r.decision)).toEqual(['decision 0', 'decision 1', 'decision 2', 'decision 0', 'decision 1', 'decision 2']);
    expect((model as ProjectModel).audit).toMatchObject({ present: true, valid: true, status: 'not-run' });
  });

  it('names the duplicate key and why it matters', () => {
    const [model] = byRoot('broken/duplicate-keys');
    const errors = (model as ProjectModel).invalid.filter((r) => r.file === 'decisions.jsonl').map((r) => r.error);
    expect(errors).toEqual([
      'the key "ts" appears twice; JSON.parse would silently keep the last value, so the record is ambiguous and not read',
      'the key "a" appears twice (at x.a); JSON.parse would silently keep the last value, so the record is ambiguous and not read',
      'the key "b" appears twice (at y[0].b); JSON.parse would silently keep the last value, so the record is ambiguous and not read',
    ]);
    expect((model as ProjectModel).invalid.find((r) => r.file === 'audit.json')?.error).toBe(
      'audit.json is not read (line 1): the key "status" appears twice; JSON.parse would silently keep the last value, so the record is ambiguous and not read',
    );
  });

  it('lists links it refused to follow in their project as unreadable, and reads the project around them', () => {
    const [model] = byRoot('links/refused');
    const refused = (model as ProjectModel).invalid.map((r) => `${r.file}: ${r.error}`);
    expect(refused).toEqual([
      '.beads/issues.jsonl: .beads/issues.jsonl was not read: symbolic link leads outside the input root; not followed',
      'audit.json: audit.json was not read: broken symbolic link',
      'coordination.jsonl: coordination.jsonl was not read: symbolic link loop; not followed',
      'decisions.jsonl: decisions.jsonl was not read: symbolic link leads outside the input root; not followed',
      'design/selection.md: design/selection.md was not read: symbolic link leads outside the input root; not followed',
    ]);
    expect((model as ProjectModel).babysit?.entries.length).toBe(1);
    expect((model as ProjectModel).flags.filter((f) => f.kind === 'source/unreadable')).toHaveLength(5);
  });

  it('ends link loops and never walks out of the root', () => {
    expect(byRoot('links')).toHaveLength(1);
    expect(models.filter((m) => m.root.startsWith('corpus/links/loop') || m.root.includes('outside'))).toEqual([]);
  });
});

describe('evidence that tries to leave the repository tree or the project folder', () => {
  const expected: Record<string, string> = {
    '../../outside/secret.txt': 'path NOT_VERIFIED ../../outside/secret.txt leaves the repository tree',
    '../secret.txt': 'path NOT_VERIFIED ../secret.txt leaves the repository tree',
    '../../../outside/secret.txt:1': 'path NOT_VERIFIED ../../../outside/secret.txt leaves the repository tree',
    'src/../../../outside/secret.txt': 'path NOT_VERIFIED src/../../../outside/secret.txt leaves the repository tree',
    'src/./../../../../outside/secret.txt#L1-L2': 'path NOT_VERIFIED src/./../../../../outside/secret.txt leaves the repository tree',
    '/etc/passwd': 'ephemeral INCONCLUSIVE absolute path outside the repository; gone after the run',
    '/etc/hostname:1': 'ephemeral INCONCLUSIVE absolute path outside the repository; gone after the run',
    '~/secret.txt': 'ephemeral INCONCLUSIVE absolute path outside the repository; gone after the run',
    'file:///etc/passwd': 'ephemeral INCONCLUSIVE a file: URL of an absolute path outside the repository; gone after the run (never a link)',
    '.git/config': 'path NOT_VERIFIED .git/config is inside a .git folder, which is never read: not evidence',
    // Said as what it is (fresh trial: "not found" read as a checker that cannot see a file that is there).
    '.git/HEAD': "path NOT_VERIFIED .git/HEAD is inside a .git folder, git's own bookkeeping: never a file of the repository's tree, not evidence",
    '.GIT/config': "path NOT_VERIFIED .GIT/config is inside a .git folder, git's own bookkeeping: never a file of the repository's tree, not evidence",
    'secret-link.txt': 'path NOT_VERIFIED secret-link.txt leads outside the project folder: not evidence',
    'secret-link.txt:1': 'path NOT_VERIFIED secret-link.txt leads outside the project folder: not evidence',
    'link-dir/secret.txt': 'path NOT_VERIFIED link-dir/secret.txt leads outside the project folder: not evidence',
    // A committed link is followed inside the tree only (src/lib/git/tree-links.ts): this one leads out, so it is refused.
    'link-to-secret.txt:1': 'path NOT_VERIFIED link-to-secret.txt is a symbolic link to ../../outside/secret.txt: it leads out of the repository tree; not followed',
    'vendor/sub': 'path INCONCLUSIVE vendor/sub is inside a submodule; its content is in another repository',
    'vendor/sub/secret.txt': 'path INCONCLUSIVE vendor/sub/secret.txt is inside a submodule; its content is in another repository',
    // Script and data URLs are never pointers (issue 13, item 4): flagged, so `--fail-on high` catches them.
    'javascript:alert("xss-evidence")': 'url NOT_VERIFIED a javascript: URL runs or embeds content instead of pointing at evidence; it is never a pointer (not linked, not fetched)',
    'data:text/html,<script>alert("xss-evidence-data")</script>': 'url NOT_VERIFIED a data: URL runs or embeds content instead of pointing at evidence; it is never a pointer (not linked, not fetched)',
    'vbscript:msgbox(1)': 'url NOT_VERIFIED a vbscript: URL runs or embeds content instead of pointing at evidence; it is never a pointer (not linked, not fetched)',
    '//evil.example/x': 'ephemeral INCONCLUSIVE absolute path outside the repository; gone after the run',
    '....//....//outside/secret.txt': 'path INCONCLUSIVE ..../..../outside/secret.txt not found at landed head (the head predates the row)',
    '.../.../outside/secret.txt': 'path INCONCLUSIVE .../.../outside/secret.txt not found at landed head (the head predates the row)',
    'src/a.ts:1-99999999999999999999': 'path INCONCLUSIVE lines 1–99999999999999999999 are past the end of src/a.ts (3 lines at landed head) (the head predates the row)',
    // Windows separators are read as `/` (trial E, finding 3), so `..` above the root is refused as it is written with `/`.
    '..\\..\\outside\\secret.txt': 'path NOT_VERIFIED written with \\ separators, read as ../../outside/secret.txt: ../../outside/secret.txt leaves the repository tree',
    'src\\..\\..\\..\\outside\\secret.txt': 'path NOT_VERIFIED written with \\ separators, read as src/../../../outside/secret.txt: src/../../../outside/secret.txt leaves the repository tree',
  };
  const prose = ['%2e%2e/%2e%2e/outside/secret.txt', '..%2f..%2foutside%2fsecret.txt', '%2E%2E%5C%2E%2E%5Coutside%5Csecret.txt', '．．/．．/outside/secret.txt', '‥/‥/outside/secret.txt', '..∕..∕outside∕secret.txt', '.\u200b./.\u200b./outside/secret.txt', 'src/a.ts\u0000/../../../outside/secret.txt', 'C:\\Windows\\win.ini', '\\\\evil.example\\share\\x', '\\/evil.example/x', '%00../../outside/secret.txt'];

  it('resolves each escape attempt to an honest status, never VERIFIED, never reading outside', () => {
    const [model] = byRoot('paths');
    // Issue 26, item 2: these rows are dated after the landed head, and not committed: what is missing there is INCONCLUSIVE, saying so.
    const predates = /; the landed head [0-9a-f]{7} \(committed [^)]*\) predates this row, which is not committed with the repository$/;
    const got = new Map((model as ProjectModel).rows.flatMap((r) => r.evidence).map((p) => [p.raw, `${p.kind} ${p.status} ${p.reason.replace(predates, '').replace(/ ff4fc60 nor in the project folder$/, '').replace(/ [0-9a-f]{7} nor in the project folder$/, '')}${predates.test(p.reason) ? ' (the head predates the row)' : ''}`]));
    for (const e of manifest.escapes) expect(got.get(e), e).not.toMatch(/ VERIFIED /);
    for (const [e, want] of Object.entries(expected)) expect(got.get(e), e).toBe(want);
    for (const e of prose) expect(got.get(e), e).toBe('prose NOT_VERIFIED evidence must be a pointer, not prose');
    expect([...got.keys()].sort()).toEqual([...manifest.escapes].sort());
    // src/a.ts is cited only by a NOT_VERIFIED pointer (lines past its end), and the committed link
    // to the outside is refused, not followed (NOT_VERIFIED): neither gets a page.
    expect((model as ProjectModel).cited.files.map((f) => `${f.origin}:${f.path}`)).toEqual([]);
  });

  it('does the same for QA criteria evidence and review finding locations', () => {
    const [model] = byRoot('paths');
    const pointers = [...((model as ProjectModel).verdicts?.qa.flatMap((q) => q.criteria.flatMap((c) => c.evidence)) ?? []), ...((model as ProjectModel).verdicts?.reviews.flatMap((r) => r.findings.map((f) => f.location)) ?? [])];
    expect(pointers.length).toBe(24);
    for (const p of pointers) expect(p?.status, p?.raw).not.toBe('VERIFIED');
  });

  it('never looks a configured head up as a file', () => {
    const [model] = byRoot('paths-head');
    expect((model as ProjectModel).repository.problem).toBe('landed head unknown: cannot resolve ../../../../outside/secret.txt: not a valid ref name');
  });
});

const statusesOf = (model: ProjectModel): string[] => model.rows.flatMap((r) => r.evidence.map((p) => p.status));

describe('hard repositories in the corpus', () => {
  it('answers honestly for a shallow clone, a corrupt pack, a bad head and a folder that is no repository', () => {
    const statuses = (project: string): string[] => (byRoot(project)[0] as ProjectModel).rows.flatMap((r) => r.evidence.map((p) => p.status));
    expect(statuses('hard/shallow')).toEqual(['VERIFIED', 'INCONCLUSIVE', 'VERIFIED']);
    expect(statuses('hard/corrupt')).toEqual(['INCONCLUSIVE', 'INCONCLUSIVE', 'INCONCLUSIVE']);
    expect(statuses('hard/bad-head')).toEqual(['VERIFIED', 'INCONCLUSIVE']);
    expect(statuses('hard/not-a-repo')).toEqual(['INCONCLUSIVE']);
    for (const p of ['hard/corrupt', 'hard/bad-head', 'hard/not-a-repo']) expect((byRoot(p)[0] as ProjectModel).flags.map((f) => f.kind)).toContain('repository/unavailable');
  });

  it('keeps ids short enough to be file names, however long the folder and file names', () => {
    const [long] = byRoot(`hard/${'a'.repeat(200)}/${'b'.repeat(200)}`);
    expect(long?.id).toMatch(/^hard-a{78}-[0-9a-f]{16}$/);
    expect(statusesOf(long as ProjectModel)).toEqual(['VERIFIED', 'VERIFIED', 'VERIFIED']);
    for (const m of models) expect(m.id.length, m.root).toBeLessThanOrEqual(100);
  });
});

// --- issue 14: git links out of the input, .git through a link, amplification, back-dated supersedes ---

describe('issue 14: git data and .git reached through links, amplification, back-dated supersedes', () => {
  const only = (project: string): ProjectModel => {
    const found = byRoot(project);
    expect(found, project).toHaveLength(1);
    return found[0] as ProjectModel;
  };
  const evidence = (m: ProjectModel): string[] => m.rows.flatMap((r) => r.evidence.map((p) => `${p.raw} ${p.status} ${p.reason}`));
  const outside = (what: string): string => `${what} leads outside the repository's git directory; not read`;

  it('.git/objects and .git/refs linked into a private repository: its commit never verifies, its .env is never read', () => {
    const m = only('links/git-objects-refs');
    const problem = `landed head unknown: cannot resolve HEAD: no such ref (${outside('refs')})`;
    expect(m.repository.problem).toBe(problem);
    const [commit, env] = evidence(m);
    expect(commit).toMatch(new RegExp(`^[0-9a-f]{40} INCONCLUSIVE no commit [0-9a-f]{40} in corpus/links/git-objects-refs, but part of the object store cannot be read \\(${outside('objects').replace(/[.()]/g, '\\$&')}\\)$`));
    expect(env).toBe(`.env:1 INCONCLUSIVE ${problem}`);
    expect(m.flags.map((f) => f.kind)).toEqual(['repository/unavailable']);
    expect(m.cited).toEqual({ commits: [], files: [] });
  });

  it('a loose object linked to the private .env blob, refs/heads/main and packed-refs linked out: refused by name, never read', () => {
    const [loose] = evidence(only('links/git-loose-object'));
    expect(loose).toMatch(new RegExp(`^README\\.md:1 INCONCLUSIVE cannot read blob [0-9a-f]{12}: objects/[0-9a-f]{2}/[0-9a-f]{38} leads outside the repository's git directory; not read$`));
    expect(only('links/git-ref-file').repository.problem).toBe(`landed head unknown: cannot resolve HEAD: no such ref (${outside('refs/heads/main')})`);
    expect(only('links/git-packed-refs').repository.problem).toBe(`landed head unknown: cannot resolve HEAD: no such ref (${outside('packed-refs')})`);
    for (const p of ['links/git-loose-object', 'links/git-ref-file', 'links/git-packed-refs']) expect(only(p).cited.files, p).toEqual([]);
  });

  it('g -> .git: g/config:2, g//config and ./g/config are not artifacts (judged by real path), and the walk does not follow links into .git', () => {
    const m = only('links/dot-git-link');
    const refused = 'g/config is inside a .git folder, which is never read: not evidence';
    expect(evidence(m)).toEqual([`g/config:2 NOT_VERIFIED ${refused}`, `g//config NOT_VERIFIED ${refused}`, `./g/config NOT_VERIFIED ${refused}`]);
    expect(m.flags.map((f) => `${f.kind} ${f.severity}`)).toEqual(['evidence/path-not-found high', 'evidence/path-not-found high', 'evidence/path-not-found high']);
    expect(m.cited.files).toEqual([]);
    expect(m.sources.map((s) => s.path)).toEqual(['decisions.jsonl']);
  });

  it('1,000 empty QA files and 50,000 lines of garbage: 200 of each kind listed, the rest summarised and counted', () => {
    const m = only('broken/amplify');
    expect(m.counts.invalid).toBe(51_000);
    expect(m.invalid).toHaveLength(402);
    expect(m.invalid.filter((r) => r.omitted !== undefined)).toEqual([
      { file: 'decisions.jsonl', line: 202, kind: 'trail/not-json', error: '49800 more trail/not-json records are not listed one by one (the first at decisions.jsonl:202, the last at decisions.jsonl:50001): a project lists at most 200 of one kind', raw: '', omitted: 49_800 },
      { file: 'qa/T-0200.json', line: 1, kind: 'verdict/invalid-file', error: '800 more verdict/invalid-file records are not listed one by one (the first at qa/T-0200.json:1, the last at qa/T-0999.json:1): a project lists at most 200 of one kind', raw: '', omitted: 800 },
    ]);
    expect(m.flags).toHaveLength(402);
    expect(m.counts.flags.high).toBe(51_000);
    expect(m.flags.filter((f) => f.omitted !== undefined).map((f) => [f.kind, f.severity, f.omitted, f.at])).toEqual([
      ['trail/not-json', 'high', 49_800, [{ file: 'decisions.jsonl', line: 202 }]],
      ['verdict/invalid-file', 'high', 800, [{ file: 'qa/T-0200.json', line: 1 }]],
    ]);
    expect(m.sources).toHaveLength(202);
    expect(m.sources.at(-1)).toEqual({ path: '800 more files, qa/T-0200.json … qa/T-0999.json', format: 'verdicts', bytes: 0, lines: 0, valid: 0, invalid: 0, files: 800 });
  });

  it('a superseder timestamped before the failed row it supersedes: flagged high with both rows, the failure stays shown', () => {
    const m = only('broken/supersedes-backdated');
    const [, failed, hider] = m.rows;
    expect([failed?.result, failed?.supersededBy, hider?.supersedes]).toEqual(['failed', [], failed?.id]);
    expect(m.counts.superseded).toBe(0);
    const flag = m.flags.find((f) => f.kind === 'trail/supersedes-backdated');
    expect(flag).toEqual({
      layer: 'trail',
      severity: 'high',
      kind: 'trail/supersedes-backdated',
      rows: [hider?.id, failed?.id],
      summary: `row ${hider?.id} (line 3, 2026-03-02T09:00:00Z) supersedes row ${failed?.id} (line 2, 2026-03-02T12:00:00Z), which is later in time: it is not hidden`,
      at: [{ file: 'decisions.jsonl', line: 3 }, { file: 'decisions.jsonl', line: 2 }],
    });
  });

  it('a blob built to inflate is too large from its header (never inflated); a pack damaged mid-way loses only the damaged object', () => {
    expect(evidence(only('hard/zip-bomb')).map((e) => e.replace(/[0-9a-f]{40}/g, 'SHA'))).toEqual([
      'zeros.txt:1 INCONCLUSIVE zeros.txt exists but its lines cannot be checked: file too large to read (134217728 bytes)',
      // Issue 26, item 6: a blob cited as a commit is INCONCLUSIVE, with a low notice.
      'SHA INCONCLUSIVE SHA is a blob in repos/zip-bomb, not a commit',
      'README.md:1 VERIFIED line 1 of 1 exists at landed head',
    ]);
    const [ok, broken] = evidence(only('hard/mid-pack'));
    expect(ok).toBe('ok.txt:1 VERIFIED line 1 of 1 exists at landed head');
    expect(broken).toMatch(/^broken\.txt:1 INCONCLUSIVE cannot read blob [0-9a-f]{12}: Invalid compressed buffer: incorrect data check$/);
  });
});

// --- text that takes long to read (issue 14, item 3) ---------------------------

describe('evidence cells built to take quadratic time (slow-text/)', () => {
  it('classifies each with the exact outcome: prose is flagged, a flood of pointers stops at the cap and says so', () => {
    const [model] = byRoot('slow-text');
    const m = model as ProjectModel;
    const summary = m.rows.map((r) => {
      const counts: Record<string, number> = {};
      for (const p of r.evidence) counts[`${p.kind} ${p.status}`] = (counts[`${p.kind} ${p.status}`] ?? 0) + 1;
      return [r.line, counts];
    });
    const prose = { 'prose NOT_VERIFIED': 1 };
    // A flood repeats one pointer: read up to the cap, it is one pointer (trust16: a pointer written twice in a cell is read once), then the cap's notice.
    const flood = (kind: string) => ({ [`${kind} INCONCLUSIVE`]: 1, 'prose INCONCLUSIVE': 1 });
    expect(summary).toEqual([
      [2, prose], // '.' × n, then x
      [3, prose], // ')' × n
      [4, prose], // ',' × n
      [5, prose], // ':' × n
      [6, prose], // one word
      [7, prose], // 'a.' × n
      [8, prose], // '(' × n
      [9, prose], // "'a " × n
      [10, prose], // '1,' × n
      [11, prose], // src/a.ts:1:1:… (one word longer than any pointer)
      [12, prose], // ' and ' × n
      [13, flood('path')],
      [14, flood('command')],
      // One "command" longer than any command is read as text: its SHAs are still read, named in it (under the prose item).
      [15, { 'commit INCONCLUSIVE': 1, 'prose INCONCLUSIVE': 2 }],
      [16, flood('reference')], // delegate ids, not commits
      [17, prose], // 'a/' × n (a path longer than any path)
      [18, prose], // ' ' × n, then x
    ]);
    expect(m.rows.every((r) => r.bytes > QUADRATIC_CHARS)).toBe(true);
    expect(m.rows[12]?.evidence.at(-1)).toEqual({ raw: `… more than ${MAX_POINTERS_PER_CELL} pointers`, kind: 'prose', status: 'INCONCLUSIVE', reason: 'the cell holds more pointers than are read; the rest is shown as written, not checked' });
    // Each row is over 4 KiB: the writer would have refused it; the prose cells are flagged once per row.
    const kinds: Record<string, number> = {};
    for (const f of m.flags) kinds[`${f.severity}:${f.kind}`] = (kinds[`${f.severity}:${f.kind}`] ?? 0) + 1;
    expect(kinds).toEqual({ 'medium:trail/row-too-large': 17, 'medium:evidence/prose': 13 });
  });
});

// --- security-2: the second adversarial review ---

describe('security-2: the second adversarial review', () => {
  const only = (project: string): ProjectModel => {
    const found = byRoot(project);
    expect(found, project).toHaveLength(1);
    return found[0] as ProjectModel;
  };
  const evidence = (m: ProjectModel): string[] => m.rows.flatMap((r) => r.evidence.map((p) => `${p.raw} ${p.status} ${p.reason}`));
  const refusedRepo = (repo: string): string => `repository ${repo} (from trailbook.json): its git data lies outside the input folders; not read (a project may name only a repository inside them, unless the archive configuration lists a folder holding it in "allowRepositories")`;

  it('"repo": "." over a .git file naming a private repository, and repo naming it by path: neither is read (trailbook.json is input)', () => {
    for (const [project, repo] of [['security/repo-dot-gitfile', '.'], ['security/repo-private-path', '../../../outside/private']] as const) {
      const m = only(project);
      expect(m.repository).toEqual({ id: null, path: null, head: null, headSource: null, problem: refusedRepo(repo) });
      expect(m.rows.flatMap((r) => r.evidence.map((p) => p.status))).toEqual(project.endsWith('gitfile') ? ['INCONCLUSIVE', 'INCONCLUSIVE', 'INCONCLUSIVE'] : ['INCONCLUSIVE', 'INCONCLUSIVE']);
      expect(m.cited).toEqual({ commits: [], files: [] });
      expect(JSON.stringify(m)).not.toContain(SECRET);
    }
  });

  it('an uncommitted work-tree file is no artifact for "repo": ".git", a .git renamed dotgit, or a core.worktree set elsewhere', () => {
    for (const project of ['security/repo-dot-git', 'security/repo-dotgit', 'security/repo-worktree-elsewhere']) {
      expect(evidence(only(project)), project).toEqual([
        'README.md:1 VERIFIED line 1 of 1 exists at landed head',
        'uncommitted.ts:1 NOT_VERIFIED uncommitted.ts is in the work tree but not committed at the landed head: an uncommitted file is not evidence',
      ]);
      expect(only(project).cited.files.map((f) => `${f.origin}:${f.path}`)).toEqual(['repository:README.md']);
    }
  });

  it('a bare mirror.git and a .git renamed wt/dotgit are never artifacts, and a pointer that failed gets no page', () => {
    const m = only('security/git-dirs');
    expect(evidence(m)).toEqual([
      'README.md:1 VERIFIED line 1 of 1 exists at landed head',
      'mirror.git/config:7 NOT_VERIFIED mirror.git/config is inside a git directory (mirror.git), which is never read: not evidence',
      'mirror.git/config:1 NOT_VERIFIED mirror.git/config is inside a git directory (mirror.git), which is never read: not evidence',
      'wt/dotgit/config:1 NOT_VERIFIED wt/dotgit/config is inside a git directory (wt/dotgit), which is never read: not evidence',
      'mirror.git/HEAD NOT_VERIFIED mirror.git/HEAD is inside a git directory (mirror.git), which is never read: not evidence',
      // Issue 26, item 2: the row is dated after the landed head and not committed: INCONCLUSIVE, saying so (still no page).
      `README.md:9 INCONCLUSIVE line 9 is past the end of README.md (1 line at landed head); the landed head ${(m.repository.head as string).slice(0, 7)} (committed 2026-03-02T09:31:00Z) predates this row, which is not committed with the repository`,
    ]);
    expect(m.rows.flatMap((r) => r.evidence.filter((p) => p.status === 'NOT_VERIFIED' && p.target !== undefined))).toEqual([]);
    expect(m.cited.files.map((f) => [`${f.origin}:${f.path}`, f.ranges])).toEqual([['repository:README.md', [{ from: 1, to: 1 }]]]);
    expect(JSON.stringify(m)).not.toContain(SECRET);
  });

  it(`reads "## Shape" then ${QUADRATIC_HEADINGS} "#" lines, a heading of space-tab pairs and long space runs in linear time, with the exact arena`, () => {
    const arena = only('security/markdown-quadratic').arena;
    expect(arena?.candidates.map((c) => [c.label, c.shape, c.shapeFirst, c.sections.length])).toEqual([
      ['A', 'ok', true, QUADRATIC_HEADINGS + 1],
      ['B', 'two', true, 2],
    ]);
    expect([arena?.selection?.matrix, arena?.selection?.pick, arena?.selection?.pickReason]).toEqual([null, 'A', 'because it is simpler']);
  });

  it(`writes the decision ${CSV_FORMULA} to decisions.csv quoted, with a quote before the =`, () => {
    const csv = decisionsCsv(only('security/csv-formula')).split('\r\n');
    expect(csv[2]).toMatch(/^[0-9a-f]{8},2026-03-02T10:00:00Z,p1,,lead,"ok;'=cmd\|' \/C calc'!A0",security-2,x,"prose, no pointer",verified,,decisions\.jsonl,2,evidence\/prose,medium,true,,$/);
  });

  it('keeps a title holding a line break and a link named with one as they are: only printing escapes them', () => {
    expect(only('security/workflow-commands').title).toBe(COMMAND_TITLE);
    expect(problems.filter((p) => p.path.endsWith(COMMAND_LINK_NAME)).map((p) => p.problem)).toEqual(['symbolic link leads outside the input root; not followed']);
  });
});
