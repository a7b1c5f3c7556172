/**
 * Accepted flags (issue 32, trailbook.baseline.json) marked beyond Attention: on the row cards,
 * under Check first, in recap.json and the offline recap.html, and counted apart from the open
 * ones on the archive home (src/lib/site/accepted-words.ts). Exact text, as a reader sees it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { acceptedFlags, baselineEntry, type Baseline } from '../../src/lib/baseline/accepted-flags.ts';
import { flagsByRow } from '../../src/lib/projections/flags.ts';
import { decisionRowHtml } from '../../src/components/html/decision-row.ts';
import { exportRecapHtml } from '../../src/components/html/export-recap.ts';
import { recapExport } from '../../src/lib/export/recap-export.ts';
import { recapModel } from '../../src/lib/export/recap-model.ts';
import { acceptedBesideOpenNote, acceptedLead, acceptedOfThemNote, ACCEPTED_TAIL, homeFlagsCaption, openCounts } from '../../src/lib/site/accepted-words.ts';

const REASON = 'prose evidence was allowed until March';
let dir: string;
let m: ProjectModel;
let baseline: Baseline;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-accepted-'));
  const root = join(dir, 'in', 'gate');
  await import('node:fs/promises').then((fs) => fs.mkdir(root, { recursive: true }));
  await writeFile(
    join(root, 'decisions.tsv'),
    ['ts\tphase\tdecision\twhy\tevidence\tresult', '2026-04-01T10:00:00Z\tbuild\tKeep the parser\tsmall\tthe agent reports all tests pass\tverified', '2026-04-01T10:01:00Z\tbuild\tSplit the lexer\tsmaller\tran the suite by hand\topen', ''].join('\n'),
  );
  const models: ProjectModel[] = [];
  await analyseArchive({ roots: [join(dir, 'in')], cacheDir: null, onModel: (x) => void models.push(x) });
  m = models[0] as ProjectModel;
  const prose = m.flags.find((f) => f.kind === 'evidence/prose' && f.summary.includes('Keep the parser'));
  if (!prose) throw new Error(`no prose flag: ${JSON.stringify(m.flags.map((f) => f.summary))}`);
  baseline = { file: 'trailbook.baseline.json', entries: [baselineEntry(m, prose, REASON)] };
}, 60_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('accepted flags beyond Attention', () => {
  it('words: counted beside the open ones, never as open', () => {
    expect(acceptedLead(1, 'trailbook.baseline.json') + ACCEPTED_TAIL).toBe('1 flag is accepted in trailbook.baseline.json: each is listed with its reason, counted here with the rest, and skipped by trailbook check --fail-on.');
    expect(acceptedLead(3, 'ci/accepted.json')).toBe('3 flags are accepted in ci/accepted.json');
    expect(acceptedOfThemNote(2, 'trailbook.baseline.json')).toBe('2 of them accepted in trailbook.baseline.json, not open');
    expect(acceptedBesideOpenNote(2, 'trailbook.baseline.json')).toBe('+ 2 accepted in trailbook.baseline.json (not counted as open)');
    expect(openCounts({ high: 3, medium: 2, low: 0 }, { high: 1, medium: 2, low: 0 })).toEqual({ high: 2, medium: 0, low: 0 });
    // The home table's caption says what its Flags column counts (and sorts by): the open flags, not every flag.
    expect(homeFlagsCaption(false)).toBe("every open flag, Trailbook's checks and the reviewer's");
    expect(homeFlagsCaption(true)).toBe("the open flags, Trailbook's checks and the reviewer's; a flag accepted in the baseline is not counted as open, it is shown beside them as “+ N accepted”");
  });

  it('marks the accepted flag on its row card, the other row still plainly flagged', () => {
    const accepted = acceptedFlags(baseline, m, m.flags);
    expect(accepted.filter((a) => a !== null)).toEqual([REASON]);
    const byRow = flagsByRow(m.flags, m.rows, accepted);
    const [kept, split] = m.rows;
    const n = accepted.indexOf(REASON) + 1;
    expect(byRow.get(kept?.anchor as string)).toEqual([{ n, severity: 'medium', kind: 'evidence/prose', accepted: REASON }]);
    expect(byRow.get(split?.anchor as string)?.map((f) => f.accepted)).toEqual([undefined]);
    const ctx = { base: '/', projectId: m.id, repoId: null, anchorOf: () => undefined, chainOf: () => [], flagsOf: (r: { anchor: string }) => byRow.get(r.anchor) ?? [] };
    const card = decisionRowHtml(kept as ProjectModel['rows'][number], ctx).value;
    expect(card).toContain(`<p class="row-flags">Flagged (accepted): <a href="#flag-${n}">`);
    expect(card).toContain(`<code>evidence/prose</code> <span class="accepted-badge" title="${REASON}">accepted</span></a></p>`);
    const other = decisionRowHtml(split as ProjectModel['rows'][number], ctx).value;
    expect(other).toContain('<p class="row-flags">Flagged: <a href=');
    expect(other).not.toContain('accepted-badge');
  });

  it('writes the reasons into recap.json, and the offline recap.html made from it marks the flag', () => {
    const reasons = acceptedFlags(baseline, m, m.flags);
    const doc = recapExport(m, 'https://example.org/schema/recap.v1.json', { file: 'trailbook.baseline.json', reasons });
    expect(doc.accepted).toEqual({ file: 'trailbook.baseline.json', reasons });
    expect('accepted' in recapExport(m, 'x', { file: 'trailbook.baseline.json', reasons: reasons.map(() => null) })).toBe(false);
    expect('accepted' in recapModel(JSON.parse(JSON.stringify(doc)))).toBe(false);
    const page = exportRecapHtml(recapModel(JSON.parse(JSON.stringify(doc))), { root: null, archiveTitle: 'Archive', accepted: doc.accepted ?? null });
    expect(page).toContain('<span class="figure-note">1 of them accepted in trailbook.baseline.json, not open</span>');
    expect(page).toContain('<p class="accepted-sentence">1 flag is accepted in trailbook.baseline.json: each is listed with its reason, counted here with the rest, and skipped by trailbook check --fail-on.</p>');
    expect(page).toContain(`<p class="flag-accepted-note"><span class="accepted-badge">accepted</span> ${REASON}</p>`);
    // Without a baseline nothing is marked.
    const plain = exportRecapHtml(m, { root: null, archiveTitle: 'Archive' });
    expect(plain).not.toContain('accepted-badge">accepted</span>');
    expect(plain).not.toContain('accepted in');
  });
});
