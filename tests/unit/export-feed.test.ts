/**
 * The Atom feed (src/lib/export/atom-feed.ts) against RFC 4287's structure rules, read with
 * fast-xml-parser; the archive root URL (src/lib/export/site-url.ts) that makes its links
 * absolute.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '../../src/lib/archive/summary.ts';
import { atomFeed, entrySummary, urnUuid, xmlText } from '../../src/lib/export/atom-feed.ts';
import type { AcceptedCounts } from '../../src/lib/archive/accepted-counts.ts';
import { absoluteUrl, archiveRoot } from '../../src/lib/export/site-url.ts';

function summary(id: string, title: string, span: { from: string; to: string } | null): ProjectSummary {
  return {
    id, title, root: `corpus/${id}`, digest: 'd',
    sources: [{ path: 'decisions.jsonl', format: 'bbs-trail', bytes: 1, lines: 1, valid: 1, invalid: 0 }, { path: 'trailbook.json', format: 'project-config', bytes: 1, lines: 1, valid: 1, invalid: 0 }],
    repository: { id: null, path: null, head: null, headSource: null, problem: 'no repository' },
    outOfTimeOrder: false, audit: { present: false }, flags: [], span,
    counts: { rows: 3, superseded: 0, invalid: 1, telemetry: 0, flags: { high: 2, medium: 0, low: 1 }, flagLayers: { layer1: { high: 2, medium: 0, low: 1 }, layer2: { high: 0, medium: 0, low: 0 } }, evidence: { VERIFIED: 1, NOT_VERIFIED: 1, INCONCLUSIVE: 1 }, pointers: { verified: 1, failed: 1, unresolved: 1, prose: 0, notCheckable: 1 }, resultNotVerified: 1, results: { failed: 0, reverted: 0, open: 1, inconclusive: 0, skipped: 0, verified: 2, 'reported-done': 0, note: 0 }, checkFirst: 1, checkFirstOpen: 1, checkFirstWords: 0, openBlockers: 0, problems: { high: 2, medium: 0, low: 1, citesMissing: 0 }, rowsByFormat: { 'bbs-trail': 3 } },
  };
}

const PROJECTS = [
  summary('old', 'Old <run> & "quotes"', { from: '2026-01-01T09:00:00.000Z', to: '2026-01-02T10:00:00.000Z' }),
  summary('new', 'New run\u0007 with a bell', { from: '2026-03-01T09:00:00.000Z', to: '2026-03-02T10:00:00.000Z' }),
  summary('untimed', 'No timed rows', null),
];

type Node = Record<string, unknown>;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['entry', 'link', 'category', 'author'].includes(name) });

function parse(xml: string): Node {
  expect(XMLValidator.validate(xml)).toBe(true);
  return (parser.parse(xml) as { feed: Node }).feed;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const text = (v: unknown): string => (typeof v === 'object' && v !== null ? String((v as Node)['#text']) : String(v));

describe('atomFeed', () => {
  const now = (): Date => new Date('2026-04-01T00:00:00Z');

  it('is well-formed Atom with every element RFC 4287 requires', () => {
    const feed = parse(atomFeed(PROJECTS, { base: '/archive/', root: null, title: 'Team archive' }, now));
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(text(feed['id'])).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(text(feed['title'])).toBe('Team archive');
    expect(text(feed['updated'])).toMatch(RFC3339);
    expect((feed['author'] as Node[])[0]?.['name']).toBe('Trailbook');
    const entries = feed['entry'] as Node[];
    expect(entries).toHaveLength(3);
    const ids = new Set<string>();
    for (const e of entries) {
      ids.add(text(e['id']));
      expect(text(e['title']).length).toBeGreaterThan(0);
      expect(text(e['updated'])).toMatch(RFC3339);
      const links = e['link'] as Node[];
      const alternates = links.filter((l) => l['@rel'] === 'alternate');
      // At most one alternate link per type (RFC 4287 section 4.1.2); one is the HTML recap.
      expect(new Set(alternates.map((l) => l['@type'])).size).toBe(alternates.length);
      expect(alternates.some((l) => l['@type'] === 'text/html')).toBe(true);
      expect(e['summary']).toBeDefined();
    }
    expect(ids.size).toBe(3);
  });

  it('says how many of an entry’s flags the baseline accepts, as the home and the build do (count14)', () => {
    // Before: 'flags: 2 high, 0 medium, 1 low' for a project the home showed as '▲ 1 high 0 medium ● 1 low + 1 accepted'.
    const accepted: AcceptedCounts = new Map([['old', { high: 1, medium: 0, low: 0, open: { flags: { high: 1, medium: 0, low: 1 }, problems: { high: 1, medium: 0, low: 1, citesMissing: 0 } }, places: [1] }]]);
    const ctx = { counts: accepted, file: 'trailbook.baseline.json' };
    expect(entrySummary(PROJECTS[0] as ProjectSummary, ctx)).toBe("3 decision rows; flags: 2 high, 0 medium, 1 low (1 of them accepted in trailbook.baseline.json, not open); evidence: 1 verified, 1 did not resolve, 0 prose (no pointer), 1 not checkable; Check first: 1 needs a look, 0 in the agent's words; 1 invalid record; audit never invoked.");
    expect(entrySummary(PROJECTS[1] as ProjectSummary, ctx)).toContain('flags: 2 high, 0 medium, 1 low; evidence');
    const feed = parse(atomFeed(PROJECTS, { base: '/', root: null, title: 'T' }, now, ctx));
    expect((feed['entry'] as Node[]).map((e) => text(e['summary'])).filter((t) => t.includes('accepted'))).toHaveLength(1);
  });

  it('lists projects newest first; the feed is updated when the newest project is', () => {
    const feed = parse(atomFeed(PROJECTS, { base: '/', root: null, title: 'T' }, now));
    const entries = feed['entry'] as Node[];
    expect(entries.map((e) => text(e['title']))).toEqual(['New run with a bell', 'Old <run> & "quotes"', 'No timed rows']);
    expect(text(feed['updated'])).toBe('2026-03-02T10:00:00Z');
    expect(text(entries[0]?.['updated'])).toBe('2026-03-02T10:00:00Z');
    expect(text(entries[0]?.['published'])).toBe('2026-03-01T09:00:00Z');
    // A project without timed rows takes the feed's time; the clock is read only when nothing has a time.
    expect(text(entries[2]?.['updated'])).toBe('2026-03-02T10:00:00Z');
    expect(text(parse(atomFeed([PROJECTS[2] as ProjectSummary], { base: '/', root: null, title: 'T' }, now))['updated'])).toBe('2026-04-01T00:00:00Z');
    // Without a fallback, the epoch: never the clock, so two builds give the same bytes.
    expect(text(parse(atomFeed([PROJECTS[2] as ProjectSummary], { base: '/', root: null, title: 'T' }))['updated'])).toBe('1970-01-01T00:00:00Z');
  });

  // use14: a trail dated without times of day (the real trail Jenzoga/JMT-MCMT, `2026-10-07`
  // row after row) took the feed's time, the newest record of another project: a reader showed
  // it updated on 2026-10-09, two days after its last row.
  it('dates an entry of a trail dated without times by its dates (midnight UTC), and counts them in the feed\'s time', () => {
    const dated: ProjectSummary = { ...summary('dated', 'Dated only', null), datesOnly: { from: '2026-02-10', to: '2026-02-12', rows: 3 } };
    const feed = parse(atomFeed([...PROJECTS, dated], { base: '/', root: null, title: 'T' }, now));
    const entries = feed['entry'] as Node[];
    expect(entries.map((e) => text(e['title']))).toEqual(['New run with a bell', 'Dated only', 'Old <run> & "quotes"', 'No timed rows']);
    expect(text(entries[1]?.['updated'])).toBe('2026-02-12T00:00:00Z');
    expect(text(entries[1]?.['published'])).toBe('2026-02-10T00:00:00Z');
    const alone = parse(atomFeed([dated, PROJECTS[2] as ProjectSummary], { base: '/', root: null, title: 'T' }, now));
    expect(text(alone['updated'])).toBe('2026-02-12T00:00:00Z');
    expect(text((alone['entry'] as Node[])[1]?.['updated'])).toBe('2026-02-12T00:00:00Z');
  });

  it('uses site-relative links without a site URL, absolute links and URL ids with one', () => {
    const relative = parse(atomFeed(PROJECTS, { base: '/archive/', root: null, title: 'T' }, now));
    const links = (relative['entry'] as Node[])[0]?.['link'] as Node[];
    expect(links.map((l) => `${l['@rel']} ${l['@type']} ${l['@href']}`)).toEqual([
      'alternate text/html /archive/p/new/',
      'alternate application/gzip /archive/p/new/recap.json.gz',
      // No decisions.csv.gz unless built with --decisions-csv: the recap page's download that makes it.
      'related text/html /archive/p/new/#decisions-csv',
    ]);
    const withCsv = parse(atomFeed(PROJECTS, { base: '/archive/', root: null, title: 'T', decisionsCsv: true }, now));
    expect((((withCsv['entry'] as Node[])[0]?.['link'] as Node[])[2] as Node)['@href']).toBe('/archive/p/new/decisions.csv.gz');
    expect((((withCsv['entry'] as Node[])[0]?.['link'] as Node[])[2] as Node)['@type']).toBe('application/gzip');
    expect((relative['link'] as Node[]).map((l) => l['@href'])).toEqual(['/archive/feed.xml', '/archive/']);

    const root = 'https://example.com/archive/';
    const absolute = parse(atomFeed(PROJECTS, { base: '/archive/', root, title: 'T' }, now));
    expect(text(absolute['id'])).toBe(root);
    expect((absolute['link'] as Node[]).map((l) => l['@href'])).toEqual(['https://example.com/archive/feed.xml', 'https://example.com/archive/']);
    const first = (absolute['entry'] as Node[])[0] as Node;
    expect(text(first['id'])).toBe('https://example.com/archive/p/new/');
    expect(((first['link'] as Node[])[0] as Node)['@href']).toBe('https://example.com/archive/p/new/');
  });

  it('keeps entry ids stable across builds and distinct across base paths', () => {
    const a = parse(atomFeed(PROJECTS, { base: '/', root: null, title: 'T' }, now));
    const b = parse(atomFeed(PROJECTS, { base: '/', root: null, title: 'Renamed' }, now));
    const c = parse(atomFeed(PROJECTS, { base: '/other/', root: null, title: 'T' }, now));
    const ids = (f: Node): string[] => (f['entry'] as Node[]).map((e) => text(e['id']));
    expect(ids(b)).toEqual(ids(a));
    expect(ids(c).some((id) => ids(a).includes(id))).toBe(false);
  });

  it('has source formats as categories and the counts that need a person as summary', () => {
    const e = (parse(atomFeed(PROJECTS, { base: '/', root: null, title: 'T' }, now))['entry'] as Node[])[0] as Node;
    expect((e['category'] as Node[]).map((c) => c['@term'])).toEqual(['bbs-trail']);
    expect(text(e['summary'])).toBe("3 decision rows; flags: 2 high, 0 medium, 1 low; evidence: 1 verified, 1 did not resolve, 0 prose (no pointer), 1 not checkable; Check first: 1 needs a look, 0 in the agent's words; 1 invalid record; audit never invoked.");
  });
});

describe('xmlText and urnUuid', () => {
  it('escapes markup and drops characters XML 1.0 cannot hold', () => {
    expect(xmlText(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
    expect(xmlText('bell\u0007 nul\u0000 tab\t nl\n lone\uD800 pair\uD83D\uDE00 \uFFFF')).toBe('bell nul tab\t nl\n lone pair\uD83D\uDE00 ');
  });

  it('makes version-5 shaped UUIDs, stable for a name', () => {
    expect(urnUuid('x')).toBe(urnUuid('x'));
    expect(urnUuid('x')).not.toBe(urnUuid('y'));
    expect(urnUuid('x')).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('archiveRoot and absoluteUrl', () => {
  it('appends the base path to an origin, and takes a site with a path as the root', () => {
    expect(archiveRoot(null, '/archive/')).toBeNull();
    expect(archiveRoot('', '/')).toBeNull();
    expect(archiveRoot('https://example.com', '/archive/')).toBe('https://example.com/archive/');
    expect(archiveRoot('https://example.com/', '/')).toBe('https://example.com/');
    expect(archiveRoot('https://example.com/archive', '/archive/')).toBe('https://example.com/archive/');
    expect(archiveRoot('https://example.com/team/archive/', '/archive/')).toBe('https://example.com/team/archive/');
  });

  it('names the fix for a site URL that is not http(s)', () => {
    expect(() => archiveRoot('example.com', '/')).toThrow(/not a URL.*--site https:/);
    expect(() => archiveRoot('ftp://example.com/', '/')).toThrow(/not http\(s\)/);
  });

  it('makes base-prefixed paths absolute under the root, or leaves them', () => {
    expect(absoluteUrl(null, '/archive/', '/archive/p/x/')).toBe('/archive/p/x/');
    expect(absoluteUrl('https://example.com/archive/', '/archive/', '/archive/p/x/')).toBe('https://example.com/archive/p/x/');
    expect(absoluteUrl('https://example.com/team/', '/archive/', '/archive/feed.xml')).toBe('https://example.com/team/feed.xml');
  });
});
