/**
 * A path written with a shell brace list names several files at once
 * (`.tool/progress/design_{candidate-a,candidate-b,judge}.md`: three files; issue 26, scope 6).
 * Each expansion is a pointer of its own, so every one must exist. Pure.
 *
 * Only the plain list form is read: `{a,b}` with two or more comma-separated alternatives, no
 * nesting, no `{1..3}` sequence; at most {@link MAX_BRACE_PATHS} expansions, else the word is
 * not read as a brace path. A code block (`{ then_body, else_body }`) has spaces and never
 * reaches here: a token is one word.
 */

/** Most paths one brace word expands to; a longer product is not read as paths. */
export const MAX_BRACE_PATHS = 64;

/** The first `{…}` group holding a comma and no nested brace or space: where it starts and ends (its `}`), or null. One pass. */
function firstGroup(word: string): { from: number; to: number } | null {
  let open = -1;
  let comma = false;
  for (let i = 0; i < word.length; i++) {
    const c = word[i];
    if (c === '{') {
      open = i;
      comma = false;
    } else if (c === '}') {
      if (open !== -1 && comma) return { from: open, to: i };
      open = -1;
    } else if (c === ',') comma = open !== -1;
    else if (c === ' ' || c === '\t' || c === '\n') open = -1;
  }
  return null;
}

/**
 * The paths a word with brace lists names, in the order the shell gives them, or null when the
 * word has no brace list (or expands to more than {@link MAX_BRACE_PATHS}). An empty
 * alternative (`a{,.bak}`) is kept, as the shell keeps it.
 */
export function expandBraces(word: string): string[] | null {
  if (firstGroup(word) === null) return null;
  let words = [word];
  for (;;) {
    const next: string[] = [];
    let grew = false;
    for (const w of words) {
      const group = firstGroup(w);
      if (group === null) {
        next.push(w);
        continue;
      }
      grew = true;
      const head = w.slice(0, group.from);
      const tail = w.slice(group.to + 1);
      for (const alternative of w.slice(group.from + 1, group.to).split(',')) next.push(`${head}${alternative}${tail}`);
      if (next.length > MAX_BRACE_PATHS) return null;
    }
    words = next;
    if (!grew) return words;
  }
}
