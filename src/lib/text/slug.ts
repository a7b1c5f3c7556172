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
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return slug === '' ? 'project' : slug;
}
