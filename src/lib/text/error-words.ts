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

/** ANSI colour and cursor codes (a tool's coloured message). */
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

/** A line saying the disk is full, in the words Node and the tools it runs use. */
const DISK_FULL_LINE = /\bENOSPC\b|\bEDQUOT\b|No space left on device|Disk quota exceeded/;

/** A tool's line naming the file it could not write (rolldown: "Failed to write file in <path>"). */
const FAILED_WRITE_LINE = /^(?:Failed to write|Could not write|cannot write)\b/i;

/**
 * The words of a full disk ({@link isDiskFull}) for a person, on one line: {@link errorWords}
 * for an error of one line; for a tool's message of many lines (Vite's dependency optimiser
 * under rolldown prints a report, colour codes and a Rust backtrace), its first line, the line
 * saying the disk is full and the line naming the file it could not write, joined by `: `
 * (rel14: the build printed 1.5 KB of it on one line, its line breaks escaped).
 */
export function diskFullWords(error: unknown): string {
  const words = errorWords(error);
  if (!words.includes('\n')) return words;
  const lines = words
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const first = (lines[0] ?? '').replace(/:$/, '');
  const full = lines.find((line) => DISK_FULL_LINE.test(line));
  const failed = lines.find((line) => FAILED_WRITE_LINE.test(line));
  return [first, full, failed].filter((line, i, all): line is string => line !== undefined && line !== '' && all.indexOf(line) === i).join(': ');
}
