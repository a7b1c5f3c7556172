/**
 * Paths as real projects name them, and the committed symbolic links real trees hold
 * (reviews of main: real evidence called prose, a committed link called "in the work tree but
 * not committed"). Names hold brackets, `#`, `$`, `=`, `@`, `+`, `~` (Next.js route folders
 * `app/(auth)`, `app/[id]`; Remix `routes/$id.tsx`; SvelteKit `+page.svelte`); GitHub writes a
 * line `:L2` or `#L2-L5`. Counts, id lists and hosts stay what they are. A committed link is
 * followed inside the landed tree only (src/lib/git/tree-links.ts), and the reason says so.
 * Classified pointers are checked exactly; resolution runs against a repository generated with
 * the git CLI (fixed names and dates, so ids are the same on every run), through the whole
 * project analysis where the project folder is the repository's work tree.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../scripts/make-hostile-corpus.ts';
import { discoverProjects } from '../../src/lib/discover/discover.ts';
import { ArtifactFolder } from '../../src/lib/evidence/artifacts.ts';
import { classifyEvidence, type ClassifiedPointer } from '../../src/lib/evidence/classify.ts';
import { EXTENSIONS } from '../../src/lib/evidence/path-shape.ts';
import { resolvePointer, type EvidenceContext } from '../../src/lib/evidence/resolve.ts';
import { openRepository, type GitRepository } from '../../src/lib/git/repository.ts';
import { MAX_LINK_HOPS } from '../../src/lib/git/tree-links.ts';
import type { EvidencePointer } from '../../src/lib/model/types.ts';
import { analyseProject, prepareProject } from '../../src/lib/project/analyse-project.ts';
import { RepositoryRegistry } from '../../src/lib/project/repository-registry.ts';

describe('paths as real trees name them are paths (exact pointers)', () => {
  const cases: Array<[cell: string, expected: ClassifiedPointer[]]> = [
    // Next.js route groups and dynamic segments.
    ['app/(auth)/login/page.tsx:2', [{ raw: 'app/(auth)/login/page.tsx:2', kind: 'path', path: 'app/(auth)/login/page.tsx', from: 2, to: 2 }]],
    ['app/[id]/page.tsx:2', [{ raw: 'app/[id]/page.tsx:2', kind: 'path', path: 'app/[id]/page.tsx', from: 2, to: 2 }]],
    ['app/[...slug]/page.tsx', [{ raw: 'app/[...slug]/page.tsx', kind: 'path', path: 'app/[...slug]/page.tsx' }]],
    ['app/[[...slug]]/page.tsx', [{ raw: 'app/[[...slug]]/page.tsx', kind: 'path', path: 'app/[[...slug]]/page.tsx' }]],
    ['app/@modal/(.)photo/page.tsx', [{ raw: 'app/@modal/(.)photo/page.tsx', kind: 'path', path: 'app/@modal/(.)photo/page.tsx' }]],
    ['app/[id]', [{ raw: 'app/[id]', kind: 'path', path: 'app/[id]' }]],
    // `#`, `$`, `=`, `+`, `~` inside names.
    ['docs/#notes.md:1', [{ raw: 'docs/#notes.md:1', kind: 'path', path: 'docs/#notes.md', from: 1, to: 1 }]],
    ['app/routes/$id.tsx', [{ raw: 'app/routes/$id.tsx', kind: 'path', path: 'app/routes/$id.tsx' }]],
    ['data/year=2026/rows.json', [{ raw: 'data/year=2026/rows.json', kind: 'path', path: 'data/year=2026/rows.json' }]],
    ['src/routes/+page.svelte', [{ raw: 'src/routes/+page.svelte', kind: 'path', path: 'src/routes/+page.svelte' }]],
    ['backup~/a.md', [{ raw: 'backup~/a.md', kind: 'path', path: 'backup~/a.md' }]],
    ['packages/@scope/pkg/index.ts', [{ raw: 'packages/@scope/pkg/index.ts', kind: 'path', path: 'packages/@scope/pkg/index.ts' }]],
    ['@scope/pkg/index.ts', [{ raw: '@scope/pkg/index.ts', kind: 'path', path: '@scope/pkg/index.ts' }]],
    // GitHub-style lines.
    ['src/a.ts:L2', [{ raw: 'src/a.ts:L2', kind: 'path', path: 'src/a.ts', from: 2, to: 2 }]],
    ['src/a.ts:L2-L5', [{ raw: 'src/a.ts:L2-L5', kind: 'path', path: 'src/a.ts', from: 2, to: 5 }]],
    ['src/a.ts#L2-L5', [{ raw: 'src/a.ts#L2-L5', kind: 'path', path: 'src/a.ts', from: 2, to: 5 }]],
    ['see src/a.ts#L2-L5', [{ raw: 'src/a.ts#L2-L5', kind: 'path', path: 'src/a.ts', from: 2, to: 5, note: 'see' }]],
    // Brackets around a name are not part of it; brackets inside it are.
    ['(app/(auth)/login/page.tsx)', [{ raw: 'app/(auth)/login/page.tsx', kind: 'path', path: 'app/(auth)/login/page.tsx' }]],
    ['[app/[id]/page.tsx].', [{ raw: 'app/[id]/page.tsx', kind: 'path', path: 'app/[id]/page.tsx' }]],
    [
      'src/a.ts (app/[id]/page.tsx)',
      [
        { raw: 'src/a.ts', kind: 'path', path: 'src/a.ts', note: '(app/[id]/page.tsx)' },
        { raw: 'app/[id]/page.tsx', kind: 'path', path: 'app/[id]/page.tsx', near: 'src', within: 0 },
      ],
    ],
    ['[the notes](docs/a.md)', [{ raw: 'docs/a.md', kind: 'path', path: 'docs/a.md', note: '[the' }]],
    ['[notes](docs/a.md)', [{ raw: 'docs/a.md', kind: 'path', path: 'docs/a.md' }]],
    // A path under a shell variable is outside the repository.
    ['$HOME/notes/a.md', [{ raw: '$HOME/notes/a.md', kind: 'ephemeral', path: '$HOME/notes/a.md' }]],
    ['${TMPDIR}/run/out.json', [{ raw: '${TMPDIR}/run/out.json', kind: 'ephemeral', path: '${TMPDIR}/run/out.json' }]],
    // Counts, id lists, hosts and words stay what they are.
    ['7/7 FAQ texts equal', [{ raw: '7/7 FAQ texts equal', kind: 'prose' }]],
    ['353/353/353/360 unit', [{ raw: '353/353/353/360 unit', kind: 'prose' }]],
    ['(7/7)', [{ raw: '(7/7)', kind: 'prose' }]],
    ['#1/#2', [{ raw: '#1/#2', kind: 'prose' }]],
    ['u1/u2/u4/u6', [{ raw: 'u1/u2/u4/u6', kind: 'prose' }]],
    ['careertech.org/career-clusters', [{ raw: 'careertech.org/career-clusters', kind: 'url', href: 'careertech.org/career-clusters', schemeless: true }]],
    ['C#/F# bindings', [{ raw: 'C#/F# bindings', kind: 'prose' }]],
    ['FOO=bar/baz', [{ raw: 'FOO=bar/baz', kind: 'prose' }]],
    ['@scope/pkg', [{ raw: '@scope/pkg', kind: 'prose' }]],
  ];
  it.each(cases)('%j', (cell, expected) => {
    expect(classifyEvidence(cell)).toEqual(expected);
  });
});

describe('property: real-looking paths are paths, numeric slashes are not', () => {
  const word = fc.stringMatching(/^[a-z][a-z0-9_-]{0,7}$/);
  // One folder as real trees name them: plain, a route group, a dynamic or catch-all segment, a parallel route, `$`, `=`, `+`, `~`, `#`.
  const folder = fc.oneof(
    word,
    word.map((w) => `(${w})`),
    word.map((w) => `[${w}]`),
    word.map((w) => `[...${w}]`),
    word.map((w) => `[[...${w}]]`),
    word.map((w) => `@${w}`),
    word.map((w) => `$${w}`),
    word.map((w) => `${w}=2026`),
    word.map((w) => `+${w}`),
    word.map((w) => `${w}~`),
    word.map((w) => `#${w}`),
  );
  const extension = fc.constantFrom(...[...EXTENSIONS].filter((e) => !['test', 'spec'].includes(e)));
  const file = fc.tuple(fc.oneof(word, word.map((w) => `+${w}`), word.map((w) => `$${w}`), word.map((w) => `[${w}]`), word.map((w) => `#${w}`)), extension).map(([name, ext]) => `${name}.${ext}`);
  const line = fc.oneof(
    fc.constant({ suffix: '', lines: {} }),
    fc.integer({ min: 1, max: 9999 }).map((n) => ({ suffix: `:${n}`, lines: { from: n, to: n } })),
    fc.integer({ min: 1, max: 9999 }).map((n) => ({ suffix: `:L${n}`, lines: { from: n, to: n } })),
    fc.tuple(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 99 })).map(([n, d]) => ({ suffix: `#L${n}-L${n + d}`, lines: { from: n, to: n + d } })),
  );

  it('a path of such folders and a file, with or without a line, is one path pointer with that path and line', () => {
    fc.assert(
      fc.property(fc.array(folder, { minLength: 1, maxLength: 5 }), file, line, (folders, name, { suffix, lines }) => {
        const p = `${folders.join('/')}/${name}`;
        // A variable at the very start is a shell variable (`$HOME/…`), not a name in the tree.
        fc.pre(!/^\$[a-z]/.test(p));
        expect(classifyEvidence(`${p}${suffix}`)).toEqual([{ raw: `${p}${suffix}`, kind: 'path', path: p, ...lines }]);
      }),
      { numRuns: 2000 },
    );
  });

  it('numbers joined by slashes, with or without brackets or `#`, and id lists are never paths', () => {
    const number = fc.integer({ min: 0, max: 99999 }).map(String);
    const mark = fc.constantFrom('', '#', '(', '[');
    const count = fc.tuple(fc.array(fc.tuple(mark, number), { minLength: 2, maxLength: 5 }), fc.constantFrom('', ' unit', ' FAQ texts equal', ' pass')).map(([parts, tail]) => {
      const body = parts.map(([m, n]) => (m === '(' ? `(${n})` : m === '[' ? `[${n}]` : `${m}${n}`)).join('/');
      return `${body}${tail}`;
    });
    const ids = fc.tuple(fc.constantFrom('u', 'pr-', 'T', 'pr'), fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 2, maxLength: 6 })).map(([prefix, ns]) => ns.map((n) => `${prefix}${n}`).join('/'));
    fc.assert(
      fc.property(fc.oneof(count, ids), (cell) => {
        expect(classifyEvidence(cell).filter((p) => p.kind === 'path')).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});

let tmp: string;
let dir: string;
let repo: GitRepository;
let head: string;

async function put(rel: string, content: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await writeFile(path.join(dir, rel), content);
}

async function link(target: string, rel: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await symlink(target, path.join(dir, rel));
}

const TRAIL_HEADER = 'ts\tphase\tdecision\twhy\tevidence\tresult\n';
/** Evidence cells of the trail committed at the repository's root, one row each. */
const CITED = [
  'app/(auth)/login/page.tsx:2',
  'app/[id]/page.tsx:2',
  'docs/#notes.md:1',
  'src/a.ts:L2',
  'src/a.ts#L2-L5',
  'app/routes/$id.tsx',
  'lib/real.ts:1',
  'src/alias.ts:1',
  'chain/real.ts:3',
  'docs/up/real.ts',
  'lib/',
  'lib/gone.ts',
  'dangling.ts',
  'out/secret.txt',
  'abs.txt:1',
  'gitconf.txt',
  'loop-a/x.ts',
  'proof.md',
  'lib/new.ts',
];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'trailbook-real-tree-'));
  dir = path.join(tmp, 'app');
  await mkdir(dir);
  await writeFile(path.join(tmp, 'secret.txt'), 'outside\n');
  git(dir, ['init', '-q']);
  await put('app/(auth)/login/page.tsx', 'export default function Login() {\n  return null;\n}\n');
  await put('app/[id]/page.tsx', 'export default function Item() {\n  return null;\n}\n');
  await put('app/routes/$id.tsx', 'export const loader = () => null;\n');
  await put('docs/#notes.md', '# Notes\n\nkept\n');
  await put('src/a.ts', 'one\ntwo\nthree\nfour\nfive\nsix\n');
  await put('src/real.ts', 'export const real = 1;\nexport const two = 2;\nexport const three = 3;\n');
  await link('src', 'lib');
  await link('real.ts', 'src/alias.ts');
  await link('lib', 'chain');
  await link('../src', 'docs/up');
  await link('gone.ts', 'dangling.ts');
  await link('../secret-folder', 'out');
  await link(path.join(tmp, 'secret.txt'), 'abs.txt');
  await link('.git/config', 'gitconf.txt');
  await link('loop-b', 'loop-a');
  await link('loop-a', 'loop-b');
  await link('decisions.tsv', 'proof.md');
  const rows = CITED.map((cell, i) => ['2026-03-02T10:' + String(i).padStart(2, '0') + ':00Z', 'build', `Row ${i + 1}`, 'cited', cell, 'verified'].join('\t'));
  await writeFile(path.join(dir, 'decisions.tsv'), TRAIL_HEADER + rows.join('\n') + '\n');
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'Routes, notes and links'], { GIT_AUTHOR_DATE: '2026-03-02T09:00:00Z', GIT_COMMITTER_DATE: '2026-03-02T09:00:00Z' });
  head = git(dir, ['rev-parse', 'HEAD']);
  // Uncommitted, in the work tree through the committed link `lib`.
  await writeFile(path.join(dir, 'src', 'new.ts'), 'draft\n');
  const opened = await openRepository(dir);
  if (!('repository' in opened)) throw new Error(opened.problem);
  repo = opened.repository;
}, 30_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function resolved(cell: string): Promise<Array<Pick<EvidencePointer, 'kind' | 'raw' | 'status' | 'reason' | 'fault'>>> {
  const ctx: EvidenceContext = { repository: repo, repositoryName: 'app', head, problem: null, artifacts: new ArtifactFolder(path.join(tmp, 'no-artifacts')) };
  const out = [];
  for (const p of classifyEvidence(cell)) {
    const r = await resolvePointer(p, ctx);
    out.push({ kind: r.kind, raw: r.raw, status: r.status, reason: r.reason, ...(r.fault ? { fault: r.fault } : {}) });
  }
  return out;
}

describe('resolution of such names and of committed links, against a generated repository', () => {
  it('names with brackets, #, $ and GitHub lines resolve like any path', async () => {
    expect(await resolved('app/(auth)/login/page.tsx:2')).toEqual([{ kind: 'path', raw: 'app/(auth)/login/page.tsx:2', status: 'VERIFIED', reason: 'line 2 of 3 exists at landed head' }]);
    expect(await resolved('app/[id]/page.tsx:2')).toEqual([{ kind: 'path', raw: 'app/[id]/page.tsx:2', status: 'VERIFIED', reason: 'line 2 of 3 exists at landed head' }]);
    expect(await resolved('docs/#notes.md:1')).toEqual([{ kind: 'path', raw: 'docs/#notes.md:1', status: 'VERIFIED', reason: 'line 1 of 3 exists at landed head' }]);
    expect(await resolved('src/a.ts:L2')).toEqual([{ kind: 'path', raw: 'src/a.ts:L2', status: 'VERIFIED', reason: 'line 2 of 6 exists at landed head' }]);
    expect(await resolved('src/a.ts#L2-L5')).toEqual([{ kind: 'path', raw: 'src/a.ts#L2-L5', status: 'VERIFIED', reason: 'lines 2–5 of 6 exist at landed head' }]);
    expect(await resolved('app/routes/$id.tsx')).toEqual([{ kind: 'path', raw: 'app/routes/$id.tsx', status: 'VERIFIED', reason: 'file exists at landed head; 1 line' }]);
    // Resolution decides: a name of that shape that is not there is not found.
    expect(await resolved('app/(admin)/page.tsx:2')).toEqual([
      { kind: 'path', raw: 'app/(admin)/page.tsx:2', status: 'NOT_VERIFIED', reason: `app/(admin)/page.tsx not found at landed head ${head.slice(0, 7)} nor in the project folder`, fault: 'evidence/path-not-found' },
    ]);
  });

  it('follows a committed link to a folder or a file inside the tree, and says so', async () => {
    expect(await resolved('lib/real.ts:1')).toEqual([{ kind: 'path', raw: 'lib/real.ts:1', status: 'VERIFIED', reason: 'line 1 of 3 exists at landed head as src/real.ts (through the symbolic link lib → src)' }]);
    expect(await resolved('src/alias.ts:1')).toEqual([{ kind: 'path', raw: 'src/alias.ts:1', status: 'VERIFIED', reason: 'line 1 of 3 exists at landed head as src/real.ts (through the symbolic link src/alias.ts → real.ts)' }]);
    expect(await resolved('chain/real.ts:3')).toEqual([{ kind: 'path', raw: 'chain/real.ts:3', status: 'VERIFIED', reason: 'line 3 of 3 exists at landed head as src/real.ts (through the symbolic links chain → lib, lib → src)' }]);
    expect(await resolved('docs/up/real.ts')).toEqual([{ kind: 'path', raw: 'docs/up/real.ts', status: 'VERIFIED', reason: 'file exists at landed head as src/real.ts (through the symbolic link docs/up → ../src); 3 lines' }]);
    expect(await resolved('lib/')).toEqual([{ kind: 'path', raw: 'lib/', status: 'VERIFIED', reason: 'folder exists at landed head as src (through the symbolic link lib → src)' }]);
    // Lines past the end of the file the link leads to.
    expect(await resolved('src/alias.ts:4')).toEqual([
      { kind: 'path', raw: 'src/alias.ts:4', status: 'NOT_VERIFIED', reason: 'line 4 is past the end of src/real.ts (3 lines at landed head)', fault: 'evidence/line-out-of-range' },
    ]);
  });

  it('a link that leads nowhere, out of the tree, into .git or round in a loop is refused with the reason, at the severity of the same weakness', async () => {
    const at = head.slice(0, 7);
    expect(await resolved('lib/gone.ts')).toEqual([
      { kind: 'path', raw: 'lib/gone.ts', status: 'NOT_VERIFIED', reason: `lib/gone.ts is not in the tree at ${at}: it goes through the symbolic link lib → src, and src/gone.ts does not exist`, fault: 'evidence/path-not-found' },
    ]);
    expect(await resolved('dangling.ts')).toEqual([
      { kind: 'path', raw: 'dangling.ts', status: 'NOT_VERIFIED', reason: `dangling.ts is not in the tree at ${at}: it goes through the symbolic link dangling.ts → gone.ts, and gone.ts does not exist`, fault: 'evidence/path-not-found' },
    ]);
    expect(await resolved('out/secret.txt')).toEqual([
      { kind: 'path', raw: 'out/secret.txt', status: 'NOT_VERIFIED', reason: 'out is a symbolic link to ../secret-folder: it leads out of the repository tree; not followed', fault: 'evidence/path-outside-repository' },
    ]);
    expect(await resolved('abs.txt:1')).toEqual([
      { kind: 'path', raw: 'abs.txt:1', status: 'NOT_VERIFIED', reason: `abs.txt is a symbolic link to ${path.join(tmp, 'secret.txt')}, an absolute path: it leads out of the repository tree; not followed`, fault: 'evidence/path-outside-repository' },
    ]);
    expect(await resolved('gitconf.txt')).toEqual([
      { kind: 'path', raw: 'gitconf.txt', status: 'NOT_VERIFIED', reason: "gitconf.txt is a symbolic link to .git/config: it leads into .git, git's own data, not the repository's content; not followed", fault: 'evidence/path-outside-repository' },
    ]);
    expect(await resolved('loop-a/x.ts')).toEqual([
      { kind: 'path', raw: 'loop-a/x.ts', status: 'NOT_VERIFIED', reason: `loop-a/x.ts goes through more than ${MAX_LINK_HOPS} symbolic links (they loop): it names nothing`, fault: 'evidence/path-not-found' },
    ]);
    // A link to a claim record is the record.
    expect(await resolved('proof.md')).toEqual([
      { kind: 'path', raw: 'proof.md', status: 'NOT_VERIFIED', reason: 'proof.md goes through the symbolic link proof.md → decisions.tsv to decisions.tsv, which is a trail, audit or handover file: it states claims, it is not evidence for one', fault: 'evidence/self-citation' },
    ]);
  });

  it('a path at an older commit goes through the links of that commit', async () => {
    expect(await resolved(`lib/real.ts:2 in ${head.slice(0, 7)}`)).toEqual([
      { kind: 'path', raw: `lib/real.ts:2 in ${head.slice(0, 7)}`, status: 'VERIFIED', reason: `line 2 of 3 exists at commit ${head.slice(0, 7)} as src/real.ts (through the symbolic link lib → src)` },
    ]);
    expect(await resolved(`decisions.tsv:2 in ${head.slice(0, 7)}`)).toEqual([
      { kind: 'path', raw: `decisions.tsv:2 in ${head.slice(0, 7)}`, status: 'NOT_VERIFIED', reason: 'decisions.tsv is a trail, audit or handover file: it states claims, it is not evidence for one', fault: 'evidence/self-citation' },
    ]);
  });

  it('in a project whose folder is the work tree, a committed link is never "in the work tree but not committed"', async () => {
    const { projects } = await discoverProjects([dir]);
    const model = await analyseProject(await prepareProject(projects[0] as never, new RepositoryRegistry()));
    const got = new Map(model.rows.map((r) => [r.evidenceText, r.evidence.map((p) => `${p.status} ${p.reason}`).join(' | ')]));
    expect(got.get('lib/real.ts:1')).toBe('VERIFIED line 1 of 3 exists at landed head as src/real.ts (through the symbolic link lib → src)');
    expect(got.get('src/alias.ts:1')).toBe('VERIFIED line 1 of 3 exists at landed head as src/real.ts (through the symbolic link src/alias.ts → real.ts)');
    // A file reached through the link in the work tree that is not committed is what it is.
    expect(got.get('lib/new.ts')).toBe('NOT_VERIFIED lib/new.ts is in the work tree but not committed at the landed head: an uncommitted file is not evidence');
    expect(got.get('proof.md')).toBe('NOT_VERIFIED proof.md goes through the symbolic link proof.md → decisions.tsv to decisions.tsv, which is the record that makes the claim: a claim cannot be its own evidence');
    // The file page the row links to is the file the link leads to.
    expect(model.cited.files.map((f) => `${f.origin}:${f.path}`)).toEqual(['repository:app/(auth)/login/page.tsx', 'repository:app/[id]/page.tsx', 'repository:app/routes/$id.tsx', 'repository:docs/#notes.md', 'repository:src/a.ts', 'repository:src/real.ts']);
  });
});
