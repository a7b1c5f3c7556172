/**
 * Where a build writes when nothing names a folder (src/cli/user-cache.ts), what a refused
 * output folder is told to use instead (src/cli/folders.ts), which project the closing line
 * names (src/lib/projections/needs-a-person.ts), and how `check` heads each project.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { defaultCacheDir, defaultSiteDir, userCacheRoot } from '../../src/cli/user-cache.ts';
import { suggestOut } from '../../src/cli/folders.ts';
import { describeNeeds, worstProject } from '../../src/lib/projections/needs-a-person.ts';
import { projectHeader } from '../../src/cli/commands/check.ts';
import { projectName } from '../../src/lib/site/words.ts';
import { printNextStep } from '../../src/cli/summary.ts';
import type { ProjectSummary } from '../../src/lib/archive/summary.ts';

describe('the per-user cache folder', () => {
  it('follows XDG_CACHE_HOME when absolute, else the platform convention', () => {
    expect(userCacheRoot({ XDG_CACHE_HOME: '/x/cache' }, 'linux', '/home/ada')).toBe('/x/cache/trailbook');
    expect(userCacheRoot({ XDG_CACHE_HOME: 'relative' }, 'linux', '/home/ada')).toBe('/home/ada/.cache/trailbook');
    expect(userCacheRoot({}, 'linux', '/home/ada')).toBe('/home/ada/.cache/trailbook');
    expect(userCacheRoot({}, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Caches/trailbook');
  });

  it('keys the build cache by the input and output folders, named after the first input', () => {
    const a = defaultCacheDir(['/w/runs'], '/w/site', '/c');
    expect(a).toMatch(/^\/c\/builds\/runs-[0-9a-f]{12}$/);
    expect(defaultCacheDir(['/w/runs'], '/w/site', '/c')).toBe(a);
    expect(defaultCacheDir(['/w/runs'], '/w/other', '/c')).not.toBe(a);
    expect(defaultCacheDir(['/w/runs', '/w/more'], '/w/site', '/c')).not.toBe(a);
    expect(defaultCacheDir(['/w/.hidden name!'], '/w/site', '/c')).toMatch(/^\/c\/builds\/hidden-name-[0-9a-f]{12}$/);
    expect(defaultSiteDir(['/w/runs'], '/c')).toMatch(/^\/c\/sites\/runs-[0-9a-f]{12}$/);
  });
});

describe('the output folder suggested when one is refused', () => {
  it('is trailbook-site beside the records: `build .` is told ../trailbook-site', () => {
    expect(suggestOut(['/w/repo'], '/w/repo')).toBe('/w/trailbook-site');
    expect(suggestOut(['/w/repo/runs'], '/w/repo')).toBe('/w/repo/trailbook-site');
    expect(suggestOut(['/w/repo/runs', '/w/repo/more'], '/w/repo/more/x')).toBe('/w/repo/trailbook-site');
  });

  it('falls back to the per-user folder when beside the records is itself an input', () => {
    const s = suggestOut(['/w/repo/runs', '/w/repo'], '/w/repo/runs');
    expect(s).toBe(defaultSiteDir(['/w/repo/runs', '/w/repo']));
  });
});

/** A project whose flags are each a problem of their own, unless `problems` says otherwise. */
const project = (id: string, flags: [number, number, number], invalid = 0, openBlockers = 0, unresolved = 0, to = '', problems?: { high: number; medium: number; low: number; citesMissing: number }): ProjectSummary =>
  ({
    id,
    title: id,
    root: id,
    span: to ? { from: to, to } : null,
    counts: { flags: { high: flags[0], medium: flags[1], low: flags[2] }, invalid, openBlockers, pointers: { verified: 0, failed: unresolved, unresolved, prose: 0, notCheckable: 0 }, problems: problems ?? { high: flags[0], medium: flags[1], low: flags[2], citesMissing: 0 } },
  }) as unknown as ProjectSummary;

describe('the project a person should look at first', () => {
  it('is the first in the archive home’s attention order: evidence citing what does not exist, problems weighted by severity, unresolved pointers, newest, id', () => {
    expect(worstProject([project('a', [0, 0, 0]), project('b', [0, 0, 0])])).toBeNull();
    // Issue 27: 25 high flags of one cause (a trail that left out its `why` column) are one
    // problem; a project citing three commits that do not exist comes above it.
    const formatting = project('formatting', [25, 0, 0], 25, 0, 0, '2026-05-01', { high: 1, medium: 0, low: 0, citesMissing: 0 });
    const fabricated = project('fabricated', [3, 0, 0], 0, 0, 3, '2026-01-01', { high: 1, medium: 0, low: 0, citesMissing: 1 });
    expect(worstProject([formatting, fabricated])?.project.id).toBe('fabricated');
    // Distinct problems weighted by severity (high 9, medium 3, low 1; an open blocker as a high one), not flags.
    expect(worstProject([project('a', [0, 2, 5], 3, 0), project('b', [1, 0, 0])])?.project.id).toBe('a');
    expect(worstProject([project('a', [0, 2, 2], 3, 0), project('b', [1, 0, 0])])?.project.id).toBe('b');
    expect(worstProject([project('a', [1, 0, 0]), project('b', [0, 0, 0], 0, 1)])?.project.id).toBe('a');
    expect(worstProject([project('a', [1, 0, 0]), project('b', [1, 0, 0], 0, 1)])?.project.id).toBe('b');
    expect(worstProject([project('a', [0, 3, 0], 0, 0, 1), project('b', [0, 3, 0], 0, 0, 2)])?.project.id).toBe('b');
    expect(worstProject([project('a', [0, 1, 0], 0, 0, 0, '2026-01-01'), project('b', [0, 1, 0], 0, 0, 0, '2026-02-01')])?.project.id).toBe('b');
    expect(worstProject([project('z', [2, 0, 0]), project('m', [2, 0, 0])])?.project.id).toBe('m');
    // Nothing but an invalid record still needs a person.
    expect(worstProject([project('clean', [0, 0, 0]), project('broken', [0, 0, 0], 1)])?.project.id).toBe('broken');
    expect(worstProject([project('a', [0, 0, 1])])?.needs).toEqual({ high: 0, openBlockers: 0, medium: 0, invalid: 0, low: 1, problems: 1, citesMissing: 0 });
  });

  it('says what it has, in that order', () => {
    expect(describeNeeds({ high: 10, openBlockers: 1, medium: 4, invalid: 1, low: 2 })).toBe('10 high-severity flags, 1 open blocker, 4 medium-severity flags, 1 invalid record, 2 low-severity flags');
    expect(describeNeeds({ high: 0, openBlockers: 0, medium: 1, invalid: 0, low: 0 })).toBe('1 medium-severity flag');
    // Issue 27: evidence citing what does not exist first; flags said as the problems they are when fewer.
    // The problems citing what does not exist are said as a part of the problems (use10: "3 problems of evidence citing what does not exist, 4 problems (…)" read as 7).
    expect(describeNeeds({ high: 3, openBlockers: 0, medium: 1, invalid: 0, low: 0, problems: 2, citesMissing: 1 })).toBe('1 of its 2 problems cites what does not exist (3 high-severity flags, 1 medium-severity flag)');
    expect(describeNeeds({ high: 4, openBlockers: 0, medium: 1, invalid: 0, low: 0, problems: 4, citesMissing: 3 })).toBe('3 of its 4 problems cite what does not exist (4 high-severity flags, 1 medium-severity flag)');
    expect(describeNeeds({ high: 10, openBlockers: 1, medium: 4, invalid: 1, low: 1, problems: 15, citesMissing: 3 })).toBe('3 of its 15 problems cite what does not exist (10 high-severity flags, 4 medium-severity flags, 1 low-severity flag), 1 open blocker, 1 invalid record');
    expect(describeNeeds({ high: 2, openBlockers: 0, medium: 0, invalid: 0, low: 0, problems: 2, citesMissing: 2 })).toBe('all 2 of its problems cite what does not exist (2 high-severity flags)');
    expect(describeNeeds({ high: 1, openBlockers: 0, medium: 0, invalid: 0, low: 0, problems: 1, citesMissing: 1 })).toBe('its problem cites what does not exist (1 high-severity flag)');
    expect(describeNeeds({ high: 25, openBlockers: 0, medium: 0, invalid: 25, low: 0, problems: 1, citesMissing: 0 })).toBe('1 problem (25 high-severity flags), 25 invalid records');
  });

  it('closes build and check with one line naming it and its recap', () => {
    const lines: string[] = [];
    const out = { result: () => undefined, info: (t: string) => lines.push(t), error: () => undefined };
    const projects = [project('clean', [0, 0, 0]), { ...project('tickets-myproj', [3, 1, 0], 1), title: 'myproj' }];
    printNextStep(out, projects, join(process.cwd(), 'dist'), { built: true, recapHtml: true, base: '/' });
    printNextStep(out, projects, join(process.cwd(), 'dist'), { built: true, recapHtml: false, base: '/archive/' });
    printNextStep(out, projects, join(process.cwd(), 'dist'), { built: false, args: ['runs', "it's here"] });
    printNextStep(out, [project('clean', [0, 0, 0])], join(process.cwd(), 'dist'), { built: true, recapHtml: true, base: '/' });
    expect(lines).toEqual([
      // The project by its one name: the title the archive home shows, with the id its files are named by.
      'Next: start with myproj (tickets-myproj): 3 high-severity flags, 1 medium-severity flag, 1 invalid record. Open dist/p/tickets-myproj/recap.html',
      // Without --recap-html no recap.html is written: the line names the page, which exists, and the command that serves it (issue 32: its index.html opens unstyled from disk).
      'Next: start with myproj (tickets-myproj): 3 high-severity flags, 1 medium-severity flag, 1 invalid record. Its recap: http://127.0.0.1:4321/archive/p/tickets-myproj/ while `trailbook serve dist` runs; its Download list makes the single-file recap.html',
      // check renders nothing: the build it names writes the file it names.
      "Next: start with myproj (tickets-myproj): 3 high-severity flags, 1 medium-severity flag, 1 invalid record. Run `trailbook build runs 'it'\\''s here' --recap-html`, then open dist/p/tickets-myproj/recap.html",
    ]);
  });
});

describe('one name for a project everywhere: its title, with its id where the id says more', () => {
  it('names a project by the title the archive home shows', () => {
    expect(projectName({ id: 'myproj', title: 'myproj' })).toBe('myproj');
    expect(projectName({ id: 'tickets-myproj', title: 'myproj' })).toBe('myproj (tickets-myproj)');
    expect(projectName({ id: 'tickets-faults', title: 'Planted faults' })).toBe('Planted faults (tickets-faults)');
    expect(projectName({ id: 'rand__loop', title: 'rand__loop' })).toBe('rand__loop');
    expect(projectName({ id: 'chronoaiproject__nyxid', title: 'ChronoAIProject__NyxID' })).toBe('ChronoAIProject__NyxID');
  });

  it('check heads each project with that name, then its folder when the folder says more', () => {
    expect(projectHeader({ id: 'myproj', title: 'myproj', root: 'myproj' })).toBe('myproj');
    expect(projectHeader({ id: 'tickets-faults', title: 'Planted faults', root: 'content/tickets/faults' })).toBe('Planted faults (tickets-faults)  content/tickets/faults');
    expect(projectHeader({ id: 'tickets-myproj', title: 'myproj', root: 'tickets/myproj' })).toBe('myproj (tickets-myproj)  tickets/myproj');
  });
});
