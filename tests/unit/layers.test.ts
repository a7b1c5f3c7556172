/**
 * The layer map is code (issue 31): every import of `src/` — type-only imports too, since a
 * type names the concept it comes from — runs down the lists of src/layers.ts, no files import
 * each other in a loop, and docs/architecture.md draws the same lists with paths that exist.
 * The checker is shown failing on graphs of its own, so a pass means something.
 */
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIB_LAYERS, SRC_ROLES } from '../../src/layers.ts';
import { importCycles, placeOf, upwardImports } from './layers/check-layers.ts';
import { importGraph, repositoryRoot, type ImportEdge } from './layers/import-graph.ts';

const lists = { roles: SRC_ROLES, folders: LIB_LAYERS };
const graph = importGraph();

function sourceFiles(dir: string): string[] {
  return readdirSync(join(repositoryRoot, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    return e.isDirectory() ? sourceFiles(path) : /\.(?:ts|astro)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('the layer map holds for the code', () => {
  it('reads the imports of every source file (static, type-only, re-exports, import() and Astro scripts)', () => {
    expect(graph.length).toBeGreaterThan(1000);
    expect(graph.some((e) => e.typeOnly)).toBe(true);
    expect(graph.some((e) => e.from.endsWith('.astro') && e.to.startsWith('src/scripts/'))).toBe(true);
    expect(graph.filter((e) => !existsSync(join(repositoryRoot, e.to)))).toEqual([]);
  });

  it('no import of src/ runs upward', () => {
    expect(upwardImports(graph, lists)).toEqual([]);
  });

  it('no files of src/ import each other in a loop', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('every file of src/ has a place, every folder of src/lib is listed, and every listed place exists', () => {
    expect(sourceFiles('src').map((f) => placeOf(f, lists)).filter((p) => typeof p === 'string')).toEqual([]);
    const folders = readdirSync(join(repositoryRoot, 'src', 'lib'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect([...LIB_LAYERS].sort()).toEqual(folders.sort());
    expect(readdirSync(join(repositoryRoot, 'src', 'lib')).filter((name) => !statSync(join(repositoryRoot, 'src', 'lib', name)).isDirectory())).toEqual([]);
    expect(SRC_ROLES.filter((r) => !existsSync(join(repositoryRoot, 'src', r)))).toEqual([]);
    expect(new Set(SRC_ROLES).size).toBe(SRC_ROLES.length);
    expect(new Set(LIB_LAYERS).size).toBe(LIB_LAYERS.length);
  });
});

describe('the checker fails where it should', () => {
  const edge = (from: string, to: string, line = 3, typeOnly = false): ImportEdge => ({ from, to, specifier: `./${to.split('/').pop()}`, line, typeOnly });
  const small = { roles: ['lib', 'components', 'pages'], folders: ['text', 'model', 'search'] };

  it('names an upward import between folders of the core, with its file, line and specifier', () => {
    expect(upwardImports([edge('src/lib/text/a.ts', 'src/lib/search/b.ts', 7)], small)).toEqual([
      "upward import: src/lib/text/a.ts:7 imports './b.ts' (src/lib/search/b.ts): lib/text may not import from lib/search, which stands above it",
    ]);
  });

  it('counts a type-only import like any other', () => {
    expect(upwardImports([edge('src/lib/model/a.ts', 'src/lib/search/b.ts', 2, true)], small)).toEqual([
      "upward import: src/lib/model/a.ts:2 imports './b.ts' (src/lib/search/b.ts), a type-only import: lib/model may not import from lib/search, which stands above it",
    ]);
  });

  it('names an upward import between roles of src/, and lets imports run down and sideways', () => {
    expect(
      upwardImports(
        [
          edge('src/lib/text/a.ts', 'src/components/B.astro'),
          edge('src/pages/index.astro', 'src/components/B.astro'),
          edge('src/components/B.astro', 'src/lib/search/b.ts'),
          edge('src/lib/search/b.ts', 'src/lib/search/c.ts'),
          edge('src/lib/search/b.ts', 'src/lib/text/a.ts'),
        ],
        small,
      ),
    ).toEqual(["upward import: src/lib/text/a.ts:3 imports './B.astro' (src/components/B.astro): lib/text may not import from components, which stands above it"]);
  });

  it('names a file outside every place', () => {
    expect(upwardImports([edge('src/lib/odd/a.ts', 'src/lib/text/b.ts')], small)).toEqual([
      "src/lib/odd/a.ts:3 imports './b.ts' (src/lib/text/b.ts): src/lib/odd/a.ts is in no folder of src/layers.ts LIB_LAYERS",
    ]);
  });

  it('fails on the real graph once one upward import is added', () => {
    const added = edge('src/lib/model/types.ts', 'src/lib/search/search-record.ts', 14, true);
    expect(upwardImports([...graph, added], lists)).toEqual([
      "upward import: src/lib/model/types.ts:14 imports './search-record.ts' (src/lib/search/search-record.ts), a type-only import: lib/model may not import from lib/search, which stands above it",
    ]);
  });

  it('names a loop of files by the imports that close it, even within one folder', () => {
    const loop = [edge('src/lib/search/b.ts', 'src/lib/search/c.ts', 4), edge('src/lib/search/c.ts', 'src/lib/search/d.ts', 5), edge('src/lib/search/d.ts', 'src/lib/search/b.ts', 6, true), edge('src/lib/search/d.ts', 'src/lib/text/a.ts')];
    expect(importCycles(loop)).toEqual(['import cycle of 3 files: src/lib/search/b.ts:4 → src/lib/search/c.ts:5 → src/lib/search/d.ts:6 → src/lib/search/b.ts']);
    expect(importCycles([edge('src/lib/text/a.ts', 'src/lib/text/a.ts', 9)])).toEqual(['import cycle of 1 files: src/lib/text/a.ts:9 → src/lib/text/a.ts']);
    expect(importCycles(loop.slice(0, 2))).toEqual([]);
  });
});

describe('the import reader', () => {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('finds every kind of import of a fixture tree, with lines, and leaves packages out', () => {
    write('package.json', JSON.stringify({ imports: { '#hash': { browser: './src/lib/text/h-browser.ts', default: './src/lib/text/h.ts' } } }));
    write(
      'src/lib/text/a.ts',
      [
        "import { z } from 'zod';",
        "import type { B } from '../model/b.ts';",
        "import { type C, d } from '../model/c.ts';",
        "export * from './e.ts';",
        "export type { F } from './f.ts';",
        "type G = typeof import('./g.ts');",
        "const h = () => import('./h.ts');",
        "import { sha } from '#hash';",
      ].join('\n'),
    );
    write('src/pages/p.astro', "---\nimport Base from '../layouts/Base.astro';\n---\n<p>x</p>\n<script is:inline set:html={x} />\n<script>\nimport '../scripts/s.ts';\n</script>\n");
    const edges = importGraph(root).map((e) => `${e.from}:${e.line} → ${e.to}${e.typeOnly ? ' (type)' : ''}`);
    expect(edges).toEqual([
      'src/lib/text/a.ts:2 → src/lib/model/b.ts (type)',
      'src/lib/text/a.ts:3 → src/lib/model/c.ts',
      'src/lib/text/a.ts:4 → src/lib/text/e.ts',
      'src/lib/text/a.ts:5 → src/lib/text/f.ts (type)',
      'src/lib/text/a.ts:6 → src/lib/text/g.ts (type)',
      'src/lib/text/a.ts:7 → src/lib/text/h.ts',
      'src/lib/text/a.ts:8 → src/lib/text/h.ts',
      'src/pages/p.astro:2 → src/layouts/Base.astro',
      'src/pages/p.astro:7 → src/scripts/s.ts',
    ]);
  });
});

describe('docs/architecture.md draws the layer map', () => {
  const doc = readFileSync(join(repositoryRoot, 'docs', 'architecture.md'), 'utf8');
  /** The first column of the table under a heading, as written (`src/lib/shard/`). */
  const column = (heading: string): string[] => {
    const at = doc.indexOf(heading);
    expect(at, `docs/architecture.md has a heading "${heading}"`).toBeGreaterThan(-1);
    const rows = doc.slice(at).split('\n').slice(1);
    const table = rows.slice(rows.findIndex((l) => l.startsWith('|')));
    return table.slice(2, table.findIndex((l) => !l.startsWith('|'))).map((l) => /^\|\s*`([^`]+)`/.exec(l)?.[1] ?? l);
  };

  it('lists the roles of src/, top first, as src/layers.ts does', () => {
    expect(column('### The roles of `src/`')).toEqual([...SRC_ROLES].reverse().map((r) => `src/${r}${r.endsWith('.ts') ? '' : '/'}`));
  });

  it('lists the folders of src/lib, top first, as src/layers.ts does', () => {
    expect(column('### The folders of `src/lib/`')).toEqual([...LIB_LAYERS].reverse().map((f) => `src/lib/${f}/`));
  });

  it('names only paths that exist, as does docs/internals.md', () => {
    for (const name of ['architecture.md', 'internals.md']) {
      const text = readFileSync(join(repositoryRoot, 'docs', name), 'utf8');
      // A glob (`src/lib/adapters/*`, `sha256-*.ts`) is held to its folder.
      const paths = [...text.matchAll(/`((?:src|tests|scripts|bin|docs|examples)\/[^`\s]*)`/g)].map((m) => (m[1]!.includes('*') ? dirname(m[1]!) : m[1]!.replace(/\/$/, '')));
      expect(paths.length, name).toBeGreaterThan(40);
      expect(paths.filter((p) => !existsSync(join(repositoryRoot, p))), name).toEqual([]);
    }
  });
});
