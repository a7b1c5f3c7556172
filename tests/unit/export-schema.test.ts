/**
 * The export schemas (src/lib/export/): each zod schema's type equals its model type (so a
 * model change that the export does not follow fails to compile), the recap export of every
 * project of the example corpus (and of the real corpus, when present) parses with the zod
 * schema and validates against the published JSON Schema, and so do archive.json and
 * report.json. The JSON Schemas are checked with Ajv, independently of zod.
 */
import type { HandoverReport } from '../../src/lib/model/handover.ts';
import type { OpenBlocker } from '../../src/lib/projections/open-blockers.ts';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { summarise } from '../../src/lib/archive/summary.ts';
import { archiveIndex, archiveIndexSchema } from '../../src/lib/export/archive-index.ts';
import { buildReport, buildReportSchema } from '../../src/lib/export/build-report.ts';
import { EXPORT_SCHEMA_NAMES, exportJsonSchema, type ExportSchemaName } from '../../src/lib/export/json-schemas.ts';
import { babysitSchema, beadsSchema, coordinationSchema } from '../../src/lib/model/lifecycle-schema.ts';
import * as core from '../../src/lib/model/model-schema.ts';
import { arenaSchema, verdictsSchema } from '../../src/lib/model/quality-schema.ts';
import { RECAP_VERSION, recapExport, recapExportSchema, type RecapExport } from '../../src/lib/export/recap-export.ts';
import type { CompactCited } from '../../src/lib/export/recap-cited.ts';
import { compactRows, fullRows, type CompactRow, type RowColumns } from '../../src/lib/export/recap-rows.ts';
import { exportedPointers } from '../../src/lib/export/exported-pointers.ts';
import { reportDetails } from '../../src/lib/archive/report-details.ts';
import type { BabysitModel } from '../../src/lib/model/babysit.ts';
import type { BeadsModel } from '../../src/lib/model/beads.ts';
import type { CoordinationModel } from '../../src/lib/model/coord.ts';
import type { ArenaModel } from '../../src/lib/model/arena.ts';
import type * as model from '../../src/lib/model/types.ts';
import type { VerdictsModel } from '../../src/lib/model/verdicts.ts';
import { REAL_CORPUS } from '../real-corpus.ts';

const CONTENT = fileURLToPath(new URL('../../content', import.meta.url));
const REAL = REAL_CORPUS;

type Lifecycle = 'arena' | 'verdicts' | 'coordination' | 'beads' | 'babysit' | 'handover';

describe('export schemas follow the model', () => {
  it('infer exactly the model types', () => {
    expectTypeOf<z.infer<typeof core.evidencePointerSchema>>().toEqualTypeOf<model.EvidencePointer>();
    expectTypeOf<z.infer<typeof core.trailRowSchema>>().toEqualTypeOf<model.TrailRow>();
    expectTypeOf<z.infer<typeof core.telemetryRowSchema>>().toEqualTypeOf<model.TelemetryRow>();
    expectTypeOf<z.infer<typeof core.invalidRecordSchema>>().toEqualTypeOf<model.InvalidRecord>();
    expectTypeOf<z.infer<typeof core.flagSchema>>().toEqualTypeOf<model.Flag>();
    expectTypeOf<z.infer<typeof core.sourceFileSchema>>().toEqualTypeOf<model.SourceFile>();
    expectTypeOf<z.infer<typeof core.repositoryInfoSchema>>().toEqualTypeOf<model.RepositoryInfo>();
    expectTypeOf<z.infer<typeof core.auditInfoSchema>>().toEqualTypeOf<model.AuditInfo>();
    expectTypeOf<z.infer<typeof core.projectCountsSchema>>().toEqualTypeOf<model.ProjectCounts>();
    expectTypeOf<z.infer<typeof core.citedSchema>>().toEqualTypeOf<model.ProjectModel['cited']>();
    expectTypeOf<z.infer<typeof arenaSchema>>().toEqualTypeOf<ArenaModel>();
    expectTypeOf<z.infer<typeof verdictsSchema>>().toEqualTypeOf<VerdictsModel>();
    expectTypeOf<z.infer<typeof coordinationSchema>>().toEqualTypeOf<CoordinationModel>();
    expectTypeOf<z.infer<typeof beadsSchema>>().toEqualTypeOf<BeadsModel>();
    expectTypeOf<z.infer<typeof babysitSchema>>().toEqualTypeOf<BabysitModel>();
    // The whole document is the model, every part present (absent parts are null), plus its version and the build's accepted flags.
    expectTypeOf<RecapExport['accepted']>().toEqualTypeOf<{ file: string; reasons: Array<string | null> } | undefined>();
    // recap/2's rows leave out what the row says, its cited names a citing row by its anchor; recap/3 writes the rows by column (src/lib/export/recap-rows.ts, recap-cited.ts).
    expectTypeOf<Omit<RecapExport, '$schema' | 'version' | 'openBlockers' | 'accepted' | 'cited' | 'rows' | Lifecycle>>().toEqualTypeOf<Omit<model.ProjectModel, 'cited' | 'rows' | Lifecycle>>();
    expectTypeOf<Omit<CompactRow, 'computedId' | 'anchor' | 'index'>>().toEqualTypeOf<Omit<model.TrailRow, 'computedId' | 'anchor' | 'index'>>();
    expectTypeOf<RecapExport['rows']>().toEqualTypeOf<RowColumns>();
    expectTypeOf<RowColumns['decision']>().toEqualTypeOf<string[]>();
    expectTypeOf<RowColumns['time']>().toEqualTypeOf<Array<number | null>>();
    expectTypeOf<RowColumns['anchor']>().toEqualTypeOf<Array<string | null> | undefined>();
    expectTypeOf<RecapExport['cited']>().toEqualTypeOf<CompactCited | undefined>();
    expectTypeOf<RecapExport['handover']>().toEqualTypeOf<HandoverReport | null>();
    expectTypeOf<RecapExport['openBlockers']>().toEqualTypeOf<OpenBlocker[]>();
    expectTypeOf<RecapExport['coordination']>().toEqualTypeOf<CoordinationModel | null>();
  });

  it('publish draft 2020-12 schemas that Ajv compiles in strict mode', () => {
    const ajv = new Ajv2020({ strict: true });
    for (const name of EXPORT_SCHEMA_NAMES) {
      const schema = exportJsonSchema(name, `https://example.com/archive/schema/${name}.json`);
      expect(schema['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema['$id']).toBe(`https://example.com/archive/schema/${name}.json`);
      expect(() => ajv.compile(schema)).not.toThrow();
    }
    expect(JSON.stringify(exportJsonSchema('recap.v4'))).not.toContain('9007199254740991');
  });

  it('say that report.json’s totals.problems counts discovery problems, not the projects’ problems (trial7)', () => {
    // A project with 7 problems (`check`: "7 problems") gave `totals.problems: 0` with no word on what it counts.
    const find = (node: unknown): unknown => {
      if (typeof node !== 'object' || node === null) return undefined;
      const o = node as Record<string, unknown>;
      const totals = (o['properties'] as Record<string, Record<string, Record<string, unknown>>> | undefined)?.['totals'];
      if (totals?.['properties']?.['problems'] !== undefined) return totals['properties']['problems'];
      for (const v of Object.values(o)) {
        const hit = find(v);
        if (hit !== undefined) return hit;
      }
      return undefined;
    };
    expect((find(exportJsonSchema('report.v1')) as { description?: string } | undefined)?.description).toBe(
      "Discovery problems, as `discoveryProblems` (kept under this name for readers of version 1): the length of `problems[]`. Not the projects' problems (flags of one kind and cause, what `trailbook check` and the home call problems): those are `projectProblems`.",
    );
  });
});

async function analyse(root: string): Promise<model.ProjectModel[]> {
  const models: model.ProjectModel[] = [];
  await analyseArchive({ roots: [root], cacheDir: null, onModel: (m) => void models.push(m) });
  return models;
}

/** A document as it reaches a reader: through JSON. */
const viaJson = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

function validator(name: ExportSchemaName): ValidateFunction {
  return new Ajv2020({ strict: true, allErrors: true }).compile(exportJsonSchema(name));
}

const CTX = { base: '/archive/', root: null, title: 'Test archive' };

for (const [corpus, root] of [['example corpus', CONTENT], ['real corpus', REAL]] as const) {
  describe.skipIf(!existsSync(root))(`exports of the ${corpus}`, () => {
    let models: model.ProjectModel[];
    beforeAll(async () => {
      models = await analyse(root);
    }, 120_000);

    it('recap.json of every project parses with the zod schema and validates against recap.v4.json', () => {
      const validate = validator('recap.v4');
      expect(models.length).toBeGreaterThan(0);
      for (const m of models) {
        const doc = viaJson(recapExport(m, '/archive/schema/recap.v4.json'));
        const parsed = recapExportSchema.safeParse(doc);
        expect(parsed.success, `${m.id}: ${parsed.error?.message}`).toBe(true);
        expect(validate(doc), `${m.id}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
        expect(parsed.data).toEqual(doc);
        // A pointer's reasonKind (the row card's, src/lib/site/card-reason.ts) is the model's own: not in recap.json.
        expect(JSON.stringify(doc), m.id).not.toContain('reasonKind');
      }
      // The example's pointers have it (the real corpus has no repository to verify against): in rows, and in verdicts (QA criteria).
      if (corpus === 'example corpus') {
        expect(models.some((m) => m.rows.some((r) => r.evidence.some((p) => p.reasonKind !== undefined)))).toBe(true);
        expect(models.some((m) => JSON.stringify(m.verdicts ?? null).includes('"reasonKind"'))).toBe(true);
      }
    });

    it('archive.json and report.json validate against their schemas', () => {
      const summaries = models.map((m) => summarise(m, 'digest'));
      const problems = [{ path: 'corpus/link', problem: 'symbolic link leads outside the input root; not followed' }];
      const index = viaJson(archiveIndex(summaries, problems, CTX));
      const details = new Map(models.map((m) => [m.id, reportDetails(m)]));
      const report = viaJson(buildReport(summaries, problems, (id) => details.get(id) ?? null, CTX));
      for (const [name, doc, schema] of [['archive.v1', index, archiveIndexSchema], ['report.v1', report, buildReportSchema]] as const) {
        const validate = validator(name);
        expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
        expect(schema.safeParse(doc).success).toBe(true);
      }
    });
  });
}

describe('recap.json', () => {
  let faults: model.ProjectModel;
  beforeAll(async () => {
    const models = await analyse(CONTENT);
    faults = models.find((m) => m.id === 'tickets-faults') as model.ProjectModel;
  }, 120_000);

  it('is the model with its version and schema URL, every part present', () => {
    const doc = recapExport(faults, 'https://example.com/schema/recap.v4.json');
    expect(doc.version).toBe(RECAP_VERSION);
    expect(RECAP_VERSION).toBe('trailbook.recap/4');
    expect(doc.$schema).toBe('https://example.com/schema/recap.v4.json');
    // recap/3: the rows by column, each row without what the rest of it says (src/lib/export/recap-rows.ts).
    // Every field of every row, but a pointer's reasonKind, the row card's (src/lib/export/exported-pointers.ts).
    expect(fullRows(doc.rows)).toEqual(faults.rows.map((r) => ({ ...r, evidence: exportedPointers(r.evidence) })));
    expect(doc.rows.id).toEqual(faults.rows.map((r) => r.id));
    expect(doc.rows.decision).toEqual(faults.rows.map((r) => r.decision));
    const kept = compactRows(faults.rows).filter((r) => 'anchor' in r || 'computedId' in r || 'index' in r);
    expect(kept.length).toBeLessThan(faults.rows.length / 2);
    expect(doc.rows.anchor?.filter((a) => a !== null)).toEqual(kept.filter((r) => r.anchor !== undefined).map((r) => r.anchor));
    expect(doc.invalid.map((i) => `${i.file}:${i.line}`)).toEqual(['decisions.jsonl:12']);
    expect(doc.arena).toBeNull();
    expect(Object.keys(doc).slice(0, 3)).toEqual(['$schema', 'version', 'id']);
    // recap/4 (issue 30, output size): no `cited` and no `time` column, both given back by the rest.
    expect('cited' in doc).toBe(false);
    expect('time' in doc.rows).toBe(false);
    expect(faults.cited.files.length + faults.cited.commits.length).toBeGreaterThan(0);
  });

  it("neither describes nor accepts a pointer's reasonKind, the model's own word to the row card (src/lib/export/exported-pointers.ts)", () => {
    expect(JSON.stringify(exportJsonSchema('recap.v4'))).not.toContain('reasonKind');
    const good = viaJson(recapExport(faults, '/schema/recap.v4.json')) as Record<string, unknown> & { rows: Record<string, unknown[]> & { evidence: Array<Array<Record<string, unknown>>> } };
    const validate = validator('recap.v4');
    expect(validate(good)).toBe(true);
    const at = good.rows.evidence.findIndex((list) => list.length > 0);
    const evidence = good.rows.evidence[at] as Array<Record<string, unknown>>;
    const withKind = { ...good, rows: { ...good.rows, evidence: good.rows.evidence.map((list, i) => (i === at ? [{ ...evidence[0], reasonKind: { kind: 'file-at-head' } }, ...evidence.slice(1)] : list)) } };
    expect(validate(withKind)).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'additionalProperties', params: { additionalProperty: 'reasonKind' } });
  });

  it('is rejected by the JSON Schema when a field is unknown, missing or of the wrong kind', () => {
    const validate = validator('recap.v4');
    const good = viaJson(recapExport(faults, '/schema/recap.v4.json')) as Record<string, unknown> & { rows: Record<string, unknown[]> & { evidence: Array<Array<Record<string, unknown>>> } };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, surprise: 1 })).toBe(false);
    const { title: _title, ...untitled } = good;
    expect(validate(untitled)).toBe(false);
    expect(validate({ ...good, version: 'trailbook.recap/1' })).toBe(false);
    const evidence = good.rows.evidence[1] as Array<Record<string, unknown>>;
    const badStatus = { ...good, rows: { ...good.rows, evidence: [good.rows.evidence[0], [{ ...evidence[0], status: 'CLEAN' }], ...good.rows.evidence.slice(2)] } };
    expect(validate(badStatus)).toBe(false);
    // Rows as recap/2 wrote them (an array of objects) are not recap/3.
    expect(validate({ ...good, rows: compactRows(faults.rows) })).toBe(false);
    const { decision: _decision, ...noDecisions } = good.rows;
    expect(validate({ ...good, rows: noDecisions })).toBe(false);
    expect(validate({ ...good, rows: { ...good.rows, surprise: [] } })).toBe(false);
  });
});
