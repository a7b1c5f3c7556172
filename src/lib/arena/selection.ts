/**
 * Reads `design/selection.md` (quality-and-design-controls.md, section 2, step 5 "Record":
 * the rubric, the scores, the pick, every graft, and why each dropped candidate lost;
 * spec/input.md section 5: "Parse the table and front matter into data; render the rest as
 * sanitised markdown").
 */
import { dict } from '../text/dict.ts';
import { trimStartChars } from '../text/trim-chars.ts';
import { isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import type { ArenaDropped, ArenaGraft, ArenaMatrix, ArenaSection, ArenaSelection } from '../model/arena.ts';
import type { InvalidRecord } from '../model/types.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { splitFrontMatter, type FrontMatterBlock } from '../markdown/front-matter.ts';
import { outline, type MarkdownSection } from '../markdown/sections.ts';
import { findTables, plainCell, type MarkdownTable } from '../markdown/tables.ts';
import { listItemsOrParagraphs } from '../markdown/lists.ts';
import { selectionFrontMatterSchema, type SelectionFrontMatter } from '../schemas/selection-front-matter.ts';
import { describeIssues } from '../schemas/describe-issues.ts';
import { capRaw } from '../text/lines.ts';
import { LabelMentions, labelOf, mentionedLabel } from './labels.ts';
import { parseScoreCell } from './score-cell.ts';

/** What reading selection.md gives: the selection and any invalid blocks (front matter). */
export interface SelectionResult {
  selection: ArenaSelection;
  invalid: InvalidRecord[];
}

/** The role of a section, from its title. */
export function sectionRole(title: string): ArenaSection['role'] {
  const t = title.toLowerCase();
  if (/score|matrix/.test(t)) return 'scores';
  if (/graft/.test(t)) return 'grafts';
  if (/drop|lost|los(e|ing)|reject|why not|runner/.test(t)) return 'dropped';
  if (/pick|chosen|choice|winner|selected|decision/.test(t)) return 'pick';
  return 'other';
}

/** The 1-based line of each offset of `text`, found by binary search over its line starts (one pass over the text, however many offsets are asked). */
function lineOfOffsets(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** The file line of a top-level key of the front matter (0 when absent). */
function keyLine(doc: Document, lineOf: (offset: number) => number, fm: FrontMatterBlock, key: string): number {
  if (!isMap(doc.contents)) return 0;
  const pair = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === key);
  const range = pair && isScalar(pair.key) ? pair.key.range : undefined;
  return range ? fm.line + lineOf(range[0]) : 0;
}

/** File lines of each item of the front matter's `grafts` sequence. */
function graftLines(doc: Document, lineOf: (offset: number) => number, fm: FrontMatterBlock): number[] {
  const seq = doc.get('grafts', true);
  if (!isSeq(seq)) return [];
  return seq.items.map((item) => {
    const range = (item as { range?: [number, number, number] }).range;
    return range ? fm.line + lineOf(range[0]) : fm.line;
  });
}

interface FrontMatterRead {
  fields: Record<string, unknown>;
  data: SelectionFrontMatter | null;
  lines: { pick: number; grafts: number[] };
  valid: boolean;
}

/**
 * Characters of front matter read as YAML. The YAML parser takes about 75 µs per list item
 * (8 MiB of `grafts` would take half a minute); a selection's front matter is a few lines.
 */
export const MAX_FRONT_MATTER_CHARS = 64 * 1024;

function readFrontMatter(fm: FrontMatterBlock, file: string, invalid: InvalidRecord[]): FrontMatterRead {
  const empty: FrontMatterRead = { fields: {}, data: null, lines: { pick: 0, grafts: [] }, valid: false };
  const raw = capRaw(`---\n${fm.yaml}\n---`);
  if (fm.yaml.length > MAX_FRONT_MATTER_CHARS) {
    invalid.push({ file, line: fm.line, kind: 'arena/invalid-front-matter', error: `${file}: front matter is longer than ${MAX_FRONT_MATTER_CHARS} characters; not read`, raw });
    return empty;
  }
  const doc = parseDocument(fm.yaml, { prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0] as (typeof doc.errors)[number];
    const line = fm.line + (e.linePos?.[0]?.line ?? 1);
    invalid.push({ file, line, kind: 'arena/invalid-front-matter', error: `${file}: front matter is not valid YAML: ${e.message.split('\n')[0]}`, raw });
    return empty;
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    invalid.push({ file, line: fm.line, kind: 'arena/invalid-front-matter', error: `${file}: front matter cannot be read: ${(error as Error).message}`, raw });
    return empty;
  }
  if (value === null || value === undefined) return { ...empty, valid: true };
  if (typeof value !== 'object' || Array.isArray(value)) {
    invalid.push({ file, line: fm.line, kind: 'arena/invalid-front-matter', error: `${file}: front matter must be a mapping of fields, got ${Array.isArray(value) ? 'a list' : typeof value}`, raw });
    return empty;
  }
  const fields = value as Record<string, unknown>;
  const parsed = selectionFrontMatterSchema.safeParse(fields);
  if (!parsed.success) {
    invalid.push({ file, line: fm.line, kind: 'arena/invalid-front-matter', error: `${file} front matter: ${describeIssues(parsed.error, fields)}`, raw });
    return { ...empty, fields };
  }
  const lineOf = lineOfOffsets(fm.yaml);
  return { fields, data: parsed.data, lines: { pick: keyLine(doc, lineOf, fm, 'pick'), grafts: graftLines(doc, lineOf, fm) }, valid: true };
}

/**
 * Picks the scores table: the first table in a scores section, else the first with 2+ columns.
 * Tables and sections are both in file order and the sections do not overlap, so one pass
 * over both finds it (not a search of every section per table).
 */
function scoresTable(tables: MarkdownTable[], sections: MarkdownSection[]): MarkdownTable | null {
  const scoreSections = sections.filter((s) => sectionRole(s.title) === 'scores');
  let k = 0;
  for (const t of tables) {
    if (t.header.length < 2) continue;
    while (k < scoreSections.length && (scoreSections[k] as MarkdownSection).endLine < t.line) k++;
    const s = scoreSections[k];
    if (s && t.line >= s.line && t.line <= s.endLine) return t;
  }
  return tables.find((t) => t.header.length >= 2) ?? null;
}

/** Builds the criterion × candidate matrix from the scores table (a `Total` row is skipped). */
export function matrixOf(table: MarkdownTable): ArenaMatrix {
  const candidates = table.header.slice(1).map((h) => labelOf(h));
  const rows = table.rows
    .filter((r) => !/^(?:total|sum|overall)\b/i.test(plainCell(r.cells[0] ?? '')))
    .map((r) => ({
      criterion: plainCell(r.cells[0] ?? ''),
      line: r.line,
      scores: candidates.map((candidate, i) => {
        const raw = (r.cells[i + 1] ?? '').trim();
        const cell = parseScoreCell(raw);
        return { candidate, raw, score: cell.score, cites: cell.cites, line: r.line, outOf: cell.outOf };
      }),
    }));
  const totals: Record<string, number> = dict();
  let outOf = 0;
  let highest = 0;
  let any = false;
  for (const c of candidates) totals[c] = 0;
  for (const row of rows) {
    for (const s of row.scores) {
      if (s.score === null) continue;
      any = true;
      totals[s.candidate] = (totals[s.candidate] ?? 0) + s.score;
      highest = Math.max(highest, s.score);
      if (s.outOf !== null) outOf = Math.max(outOf, s.outOf);
    }
  }
  // No spread: a header of 200,000 cells would overflow the call stack.
  const best = candidates.reduce((m, c) => Math.max(m, totals[c] ?? 0), Number.NEGATIVE_INFINITY);
  return {
    line: table.line,
    candidates,
    rows: rows.map((r) => ({ ...r, scores: r.scores.map(({ outOf: _o, ...s }) => s) })),
    totals,
    top: any ? candidates.filter((c) => totals[c] === best) : [],
    scaleMax: outOf > 0 ? outOf : Math.max(5, highest),
  };
}

/** Removes a leading label mention (`B.`, `**B** —`, `Candidate B:`) and returns what remains. */
function withoutLeadingLabel(text: string, label: string): string {
  const rest = text.trimStart();
  // `The pick is B.`, `Picked: **B** —`: the lead-in goes with the label, when the label follows it.
  const lead = /^(?:the\s+)?pick(?:ed)?/i.exec(rest);
  if (lead) {
    let after = rest.slice(lead[0].length).trimStart();
    const verb = /^(?:is|:)/i.exec(after);
    if (verb) after = after.slice(verb[0].length);
    const stripped = afterLabel(after.trimStart(), label);
    if (stripped !== null) return stripped.trim();
  }
  return (afterLabel(rest, label) ?? rest).trim();
}

/** The text after a leading `candidate **B**` and one punctuation mark, or null when it does not start with the label. */
function afterLabel(text: string, label: string): string | null {
  let rest = text;
  const candidate = /^candidate\s+/i.exec(rest);
  if (candidate) rest = rest.slice(candidate[0].length);
  rest = trimStartChars(rest, '*');
  if (label === '' || rest.slice(0, label.length).toLowerCase() !== label.toLowerCase()) return null;
  rest = trimStartChars(rest.slice(label.length), '*').trimStart();
  if (/^[.,:;—–-]/.test(rest)) rest = rest.slice(1);
  return rest.trimStart();
}

const text = (s: MarkdownSection): string => s.body.join('\n').trim();

/**
 * A label standing alone at the start of a Pick section's title or first paragraph, when it
 * names none of the known candidates: `D.`, `**D** —`, `Candidate D`, `7:` → that label, so a
 * pick of a candidate that does not exist is read as that pick (and flagged), not as no pick.
 * A single capital letter or a number 1–26 only, followed by punctuation or the end (`I picked`
 * and `A clear winner` are not labels).
 */
export function leadingLabel(text: string): string | null {
  const m = /^\s*(?:\*\*)?(?:(?:candidate|cand\.?)\s+)?(?:\*\*)?([A-Z]|[1-9]\d?)(?:\*\*)?(?:\s*[.,:;—–-]|\s*$)/i.exec(text);
  if (!m) return null;
  const raw = m[1] as string;
  const named = /^(?:\*\*)?(?:candidate|cand\.?)\s/i.test(text.trimStart());
  // A lower-case letter or a number is a label only after `candidate` (`candidate d`); a capital on its own.
  if (!named && !/^[A-Z]$/.test(raw)) return null;
  if (/^\d+$/.test(raw) && Number(raw) > 26) return null;
  return labelOf(raw);
}

/**
 * Parses selection.md. Never throws; invalid front matter becomes an invalid record
 * (`arena/invalid-front-matter`) and its fields are then ignored.
 *
 * @param source - The file's text.
 * @param file - Path relative to the project root (`design/selection.md`).
 * @param folderLabels - Labels of the candidate folders found, used when selection.md names none.
 */
export function parseSelection(source: string, file: string, folderLabels: readonly string[]): SelectionResult {
  const invalid: InvalidRecord[] = [];
  const { frontMatter, lines, firstLine } = splitFrontMatter(source);
  const fm = frontMatter ? readFrontMatter(frontMatter, file, invalid) : null;
  const data = fm?.data ?? null;
  const { intro, introLine, sections } = outline(lines, firstLine);
  const table = scoresTable(findTables(lines, firstLine), sections);
  const matrix = table ? matrixOf(table) : null;
  const candidates = data?.candidates?.map(labelOf) ?? (matrix && matrix.candidates.length > 0 ? matrix.candidates : [...folderLabels]);
  const body = lines.join('\n');

  const pickSection = sections.find((s) => sectionRole(s.title) === 'pick');
  let pick: string | null = data?.pick !== undefined ? labelOf(data.pick) : null;
  let pickLine = pick !== null ? (fm?.lines.pick ?? 0) : 0;
  if (pick === null && pickSection) {
    const title = pickSection.title.replace(/^[^:—–-]*(?:[:—–-])?/, '');
    const first = text(pickSection).split(/\n\s*\n/)[0] ?? '';
    pick = mentionedLabel(title, candidates) ?? mentionedLabel(first, candidates) ?? leadingLabel(title) ?? leadingLabel(first);
    if (pick !== null) pickLine = pickSection.line;
  }
  let pickReason = data?.reason?.trim() ?? '';
  if (pickReason === '' && pickSection) pickReason = pick !== null ? withoutLeadingLabel(text(pickSection), pick) : text(pickSection);

  const graftSections = sections.filter((s) => sectionRole(s.title) === 'grafts');
  const grafts: ArenaGraft[] = [];
  if (data?.grafts) {
    data.grafts.forEach((g, i) => {
      const from = g.from === undefined || g.from === null || g.from === '' ? null : labelOf(g.from);
      grafts.push({ from, part: g.part, line: fm?.lines.grafts[i] ?? frontMatter?.line ?? 1, origin: 'front matter', anchor: `arena-graft-${i + 1}` });
    });
  } else {
    for (const s of graftSections) {
      for (const item of listItemsOrParagraphs(s.body, s.bodyLine)) {
        if (/^(?:none|no grafts?|nothing)\b/i.test(item.text)) continue;
        const named = /\bfrom\s+(?:candidate\s+)?\**([A-Za-z0-9]+)\**/i.exec(item.text)?.[1] ?? /^\**(?:candidate\s+)?([A-Z])\**\s*[:—–-]/.exec(item.text)?.[1] ?? /\((?:candidate\s+)?([A-Z])\)/.exec(item.text)?.[1];
        const from = named !== undefined && candidates.includes(labelOf(named)) ? labelOf(named) : named !== undefined ? labelOf(named) : null;
        grafts.push({ from, part: item.text, line: item.line, origin: 'section', anchor: `arena-graft-${grafts.length + 1}` });
      }
    }
  }

  const droppedBlocks = sections.filter((s) => sectionRole(s.title) === 'dropped').flatMap((s) => listItemsOrParagraphs(s.body, s.bodyLine));
  const mentions = new LabelMentions(droppedBlocks.map((b) => b.text));
  const dropped: ArenaDropped[] = candidates
    .filter((c) => c !== pick)
    .map((label) => {
      const hit = mentions.first(label);
      const block = hit ? droppedBlocks[hit.text] : undefined;
      return { label, why: block ? withoutLeadingLabel(block.text, label) || block.text : '', line: block?.line ?? 0 };
    });

  const judge = data?.judge?.trim() ?? null;
  const singleFamilyJudge = !/\b(?:cross|different|other|multi|second)[- ]family\b/i.test(judge ?? '');
  const singleFamilyNote = /single[- ]family/i.test(judge ?? '') || /single[- ]family|same[- ](?:model[- ])?family/i.test(body);
  const collapsed = data?.collapsed ?? null;
  const collapseRecorded = collapsed === true || (collapsed === null && /\bcollaps/i.test(body) && !/\bno\s+collapse/i.test(body));

  const tableLines = table ? new Set(Array.from({ length: table.endLine - table.line + 1 }, (_, i) => table.line + i)) : new Set<number>();
  const rendered: ArenaSection[] = sections.map((s, i) => ({
    title: s.title,
    role: sectionRole(s.title),
    line: s.line,
    html: renderMarkdown(s.body.filter((_, j) => !tableLines.has(s.bodyLine + j)).join('\n'), { headingOffset: 3, documentChars: source.length }),
    anchor: `arena-selection-${i + 1}`,
  }));

  return {
    selection: {
      file,
      frontMatter: frontMatter ? { line: frontMatter.line, endLine: frontMatter.endLine, valid: fm?.valid ?? false, fields: fm?.fields ?? {} } : null,
      pick,
      pickLine,
      pickReason,
      candidates,
      judge,
      singleFamilyJudge,
      singleFamilyNote,
      collapsed,
      resends: data?.resends ?? null,
      collapseRecorded,
      matrix,
      grafts,
      dropped,
      introHtml: renderMarkdown(intro.filter((_, j) => !tableLines.has(introLine + j)).join('\n'), { headingOffset: 2, documentChars: source.length }),
      sections: rendered,
    },
    invalid,
  };
}
