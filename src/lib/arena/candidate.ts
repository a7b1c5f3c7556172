/**
 * Reads one `design/candidates/<n>/design.md` (quality-and-design-controls.md, section 2,
 * step 2: "Each writes design/candidates/<n>/design.md with a ## Shape section first").
 */
import type { ArenaCandidate } from '../model/arena.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { splitFrontMatter } from '../markdown/front-matter.ts';
import { splitSections } from '../markdown/sections.ts';
import { candidateLabel } from './labels.ts';

/**
 * Normalises a Shape section for comparison: lower case, markdown marks and punctuation
 * removed, whitespace collapsed. Two Shape sections "describe the same structure" for
 * Trailbook when their normalised texts are equal (a deterministic reading of the seed's
 * "If two ## Shape sections describe the same structure").
 */
export function normaliseShape(text: string): string {
  return text
    .toLowerCase()
    .replace(/[*_`>#~]/g, ' ')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Parses a candidate document. Pure; never throws.
 *
 * @param text - The file's text.
 * @param file - Path relative to the project root (`design/candidates/1/design.md`).
 * @param folder - The candidate folder name `<n>`.
 * @returns The candidate with its label, Shape text (null when there is no `Shape` heading),
 *   whether Shape comes first, and every heading title.
 */
export function parseCandidate(text: string, file: string, folder: string): ArenaCandidate {
  const { lines, firstLine } = splitFrontMatter(text);
  const sections = splitSections(lines, firstLine);
  const shape = sections.find((s) => /^shape$/i.test(s.title.replace(/[:*_]/g, '').trim()));
  const firstSection = sections.find((s) => !(s.level === 1 && s === sections[0]));
  const label = candidateLabel(folder);
  const shapeText = shape ? shape.body.join('\n').trim() : null;
  return {
    label,
    folder,
    file,
    shape: shapeText,
    shapeLine: shape ? shape.line : null,
    shapeFirst: shape !== undefined && firstSection === shape,
    sections: sections.map((s) => s.title),
    shapeHtml: shapeText ? renderMarkdown(shapeText, { headingOffset: 4, documentChars: text.length }) : '',
    anchor: candidateAnchor(label),
  };
}

/** A candidate's anchor on the recap: `arena-candidate-` and its label with every character but letters, digits, `_` and `-` written `-` (src/lib/secrets/redaction.ts replaces a value in this form too). */
export function candidateAnchor(label: string): string {
  return `arena-candidate-${label.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}
