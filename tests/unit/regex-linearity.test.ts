/**
 * Every regular expression in the source runs in linear time (issue 14, item 3;
 * docs/security.md, "Text that takes long to read"). Records are untrusted and a line may be
 * 4 MiB, so a pattern that backtracks polynomially (`/[.,:]+$/` on a run of dots followed by
 * one other character) can stall a build for hours. recheck — a ReDoS analyser that decides
 * a pattern's complexity from its automaton — checks each pattern literal in `src/`; a
 * pattern built at run time (`new RegExp(…)`) must be one of the reviewed sites below.
 * Components and pages render only: they hold no pattern at all.
 */
import { parse } from '@babel/parser';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { check } from 'recheck';
import { describe, expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '..', '..', 'src');

/** Patterns built at run time, each reviewed: what it is built from, and why that stays linear. */
const RUNTIME_PATTERNS: Record<string, string> = {
  'components/html/code.ts':
    'the line-start markup this module writes (`remarkLines`): `TOKEN_CLASS_PATTERN` is `h[a-z]` (src/lib/highlight/highlight.ts), each after one space, so the repetition is unambiguous; then a backreference to the line number, in an optional group of fixed text',
  'lib/config/config-schema.ts': 'a configuration `secrets.patterns` entry, compiled only to check that it is a regular expression (never run here)',
  'lib/secrets/detect.ts':
    'the configuration’s `secrets.patterns` (trusted, written by whoever runs the build, docs/security.md "Secrets"): its own patterns, run on record text as it wrote them',
  'lib/config/glob.ts':
    'globs of the configuration file (trusted, written by whoever runs the build): `*` becomes `[^/]*`, so the work is polynomial only in the number of wildcards the configuration itself writes',
};

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sources(abs)));
    else if (/\.(?:ts|astro)$/.test(entry.name)) out.push(abs);
  }
  return out.sort();
}

interface Found {
  literals: Array<{ at: string; pattern: string; flags: string }>;
  runtime: string[];
}

type Node = { type?: unknown; loc?: { start: { line: number } }; [key: string]: unknown };

async function findPatterns(): Promise<Found> {
  const found: Found = { literals: [], runtime: [] };
  for (const file of await sources(SRC)) {
    const rel = path.relative(SRC, file).split(path.sep).join('/');
    const text = await readFile(file, 'utf8');
    if (file.endsWith('.astro')) {
      // Rendering only: a pattern in a component belongs in the core, where this test reads it.
      expect(/\/[^/\s*][^/\n]*\/[dgimsuyv]*\.(?:test|exec)\(|\.(?:replace|replaceAll|split|match|matchAll|search)\(\s*\//.test(text), `${rel} holds a regular expression; move it to src/lib`).toBe(false);
      continue;
    }
    const ast = parse(text, { sourceType: 'module', plugins: ['typescript'] });
    const visit = (node: Node): void => {
      if (node.type === 'RegExpLiteral') found.literals.push({ at: `${rel}:${node.loc?.start.line}`, pattern: node['pattern'] as string, flags: node['flags'] as string });
      if ((node.type === 'NewExpression' || node.type === 'CallExpression') && (node['callee'] as Node | undefined)?.type === 'Identifier' && (node['callee'] as Node)['name'] === 'RegExp') found.runtime.push(rel);
      for (const [key, value] of Object.entries(node)) {
        if (key === 'loc' || value === null || typeof value !== 'object') continue;
        if (Array.isArray(value)) for (const v of value) v && typeof v === 'object' && visit(v as Node);
        else visit(value as Node);
      }
    };
    visit(ast.program as unknown as Node);
  }
  return found;
}

describe('regular expressions run in linear time', () => {
  let found: Found;

  it('finds the patterns of the source', async () => {
    found = await findPatterns();
    expect(found.literals.length).toBeGreaterThan(200);
  });

  it('every pattern literal is linear (recheck)', async () => {
    // One at a time, with a fixed seed: the analyser's fuzzing (for patterns with lookaround or
    // long bounded repetitions, which its automaton cannot read) shares one random source across
    // concurrent checks. Its incubation is bounded by characters read, not by time: bounded by
    // 250 ms (the default), a loaded CI machine fuzzed further and called two linear patterns
    // of url-shape.ts polynomial. No overall timeout, for the same reason: same answer on any machine.
    const results = [];
    for (const l of found.literals) results.push({ ...l, result: await check(l.pattern, l.flags, { timeout: null, incubationTimeout: null, randomSeed: 1 }) });
    const unsafe = results.filter((r) => r.result.status !== 'safe').map((r) => `${r.at} /${r.pattern}/${r.flags}: ${r.result.status}${r.result.status === 'vulnerable' ? ` (${r.result.complexity.type}; attack ${r.result.attack.pattern.slice(0, 80)})` : ''}`);
    expect(unsafe).toEqual([]);
  }, 120_000);

  it('builds patterns at run time only where reviewed', () => {
    expect([...new Set(found.runtime)].sort()).toEqual(Object.keys(RUNTIME_PATTERNS).sort());
  });
});
