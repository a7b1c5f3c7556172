/**
 * Property tests (fast-check) for the parsers and projections: the adapters never throw and
 * account for every physical line, splitLines round-trips, classifyEvidence always answers,
 * and the row/flag projections keep their invariants on arbitrary input.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBbsTrail } from '../../src/lib/adapters/bbs-trail.ts';
import { readPstackTrail } from '../../src/lib/adapters/pstack-trail.ts';
import { computeRowId, parseTime, type TrailFileResult } from '../../src/lib/adapters/parsed-row.ts';
import { readLines, splitLines } from '../../src/lib/text/lines.ts';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';
import { assignAnchors, isOutOfTimeOrder, linkRows, timeOrder } from '../../src/lib/trail/rows.ts';
import { supersedeCycles } from '../../src/lib/checks/trail/supersedes.ts';
import { sortFlags, SEVERITY_ORDER } from '../../src/lib/projections/flags.ts';
import type { Flag, Severity, TrailRow } from '../../src/lib/model/types.ts';

const RUNS = 150;
let dir: string;
let n = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'trailbook-props-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function temp(bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, `f${++n}`);
  await writeFile(file, bytes);
  return file;
}

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const concat = (parts: Uint8Array[]): Uint8Array => new Uint8Array(Buffer.concat(parts));

// --- generators -------------------------------------------------------------

const TS = fc.constantFrom('2026-03-02T10:00:00Z', '2026-03-02T09:00:00Z', 'yesterday', '', '2026-03-02T10:00:00+02:00');
const TEXT = fc.oneof(fc.constantFrom('', ' ', 'x', "'", "'=SUM(A1)", 'src/a.ts:3', 'commit 1b48d2e', 'ünïcødé 스크린샷', '"quoted"'), fc.string({ maxLength: 12 }));

/** A line that looks like a bbs row, a telemetry row, or something broken. */
const JSONL_LINE = fc.oneof(
  fc.record({ id: fc.string({ maxLength: 8 }), ts: TS, phase: TEXT, ticket: TEXT, actor: TEXT, decision: TEXT, why: TEXT, evidence: TEXT, result: TEXT }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
  fc.record({ ts: TS, session: TEXT, skill: TEXT, decision: TEXT, rationale: TEXT }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
  fc.record({ ts: TS, kind: fc.constant('resize'), from: TEXT, to: TEXT }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.string({ maxLength: 30 }),
);

const TSV_LINE = fc.oneof(
  fc.constant('ts\tphase\tdecision\twhy\tevidence\tresult'),
  fc.array(TEXT, { minLength: 4, maxLength: 8 }).map((cells) => cells.join('\t')),
  fc.tuple(TS, TEXT, TEXT, TEXT, TEXT, TEXT).map((cells) => cells.join('\t')),
  fc.string({ maxLength: 30 }),
);

/** Files made of such lines, joined by LF or CRLF, with optional BOM, invalid bytes and no final newline. */
const fileOf = (line: fc.Arbitrary<string>) =>
  fc.oneof(
    fc.uint8Array({ maxLength: 400 }),
    fc
      .record({
        lines: fc.array(fc.oneof({ weight: 4, arbitrary: line.map(enc) }, { weight: 1, arbitrary: fc.uint8Array({ maxLength: 12 }) }), { maxLength: 12 }),
        crlf: fc.boolean(),
        bom: fc.boolean(),
        finalNewline: fc.boolean(),
      })
      .map(({ lines, crlf, bom, finalNewline }) => {
        const sep = enc(crlf ? '\r\n' : '\n');
        const parts: Uint8Array[] = bom ? [new Uint8Array([0xef, 0xbb, 0xbf])] : [];
        lines.forEach((l, i) => {
          parts.push(l);
          if (i < lines.length - 1 || finalNewline) parts.push(sep);
        });
        return concat(parts);
      }),
  );

function checkAccounting(result: TrailFileResult, bytes: Uint8Array): void {
  const lines = splitLines(bytes).length;
  expect(result.source.lines).toBe(lines);
  expect(result.source.valid + result.source.invalid).toBe(lines);
  expect(result.invalid).toHaveLength(result.source.invalid);
  for (const i of result.invalid) {
    expect(i.line).toBeGreaterThanOrEqual(1);
    expect(i.line).toBeLessThanOrEqual(lines);
  }
  const used = [...result.rows.map((r) => r.line), ...result.invalid.map((i) => i.line), ...result.telemetry.map((t) => t.line)];
  expect(new Set(used).size).toBe(used.length);
  expect(result.rows.map((r) => r.index)).toEqual(result.rows.map((_, i) => i));
  for (const r of result.rows) {
    expect(r.computedId).toMatch(/^[0-9a-f]{8}$/);
    expect(r.computedId).toBe(computeRowId(r.ts, r.ticket, r.decision));
    expect(r.time).toBe(parseTime(r.ts));
    for (const field of [r.ts, r.phase, r.decision, r.why, r.evidenceText, r.result]) expect(field.trim()).not.toBe('');
  }
}

// --- adapters ---------------------------------------------------------------

describe('adapters on arbitrary bytes', () => {
  it('readBbsTrail never throws and accounts for every physical line', async () => {
    await fc.assert(
      fc.asyncProperty(fileOf(JSONL_LINE), async (bytes) => {
        const result = await readBbsTrail(await temp(bytes), 'decisions.jsonl', bytes.length);
        checkAccounting(result, bytes);
        expect(result.rows.length + result.telemetry.length).toBe(result.source.valid);
      }),
      { numRuns: RUNS },
    );
  });

  it('readPstackTrail never throws and accounts for every physical line', async () => {
    await fc.assert(
      fc.asyncProperty(fileOf(TSV_LINE), async (bytes) => {
        const result = await readPstackTrail(await temp(bytes), 'decisions.tsv', bytes.length);
        checkAccounting(result, bytes);
        expect(result.telemetry).toEqual([]);
        // Valid lines are the rows plus header lines; a header line is never read as a row.
        expect(result.source.valid - result.rows.length).toBeGreaterThanOrEqual(0);
        expect(result.warnings.length).toBeLessThanOrEqual(1);
        for (const row of result.rows) expect([row.ts, row.phase, row.decision].join('|')).not.toBe('ts|phase|decision');
      }),
      { numRuns: RUNS },
    );
  });

  it('readLines (streaming) yields exactly what splitLines does', async () => {
    await fc.assert(
      fc.asyncProperty(fileOf(JSONL_LINE), async (bytes) => {
        const streamed = [];
        for await (const line of readLines(await temp(bytes))) streamed.push(line);
        expect(streamed).toEqual(splitLines(bytes));
      }),
      { numRuns: RUNS },
    );
  });
});

// --- splitLines ------------------------------------------------------------

/** Text with no CR and no leading BOM (both are stripped by design). */
const PLAIN_TEXT = fc.string({ unit: fc.oneof(fc.constantFrom('\n', 'a', ' ', '\t', 'é', '스', '😀', '{', '"'), fc.string({ unit: 'grapheme', maxLength: 1 })), maxLength: 60 }).filter((s) => !s.includes('\r') && !s.startsWith('\uFEFF'));

describe('splitLines', () => {
  it('round-trips valid UTF-8 text: the texts joined by LF give the input back (minus one final LF)', () => {
    fc.assert(
      fc.property(PLAIN_TEXT, (s) => {
        const lines = splitLines(enc(s));
        const expected = s === '' ? [] : (s.endsWith('\n') ? s.slice(0, -1) : s).split('\n');
        expect(lines.map((l) => l.text)).toEqual(expected);
        expect(lines.map((l) => l.number)).toEqual(expected.map((_, i) => i + 1));
        for (const l of lines) {
          expect(l.encodingError).toBeUndefined();
          expect(l.bytes).toBe(Buffer.byteLength(l.text));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads CRLF text exactly like LF text, and ignores a BOM on line 1 only', () => {
    fc.assert(
      fc.property(PLAIN_TEXT, (s) => {
        const lf = splitLines(enc(s));
        expect(splitLines(enc(s.replace(/\n/g, '\r\n')))).toEqual(lf);
        if (s !== '') expect(splitLines(enc(`\uFEFF${s}`))).toEqual(lf);
      }),
      { numRuns: 300 },
    );
  });

  it('accounts for every byte of arbitrary input', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const lines = splitLines(bytes);
        const lf = bytes.filter((b) => b === 0x0a).length;
        const open = bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a ? 1 : 0;
        expect(lines).toHaveLength(lf + open);
        // Each line's raw segment is its bytes plus a stripped CR (and a BOM on line 1).
        const segments = Buffer.from(bytes).toString('latin1').split('\n');
        if (open === 0 && bytes.length > 0) segments.pop();
        if (bytes.length === 0) segments.pop();
        segments.forEach((seg, i) => {
          let raw = seg.length;
          if (seg.endsWith('\r')) raw--;
          if (i === 0 && seg.startsWith('\xEF\xBB\xBF') && raw >= 3) raw -= 3;
          expect(lines[i]?.bytes).toBe(raw);
        });
      }),
      { numRuns: 500 },
    );
  });
});

// --- classifyEvidence --------------------------------------------------------

const KINDS = new Set(['commit', 'path', 'url', 'rubric', 'test', 'symbol', 'command', 'ephemeral', 'reference', 'prose']);
const EVIDENCE_TOKEN = fc.oneof(
  fc.constantFrom(
    'src/a.ts',
    'src/a.ts:12',
    'src/a.ts:10-20',
    'a.test.ts > name',
    '#L3-L4',
    '1b48d2e',
    '1b48d2e~2',
    'HEAD~2',
    '@~',
    'v1.0',
    'commit',
    'PR',
    '225',
    '#13',
    'https://x.y/z',
    'javascript:x',
    '/tmp/x',
    'npm test',
    'git',
    'rubric#2',
    'a::tests::b',
    'parseRow',
    'looks fine',
    '..',
    '.gitignore',
    '>',
    ':',
    '`',
    '(',
  ),
  fc.string({ maxLength: 10 }),
);
const EVIDENCE_CELL = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.array(fc.tuple(EVIDENCE_TOKEN, fc.constantFrom(' ', ', ', '; ', '\n', ',', '  ')), { maxLength: 8 }).map((parts) => parts.map(([t, s]) => t + s).join('')),
);

describe('classifyEvidence', () => {
  it('never throws and returns well-formed pointers', () => {
    fc.assert(
      fc.property(EVIDENCE_CELL, (cell) => {
        const pointers = classifyEvidence(cell);
        for (const p of pointers) {
          expect(KINDS.has(p.kind)).toBe(true);
          expect(p.raw.trim()).not.toBe('');
          // Separators split pointers (outside quotes and brackets); only a cell of nothing but separators is one prose pointer.
          if ((p.kind !== 'prose' || /[^\s;]/u.test(cell)) && !/["'`()[\]{}]/.test(cell)) expect(p.raw).not.toMatch(/[;\n]/);
          // A commit is named by its hex, or by a revision relative to a moving ref (`HEAD~2`, `@~`: no hex), or by a tag.
          if (p.kind === 'commit') expect([p.hex, p.moving, p.tag].filter((v) => v !== undefined)).toHaveLength(1);
          if (p.hex !== undefined) expect(p.hex).toMatch(/^[0-9a-f]{4,40}$/);
          if (p.from !== undefined) expect(p.to).toBeGreaterThanOrEqual(0);
          if (p.kind === 'url') expect(p.href).toBe(p.raw);
        }
      }),
      { numRuns: 2000 },
    );
  });

  // CI, seed -41584209: `@~ ` (git's HEAD~1) is a commit named by a moving ref, with no hex.
  it('reads `@~` as a commit named relative to HEAD, with no hex', () => {
    expect(classifyEvidence('@~ ')).toEqual([{ raw: '@~', kind: 'commit', moving: '@~' }]);
  });

  it('returns at least one pointer for a cell with any character besides whitespace and `;`', () => {
    fc.assert(
      fc.property(EVIDENCE_CELL, (cell) => {
        fc.pre(/[^\s;]/u.test(cell));
        expect(classifyEvidence(cell).length).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 2000 },
    );
  });

  // Trial E, finding 3: `src\\a.ts` is the path `src/a.ts`; escapes (`\\n`) and prose are never paths.
  const NAME = fc.stringMatching(/^[a-z0-9_][a-z0-9_-]{0,7}$/);
  const EXT = fc.constantFrom('ts', 'md', 'rs', 'json', 'py');

  it('reads a relative path written with backslashes as the same path with `/`', () => {
    fc.assert(
      fc.property(fc.array(NAME, { minLength: 1, maxLength: 4 }), NAME, EXT, fc.option(fc.integer({ min: 1, max: 999 }), { nil: undefined }), (folders, name, ext, line) => {
        const slashed = `${[...folders, `${name}.${ext}`].join('/')}`;
        const written = slashed.replaceAll('/', '\\') + (line === undefined ? '' : `:${line}`);
        // Every separator starting an escape letter (`a\\nb.md`) reads as a line break, not a path: left out here, asserted below.
        fc.pre(/\\[^nrt]/.test(written));
        const pointers = classifyEvidence(written);
        expect(pointers.map((p) => [p.raw, p.kind, p.path, p.from, p.backslashes])).toEqual([[written, 'path', slashed, line, true]]);
      }),
      { numRuns: 500 },
    );
  });

  it('never reads a text whose backslashes are all escapes (`\\n`, `\\t`, `\\r`, `\\\\`) as a path', () => {
    const ESCAPE = fc.constantFrom('\\n', '\\t', '\\r', '\\\\');
    fc.assert(
      fc.property(fc.array(fc.tuple(NAME, ESCAPE), { minLength: 1, maxLength: 4 }), NAME, fc.option(EXT, { nil: undefined }), (parts, last, ext) => {
        const token = `${parts.map(([w, e]) => `${w}${e}`).join('')}${last}${ext === undefined ? '' : `.${ext}`}`;
        expect(classifyEvidence(token).filter((p) => p.backslashes || (p.kind === 'path' && p.path?.includes('/')))).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('returns no pointer for a blank cell', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r\n'), maxLength: 10 }), (cell) => {
        expect(classifyEvidence(cell)).toEqual([]);
      }),
    );
  });
});

// --- row projections --------------------------------------------------------

const IDS = ['a', 'b', 'c', 'd', 'e'];
const ROW_SPECS = fc.array(
  fc.record({
    id: fc.constantFrom(...IDS),
    supersedes: fc.option(fc.constantFrom(...IDS, 'zz'), { nil: undefined }),
    time: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
  }),
  { maxLength: 10 },
);

function rowsOf(specs: Array<{ id: string; supersedes?: string; time: number | null }>): TrailRow[] {
  return specs.map((s, i) => ({
    id: s.id,
    computedId: s.id,
    anchor: '',
    format: 'bbs-trail',
    file: 'decisions.jsonl',
    line: i + 1,
    index: i,
    ts: '',
    time: s.time,
    phase: 'p',
    ticket: '',
    actor: 'lead',
    decision: `d${i}`,
    why: 'w',
    evidenceText: 'e',
    evidence: [],
    result: 'verified',
    resultClass: 'verified',
    supersededBy: [],
    bytes: 1,
    extra: {},
    ...(s.supersedes !== undefined ? { supersedes: s.supersedes } : {}),
  }));
}

describe('linkRows', () => {
  it('hides a row only when a LATER row names it that is not earlier in time, and always when one does', () => {
    fc.assert(
      fc.property(ROW_SPECS, (specs) => {
        const rows = linkRows(rowsOf(specs), []);
        const hides = (q: TrailRow, r: TrailRow): boolean => q.index > r.index && q.supersedes === r.id && !(q.time !== null && r.time !== null && q.time < r.time);
        rows.forEach((r, i) => {
          expect(r.index).toBe(i);
          for (const by of r.supersededBy) expect(rows.some((q) => q.id === by && hides(q, r))).toBe(true);
          const later = rows.filter((q) => hides(q, r)).map((q) => q.id);
          expect(new Set(r.supersededBy)).toEqual(new Set(later));
          expect(new Set(r.supersededBy).size).toBe(r.supersededBy.length);
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('supersedeCycles', () => {
  it('finds exactly the rows whose supersedes chain returns to them, each once, in file order', () => {
    fc.assert(
      fc.property(ROW_SPECS, (specs) => {
        const rows = rowsOf(specs);
        const byId = new Map<string, TrailRow>();
        for (const r of rows) if (!byId.has(r.id)) byId.set(r.id, r);
        const next = (r: TrailRow): TrailRow | undefined => (r.supersedes === undefined ? undefined : byId.get(r.supersedes));
        const onCycle = [...byId.values()].filter((start) => {
          let cur = next(start);
          for (let k = 0; k < rows.length && cur; k++) {
            if (cur === start) return next(start) !== start; // a self-supersede is a forward flag, not a cycle
            cur = next(cur);
          }
          return false;
        });
        const cycles = supersedeCycles(rows);
        const flat = cycles.flat();
        expect(new Set(flat.map((r) => r.id)).size).toBe(flat.length);
        expect(new Set(flat)).toEqual(new Set(onCycle));
        for (const cycle of cycles) {
          expect(cycle.length).toBeGreaterThan(0);
          // Along the links, starting at the row that comes first in the file.
          expect(cycle[0]?.index).toBe(Math.min(...cycle.map((r) => r.index)));
          cycle.forEach((r, i) => expect(next(r)).toBe(cycle[(i + 1) % cycle.length]));
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('sortFlags', () => {
  const FLAGS = fc.array(
    fc.record({
      severity: fc.constantFrom<Severity>('high', 'medium', 'low'),
      rows: fc.array(fc.constantFrom(...IDS, 'zz'), { maxLength: 3 }),
      lines: fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 2 }),
      kind: fc.constantFrom('k1', 'k2', 'k3'),
    }),
    { maxLength: 12 },
  );

  it('is a permutation ordered by severity, then first referenced row', () => {
    fc.assert(
      fc.property(ROW_SPECS, FLAGS, (specs, raw) => {
        const rows = rowsOf(specs);
        const flags: Flag[] = raw.map((f, i) => ({ layer: 'trail', severity: f.severity, kind: f.kind, rows: f.rows, summary: `flag ${i}`, at: f.lines.map((line) => ({ file: 'decisions.jsonl', line })) }));
        const sorted = sortFlags(flags, rows);
        expect([...sorted].sort((a, b) => a.summary.localeCompare(b.summary))).toEqual([...flags].sort((a, b) => a.summary.localeCompare(b.summary)));
        const firstIndex = new Map<string, number>();
        for (const r of rows) if (!firstIndex.has(r.id)) firstIndex.set(r.id, r.index);
        const firstRow = (f: Flag): number => {
          const all = [...f.rows.map((id) => firstIndex.get(id)), ...f.at.map((a) => rows.find((r) => r.line === a.line)?.index)].filter((x): x is number => x !== undefined);
          return all.length ? Math.min(...all) : Number.MAX_SAFE_INTEGER;
        };
        for (let i = 1; i < sorted.length; i++) {
          const a = sorted[i - 1] as Flag;
          const b = sorted[i] as Flag;
          expect(SEVERITY_ORDER[a.severity]).toBeLessThanOrEqual(SEVERITY_ORDER[b.severity]);
          if (a.severity === b.severity) expect(firstRow(a)).toBeLessThanOrEqual(firstRow(b));
        }
        // Deterministic: the input order does not matter.
        expect(sortFlags([...flags].reverse(), rows)).toEqual(sorted);
      }),
      { numRuns: 500 },
    );
  });
});

describe('assignAnchors', () => {
  it('returns one unique, HTML-id-safe anchor per row for any ids and lines', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.oneof(fc.constantFrom('a', 'a-L1', 'a-L1-2', 'row', ''), fc.string({ maxLength: 6 })), line: fc.integer({ min: 1, max: 4 }) }), { maxLength: 25 }), (specs) => {
        const anchors = assignAnchors(specs.map((s) => ({ ...s, file: 'f' })));
        expect(anchors).toHaveLength(specs.length);
        expect(new Set(anchors).size).toBe(anchors.length);
        for (const a of anchors) expect(a).toMatch(/^row-[A-Za-z0-9_-]+$/);
        // The first row with a URL-safe id gets exactly row-<id>.
        if (specs[0] && /^[A-Za-z0-9_-]{1,64}$/.test(specs[0].id)) expect(anchors[0]).toBe(`row-${specs[0].id}`);
      }),
      { numRuns: 500 },
    );
  });
});

describe('time order', () => {
  it('isOutOfTimeOrder is true exactly when some timed row is earlier than a timed row above it; timeOrder sorts stably', () => {
    fc.assert(
      fc.property(ROW_SPECS, (specs) => {
        const rows = rowsOf(specs);
        const timed = rows.filter((r) => r.time !== null);
        const expected = timed.some((r, i) => timed.slice(0, i).some((q) => (q.time as number) > (r.time as number)));
        expect(isOutOfTimeOrder(rows)).toBe(expected);
        const ordered = timeOrder(rows);
        expect(ordered.map((r) => r.index).sort((a, b) => a - b)).toEqual(rows.map((r) => r.index));
        for (let i = 1; i < ordered.length; i++) {
          const a = ordered[i - 1] as TrailRow;
          const b = ordered[i] as TrailRow;
          const ta = a.time ?? Infinity;
          const tb = b.time ?? Infinity;
          expect(ta < tb || (ta === tb && a.index < b.index)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
