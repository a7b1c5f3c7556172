/**
 * The start of a text as one line: its first words, whitespace collapsed to one space, cut to
 * a number of characters.
 */

/**
 * `text`'s words joined by one space (JavaScript's `\s` is whitespace), cut to `max` UTF-16
 * units with `…` as the last: what `text.replace(/\s+/g, ' ').trim()` cut so gives, reading
 * only the words it shows, each at most `max + 1` units (rel15: a summary of a 3 MB decision
 * cell copied the whole cell, once per flag naming its row). Pure.
 */
export function firstWords(text: string, max: number): string {
  const space = /\s*/y;
  const word = new RegExp(`\\S{1,${Math.max(1, max + 1)}}`, 'y');
  let t = '';
  let at = 0;
  while (t.length <= max) {
    space.lastIndex = at;
    space.exec(text);
    word.lastIndex = space.lastIndex;
    const m = word.exec(text);
    if (m === null) break;
    t += t === '' ? m[0] : ` ${m[0]}`;
    at = word.lastIndex;
  }
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
