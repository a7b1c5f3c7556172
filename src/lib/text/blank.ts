/**
 * Blank text: what a reader sees as nothing. `String.prototype.trim` keeps characters that
 * render as nothing, so a field of only U+200B (zero width space) or U+2800 (braille blank)
 * would pass a "required, non-empty" rule while showing nothing (decision trail, Part 1:
 * required fields are non-empty; "an empty list without a reviewer is not allowed").
 */
import { trimChars } from './trim-chars.ts';

/** Whitespace plus the format and filler characters that render as nothing. */
const INVISIBLE = /[\s\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/gu;

const isInvisible = (c: string): boolean => c.replace(INVISIBLE, '') === '';

/** The text without invisible characters at either end (and none inside when it is all invisible). */
export function visibleTrim(text: string): string {
  return trimChars(text, isInvisible);
}

/** True when the text shows nothing: empty, whitespace, or only invisible characters. */
export function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}
