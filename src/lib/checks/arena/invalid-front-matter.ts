/**
 * `arena/invalid-front-matter`: selection.md's front matter is YAML with the fields Trailbook
 * reads (spec/input.md section 5). When it is not, its fields are ignored and the block is
 * kept raw as an invalid record.
 */
import type { Check } from '../check.ts';
import { invalidRecordCheck } from '../invalid-records.ts';
import { arenaKind } from './kinds.ts';

export const INVALID_FRONT_MATTER = arenaKind('arena/invalid-front-matter', 'medium', 'design/selection.md front matter is YAML: `pick`, `candidates`, `judge`, `grafts: [{from, part}]`, `collapsed` (true/false), `resends` (a whole number)');

export const invalidFrontMatter: Check = invalidRecordCheck('arena/invalid-front-matter', [INVALID_FRONT_MATTER], (r) => `${r.error}; its fields are ignored`);
