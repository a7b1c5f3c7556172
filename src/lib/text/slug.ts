import { sha256Hex } from './hash.ts';

/**
 * Turns a display path into a URL-safe id: lowercase ASCII letters, digits, `-`, `_` and `.`.
 * Other characters become `-`; runs of `-` collapse. Never empty (falls back to `project`).
 */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[/\\]+/g, '-')
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-');
  const trimmed = trimChars(slug, '-.');
  return trimmed === '' ? 'project' : trimmed;
}

/**
 * `text` without the characters of `chars` at either end. A loop, not `/[-.]+$/`: a regular
 * expression anchored only at the end is tried from every position, so a run of them in
 * record text (a slugified 4 MiB id) took quadratic time.
 */
export function trimChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start] as string)) start++;
  while (end > start && chars.includes(text[end - 1] as string)) end--;
  return text.slice(start, end);
}

/** Longest id made from a path (ids become folder and file names; file systems allow 255 bytes). */
export const MAX_ID_LENGTH = 100;

/**
 * An id cut to {@link MAX_ID_LENGTH} characters: a longer one keeps its start and ends with a
 * digest of the whole, so ids stay unique and short enough to be file names.
 */
export function boundId(id: string): string {
  if (id.length <= MAX_ID_LENGTH) return id;
  return `${id.slice(0, MAX_ID_LENGTH - 17).replace(/[-.]+$/, '')}-${sha256Hex(id).slice(0, 16)}`;
}
