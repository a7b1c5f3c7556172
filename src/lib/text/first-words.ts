/**
 * The start of a text as one line: its first words, whitespace collapsed to one space, cut to
 * a number of characters.
 */

/**
 * `text`'s words joined by one space (JavaScript's `\s` is whitespace), cut to `max` UTF-16
 * units with `…` as the last: what `text.replace(/\s+/g, ' ').trim()` cut so gives, reading
 * only the words it shows, as far as it needs them (rel15: a summary of a 3 MB decision
 * cell copied the whole cell, once per flag naming its row). Pure.
 */
export function firstWords(text: string, max: number): string {
  const space = /\s*/y;
  // A word is read in pieces of at most 256 units, as far as the cut needs.
  const piece = /\S{1,256}/y;
  let t = '';
  let at = 0;
  while (t.length <= max) {
    space.lastIndex = at;
    space.exec(text);
    const gap = space.lastIndex > at;
    piece.lastIndex = space.lastIndex;
    const m = piece.exec(text);
    if (m === null) break;
    t += t === '' || !gap ? m[0] : ` ${m[0]}`;
    at = piece.lastIndex;
  }
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
