/**
 * The archive home's shareable view (src/lib/projections/home-view.ts): the URL query round-trips,
 * unknown values fall back to the defaults, filters and sort orders pick the right rows.
 */
import { describe, expect, it } from 'vitest';
import { compareHomeRows, DEFAULT_HOME_VIEW, homeRow, homeRowMatches, homeViewQuery, parseHomeView, type HomeRow } from '../../src/lib/projections/home-view.ts';
import { homeStatusText, homeViewNotices } from '../../src/lib/projections/home-view.ts';
import { THEME_BOOT_SCRIPT, THEME_STORAGE_KEY, themeChoice } from '../../src/lib/site/theme.ts';

/** A row whose flags are each a problem of their own (its score from its flags and blockers), unless `spec` says otherwise. */
const row = (id: string, spec: Partial<HomeRow> = {}): HomeRow => {
  const r: HomeRow = { id, title: id, root: `content/${id}`, kinds: ['bbs'], to: '', rows: 0, high: 0, medium: 0, low: 0, unresolved: 0, prose: 0, notCheckable: 0, results: 0, words: 0, citesMissing: 0, score: 0, problems: 0, invalid: 0, blockers: 0, audit: 'reviewed', ...spec };
  return { ...r, score: spec.score ?? 9 * (r.high + r.blockers) + 3 * r.medium + r.low, problems: spec.problems ?? r.high + r.medium + r.low };
};

describe('home view in the URL', () => {
  it('round-trips every field and leaves defaults out', () => {
    const view = { q: 'app', source: 'coord.v1', show: 'high' as const, sort: 'rows' as const };
    expect(homeViewQuery(view)).toBe('?q=app&source=coord.v1&show=high&sort=rows');
    expect(parseHomeView(homeViewQuery(view))).toEqual(view);
    expect(homeViewQuery(DEFAULT_HOME_VIEW)).toBe('');
    expect(parseHomeView('')).toEqual(DEFAULT_HOME_VIEW);
  });

  it('falls back to the defaults for unknown values', () => {
    expect(parseHomeView('?sort=__proto__&show=constructor&q=%20x%20')).toEqual({ q: 'x', source: '', show: 'all', sort: 'attention' });
    expect(homeViewQuery({ ...DEFAULT_HOME_VIEW, sort: 'newest' })).toBe('?sort=newest');
  });
});

describe('home filters and sort', () => {
  const rows = [
    row('a', { title: 'Alpha app', to: '2026-03-01', rows: 5, high: 1, kinds: ['bbs', 'audit'] }),
    row('b', { title: 'beta', to: '2026-03-05', rows: 9, medium: 2, unresolved: 1, notCheckable: 2, audit: 'not-reviewed' }),
    row('e', { title: 'epsilon', to: '2026-03-06', rows: 3, prose: 2 }),
    row('c', { title: 'Gamma', to: '', rows: 1, invalid: 1, kinds: ['coord.v1'] }),
    row('d', { title: 'delta', to: '2026-02-01', rows: 2, blockers: 2 }),
  ];
  const ids = (list: HomeRow[]): string[] => list.map((r) => r.id);
  const shown = (search: string): string[] => ids(rows.filter((r) => homeRowMatches(r, parseHomeView(search))));
  const sorted = (sort: string): string[] => ids([...rows].sort(compareHomeRows(parseHomeView(`?sort=${sort}`).sort)));

  it('filters by words, source and what needs a person', () => {
    expect(shown('?q=APP')).toEqual(['a']);
    expect(shown('?q=content/c')).toEqual(['c']);
    expect(shown('?source=audit')).toEqual(['a']);
    expect(shown('?show=high')).toEqual(['a']);
    expect(shown('?show=flags')).toEqual(['a', 'b']);
    expect(shown('?show=not-verified')).toEqual(['b', 'e']);
    // Issue 27: a pointer that did not resolve and a cell of prose are filtered apart.
    expect(shown('?show=unresolved')).toEqual(['b']);
    expect(shown('?show=prose')).toEqual(['e']);
    expect(shown('?show=invalid')).toEqual(['c']);
    expect(shown('?show=not-reviewed')).toEqual(['b']);
    // use10: each home figure lists exactly what it counts.
    expect(shown('?show=medium')).toEqual(['b']);
    expect(shown('?show=low')).toEqual([]);
    expect(shown('?show=not-checkable')).toEqual(['b']);
    expect(shown('?show=results')).toEqual([]);
    expect(shown('?show=never-invoked')).toEqual([]);
    expect(shown('?show=blockers')).toEqual(['d']);
    expect(shown('?show=attention')).toEqual(['a', 'b', 'e', 'c', 'd']);
    expect(shown('')).toEqual(['a', 'b', 'e', 'c', 'd']);
  });

  it('lists the projects the audit figure counts: "not reviewed" and "never invoked" apart, both needing a person', () => {
    // count10: the figure's "2 not reviewed" and "6 never invoked" both linked ?show=not-reviewed, which listed 8.
    const audits = [row('ran'), row('failed', { audit: 'not-reviewed' }), row('none', { audit: 'never-invoked' }), row('coord', { audit: 'no-trail' })];
    const show = (search: string): string[] => ids(audits.filter((r) => homeRowMatches(r, parseHomeView(search))));
    expect(show('?show=not-reviewed')).toEqual(['failed']);
    expect(show('?show=never-invoked')).toEqual(['none']);
    expect(show('?show=attention')).toEqual(['failed', 'none']);
  });

  it('lists under results and low the projects those figures count, whatever their audit (use10)', () => {
    const counts = { rows: 1, flags: { high: 0, medium: 0, low: 1 }, pointers: { verified: 0, failed: 0, unresolved: 0, prose: 0, notCheckable: 0 }, checkFirstOpen: 2, checkFirstWords: 0, problems: { high: 0, medium: 0, low: 1, citesMissing: 0 }, invalid: 0, openBlockers: 0 } as never;
    const never = homeRow({ id: 'n', title: 'n', root: 'n', span: null, counts }, ['bbs'], 'never-invoked');
    const failed = homeRow({ id: 'f', title: 'f', root: 'f', span: null, counts }, ['bbs'], 'not-reviewed');
    expect([never, failed].filter((r) => homeRowMatches(r, parseHomeView('?show=results'))).map((r) => r.id)).toEqual(['n', 'f']);
    expect([never, failed].filter((r) => homeRowMatches(r, parseHomeView('?show=low'))).map((r) => r.id)).toEqual(['n', 'f']);
    expect([never, failed].filter((r) => homeRowMatches(r, parseHomeView('?show=medium'))).map((r) => r.id)).toEqual([]);
  });

  it('sorts newest and oldest first (projects without a time last), by title and by counts', () => {
    expect(sorted('newest')).toEqual(['e', 'b', 'a', 'd', 'c']);
    expect(sorted('oldest')).toEqual(['d', 'a', 'b', 'e', 'c']);
    expect(sorted('title')).toEqual(['a', 'b', 'd', 'e', 'c']);
    expect(sorted('rows')).toEqual(['b', 'a', 'e', 'd', 'c']);
    expect(sorted('flags')).toEqual(['b', 'a', 'c', 'd', 'e']);
    expect(sorted('invalid')).toEqual(['c', 'a', 'b', 'd', 'e']);
    expect(sorted('blockers')).toEqual(['d', 'a', 'b', 'c', 'e']);
    // Did not resolve first, then prose, then not checkable (issue 27).
    expect(sorted('not-verified')).toEqual(['b', 'e', 'a', 'c', 'd']);
  });

  it('puts what needs a person first by default: evidence citing what does not exist, then problems weighted by severity, then unresolved evidence, then newest', () => {
    const list = [
      row('new-clean', { to: '2026-04-01' }),
      row('old-clean', { to: '2026-01-01' }),
      row('failed', { to: '2026-01-02', unresolved: 4, notCheckable: 100 }),
      row('not-checkable', { to: '2026-05-01', notCheckable: 50 }),
      row('blocked', { to: '2026-01-03', blockers: 1 }),
      row('high-1', { to: '2026-06-01', high: 1, medium: 9 }),
      row('high-3', { to: '2026-01-04', high: 3 }),
      // 25 high flags of one cause: one problem (issue 27).
      row('one-cause', { to: '2026-07-01', high: 25, problems: 1, score: 9 }),
      row('cites-missing', { to: '2026-01-05', high: 3, problems: 1, score: 9, citesMissing: 1, unresolved: 3 }),
    ];
    expect(ids([...list].sort(compareHomeRows(DEFAULT_HOME_VIEW.sort)))).toEqual(['cites-missing', 'high-1', 'high-3', 'one-cause', 'blocked', 'failed', 'not-checkable', 'new-clean', 'old-clean']);
  });

  it('builds a row from the counts the core defines', () => {
    const results = { failed: 1, reverted: 0, open: 1, inconclusive: 0, skipped: 0, verified: 1, 'reported-done': 1, note: 0 };
    const counts = { rows: 4, superseded: 1, invalid: 2, telemetry: 0, flags: { high: 1, medium: 2, low: 3 }, flagLayers: { layer1: { high: 1, medium: 2, low: 2 }, layer2: { high: 0, medium: 0, low: 1 } }, evidence: { VERIFIED: 1, NOT_VERIFIED: 1, INCONCLUSIVE: 0 }, pointers: { verified: 1, failed: 2, unresolved: 1, prose: 1, notCheckable: 5 }, resultNotVerified: 3, results, checkFirst: 3, checkFirstOpen: 2, checkFirstWords: 1, openBlockers: 1, problems: { high: 1, medium: 1, low: 3, citesMissing: 1 }, rowsByFormat: {} };
    expect(homeRow({ id: 'p', title: 'P', root: 'c/p', span: { to: '2026-01-01T00:00:00.000Z' }, counts }, ['bbs'], 'reviewed')).toEqual({
      id: 'p', title: 'P', root: 'c/p', kinds: ['bbs'], to: '2026-01-01T00:00:00.000Z', rows: 4, high: 1, medium: 2, low: 3, unresolved: 1, prose: 1, notCheckable: 5, results: 2, words: 1, citesMissing: 1, score: 9 * 2 + 3 + 3, problems: 5, invalid: 2, blockers: 1, audit: 'reviewed',
    });
  });
});

describe('theme', () => {
  it('reads only light and dark as choices', () => {
    expect(themeChoice('dark')).toBe('dark');
    expect(themeChoice('light')).toBe('light');
    expect(themeChoice('blue')).toBe('system');
    expect(themeChoice(null)).toBe('system');
  });

  it('the boot script applies a remembered theme and survives storage that throws', () => {
    const attrs: Record<string, string> = {};
    const document = { documentElement: { setAttribute: (k: string, v: string) => (attrs[k] = v) } };
    new Function('localStorage', 'document', THEME_BOOT_SCRIPT)({ getItem: (k: string) => (k === THEME_STORAGE_KEY ? 'dark' : null) }, document);
    expect(attrs).toEqual({ 'data-theme': 'dark' });
    const none: Record<string, string> = {};
    new Function('localStorage', 'document', THEME_BOOT_SCRIPT)({ getItem: () => '<script>' }, { documentElement: { setAttribute: (k: string, v: string) => (none[k] = v) } });
    expect(none).toEqual({});
    expect(() => new Function('localStorage', 'document', THEME_BOOT_SCRIPT)({ getItem: () => { throw new Error('denied'); } }, document)).not.toThrow();
  });
});

describe('home pages', () => {
  it('cut the list into pages of 500, and an empty archive into one empty page', async () => {
    const { homePages } = await import('../../src/lib/archive/home-projects.ts');
    const { HOME_PAGE_SIZE } = await import('../../src/lib/projections/home-view.ts');
    const { homePageUrl } = await import('../../src/lib/site/urls.ts');
    expect(HOME_PAGE_SIZE).toBe(500);
    expect(homePages(Array.from({ length: 1001 }, (_, i) => i)).map((p) => p.length)).toEqual([500, 500, 1]);
    expect(homePages([])).toEqual([[]]);
    expect([homePageUrl('/a/', 1), homePageUrl('/a/', 3)]).toEqual(['/a/', '/a/projects/3/']);
  });
});

// A new-user trial: the archive home opened at `?show=hihg&sort=rows` (a typo in a bookmark)
// said "All 21 projects shown." and nothing of the filter it dropped; the search page says what
// it ignores, and now the home does too.
describe('what the home ignores of its URL', () => {
  it('names each unknown key and value, with what is used instead', () => {
    expect(homeViewNotices('?show=hihg&sort=size&source=TSV&colour=red&q=app', ['beads', 'pstack'])).toEqual([
      'Unknown show “hihg”: every project is shown (show is one of attention, blockers, high, medium, low, flags, not-verified, unresolved, prose, not-checkable, results, invalid, not-reviewed, never-invoked).',
      'Unknown sort “size”: sorted by what needs a person first (sort is one of newest, oldest, title, rows, high, blockers, flags, not-verified, results, invalid).',
      'No project has source “TSV”: every source is shown (source is one of beads, pstack).',
      'Unknown key “colour” ignored.',
    ]);
  });

  it('says nothing of a URL it reads whole', () => {
    expect(homeViewNotices('?q=app&source=pstack&show=high&sort=newest', ['beads', 'pstack'])).toEqual([]);
    expect(homeViewNotices('', [])).toEqual([]);
  });
});

describe('the home status line (use12: an archive of one project said "All 1 projects shown.")', () => {
  it('counts in the right number', () => {
    expect(homeStatusText(1, 1)).toBe('1 project shown.');
    expect(homeStatusText(0, 1)).toBe('0 of 1 project shown.');
    expect(homeStatusText(21, 21)).toBe('All 21 projects shown.');
    expect(homeStatusText(3, 21)).toBe('3 of 21 projects shown.');
  });
});
