/**
 * ATX heading sections of a markdown text, with file line numbers, for reading the design
 * arena's documents (quality-and-design-controls.md, section 2: "a ## Shape section first";
 * selection.md's sections for the pick, grafts and dropped candidates). Headings inside
 * fenced code blocks are not headings.
 */
import { trimEndChars } from '../text/trim-chars.ts';

/** One heading and the lines under it, up to the next heading of the same or a higher level. */
export interface MarkdownSection {
  level: number;
  /** Heading text without `#` marks, trailing `#`s and surrounding space. */
  title: string;
  /** 1-based file line of the heading. */
  line: number;
  /** Body lines (without the heading), nested sub-sections included. */
  body: string[];
  /** 1-based file line of `body[0]`. */
  bodyLine: number;
  /** 1-based file line of the section's last line. */
  endLine: number;
}

const HEADING_OPEN = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The heading level and title of a line, or null when it is not an ATX heading. */
export function headingOf(line: string): { level: number; title: string } | null {
  const m = HEADING_OPEN.exec(line);
  if (!m) return null;
  // The closing sequence (` ##`) is dropped when a space or tab stands before it (CommonMark).
  let rest = trimEndChars(line.slice(m[0].length), ' \t');
  const closed = trimEndChars(rest, '#');
  if (closed.length < rest.length && (closed === '' || closed.endsWith(' ') || closed.endsWith('\t'))) rest = closed;
  return { level: (m[1] as string).length, title: rest.trim() };
}

/** Indexes (into `lines`) of every heading outside fenced code, with its level and title. */
export function headings(lines: readonly string[]): Array<{ index: number; level: number; title: string }> {
  const out: Array<{ index: number; level: number; title: string }> = [];
  let fence: string | null = null;
  lines.forEach((line, index) => {
    const f = FENCE.exec(line);
    if (fence !== null) {
      if (f && (f[1] as string)[0] === fence[0] && (f[1] as string).length >= fence.length && line.trim() === (f[1] as string)) fence = null;
      return;
    }
    if (f) {
      fence = f[1] as string;
      return;
    }
    const h = headingOf(line);
    if (h) out.push({ index, ...h });
  });
  return out;
}

/**
 * Every section of `lines` (all levels, in order). `firstLine` is the file line of
 * `lines[0]`. Pure; never throws.
 */
export function splitSections(lines: readonly string[], firstLine = 1): MarkdownSection[] {
  const hs = headings(lines);
  // Each heading's section ends at the next heading of the same or a higher level: one pass
  // with a stack of open headings (at most six deep), not a search per heading (`## Shape`
  // then 400,000 `#` lines took 56 s that way).
  const ends = new Array<number>(hs.length).fill(lines.length);
  const open: number[] = [];
  hs.forEach((h, i) => {
    while (open.length > 0 && (hs[open[open.length - 1] as number] as (typeof hs)[number]).level >= h.level) ends[open.pop() as number] = h.index;
    open.push(i);
  });
  return hs.map((h, i) => {
    const end = ends[i] as number;
    return {
      level: h.level,
      title: h.title,
      line: firstLine + h.index,
      body: lines.slice(h.index + 1, end),
      bodyLine: firstLine + h.index + 1,
      endLine: firstLine + end - 1,
    };
  });
}

/**
 * The outline of a document: the sections at its main level (2 when any `##` heading exists,
 * else 1), and the intro lines before the first of them.
 */
export function outline(lines: readonly string[], firstLine = 1): { intro: string[]; introLine: number; sections: MarkdownSection[] } {
  const all = splitSections(lines, firstLine);
  const level = all.some((s) => s.level === 2) ? 2 : 1;
  const sections = all.filter((s) => s.level === level);
  const first = sections[0];
  return { intro: lines.slice(0, first ? first.line - firstLine : lines.length), introLine: firstLine, sections };
}
