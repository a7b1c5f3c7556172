/**
 * recap.json back to the model (src/lib/export/recap-model.ts): the recap page builds
 * recap.html in the browser from the published recap.json.gz, so the model it gets back must
 * give the very bytes the build writes with `--recap-html` — on the example corpus and the
 * real corpus, with and without a site URL (evidence links, file keys), after the JSON round
 * trip the browser makes; and decisions.csv made from recap.json (archives built without
 * `--decisions-csv`, issue 30) is the one the build writes with it. And the browser's sha256 (file keys of unusual paths) is Node's.
 */
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { exportRecapHtml } from '../../src/components/html/export-recap.ts';
import { recapExport, type RecapExport } from '../../src/lib/export/recap-export.ts';
import { recapModel } from '../../src/lib/export/recap-model.ts';
import { compactRows, rowColumns } from '../../src/lib/export/recap-rows.ts';
import { exportedPointers, withoutReasonKinds } from '../../src/lib/export/exported-pointers.ts';
import { compactCited } from '../../src/lib/export/recap-cited.ts';
import { decisionsCsv } from '../../src/lib/export/decisions-csv.ts';
import { decisionsCsvFromRecap } from '../../src/lib/export/recap-decisions-csv.ts';
import { sha256Hex as browserSha256 } from '../../src/lib/text/sha256-browser.ts';
import { sha256Hex as nodeSha256 } from '../../src/lib/text/sha256-node.ts';
import { fileKey } from '../../src/lib/site/urls.ts';
import { shortDigest } from '../../src/lib/text/hash.ts';
import { REAL_CORPUS } from '../real-corpus.ts';

const CONTENT = fileURLToPath(new URL('../../content', import.meta.url));
const SCHEMA = 'https://example.com/archive/schema/recap.v4.json';
const CONTEXTS = [
  { root: null, archiveTitle: 'Trailbook' },
  { root: 'https://example.com/archive/', archiveTitle: 'Team <archive> & "runs"' },
];

/** recap.json as Trailbook wrote it at trailbook.recap/3 (every `cited` and `time` there), through JSON. */
const recap3 = (m: ProjectModel): RecapExport => JSON.parse(JSON.stringify({ ...recapExport(m, SCHEMA.replace('v4', 'v3')), version: 'trailbook.recap/3', rows: rowColumns(m.rows), cited: compactCited(m.cited, m.rows) })) as RecapExport;

/**
 * A model's rows as recap.json gives them back, through JSON: every field but a pointer's
 * `reasonKind` (the row card's, never exported: src/lib/export/exported-pointers.ts).
 */
const exportedRows = (m: Pick<ProjectModel, 'rows'>): unknown => JSON.parse(JSON.stringify(m.rows.map((r) => ({ ...r, evidence: exportedPointers(r.evidence) }))));

/** What the browser does: the published JSON, parsed, turned back into a model. */
const throughJson = (model: ProjectModel): ProjectModel => recapModel(JSON.parse(JSON.stringify(recapExport(model, SCHEMA))) as RecapExport);

let example: ProjectModel[];
let real: ProjectModel[];
beforeAll(async () => {
  example = [];
  real = [];
  await analyseArchive({ roots: [CONTENT], cacheDir: null, onModel: (m) => void example.push(m) });
  await analyseArchive({ roots: [REAL_CORPUS], cacheDir: null, onModel: (m) => void real.push(m) });
}, 240_000);

describe('recapModel (recap.json → the model exportRecapHtml takes)', () => {
  it('gives exportRecapHtml the same bytes on every example project', () => {
    expect(example.length).toBeGreaterThan(10);
    for (const m of example) for (const ctx of CONTEXTS) expect(exportRecapHtml(throughJson(m), ctx), `${m.id} (${String(ctx.root)})`).toBe(exportRecapHtml(m, ctx));
  });

  it('gives exportRecapHtml the same bytes on every real-corpus project', () => {
    expect(real.length).toBeGreaterThan(15);
    for (const m of real) for (const ctx of CONTEXTS) expect(exportRecapHtml(throughJson(m), ctx), `${m.id} (${String(ctx.root)})`).toBe(exportRecapHtml(m, ctx));
  });

  it('makes from recap.json the decisions.csv the build writes with --decisions-csv, on every example and real-corpus project', () => {
    let rows = 0;
    for (const m of [...example, ...real]) {
      expect(decisionsCsvFromRecap(JSON.stringify(recapExport(m, SCHEMA))), m.id).toBe(decisionsCsv(m));
      rows += m.rows.length;
    }
    expect(rows).toBeGreaterThan(300);
    // An invalid trail line keeps its raw text and error (the CSV's valid=false records).
    const faults = example.find((p) => p.id === 'tickets-faults') as ProjectModel;
    expect(faults.invalid.length).toBeGreaterThan(0);
    expect(decisionsCsvFromRecap(JSON.stringify(recapExport(faults, SCHEMA)))).toContain(',false,');
  });

  it('refuses a recap.json of another version, naming it', () => {
    expect(() => decisionsCsvFromRecap(JSON.stringify({ version: 'trailbook.recap/5' }))).toThrow('recap.json is of version trailbook.recap/5; this Trailbook reads trailbook.recap/1, trailbook.recap/2, trailbook.recap/3 and trailbook.recap/4');
  });

  it('undoes what recapExport adds and maps null parts back to absent', () => {
    const m = example.find((p) => p.id === 'tickets-faults') as ProjectModel;
    const back = throughJson(m) as unknown as Record<string, unknown>;
    for (const key of ['$schema', 'version', 'openBlockers']) expect(key in back, key).toBe(false);
    const parts = ['arena', 'verdicts', 'coordination', 'beads', 'babysit', 'handover'] as const;
    for (const part of parts) if ((m[part] ?? null) === null) expect(part in back, part).toBe(false);
    // Everything else is the model as JSON holds it, but its pointers' reasonKind (the row card's, never exported).
    const asJson = JSON.parse(JSON.stringify(withoutReasonKinds(m))) as Record<string, unknown>;
    expect(JSON.stringify(m)).toContain('"reasonKind"');
    for (const part of parts) if (asJson[part] === null) delete asJson[part];
    expect(back).toEqual(asJson);
  });

  it('keeps hostile record text escaped in the file it rebuilds', () => {
    const m = example.find((p) => p.id === 'tickets-clean') as ProjectModel;
    const hostile: ProjectModel = { ...m, title: '</title><script>alert(1)</script>', rows: m.rows.map((r, i) => (i === 0 ? { ...r, decision: '<img src=x onerror=alert(1)>', why: '"><svg onload=alert(2)>' } : r)) };
    const page = exportRecapHtml(throughJson(hostile), CONTEXTS[1] as (typeof CONTEXTS)[1]);
    expect(page).toBe(exportRecapHtml(hostile, CONTEXTS[1] as (typeof CONTEXTS)[1]));
    expect(page).not.toMatch(/<script|<img|<svg/i);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('refuses a document of another version, naming it', () => {
    const doc = { ...recapExport(example[0] as ProjectModel, SCHEMA), version: 'trailbook.recap/5' } as unknown as RecapExport;
    expect(() => recapModel(doc)).toThrow('recap.json is of version trailbook.recap/5; this Trailbook reads trailbook.recap/1, trailbook.recap/2, trailbook.recap/3 and trailbook.recap/4');
  });

  it('recap/3 names a citing row by its anchor alone, writes rows by column, and gives the model its whole citations and rows back (issue 30, output size)', () => {
    let compacted = 0;
    for (const m of [...example, ...real]) {
      const doc = recap3(m);
      expect(doc.version).toBe('trailbook.recap/3');
      const rows = new Set(m.rows.map((r) => r.anchor));
      for (const c of [...(doc.cited?.commits ?? []), ...(doc.cited?.files ?? [])].flatMap((e) => e.by)) {
        if (c.decision === undefined) {
          compacted++;
          expect(rows.has(c.anchor), `${m.id} ${c.anchor}`).toBe(true);
          expect(c.rowId).toBeUndefined();
        } else expect(c.rowId).toBeDefined();
      }
      expect(recapModel(doc).cited, m.id).toEqual(JSON.parse(JSON.stringify(m.cited)));
      // Rows by column, a value a row in each; a row leaves out its computedId, anchor and index
      // when the rest of it says them: null in a column some other row needs, no column when none does (src/lib/export/recap-rows.ts).
      for (const [field, column] of Object.entries(doc.rows)) expect(column, `${m.id} ${field}`).toHaveLength(m.rows.length);
      m.rows.forEach((row, i) => {
        expect(doc.rows.id[i]).toBe(row.id);
        expect(doc.rows.anchor?.[i] ?? null, `${m.id} ${row.anchor}`).toBe(row.anchor !== `row-${row.id}` ? row.anchor : null);
        expect(doc.rows.computedId?.[i] ?? null, `${m.id} ${row.anchor}`).toBe(row.computedId !== row.id ? row.computedId : null);
      });
      if (m.rows.every((r) => r.anchor === `row-${r.id}`)) expect('anchor' in doc.rows, m.id).toBe(false);
      expect(recapModel(doc).rows, m.id).toEqual(exportedRows(m));
    }
    expect(compacted).toBeGreaterThan(20);
    // A review finding's citation keeps its id and text (no row says them).
    const arena = example.find((p) => p.id === 'tickets-arena-clean') as ProjectModel;
    const finding = recap3(arena).cited?.files.flatMap((f) => f.by).find((c) => c.anchor.startsWith('finding-'));
    expect(finding?.decision).toMatch(/^Finding: /);
  });

  it('recap/4 leaves out `cited` and the rows\' `time` when the rest gives them back, and reads as recap/3 of the same project does: the model, recap.html and decisions.csv (issue 30, output size)', () => {
    let leftOut = 0;
    let timeLeftOut = 0;
    for (const m of [...example, ...real]) {
      const v4 = JSON.parse(JSON.stringify(recapExport(m, SCHEMA))) as RecapExport;
      const v3 = recap3(m);
      expect(v4.version).toBe('trailbook.recap/4');
      if (!('cited' in v4)) leftOut++;
      if (!('time' in v4.rows)) timeLeftOut++;
      expect(recapModel(v4), m.id).toEqual(recapModel(v3));
      expect(recapModel(v4).cited, m.id).toEqual(JSON.parse(JSON.stringify(m.cited)));
      expect(recapModel(v4).rows, m.id).toEqual(exportedRows(m));
      expect(exportRecapHtml(recapModel(v4), CONTEXTS[1] as (typeof CONTEXTS)[1]), m.id).toBe(exportRecapHtml(recapModel(v3), CONTEXTS[1] as (typeof CONTEXTS)[1]));
      expect(decisionsCsvFromRecap(JSON.stringify(v4)), m.id).toBe(decisionsCsvFromRecap(JSON.stringify(v3)));
    }
    // Every project of both corpora: its cited list is what its evidence gives.
    expect(leftOut).toBe(example.length + real.length);
    expect(timeLeftOut).toBeGreaterThan(10);
  });

  it('recap/4 writes `cited` and `time` when the rest would not give them back exactly', () => {
    const m = example.find((p) => p.id === 'tickets-clean') as ProjectModel;
    expect(m.cited.commits.length).toBeGreaterThan(0);
    // A cited list that differs from what the evidence gives (as a pointer read as a secret after it was listed can make it).
    const other: ProjectModel = { ...m, cited: { commits: m.cited.commits.slice(1), files: m.cited.files } };
    const doc = JSON.parse(JSON.stringify(recapExport(other, SCHEMA))) as RecapExport;
    expect(doc.cited?.commits.map((c) => c.oid)).toEqual(other.cited.commits.map((c) => c.oid));
    expect(recapModel(doc).cited).toEqual(JSON.parse(JSON.stringify(other.cited)));
    // A time its ts does not give (a redacted ts): the column stays, with every row's time.
    const redacted: ProjectModel = { ...m, rows: m.rows.map((r, i) => (i === 0 ? { ...r, ts: '[redacted: token]' } : r)) };
    const kept = JSON.parse(JSON.stringify(recapExport(redacted, SCHEMA))) as RecapExport;
    expect(kept.rows.time).toEqual(redacted.rows.map((r) => r.time));
    expect(recapModel(kept).rows).toEqual(exportedRows(redacted));
  });

  it('still reads a recap/1 document (an archive built before recap/2): recap.html and decisions.csv the same', () => {
    for (const m of example) {
      const v1 = JSON.parse(JSON.stringify({ ...recapExport(m, SCHEMA), version: 'trailbook.recap/1', rows: exportedRows(m), cited: m.cited })) as RecapExport;
      expect(recapModel(v1).cited, m.id).toEqual(JSON.parse(JSON.stringify(m.cited)));
      expect(recapModel(v1).rows, m.id).toEqual(exportedRows(m));
      expect(exportRecapHtml(recapModel(v1), CONTEXTS[0] as (typeof CONTEXTS)[0]), m.id).toBe(exportRecapHtml(m, CONTEXTS[0] as (typeof CONTEXTS)[0]));
      expect(decisionsCsvFromRecap(JSON.stringify(v1)), m.id).toBe(decisionsCsv(m));
    }
  });

  it('still reads a recap/2 document (rows as objects, without what the rest of each says): recap.html and decisions.csv the same', () => {
    for (const m of [...example, ...real]) {
      const v2 = JSON.parse(JSON.stringify({ ...recapExport(m, SCHEMA), version: 'trailbook.recap/2', rows: compactRows(m.rows) })) as RecapExport;
      expect(recapModel(v2).rows, m.id).toEqual(exportedRows(m));
      expect(exportRecapHtml(recapModel(v2), CONTEXTS[0] as (typeof CONTEXTS)[0]), m.id).toBe(exportRecapHtml(m, CONTEXTS[0] as (typeof CONTEXTS)[0]));
      expect(decisionsCsvFromRecap(JSON.stringify(v2)), m.id).toBe(decisionsCsv(m));
    }
  });
});

describe('sha256 in the browser bundle (src/lib/text/sha256-browser.ts)', () => {
  it("gives node:crypto's digests, for text (UTF-8) and bytes", () => {
    for (const text of ['', 'abc', 'docs/ä ö/😀.md', 'a'.repeat(1000), '../../etc/passwd']) {
      expect(browserSha256(text)).toBe(createHash('sha256').update(text).digest('hex'));
      expect(browserSha256(text)).toBe(nodeSha256(text));
      const bytes = new TextEncoder().encode(text);
      expect(browserSha256(bytes)).toBe(nodeSha256(bytes));
    }
    // The file key of a path a URL cannot hold as it is, as both sides compute it.
    expect(fileKey('docs/a b.md', (t) => browserSha256(t).slice(0, 16))).toBe(fileKey('docs/a b.md', shortDigest));
    expect(fileKey('docs/a b.md', shortDigest)).toMatch(/^_\/[0-9a-f]{16}$/);
  });
});
