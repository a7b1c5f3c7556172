/**
 * Flags accepted in trailbook.baseline.json are no open fault (issue 32): the archive home's
 * rows (their order, their "with flags" filters, the sort by flags) and the closing "Next:" line
 * of build and check weigh only the open ones.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Flag } from '../../src/lib/model/types.ts';
import type { ProjectSummary } from '../../src/lib/archive/summary.ts';
import { acceptedOf, homeFlagsFigureNote, homeProblemsText, withoutAccepted, type AcceptedCounts } from '../../src/lib/archive/accepted-counts.ts';
import { homeList } from '../../src/lib/archive/home-projects.ts';
import { compareHomeRows, homeRowMatches, DEFAULT_HOME_VIEW } from '../../src/lib/projections/home-view.ts';
import { printFaults, printNextStep, totals } from '../../src/cli/summary.ts';

const flag = (severity: Flag['severity'], kind: string, summary: string): Flag => ({ layer: 'trail', severity, kind, rows: [], summary, at: [] });

/** A project with these flags, each a problem of its own. */
const project = (id: string, flags: readonly Flag[], to = '2026-01-01'): ProjectSummary => {
  const by = (s: Flag['severity']): number => flags.filter((f) => f.severity === s).length;
  const sev = { high: by('high'), medium: by('medium'), low: by('low') };
  return {
    id,
    title: id,
    root: id,
    span: { from: to, to },
    sources: [{ format: 'bbs', path: `${id}/decision-trail.md` }],
    audit: { present: true, valid: true, status: 'ran' },
    counts: { rows: 3, superseded: 0, flags: sev, invalid: 0, openBlockers: 0, checkFirstOpen: 0, checkFirstWords: 0, pointers: { verified: 0, failed: 0, unresolved: 0, prose: 0, notCheckable: 0 }, problems: { ...sev, citesMissing: 0 } },
  } as unknown as ProjectSummary;
};

const acceptedFlag = flag('high', 'evidence/sha-not-found', 'cites a commit that does not exist');
const openFlag = flag('low', 'trail/why-missing', 'no why');
/** `accepted` holds every flag of its project, accepted in the baseline; `open` one low flag nobody accepted. */
const accepted = project('accepted', [acceptedFlag, flag('high', 'trail/unknown-kind', 'another')], '2026-06-01');
const open = project('open', [openFlag]);
const acceptedMap: AcceptedCounts = new Map([['accepted', acceptedOf([acceptedFlag, flag('high', 'trail/unknown-kind', 'another')], ['known', 'known']) as NonNullable<ReturnType<typeof acceptedOf>>]]);

describe('accepted flags are set apart from the open ones', () => {
  it('counts accepted and open flags, and the problems still open', () => {
    expect(acceptedOf([acceptedFlag, openFlag], ['known', null])).toEqual({ high: 1, medium: 0, low: 0, open: { flags: { high: 0, medium: 0, low: 1 }, problems: { high: 0, medium: 0, low: 1, citesMissing: 0 } }, places: [1] });
    // The places (1-based, in Attention's order) of the accepted flags: what the build history remembers as accepted (count16).
    expect(acceptedOf([openFlag, acceptedFlag, openFlag, acceptedFlag], [null, 'known', null, 'known'])?.places).toEqual([2, 4]);
    expect(acceptedOf([openFlag], [null])).toBeNull();
    expect(withoutAccepted(accepted, acceptedMap).counts.flags).toEqual({ high: 0, medium: 0, low: 0 });
    expect(withoutAccepted(open, acceptedMap)).toBe(open);
  });

  it('orders the home by open flags only: a project whose flags are all accepted comes after one with an open low flag', () => {
    expect(homeList([accepted, open]).map((x) => x.p.id)).toEqual(['accepted', 'open']);
    const list = homeList([accepted, open], acceptedMap);
    expect(list.map((x) => x.p.id)).toEqual(['open', 'accepted']);
    const row = list.find((x) => x.p.id === 'accepted')?.row;
    // What the script reads from the row's data attributes.
    expect(row && { high: row.high, medium: row.medium, low: row.low, score: row.score, problems: row.problems }).toEqual({ high: 0, medium: 0, low: 0, score: 0, problems: 0 });
    const rows = list.map((x) => x.row);
    expect(rows.filter((r) => homeRowMatches(r, { ...DEFAULT_HOME_VIEW, show: 'flags' })).map((r) => r.id)).toEqual(['open']);
    expect(rows.filter((r) => homeRowMatches(r, { ...DEFAULT_HOME_VIEW, show: 'high' })).map((r) => r.id)).toEqual([]);
    expect([...rows].sort(compareHomeRows('high')).map((r) => r.id)).toEqual(['open', 'accepted']);
  });

  it('does not send the reader of "Next:" to a project whose flags are all accepted', () => {
    const lines: string[] = [];
    const out = { result: () => undefined, info: (t: string) => lines.push(t), error: () => undefined };
    printNextStep(out, [accepted, open], join(process.cwd(), 'dist'), { built: true, recapHtml: true, base: '/' }, acceptedMap);
    printNextStep(out, [accepted], join(process.cwd(), 'dist'), { built: true, recapHtml: true, base: '/' }, acceptedMap);
    // Its flag on a pointer that did not resolve is accepted: so is that pointer (each such pointer is flagged).
    const failing = { ...accepted, counts: { ...accepted.counts, pointers: { verified: 0, failed: 1, unresolved: 1, prose: 0, notCheckable: 0 } } } as ProjectSummary;
    printNextStep(out, [failing], join(process.cwd(), 'dist'), { built: true, recapHtml: true, base: '/' }, acceptedMap);
    printNextStep(out, [accepted], join(process.cwd(), 'dist'), { built: true, recapHtml: true, base: '/' });
    expect(lines).toEqual([
      'Next: start with open: 1 low-severity flag. Open dist/p/open/recap.html',
      // Every flag accepted, nothing else: nothing needs a person, so no line.
      // Without a baseline the same project's flags are open.
      'Next: start with accepted: 2 high-severity flags. Open dist/p/accepted/recap.html',
    ]);
  });

  it('says in the flags summary how many flags are accepted, not open', () => {
    const lines: string[] = [];
    const out = { result: () => undefined, info: (t: string) => lines.push(t), error: () => undefined };
    // The archive's totals as the build sums them (src/lib/projections/counts.ts): every flag, accepted or not.
    const t = { flags: { high: 2, medium: 0, low: 1 }, invalid: 0, projectsWithInvalidNames: [], pointers: { verified: 0, failed: 0, unresolved: 0, prose: 0, notCheckable: 0 }, openBlockers: 0, secrets: { found: 0, projects: 0, notRedacted: 0 }, warnings: {} } as unknown as ReturnType<typeof totals>;
    printFaults(out, t, [accepted, open], { counts: acceptedMap, file: 'trailbook.baseline.json' });
    expect(lines.slice(0, 3)).toEqual([
      'Flags: 2 high, 0 medium, 1 low, in 2 projects (2 of them accepted in trailbook.baseline.json, not open).',
      '  accepted: 2 high, 0 medium, 0 low; 2 accepted',
      '  open: 0 high, 0 medium, 1 low',
    ]);
  });

  it('counts the problems the home shows beside the open flags as open too, as "Next:" does (count14)', () => {
    // A project with 3 high flags of one cause, accepted, and 2 open ones of two causes.
    const ghosts = [1, 2, 3].map((i) => ({ ...flag('high', 'evidence/commit-not-found', 'commit not found'), rows: [`r${i}`] }));
    const others = [flag('medium', 'evidence/prose', 'prose'), flag('low', 'trail/bad-timestamp', 'bad ts')];
    const all = [...ghosts, ...others];
    const mixed = { ...project('mixed', all), counts: { ...project('mixed', all).counts, problems: { high: 1, medium: 1, low: 1, citesMissing: 1 } } } as ProjectSummary;
    const map: AcceptedCounts = new Map([['mixed', acceptedOf(all, ['old', 'old', 'old', null, null]) as NonNullable<ReturnType<typeof acceptedOf>>]]);
    // Before: '3 problems (5 flags)' beside '0 high ■ 1 medium ● 1 low + 3 accepted', while "Next:" said 'mixed: 2 problems'.
    expect(homeProblemsText(mixed, map)).toBe('2 problems');
    expect(homeProblemsText(mixed, new Map())).toBe('3 problems (5 flags)');
    const lines: string[] = [];
    const out = { result: () => undefined, info: (t: string) => lines.push(t), error: () => undefined };
    printNextStep(out, [mixed], join(process.cwd(), 'dist'), { built: true, recapHtml: true, base: '/' }, map);
    expect(lines).toEqual(['Next: start with mixed: 1 medium-severity flag, 1 low-severity flag. Open dist/p/mixed/recap.html']);
    // The archive's figure: the open problems and flags, in the projects that have open flags
    // (before: '5 problems (7 flags) in 2 projects', counting the 3 accepted flags and the project all of whose flags are accepted).
    expect(homeFlagsFigureNote([mixed, accepted, open], new Map([...map, ...acceptedMap]))).toBe('3 problems in 2 projects; 0 flags from reviewers (layer 2)');
    expect(homeFlagsFigureNote([mixed, accepted, open], new Map())).toBe('6 problems (8 flags) in 3 projects; 0 flags from reviewers (layer 2)');
  });
});

describe('the archive trend says its flags include the accepted ones (count15)', () => {
  it('words the caption with and without accepted flags', async () => {
    const { archiveTrendCaption } = await import('../../src/lib/site/accepted-words.ts');
    expect(archiveTrendCaption(2, 5, 'trailbook.baseline.json')).toBe('The last 2 builds of this archive, all projects together (#n is the build number). Flags are every flag, the 5 flags accepted in trailbook.baseline.json included; the Flags figure above counts the open ones.');
    expect(archiveTrendCaption(2, 1, 'trailbook.baseline.json')).toBe('The last 2 builds of this archive, all projects together (#n is the build number). Flags are every flag, the 1 flag accepted in trailbook.baseline.json included; the Flags figure above counts the open ones.');
    expect(archiveTrendCaption(3, 0, null)).toBe('The last 3 builds of this archive, all projects together (#n is the build number).');
  });
});
