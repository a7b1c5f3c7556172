/**
 * The single-file recap (`/p/<id>/recap.html`): one HTML document with its stylesheet
 * inline, no script, no image, no font and no link that loads anything, so it can be mailed,
 * attached to a ticket and opened from `file://` offline. A Content Security Policy
 * (`default-src 'none'`, the stylesheet allowed by its hash) makes that a guarantee.
 * Shows the header with the verdict strip's figures as text (the words of the recap page's
 * strip, src/lib/projections/verdict-figures.ts), Open blockers (when any), Check first, Attention (a
 * flag's places past the first few folded, as on the page), Decisions (superseded rows in a
 * closed `<details>`), and invalid records. Evidence links lead to the published archive when a site
 * URL is configured; otherwise pointers are shown as text.
 *
 * The same function runs at build time (`--recap-html`, src/integrations/project-exports.ts) and
 * in the browser, on the recap page's download (src/scripts/recap-download.ts, from recap.json):
 * it imports no Node module (hashes through `#sha256`, package.json `imports`).
 */
import type { EvidencePointer, InvalidRecord, ProjectModel, TrailRow } from '../../lib/model/types.ts';
import { evidenceTree } from '../../lib/projections/evidence-tree.ts';
import { checkFirst, checkFirstGroups, checkFirstHoldsNotCheckable, checkFirstNotCheckable, checkFirstReasonRows, checkFirstRepeats } from '../../lib/projections/check-first.ts';
import { flagsByRow } from '../../lib/projections/flags.ts';
import { flagLinker } from '../../lib/projections/flag-links.ts';
import { layerTotal } from '../../lib/projections/counts.ts';
import { gitChecksProblem } from '../../lib/projections/git-checks.ts';
import { worstFlags, worstFlagsMoreText } from '../../lib/projections/worst-flags.ts';
import { verdictFigures } from '../../lib/projections/verdict-figures.ts';
import { checkFirstHtml } from './check-first.ts';
import { problemCardsHtml } from './problem-cards.ts';
import { problems } from '../../lib/projections/problems.ts';
import { BLOCKER_SOURCE_LABEL, openBlockers } from '../../lib/projections/open-blockers.ts';
import { hasDecisionTrail } from '../../lib/projections/audit-state.ts';
import { grouped } from '../../lib/text/grouped.ts';
import { auditSentence, problemSentence, resultCountsText, checkFirstSentence, checkFirstNotCheckableSentence, reviewFlagsSentence, countOf, pointerWord, formatTime, headPredatesText, noTimeSpanText, invalidRecordsSentence, resultTone, sourceLinesText } from '../../lib/site/words.ts';
import { sourceFormatName } from '../../lib/formats/format-lookup.ts';
import { urls } from '../../lib/site/urls.ts';
import { evidenceHref } from './decision-row.ts';
import { EXPORT_RECAP_CSS, EXPORT_RECAP_CSS_SHA256 } from './export-recap-style.ts';
import { html, join, SafeHtml } from './html.ts';
import { SEVERITY_ICON, statusHtml } from './status.ts';
import { POINTER_OUTCOME_LABELS, POINTER_OUTCOME_TONES, POINTER_OUTCOMES, SEVERITIES } from '../../lib/projections/counts.ts';
import { invalidAnchor } from '../../lib/site/invalid-anchor.ts';
import { ACCEPTED_TAIL, acceptedLead, acceptedOfThemNote } from '../../lib/site/accepted-words.ts';

/** Where the recap was exported from. */
export interface ExportRecapContext {
  /** The archive root's absolute URL (ends with `/`) when a site URL is configured, else null. */
  root: string | null;
  /** The archive's title. */
  archiveTitle: string;
  /** Flags accepted in the build's baseline (issue 32): the file as named and, per flag, its reason or null. */
  accepted?: { file: string; reasons: ReadonlyArray<string | null> } | null;
}

const LAYERS: Record<string, string> = { evidence: 'layer 1 · evidence', trail: 'layer 1 · trail', audit: 'layer 1 · audit file', coordination: 'layer 1 · coordination', arena: 'layer 1 · design arena', verdicts: 'layer 1 · verdicts', history: 'layer 1 · git history', review: 'layer 2 · reviewer' };

/**
 * The Content Security Policy of the file: nothing may load; only its own stylesheet
 * ({@link EXPORT_RECAP_CSS}, by its precomputed hash) applies.
 */
export function exportRecapCsp(): string {
  return `default-src 'none'; style-src 'sha256-${EXPORT_RECAP_CSS_SHA256}'; img-src data:; base-uri 'none'; form-action 'none'`;
}

/** The verdict strip's figures as static text: the same words as the recap page's strip. */
function verdictHtml(model: ProjectModel, ctx: ExportRecapContext): SafeHtml {
  const acceptedCount = (ctx.accepted?.reasons ?? []).filter((r) => r !== null).length;
  const acceptedNote = acceptedCount > 0 && ctx.accepted ? acceptedOfThemNote(acceptedCount, ctx.accepted.file) : null;
  const c = model.counts;
  const f = verdictFigures(c, model.audit, hasDecisionTrail(model.sources));
  const zero = (text: string): SafeHtml => html`<span class="status status-zero">${text}</span>`;
  const severities = join(SEVERITIES.map((s) => (c.flags[s] > 0 ? statusHtml(s, `${grouped(c.flags[s])} ${s}`, SEVERITY_ICON[s]) : zero(`0 ${s}`))), ' ');
  const p = c.pointers;
  const evidence = join(
    POINTER_OUTCOMES.map((o) => {
      const n = p[o];
      const label = `${grouped(n)} ${POINTER_OUTCOME_LABELS[o]}`;
      return n > 0 || o === 'verified' ? statusHtml(n > 0 ? POINTER_OUTCOME_TONES[o] : 'unknown', label) : zero(label);
    }),
    ' ',
  );
  const figure = (id: string, label: string, main: SafeHtml | string, notes: ReadonlyArray<string | null> = []): SafeHtml =>
    html`<div class="figure" data-figure="${id}"><dt>${label}</dt><dd><span class="figure-main">${main}</span>${notes.filter((n): n is string => n !== null).map((n) => html`<span class="figure-note">${n}</span>`)}</dd></div>`;
  const worst = worstFlags(model.flags, undefined, [...model.rows, ...model.invalid]);
  const moreText = worstFlagsMoreText(worst.more);
  const named = worst.shown.length === 0 ? '' : html`<ol class="worst-flags" data-testid="worst-flags" aria-label="The most serious flags">${worst.shown.map((w) => html`<li><a href="#${w.anchor}">${statusHtml(w.flag.severity, w.flag.severity, SEVERITY_ICON[w.flag.severity])} <code class="flag-kind">${w.flag.kind}</code> <span class="worst-summary">${w.problem.flags.length > 1 ? problemSentence(w.problem) : w.flag.summary}</span></a></li>`)}${moreText !== null ? html`<li class="worst-more"><a href="#attention">${moreText}</a></li>` : ''}</ol>`;
  return html`<section class="verdict" aria-labelledby="verdict-title"><h2 id="verdict-title" class="verdict-title">At a glance</h2>${named}<dl class="verdict-figures">${[
    figure('flags', 'Flags', severities, [f.layer1, f.layer2, acceptedNote]),
    figure('evidence', 'Evidence', f.hasEvidence ? evidence : html`<span class="meta">no evidence pointers</span>`),
    f.checkFirst !== null ? figure('check-first', 'Check first', c.checkFirstOpen > 0 ? f.checkFirst : zero(f.checkFirst), [f.checkFirstWords]) : '',
    figure('blockers', 'Open blockers', f.blockers !== null ? statusHtml('bad', f.blockers, '▲') : zero('none')),
    figure('audit', 'Handover audit', statusHtml(f.audit.tone, f.audit.text)),
    f.invalid !== null ? figure('invalid', 'Invalid records', statusHtml('bad', f.invalid)) : '',
  ]}</dl></section>`;
}

function header(model: ProjectModel, ctx: ExportRecapContext): SafeHtml {
  const repo = model.repository;
  const gitProblem = gitChecksProblem(model);
  const c = model.counts;
  const online = ctx.root === null ? null : `${ctx.root}${urls.project('/', model.id).slice(1)}`;
  return html`<header class="recap-header">
<p class="meta">Decision recap exported by Trailbook${ctx.archiveTitle === 'Trailbook' ? '' : html` from ${ctx.archiveTitle}`}${online ? html` (<a href="${online}">online</a>)` : ''}. This file is self-contained: it loads nothing and runs no script.</p>
<h1>${model.title}</h1>
${verdictHtml(model, ctx)}
<dl class="facts">
<dt>Project folder</dt><dd><code>${model.root}</code></dd>
<dt>Repository</dt><dd>${repo.path ? html`<code>${repo.path}</code>` : 'none'}${repo.head ? html` at landed head <code>${repo.head}</code> (${repo.headSource === 'config' ? 'from trailbook.json' : 'HEAD'})` : ''}${gitProblem ? html` ${statusHtml('unknown', `git checks inconclusive: ${gitProblem}`)}` : ''}${model.headPredates ? html` ${statusHtml('unknown', headPredatesText(model.headPredates))}` : ''}</dd>
<dt>Time span</dt><dd>${model.span ? html`<time datetime="${model.span.from}">${formatTime(model.span.from)}</time> – <time datetime="${model.span.to}">${formatTime(model.span.to)}</time>` : noTimeSpanText(model.rows)}</dd>
<dt>Sources read</dt><dd><ul class="sources">${model.sources.map((s) => html`<li><code>${s.path}</code> — ${sourceFormatName(s.format)}${s.notRead ? html`: <strong>${s.notRead}</strong>` : html`: ${sourceLinesText(s)}`}</li>`)}</ul></dd>
<dt>Rows</dt><dd>${countOf(c.rows, 'decision row')} (${grouped(c.superseded)} superseded); results: ${resultCountsText(c.results)}</dd>
</dl>
<nav class="toc" aria-label="Sections"><a href="#check-first">Check first</a><a href="#attention">Attention</a><a href="#decisions">Decisions</a>${model.invalid.length > 0 ? html`<a href="#invalid">Invalid records</a>` : ''}</nav>
</header>`;
}

function openBlockersSection(model: ProjectModel): SafeHtml | '' {
  const blockers = openBlockers(model);
  if (blockers.length === 0) return '';
  return html`<section aria-labelledby="open-blockers"><h2 id="open-blockers">Open blockers</h2><p>${countOf(blockers.length, 'blocker')} still open where the records end.</p><ul>${blockers.map(
    (b) => html`<li>${statusHtml('bad', BLOCKER_SOURCE_LABEL[b.source], '▲')} ${b.what || '(no text)'}${b.next ? html` — ${b.next}` : ''}${b.by ? html` (${b.by}${b.issue ? html`, ${b.issue}` : ''})` : ''} <span class="meta">${b.file}:${b.line}</span></li>`,
  )}</ul></section>`;
}

function checkFirstSection(model: ProjectModel, ctx: ExportRecapContext): SafeHtml {
  const c = model.counts;
  if (c.rows === 0) return html`<section aria-labelledby="check-first"><h2 id="check-first">Check first</h2><p class="none">The trail holds no valid row, so nothing could be checked${c.invalid > 0 ? html`: its ${countOf(c.invalid, 'invalid record')} ${c.invalid === 1 ? 'is' : 'are'} under <a href="#invalid">Invalid records</a>` : ''}.</p></section>`;
  if (c.checkFirst === 0) return html`<section aria-labelledby="check-first"><h2 id="check-first">Check first</h2><p class="none">Every row's evidence resolved and every result is <code>verified</code>.</p></section>`;
  const byRow = flagsByRow(model.flags, model.rows, ctx.accepted?.reasons ?? []);
  const groups = checkFirstGroups(checkFirst(model.rows));
  // The verdict's "N not checkable" lands on this heading unless those pointers are all in their own group (use11): said here.
  const nc = checkFirstNotCheckable(model.rows, model.invalid);
  const ncSentence = nc.pointers + nc.invalidPointers > 0 && !checkFirstHoldsNotCheckable(groups, c.pointers.notCheckable) ? html`<div class="cf-note"><p class="meta" data-testid="check-first-not-checkable">${checkFirstNotCheckableSentence(nc.pointers, nc.rows, model.repository.problem, nc.invalidPointers, nc.invalidRecords)}</p></div>` : '';
  return html`<section aria-labelledby="check-first"><h2 id="check-first">Check first</h2><p>${checkFirstSentence(c.checkFirstOpen, c.checkFirstWords, c.rows, checkFirstReasonRows(groups, 'open'), checkFirstRepeats(groups, 'open'))}</p>${ncSentence}<div class="cf-groups">${checkFirstHtml(groups, (row) => byRow.get(row.anchor) ?? [], model.repository.problem, c.checkFirstWords)}</div></section>`;
}

function attentionSection(model: ProjectModel, ctx: ExportRecapContext): SafeHtml {
  const c = model.counts;
  const reviewCount = layerTotal(c, 'layer2');
  const sentence = auditSentence(model.audit, reviewCount, hasDecisionTrail(model.sources));
  // Rows and invalid records have anchors in this file: other places are shown as text.
  const invalidAt = new Set(model.invalid.map((r) => `${r.file}:${r.line}`));
  const linksOf = flagLinker(model.rows, (at) => (invalidAt.has(`${at.file}:${at.line}`) ? `#${invalidAnchor(at.file, at.line)}` : null));
  const reviewer = model.audit.present ? model.audit.reviewer || 'reviewer' : 'reviewer';
  const reasons = ctx.accepted?.reasons ?? [];
  const flags =
    model.flags.length === 0
      ? html`<p class="none">Trailbook's own checks (layer 1) raised no flags.</p>`
      : problemCardsHtml(problems(model.flags, [...model.rows, ...model.invalid]), linksOf, (f) => (f.layer === 'review' ? `layer 2 · ${reviewer}` : (LAYERS[f.layer] ?? f.layer)), (n) => reasons[n - 1] ?? null);
  const acceptedCount = reasons.filter((r) => r !== null).length;
  const acceptedP = acceptedCount > 0 && ctx.accepted ? html`<p class="accepted-sentence">${acceptedLead(acceptedCount, ctx.accepted.file)}${ACCEPTED_TAIL}</p>` : '';
  return html`<section aria-labelledby="attention"><h2 id="attention">Attention</h2>${sentence ? html`<p class="audit-sentence status-${sentence.tone}">${sentence.text}</p>` : ''}${reviewCount > 0 && model.audit.present && model.audit.valid && model.audit.status === 'ran' ? html`<p class="audit-sentence">${reviewFlagsSentence(model.audit.reviewer, reviewCount, layerTotal(c, 'layer1'))}</p>` : ''}${acceptedP}${flags}</section>`;
}

function evidenceList(pointers: readonly EvidencePointer[], model: ProjectModel, ctx: ExportRecapContext): SafeHtml {
  if (pointers.length === 0) return html`<span class="none">no evidence pointer</span>`;
  const item = (p: EvidencePointer, parts: EvidencePointer[]): SafeHtml => {
    const w = pointerWord(p);
    const href = p.target?.type === 'url' || ctx.root !== null ? evidenceHref(p, { base: ctx.root ?? '/', projectId: model.id, repoId: model.repository.id }) : null;
    const code = html`<code>${p.raw}</code>`;
    const pointer = href ? html`<a class="evidence-pointer" href="${href}" rel="noopener noreferrer nofollow">${code}</a>` : html`<span class="evidence-pointer">${code}</span>`;
    const inner = parts.length > 0 ? html`<ul class="evidence evidence-within">${parts.map((q) => item(q, []))}</ul>` : '';
    return html`<li class="evidence-item" data-status="${p.status}">${pointer}${p.note ? html` <span class="evidence-note">${p.note}</span>` : ''} <span class="evidence-kind">${p.kind}</span> ${statusHtml(w.tone, w.label, w.icon)} <span class="evidence-reason">${p.reason}</span>${inner}</li>`;
  };
  // The pointers found inside a command are listed under it.
  return html`<ul class="evidence">${evidenceTree(pointers).map((node) => item(node.pointer, node.parts))}</ul>`;
}

function rowHtml(row: TrailRow, model: ProjectModel, ctx: ExportRecapContext, anchorById: Map<string, string>): SafeHtml {
  const ref = (id: string): SafeHtml => {
    const a = anchorById.get(id);
    return a ? html`<a href="#${a}"><code>${id}</code></a>` : html`<code>${id}</code>`;
  };
  return html`<article class="row" id="${row.anchor}" data-result="${row.resultClass}"><header class="row-head"><h3 class="row-decision"><a class="permalink" href="#${row.anchor}" aria-label="Permalink to row ${row.id}">#</a> ${row.decision}</h3>${statusHtml(resultTone(row.resultClass), `result: ${row.result}`)}</header><dl class="row-fields"><dt>Why</dt><dd class="row-why">${row.why}</dd><dt>Evidence</dt><dd>${evidenceList(row.evidence, model, ctx)}</dd><dt>Meta</dt><dd class="row-meta"><span>id <code>${row.id}</code></span>${row.phase ? html` <span>phase <strong>${row.phase}</strong></span>` : ''}${row.actor ? html` <span>actor ${row.actor}</span>` : ''}${row.ticket ? html` <span>ticket ${row.ticket}</span>` : ''}${row.ts ? html` <span><time${row.time === null ? '' : html` datetime="${new Date(row.time).toISOString()}"`}>${row.ts}</time></span>` : ''} <span>${row.file}:${row.line}</span></dd>${row.supersedes !== undefined ? html`<dt>Supersedes</dt><dd>${ref(row.supersedes)}</dd>` : ''}${row.supersededBy.length > 0 ? html`<dt>Superseded by</dt><dd>${join(row.supersededBy.map(ref), ' ')}</dd>` : ''}</dl></article>`;
}

function decisionsSection(model: ProjectModel, ctx: ExportRecapContext): SafeHtml {
  const anchorById = new Map<string, string>();
  for (const r of model.rows) if (!anchorById.has(r.id)) anchorById.set(r.id, r.anchor);
  const visible = model.rows.filter((r) => r.supersededBy.length === 0);
  const hidden = model.rows.filter((r) => r.supersededBy.length > 0);
  const rows = (list: TrailRow[]): SafeHtml => html`<div class="rows">${list.map((r) => rowHtml(r, model, ctx, anchorById))}</div>`;
  return html`<section aria-labelledby="decisions"><h2 id="decisions">Decisions</h2><p class="meta">${countOf(visible.length, 'row')} in file order${hidden.length > 0 ? `, ${countOf(hidden.length, 'superseded row')} hidden below` : ''}.${model.outOfTimeOrder ? ' File order and time order differ: some rows were written after rows with a later time.' : ''}</p>${model.rows.length === 0 ? html`<p class="none">This project has no decision rows.</p>` : rows(visible)}${hidden.length > 0 ? html`<details class="superseded"><summary>${countOf(hidden.length, 'superseded row')}: a later row replaced each. Show them.</summary>${rows(hidden)}</details>` : ''}</section>`;
}

function invalidSection(model: ProjectModel, ctx: ExportRecapContext): SafeHtml | '' {
  if (model.invalid.length === 0) return '';
  const fields = (r: InvalidRecord): SafeHtml | '' =>
    r.fields ? html`<dl class="invalid-fields">${Object.entries(r.fields).map(([k, v]) => html`<dt>${k}</dt><dd>${k === 'evidence' && r.evidence && r.evidence.length > 0 ? evidenceList(r.evidence, model, ctx) : v}</dd>`)}</dl>` : '';
  return html`<section aria-labelledby="invalid"><h2 id="invalid">Invalid records</h2><p>${invalidRecordsSentence(model.invalid)}</p><ol class="invalid-list">${model.invalid.map((r) => html`<li id="${invalidAnchor(r.file, r.line)}" data-kind="${r.kind}"><p><strong>${r.line > 0 ? `${r.file}:${r.line}` : r.file}</strong> <code>${r.kind}</code> — ${r.error}</p>${r.raw !== '' ? html`<pre class="raw"><code>${r.raw}</code></pre>` : ''}${fields(r)}</li>`)}</ol></section>`;
}

/** The whole single-file recap of a project. */
export function exportRecapHtml(model: ProjectModel, ctx: ExportRecapContext): string {
  const css = EXPORT_RECAP_CSS;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${exportRecapCsp()}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="Trailbook">
<title>${model.title} · decision recap</title>
<link rel="icon" href="data:,">
<style>${new SafeHtml(css)}</style>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
${header(model, ctx)}
<main id="main">
${openBlockersSection(model)}
${checkFirstSection(model, ctx)}
${attentionSection(model, ctx)}
${decisionsSection(model, ctx)}
${invalidSection(model, ctx)}
</main>
<footer><p>Exported by Trailbook. Evidence was checked when the archive was built, against the project's repository; nothing here was fetched from the network.</p></footer>
</body>
</html>
`.value;
}
