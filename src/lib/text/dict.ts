/**
 * Maps keyed by record text. A plain `{}` inherits `constructor`, `toString` and the
 * `__proto__` setter, so a key taken from a record (a facet value, a candidate label, a field
 * name) could read an inherited function or, assigned, replace the prototype and vanish.
 */

/** An empty object with no prototype: every key, `__proto__` included, is an ordinary own key. */
export const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;
