/**
 * The single-file recap (src/components/html/export-recap.ts) as text: nothing in it can load
 * anything (no script, no external stylesheet, image or font; a CSP whose hash matches the
 * inline stylesheet), every decision row is there with its anchor, record text is escaped,
 * and evidence links lead to the published archive only when a site URL is known. The
 * browser side (file://, no request) is tests/e2e/exports.test.ts.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { exportRecapHtml } from '../../src/components/html/export-recap.ts';
import { EXPORT_RECAP_CSS, EXPORT_RECAP_CSS_SHA256 } from '../../src/components/html/export-recap-style.ts';

const CONTENT = fileURLToPath(new URL('../../content', import.meta.url));

let models: Map<string, ProjectModel>;
beforeAll(async () => {
  models = new Map();
  await analyseArchive({ roots: [CONTENT], cacheDir: null, onModel: (m) => void models.set(m.id, m) });
}, 120_000);

const model = (id: string): ProjectModel => models.get(id) as ProjectModel;
/** Every href in the page except the empty favicon (`data:,`, so no browser asks for /favicon.ico). */
const hrefs = (html: string): string[] => [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1] as string).filter((h) => h !== 'data:,');

describe('exportRecapHtml', () => {
  it("allows its stylesheet by the hash node:crypto computes (the constant follows the stylesheet)", () => {
    const hash = createHash('sha256').update(EXPORT_RECAP_CSS).digest('base64');
    expect(EXPORT_RECAP_CSS_SHA256, `EXPORT_RECAP_CSS changed: set EXPORT_RECAP_CSS_SHA256 in src/components/html/export-recap-style.ts to '${hash}'`).toBe(hash);
  });

  it('loads nothing: no script, no external resource, a CSP that allows only its own stylesheet', () => {
    for (const m of models.values()) {
      const page = exportRecapHtml(m, { root: null, archiveTitle: 'Archive' });
      expect(page.startsWith('<!doctype html>')).toBe(true);
      expect(page).not.toMatch(/<script|<img|<iframe|<object|<embed|<link rel="stylesheet"|\ssrc=|@import|url\(/i);
      const css = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] as string;
      const csp = (/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(page)?.[1] as string).replaceAll('&#39;', "'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'`);
      for (const href of hrefs(page)) expect(href, `${m.id}: ${href}`).toMatch(/^(#|https?:\/\/)/);
    }
  });

  it('shows the header, Check first, Attention and every decision row with its anchor', () => {
    const m = model('tickets-faults');
    const page = exportRecapHtml(m, { root: null, archiveTitle: 'Archive' });
    const order = ['<h1>Planted faults</h1>', 'id="check-first"', 'id="attention"', 'id="decisions"', 'id="invalid"'].map((s) => page.indexOf(s));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const r of m.rows) expect(page).toContain(`<article class="row" id="${r.anchor}"`);
    expect(page).toContain('<details class="superseded">');
    for (const f of m.flags) expect(page).toContain(`data-kind="${f.kind}"`);
  });

  it('names an invalid whole file (line 0, not read) by its file, without ":0"', () => {
    const m = model('tickets-clean');
    const unread = { ...m, invalid: [{ file: 'decisions.jsonl', line: 0, kind: 'source/unreadable' as const, error: 'decisions.jsonl cannot be read: EACCES', raw: '' }] };
    const page = exportRecapHtml(unread, { root: null, archiveTitle: 'Archive' });
    expect(page).toContain('<li id="invalid-decisions-jsonl-L0" data-kind="source/unreadable"><p><strong>decisions.jsonl</strong> <code>source/unreadable</code> — decisions.jsonl cannot be read: EACCES</p></li>');
  });

  it('escapes record text', () => {
    const m = model('tickets-clean');
    const hostile = { ...m, title: '<script>alert(1)</script>', rows: m.rows.map((r, i) => (i === 0 ? { ...r, decision: '<img src=x onerror=alert(1)>' } : r)) };
    const page = exportRecapHtml(hostile, { root: null, archiveTitle: 'A & B' });
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('A &amp; B');
  });

  it('links evidence to the published archive when a site URL is known, and shows it as text otherwise', () => {
    const m = model('tickets-clean');
    const offline = exportRecapHtml(m, { root: null, archiveTitle: 'Archive' });
    expect(hrefs(offline).filter((h) => !h.startsWith('#'))).toEqual([]);
    const online = exportRecapHtml(m, { root: 'https://example.com/archive/', archiveTitle: 'Archive' });
    const out = hrefs(online).filter((h) => !h.startsWith('#'));
    expect(out).toContain('https://example.com/archive/p/tickets-clean/');
    expect(out.some((h) => h.startsWith('https://example.com/archive/r/'))).toBe(true);
    expect(out.every((h) => h.startsWith('https://example.com/archive/'))).toBe(true);
  });
});

/** The text of the first element matching `open` (a tag with its attributes) up to its closing tag, tags removed, spaces collapsed. */
function textOf(page: string, open: string, close: string): string {
  const start = page.indexOf(open);
  expect(start, open).toBeGreaterThanOrEqual(0);
  const end = page.indexOf(close, start);
  return page
    .slice(start, end)
    .replace(/<span aria-hidden="true"[^>]*>[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('recap.html says what the recap page says (same core words)', () => {
  it('names each source by its format, as the page does', () => {
    const page = exportRecapHtml(model('tickets-faults'), { root: null, archiveTitle: 'Archive' });
    const items = [...textOf(page, '<ul class="sources">', '</ul>').matchAll(/(\S+ — [^:]+: [^,]+, \d+ read, \d+ invalid)/g)].map((m) => m[1]);
    expect(items).toEqual(['trailbook.json — project config: 1 line, 1 read, 0 invalid', 'audit.json — handover audit: 1 line, 1 read, 0 invalid', 'decisions.jsonl — bbs decision trail: 16 lines, 15 read, 1 invalid']);
    expect(page).not.toContain('(bbs-trail)');
    expect(page).not.toContain('(project-config)');
  });

  it('opens Check first with the page’s sentence', () => {
    const page = exportRecapHtml(model('tickets-faults'), { root: null, archiveTitle: 'Archive' });
    expect(textOf(page, '<h2 id="check-first">Check first</h2><p>', '</p>')).toBe("Check first 7 of 15 rows need a look: 4 with evidence that did not resolve; 1 failed; 1 reverted; 2 open; 2 inconclusive; 3 of them are counted twice, for their evidence and their result. 1 more is a result in the agent's words (reported done or notes, or evidence not checked), folded below.");
  });

  it('gives the verdict strip’s figures as static text: flags by severity and layer, evidence, open blockers, audit state', () => {
    const page = exportRecapHtml(model('tickets-faults'), { root: null, archiveTitle: 'Archive' });
    const figure = (id: string): string => textOf(page, `<div class="figure" data-figure="${id}">`, '</div>');
    expect(figure('flags')).toBe("Flags 10 high 4 medium 1 low Trailbook's checks (layer 1): 9 high, 4 medium, 0 low The reviewer, codex-x / gpt-y (layer 2): 1 high, 0 medium, 1 low");
    expect(figure('evidence')).toBe('Evidence 10 verified 4 did not resolve 1 prose, no pointer 0 not checkable');
    expect(figure('blockers')).toBe('Open blockers none');
    expect(figure('audit')).toBe('Handover audit 2 flags from codex-x / gpt-y');
    // Said as the Check first sentence says it (a new user's trial, use9: '7 of 15 rows open' above
    // '… 2 open; …' on one page; 'open' is one of the results those rows have).
    expect(figure('check-first')).toBe("Check first 7 of 15 need a look + 1 in the agent's words");
    expect(figure('invalid')).toBe('Invalid records 1 invalid record');
    // An open blocker and an audit never invoked, in another project.
    const verdicts = exportRecapHtml(model('tickets-verdict-faults'), { root: null, archiveTitle: 'Archive' });
    expect(textOf(verdicts, '<div class="figure" data-figure="blockers">', '</div>')).toBe('Open blockers 1 open blocker');
    expect(page).not.toMatch(/<a [^>]*href="(?!#|https?:)/);
  });
});
