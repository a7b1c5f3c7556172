/**
 * Top-level list items and paragraphs of a markdown body, with file line numbers, for reading
 * selection.md's graft and dropped-candidate sections (quality-and-design-controls.md,
 * section 2, steps 4–5).
 */

/** A list item or paragraph: its text (continuation lines joined with a space) and first line. */
export interface TextBlock {
  text: string;
  line: number;
}

const ITEM = /^ {0,3}(?:[-*+]|\d+[.)])\s+(\S.*|)$/;

/**
 * The top-level list items of `lines`; when there are none, the paragraphs (blank-line
 * separated). `firstLine` is the file line of `lines[0]`. Pure.
 */
export function listItemsOrParagraphs(lines: readonly string[], firstLine: number): TextBlock[] {
  const items: TextBlock[] = [];
  let current: TextBlock | null = null;
  lines.forEach((l, i) => {
    const m = ITEM.exec(l);
    if (m) {
      current = { text: (m[1] as string).trim(), line: firstLine + i };
      items.push(current);
    } else if (current !== null && l.trim() !== '' && /^\s+/.test(l)) {
      current.text = `${current.text} ${l.trim()}`;
    } else current = null;
  });
  if (items.length > 0) return items;
  const paragraphs: TextBlock[] = [];
  let para: TextBlock | null = null;
  lines.forEach((l, i) => {
    if (l.trim() === '') para = null;
    else if (para === null) {
      para = { text: l.trim(), line: firstLine + i };
      paragraphs.push(para);
    } else para.text = `${para.text} ${l.trim()}`;
  });
  return paragraphs;
}
