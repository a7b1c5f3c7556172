/**
 * The stylesheet inlined into the single-file recap (`recap.html`): the site's look for the
 * parts that file shows, light and dark by the reader's system setting, and a print layout.
 * Status colours are the site's colour-blind-safe set; every status also carries a word. Nothing
 * in it may make the file wider than a phone's screen (390 px): record text wraps anywhere.
 */
export const EXPORT_RECAP_CSS = `
:root { --bg: #ffffff; --fg: #1d2125; --muted: #5a6470; --line: #d5dae0; --panel: #f5f7f9; --link: #0b5cad;
  --good: #00603f; --good-bg: #e3f4ee; --bad: #a33f00; --bad-bg: #fde9dc; --unknown: #6b4e00; --unknown-bg: #fff3cf; --low: #2f5f8a;
  --radius: 6px; --font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; --mono: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; color-scheme: light dark; }
@media (prefers-color-scheme: dark) { :root { --bg: #111418; --fg: #e6e9ed; --muted: #a0a9b4; --line: #2e353d; --panel: #1a1f25; --link: #79b8ff;
  --good: #5fd3a4; --good-bg: #11322a; --bad: #ff9e6b; --bad-bg: #3b2012; --unknown: #f2c94c; --unknown-bg: #332a0c; --low: #8cc4ff; } }
* { box-sizing: border-box; }
html { background: var(--bg); color: var(--fg); font: 16px/1.5 var(--font); }
body { margin: 0 auto; max-width: 72rem; padding: 1rem 1.5rem 3rem; overflow-wrap: break-word; }
@media (max-width: 40rem) { body { padding: 0.75rem 0.9rem 2rem; } }
a { color: var(--link); }
a:focus-visible, summary:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
code, pre { font-family: var(--mono); font-size: 0.9em; }
/* Inline code (SHAs, paths, URLs from records) wraps anywhere rather than widening the page. */
:not(pre) > code { overflow-wrap: anywhere; }
h1 { font-size: 1.8rem; margin: 0.4em 0; overflow-wrap: anywhere; }
h2 { font-size: 1.35rem; margin-top: 2rem; border-bottom: 1px solid var(--line); padding-bottom: 0.2em; }
h3 { font-size: 1.05rem; margin: 0; }
.skip-link { position: absolute; left: -999px; top: 0; background: var(--bg); padding: 0.5em 1em; }
.skip-link:focus { left: 0.5em; top: 0.5em; }
.meta, .none, footer, .check-first-list small { color: var(--muted); font-size: 0.9rem; }
footer { border-top: 1px solid var(--line); margin-top: 3rem; padding-top: 1rem; }
.toc { display: flex; flex-wrap: wrap; gap: 0.4em 1.2em; }
.facts, .row-fields { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.25em 1em; }
.facts dt { font-weight: 600; }
.facts dd, .row-fields dd { margin: 0; overflow-wrap: anywhere; }
.row-fields { margin: 0.5em 0 0; }
.row-fields dt { color: var(--muted); font-size: 0.88rem; }
.sources { margin: 0; padding-left: 1.1em; }
.status { display: inline-flex; gap: 0.3em; align-items: center; border-radius: 999px; padding: 0.05em 0.6em; font-size: 0.82rem; font-weight: 600; border: 1px solid currentColor; white-space: nowrap; }
.status-good { color: var(--good); background: var(--good-bg); }
.status-bad, .status-high { color: var(--bad); background: var(--bad-bg); }
.status-unknown, .status-medium { color: var(--unknown); background: var(--unknown-bg); }
.status-low { color: var(--low); background: var(--panel); }
.audit-sentence { font-size: 1.05rem; font-weight: 600; padding: 0.6em 0.9em; border-radius: var(--radius); border: 1px solid var(--line); }
.audit-sentence.status-good { color: var(--good); background: var(--good-bg); }
.audit-sentence.status-bad { color: var(--bad); background: var(--bad-bg); }
.audit-sentence.status-unknown { color: var(--unknown); background: var(--unknown-bg); }
.flags { list-style: none; padding: 0; }
.flag { border: 1px solid var(--line); border-left: 4px solid var(--low); border-radius: var(--radius); padding: 0.6em 0.8em; margin: 0.5em 0; }
.flag-accepted { border-style: dashed; border-left-style: solid; }
.flag-accepted-note, .accepted-sentence { color: var(--muted); overflow-wrap: anywhere; }
.accepted-badge { display: inline-block; padding: 0 0.45em; border: 1px solid var(--muted); border-radius: var(--radius); font-size: 0.85em; }
.flag-high { border-left-color: var(--bad); }
.flag-medium { border-left-color: var(--unknown); }
.flag-kind { margin: 0 0.5em; }
.flag-summary { margin: 0.3em 0; overflow-wrap: anywhere; }
.flag-links { margin: 0; display: flex; gap: 0.2em 1em; flex-wrap: wrap; font-size: 0.9rem; overflow-wrap: anywhere; }
.flag-more { margin: 0.2em 0 0; font-size: 0.9rem; }
.flag-more > summary { cursor: pointer; color: var(--muted); }
.status-zero { color: var(--muted); background: transparent; border-color: var(--line); font-weight: 500; }
.verdict { margin: 0.6rem 0 1rem; }
.worst-flags { list-style: none; margin: 0 0 0.5rem; padding: 0; display: grid; gap: 0.2rem; }
.worst-flags li > a { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; overflow-wrap: anywhere; color: inherit; text-decoration: none; }
.worst-flags .flag-kind { font-size: 0.85em; }
.worst-flags .worst-more a { text-decoration: underline; font-size: 0.9rem; }
.verdict-title { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); border: 0; margin: 0 0 0.3rem; padding: 0; }
.verdict-figures { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0; }
.verdict-figures .figure { flex: 1 1 auto; border: 1px solid var(--line); border-radius: var(--radius); padding: 0.4em 0.7em; background: var(--panel); min-width: 0; }
.verdict-figures dt { font-size: 0.82rem; font-weight: 600; color: var(--muted); }
.verdict-figures dd { margin: 0.15em 0 0; }
.figure-main { display: flex; flex-wrap: wrap; gap: 0.3em; align-items: center; }
.figure-main .status { font-size: 0.9rem; white-space: normal; border-radius: 0.8em; }
.figure-note { display: block; font-size: 0.8rem; color: var(--muted); margin-top: 0.2em; }
.cf-groups { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.4rem; }
.cf-group { border: 1px solid var(--line); border-radius: var(--radius); padding: 0.35em 0.8em; }
.cf-group.cf-failed, .cf-group.cf-no-evidence { border-left: 4px solid var(--bad); }
.cf-group.cf-result, .cf-group.cf-not-checkable { border-left: 4px solid var(--unknown); }
.cf-group > summary { cursor: pointer; display: flex; flex-wrap: wrap; gap: 0.2em 0.6em; align-items: baseline; }
.cf-reason { overflow-wrap: anywhere; }
.cf-count { color: var(--muted); font-size: 0.9rem; white-space: nowrap; }
.cf-group .check-first-list { margin: 0.3em 0 0.2em; padding-left: 1.2em; }
.cf-group .check-first-list > li { margin: 0.25em 0; overflow-wrap: anywhere; }
.cf-flag { text-decoration: none; }
.cf-flag .status-high::before { content: "▲" / ""; }
.cf-flag .status-medium::before { content: "■" / ""; }
.cf-flag .status-low::before { content: "●" / ""; }
.check-first-list > li { margin: 0.5em 0; }
.rows { display: grid; gap: 0.8rem; }
.row { border: 1px solid var(--line); border-radius: var(--radius); padding: 0.7em 0.9em; break-inside: avoid; }
.row:target { outline: 3px solid var(--link); }
.row-head { display: flex; justify-content: space-between; gap: 1em; align-items: baseline; flex-wrap: wrap; }
.row-decision { overflow-wrap: anywhere; }
.permalink { color: var(--muted); }
.row-meta { display: flex; flex-wrap: wrap; gap: 0.3em 1.2em; font-size: 0.88rem; color: var(--muted); }
.evidence { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.2em; }
.evidence-item { display: flex; flex-wrap: wrap; gap: 0.2em 0.6em; align-items: baseline; }
.evidence-pointer { overflow-wrap: anywhere; }
.evidence-note { font-style: italic; overflow-wrap: anywhere; }
.evidence-kind { font-size: 0.8rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.03em; }
.evidence-reason { font-size: 0.88rem; color: var(--muted); overflow-wrap: anywhere; }
.evidence-within { flex-basis: 100%; box-sizing: border-box; min-width: 0; padding-left: 1.2em; border-left: 2px solid var(--line); }
.invalid-fields { display: grid; grid-template-columns: max-content 1fr; gap: 0.25em 1em; margin: 0.4em 0 0; }
.superseded { margin-top: 1rem; border-top: 1px dashed var(--line); padding-top: 0.5rem; }
.superseded summary { cursor: pointer; color: var(--muted); }
pre.raw { background: var(--panel); padding: 0.6em; border-radius: var(--radius); white-space: pre-wrap; overflow-wrap: anywhere; }
@media (max-width: 40rem) { .facts, .row-fields { grid-template-columns: minmax(0, 1fr); } .status { white-space: normal; overflow-wrap: anywhere; border-radius: 0.8em; } }
@page { margin: 16mm 14mm; }
@media print { .skip-link, .toc { display: none; } a { color: inherit; } details:not(.flag-more)::details-content { content-visibility: visible; display: contents; } }
`;

/**
 * sha256 of {@link EXPORT_RECAP_CSS}, base64: the hash the file's Content Security Policy
 * allows its stylesheet by. A constant, so the builder needs no hashing code in the browser
 * (the recap page builds recap.html on demand); tests/unit/export-recap-html.test.ts recomputes
 * it with node:crypto and prints the new value when the stylesheet changes.
 */
export const EXPORT_RECAP_CSS_SHA256 = 'qgocMkLVYnkjYD3UNdrO8sljkvH1Ctm8LqAkepyrk0w=';
