/**
 * Property tests for hostile input (issue 6, scope 6), extending tests/unit/properties.test.ts
 * (bbs and pstack adapters, splitLines, classifyEvidence, row projections) and
 * coord-properties.test.ts (coord projections) to the rest:
 * - every other line-based adapter (coord.v1, beads, babysit, premises) never throws on
 *   arbitrary bytes and accounts for every physical line: valid + invalid = lines read;
 * - the JSON hazard scan agrees with what was generated (a duplicated key, the nesting depth);
 * - what reaches a page: escaped text has no markup, an allowed link never leaves the site
 *   or http(s) (checked with the WHATWG URL parser browsers use), sanitised markdown has no
 *   script, handler, image or foreign-scheme link;
 * - supersede links stay bounded and correct for any ids.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitLines } from '../../src/lib/text/lines.ts';
import { readCoordFile } from '../../src/lib/coord/read-coord-file.ts';
import { readBeadsFile, emptyBeadsRows } from '../../src/lib/beads/read-beads-file.ts';
import { readBabysitFile } from '../../src/lib/babysit/read-babysit-file.ts';
import { parsePremiseLines } from '../../src/lib/verdicts/premises.ts';
import type { JsonlFileResult } from '../../src/lib/adapters/jsonl-records.ts';
import type { ReadCoordEvent } from '../../src/lib/coord/read-coord-event.ts';
import type { BabysitEntry } from '../../src/lib/model/babysit.ts';
import { cannotBeJson, jsonHazard } from '../../src/lib/text/json-hazards.ts';
import { escapeHtml } from '../../src/lib/text/escape.ts';
import { html } from '../../src/components/html/html.ts';
import { isAllowedHref, renderMarkdown } from '../../src/lib/markdown/render-markdown.ts';
import { linkRows, MAX_SUPERSEDED_BY } from '../../src/lib/trail/rows.ts';
import type { ParsedRow } from '../../src/lib/adapters/parsed-row.ts';
import { PAYLOADS, MARKDOWN_PAYLOADS } from '../../scripts/make-hostile-corpus.ts';

const RUNS = 150;
let dir: string;
let n = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'trailbook-hostile-props-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function temp(bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, `f${++n}.jsonl`);
  await writeFile(file, bytes);
  return file;
}

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

// --- generators -------------------------------------------------------------

const TEXT = fc.oneof(fc.constantFrom('', ' ', 'x', 'qa', '2026-03-06T09:00:00Z', 'coord.v1', 'RESERVE', 'SEND', 'open'), fc.constantFrom(...PAYLOADS), fc.string({ maxLength: 10 }));
const VALUE = fc.oneof(TEXT, fc.integer(), fc.constant(null), fc.boolean(), fc.array(TEXT, { maxLength: 2 }));

/** Records shaped like each format's, with any values. */
const RECORD = fc.oneof(
  fc.record({ version: fc.constant('coord.v1'), kind: fc.constant('coord_event'), issue_id: TEXT, actor: TEXT, timestamp: TEXT, data: fc.oneof(fc.record({ event_type: TEXT, event_id: TEXT, project_root: TEXT, scope: TEXT, payload: fc.dictionary(TEXT, VALUE, { maxKeys: 3 }) }, { requiredKeys: [] }), VALUE) }, { requiredKeys: [] }),
  fc.record({ id: TEXT, title: VALUE, status: VALUE, labels: fc.array(TEXT, { maxLength: 2 }), _type: fc.constantFrom('issue', 'memory') }, { requiredKeys: [] }),
  fc.record({ issue_id: TEXT, event_type: TEXT, old_value: VALUE, new_value: VALUE, created_at: TEXT }, { requiredKeys: [] }),
  fc.record({ ts: TEXT, ticket: TEXT, event: VALUE, step: VALUE, status: TEXT, actor: VALUE }, { requiredKeys: [] }),
  fc.record({ ts: TEXT, gate: VALUE, attempt: fc.oneof(fc.integer({ min: -1, max: 4 }), VALUE), fingerprint: TEXT, premise: VALUE, premise_result: VALUE }, { requiredKeys: [] }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A line: a record, the same record with a key written twice, deep nesting, or bytes. */
const LINE: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 5, arbitrary: RECORD.map((r) => enc(JSON.stringify(r) ?? 'null')) },
  { weight: 1, arbitrary: RECORD.map((r) => enc((JSON.stringify(r) ?? '{}').replace(/^\{"([^"]*)":/, '{"$1":1,"$1":'))) },
  { weight: 1, arbitrary: fc.integer({ min: 90, max: 120 }).map((d) => enc(`{"x":${'['.repeat(d)}${']'.repeat(d)}}`)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 16 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map(enc) },
);

/** Files of such lines, LF or CRLF, with or without a BOM and a final line break. */
const FILE = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc.record({ lines: fc.array(LINE, { maxLength: 10 }), crlf: fc.boolean(), bom: fc.boolean(), final: fc.boolean() }).map(({ lines, crlf, bom, final }) => {
    const parts: Uint8Array[] = bom ? [new Uint8Array([0xef, 0xbb, 0xbf])] : [];
    lines.forEach((l, i) => {
      parts.push(l);
      if (i < lines.length - 1 || final) parts.push(enc(crlf ? '\r\n' : '\n'));
    });
    return new Uint8Array(Buffer.concat(parts));
  }),
);

function accounted(result: JsonlFileResult, bytes: Uint8Array): void {
  const lines = splitLines(bytes).length;
  expect(result.source.lines).toBe(lines);
  expect(result.source.valid + result.source.invalid).toBe(lines);
  expect(result.invalid).toHaveLength(result.source.invalid);
  const numbers = result.invalid.map((r) => r.line);
  expect(new Set(numbers).size).toBe(numbers.length);
  for (const r of result.invalid) {
    expect(r.line).toBeGreaterThanOrEqual(1);
    expect(r.line).toBeLessThanOrEqual(lines);
    expect(r.kind).toMatch(/^(coord|beads|babysit|source)\/[a-z0-9-]+$/);
  }
}

describe('line-based adapters on arbitrary bytes: never throw, valid + invalid = lines read', () => {
  it('coord.v1 files', async () => {
    await fc.assert(
      fc.asyncProperty(FILE, async (bytes) => {
        const events: ReadCoordEvent[] = [];
        const result = await readCoordFile(await temp(bytes), 'coordination.jsonl', bytes.length, events);
        accounted(result, bytes);
        expect(events.length).toBe(result.source.valid);
      }),
      { numRuns: RUNS },
    );
  });

  it('beads files', async () => {
    await fc.assert(
      fc.asyncProperty(FILE, async (bytes) => {
        const rows = emptyBeadsRows();
        const coord: ReadCoordEvent[] = [];
        const result = await readBeadsFile(await temp(bytes), '.beads/issues.jsonl', bytes.length, rows, coord);
        accounted(result, bytes);
        expect(Object.values(rows).reduce((sum, list) => sum + list.length, 0) + coord.length).toBe(result.source.valid);
      }),
      { numRuns: RUNS },
    );
  });

  it('babysit history and timeline files', async () => {
    await fc.assert(
      fc.asyncProperty(FILE, async (bytes) => {
        const entries: BabysitEntry[] = [];
        const result = await readBabysitFile(await temp(bytes), 'history.jsonl', bytes.length, entries);
        accounted(result, bytes);
        expect(entries.length).toBe(result.source.valid);
      }),
      { numRuns: RUNS },
    );
  });

  it('premises files', () => {
    fc.assert(
      fc.property(FILE, (bytes) => {
        const lines = splitLines(bytes);
        const result = parsePremiseLines(lines, 'premises.jsonl');
        expect(result.rows.length + result.invalid.length).toBe(lines.length);
        const numbers = [...result.rows.map((r) => r.line), ...result.invalid.map((r) => r.line)].sort((a, b) => a - b);
        expect(numbers).toEqual(lines.map((l) => l.number));
        for (const r of result.rows) {
          expect(Number.isInteger(r.attempt) && r.attempt >= 1).toBe(true);
          expect(r.gate.trim()).not.toBe('');
        }
      }),
      { numRuns: RUNS * 2 },
    );
  });
});

// --- JSON hazards -----------------------------------------------------------

type Tree = { kind: 'leaf'; value: unknown } | { kind: 'array'; items: Tree[] } | { kind: 'object'; entries: Array<[string, Tree]> };

const KEY = fc.oneof(fc.constantFrom('a', 'b', 'ts', 'result', 'é', '"', '\\', ''), fc.string({ maxLength: 4 }));
const TREE: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 0 }).map((value): Tree => ({ kind: 'leaf', value })),
    fc.array(tie('tree'), { maxLength: 3 }).map((items): Tree => ({ kind: 'array', items })),
    fc.uniqueArray(fc.tuple(KEY, tie('tree')), { maxLength: 3, selector: ([k]) => k }).map((entries): Tree => ({ kind: 'object', entries })),
  ),
})).tree;

function depthOf(t: Tree): number {
  if (t.kind === 'leaf') return 0;
  const children = t.kind === 'array' ? t.items : t.entries.map(([, v]) => v);
  return 1 + Math.max(0, ...children.map(depthOf));
}

/** A key as JSON text, sometimes with every character written as a \u escape. */
function keyText(key: string, escape: boolean): string {
  return escape ? `"${[...key].map((c) => (c.length === 1 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('')}"` : JSON.stringify(key);
}

/** Serialises `t`; with `duplicate`, the first object met with a key writes that key twice. */
function text(t: Tree, state: { duplicate: boolean; done: boolean; escape: boolean }): string {
  if (t.kind === 'leaf') return JSON.stringify(t.value) ?? 'null';
  if (t.kind === 'array') return `[${t.items.map((i) => text(i, state)).join(',')}]`;
  const parts = t.entries.map(([k, v]) => `${keyText(k, state.escape)}:${text(v, state)}`);
  if (state.duplicate && !state.done && t.entries.length > 0) {
    state.done = true;
    const [k] = t.entries[0] as [string, Tree];
    parts.push(`${keyText(k, !state.escape)}:0`);
  }
  return `{${parts.join(',')}}`;
}

describe('jsonHazard', () => {
  it('finds a duplicated key exactly when one was written, through escapes, at any depth', () => {
    fc.assert(
      fc.property(TREE, fc.boolean(), fc.boolean(), (tree, duplicate, escape) => {
        const state = { duplicate, done: false, escape };
        const json = text(tree, state);
        JSON.parse(json);
        const hazard = jsonHazard(json, 1000);
        expect(hazard?.kind === 'duplicate-key').toBe(state.done);
      }),
      { numRuns: 500 },
    );
  });

  it('reports nesting deeper than the limit exactly when the value is deeper', () => {
    fc.assert(
      fc.property(TREE, fc.integer({ min: 1, max: 6 }), (tree, limit) => {
        const json = text(tree, { duplicate: false, done: false, escape: false });
        const hazard = jsonHazard(json, limit);
        expect(hazard?.kind === 'too-deep').toBe(depthOf(tree) > limit);
        if (hazard?.kind === 'too-deep') expect(hazard.depth).toBe(limit + 1);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws, on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        jsonHazard(s);
      }),
    );
  });
});

describe('cannotBeJson', () => {
  it('is true only for text JSON.parse refuses (so skipping the parse never hides a record)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 12 }), fc.json(), fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r', 'x', '{', '[', '"', '-', '1', 't', 'n', '}'), maxLength: 8 })), (s) => {
        if (cannotBeJson(s)) expect(() => JSON.parse(s)).toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});

// --- what reaches a page ------------------------------------------------------

const HOSTILE_STRING = fc.oneof(fc.constantFrom(...PAYLOADS), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: fc.constantFrom('<', '>', '&', '"', "'", '`', '$', '{', 'a', '\ud800', '\u2028', '/'), maxLength: 30 }));

describe('escaping', () => {
  it('escapeHtml leaves no markup character, only the five entities, and loses nothing but lone surrogates (controls shown as their pictures)', () => {
    fc.assert(
      fc.property(HOSTILE_STRING, (s) => {
        const out = escapeHtml(s);
        expect(out).toMatch(/^(?:[^&<>"']|&(?:amp|lt|gt|quot|#39);)*$/u);
        const back = out.replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e] as string);
        // Controls other than HTML whitespace become their control pictures (U+2400 + code; DEL U+2421).
        expect(back).toBe(s.toWellFormed().replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, (c) => String.fromCharCode(c === '\u007f' ? 0x2421 : 0x2400 + c.charCodeAt(0))));
      }),
      { numRuns: 500 },
    );
  });

  it('the html builder escapes every interpolation, in text and in attributes', () => {
    fc.assert(
      fc.property(HOSTILE_STRING, HOSTILE_STRING, (a, b) => {
        const out = html`<p title="${a}">${b}</p>`.value;
        expect(out).toBe(`<p title="${escapeHtml(a)}">${escapeHtml(b)}</p>`);
      }),
      { numRuns: 300 },
    );
  });
});

const BASE = 'https://archive.example/base/p/x/';
const HREF = fc.oneof(
  fc.string({ unit: fc.constantFrom('/', '\\', ':', '.', 'a', 'h', 't', 'p', 's', 'j', '#', '?', '%', ' ', '\t', '\n', '\u0000', '@', 'e', 'x'), maxLength: 16 }),
  fc.tuple(fc.constantFrom('', ' ', '\t', '\u0001', '/', '\\', '//', '\\\\', '/\\', '\\/'), fc.constantFrom('javascript:', 'JAVASCRIPT:', 'data:', 'vbscript:', 'http:', 'https:', 'file:', 'java\tscript:', '', 'evil.example', 'x:'), fc.string({ maxLength: 10 })).map((parts) => parts.join('')),
);

describe('links', () => {
  it('an allowed href, read by the URL parser browsers use, is http(s), and stays on the site when it names no scheme', () => {
    fc.assert(
      fc.property(HREF, (href) => {
        if (!isAllowedHref(href)) return;
        let url: URL;
        try {
          url = new URL(href, BASE);
        } catch {
          return; // not a URL at all: a browser does not follow it
        }
        expect(['http:', 'https:']).toContain(url.protocol);
        if (!/^\s*https?:/i.test(href)) expect(url.origin).toBe(new URL(BASE).origin);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('sanitised markdown', () => {
  const DOC = fc.array(fc.oneof(fc.constantFrom(...MARKDOWN_PAYLOADS), fc.constantFrom(...PAYLOADS), fc.constantFrom('# h', '- item', '| a | b |\n|---|---|\n| c | d |', '> quote', '`code`', '\n\n', '[x]: <javascript:alert(1)>', '<div onclick="alert(1)">x</div>')), { maxLength: 8 });

  it('never holds a script, handler, style, image, frame or a link out of http(s) and the site', () => {
    fc.assert(
      fc.property(DOC, (parts) => {
        const out = renderMarkdown(parts.join('\n'));
        // Text keeps `<` escaped (&#x3C;), so every `<` left opens a tag the sanitizer allowed.
        for (const [tag] of out.matchAll(/<[^>]*>/g)) {
          expect(tag).not.toMatch(/^<\/?(script|style|img|iframe|object|embed|svg|math|form|input|base|meta|link|video|audio|source)\b/i);
          expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
          expect(tag).not.toMatch(/\sstyle\s*=/i);
          for (const [, attr, value] of tag.matchAll(/\s(href|src|action|formaction)="([^"]*)"/g)) {
            expect(attr).toBe('href');
            const url = new URL((value as string).replace(/&amp;/g, '&'), BASE);
            expect(['http:', 'https:']).toContain(url.protocol);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

// --- projections ----------------------------------------------------------------

describe('linkRows', () => {
  const ID = fc.constantFrom('a', 'b', 'c', 'd');
  it('lists at most MAX_SUPERSEDED_BY later superseders per row, each naming the row, in file order, without repeats', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(ID, fc.option(ID, { nil: undefined })), { maxLength: 160 }), (specs) => {
        const parsed = specs.map(([id, supersedes], i) => ({ id, line: i + 1, file: 'd.jsonl', ...(supersedes === undefined ? {} : { supersedes }) }) as unknown as ParsedRow);
        const rows = linkRows(parsed, []);
        rows.forEach((row, i) => {
          const later = [...new Set(rows.slice(i + 1).filter((r) => r.supersedes === row.id).map((r) => r.id))];
          expect(row.supersededBy).toEqual(later.slice(0, MAX_SUPERSEDED_BY));
        });
      }),
      { numRuns: 300 },
    );
  });

  it('never lets a back-dated superseder hide a row: hidden only by later rows not earlier in time (issue 14)', () => {
    const TIME = fc.option(fc.integer({ min: 0, max: 5 }), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.tuple(ID, fc.option(ID, { nil: undefined }), TIME), { maxLength: 160 }), (specs) => {
        const parsed = specs.map(([id, supersedes, time], i) => ({ id, line: i + 1, file: 'd.jsonl', time, ...(supersedes === undefined ? {} : { supersedes }) }) as unknown as ParsedRow);
        const rows = linkRows(parsed, []);
        rows.forEach((row, i) => {
          const qualifies = (r: (typeof rows)[number]): boolean => r.supersedes === row.id && !(r.time !== null && row.time !== null && r.time < row.time);
          const later = [...new Set(rows.slice(i + 1).filter(qualifies).map((r) => r.id))];
          expect(row.supersededBy).toEqual(later.slice(0, MAX_SUPERSEDED_BY));
        });
      }),
      { numRuns: 500 },
    );
  });
});
