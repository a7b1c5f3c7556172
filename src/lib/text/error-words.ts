/**
 * The words of an error for a person: its message, and its causes' (`cause`), joined by `: `.
 * An error with no message says its `title` (Astro's errors: `UnknownFilesystemError` has an
 * empty message, its title and the file-system error that caused it in `cause`), so a failure is
 * never told as an empty line ("rendering failed: ").
 */
export function errorWords(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e !== null && e !== undefined && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const title = (e as { title?: unknown }).title;
    const words = e instanceof Error ? e.message || (typeof title === 'string' ? title : '') : typeof e === 'object' ? '' : String(e);
    if (words !== '' && !parts.some((p) => p.includes(words))) parts.push(words);
    if (!(e instanceof Error)) break;
  }
  return parts.length > 0 ? parts.join(': ') : error instanceof Error ? error.name : 'unknown error';
}
