import { sha256Hex } from './hash.ts';
import { trimChars, trimEndChars } from './trim-chars.ts';

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

/** Longest id made from a path (ids become folder and file names; file systems allow 255 bytes). */
export const MAX_ID_LENGTH = 100;

/**
 * An id cut to {@link MAX_ID_LENGTH} characters: a longer one keeps its start and ends with a
 * digest of the whole, so ids stay unique and short enough to be file names.
 */
export function boundId(id: string): string {
  if (id.length <= MAX_ID_LENGTH) return id;
  return `${trimEndChars(id.slice(0, MAX_ID_LENGTH - 17), '-.')}-${sha256Hex(id).slice(0, 16)}`;
}
