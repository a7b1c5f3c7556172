/**
 * The layer map: which part of Trailbook may import which (issue 31). Each list runs from the
 * ground up; a file may import files of its own entry and of the entries before it, never of
 * one after it, and no files may import each other in a loop. `tests/unit/layers.test.ts`
 * holds every import of `src/` (type-only imports too) to these lists, and
 * docs/architecture.md draws them.
 *
 * This module imports nothing and nothing in `src/` imports it.
 */

/**
 * The roles of `src/`, ground first: an entry is a folder or a file of `src/`; a file's role is
 * the longest entry its path begins with (`components/html` before `components`).
 */
export const SRC_ROLES = [
  'layers.ts',
  'lib',
  'styles',
  'components/html',
  'scripts',
  'components',
  'layouts',
  'loaders',
  'content.config.ts',
  'integrations',
  'middleware.ts',
  'pages',
  'cli',
] as const;

/**
 * The folders of `src/lib` (the core), ground first. A folder imports only from itself and
 * the folders before it.
 */
export const LIB_LAYERS = [
  'fs',
  'text',
  'progress',
  'highlight',
  'markdown',
  'git',
  'schemas',
  'model',
  'results',
  'formats',
  'bounds',
  'site',
  'config',
  'adapters',
  'coord',
  'beads',
  'babysit',
  'lifecycle',
  'discover',
  'handover',
  'arena',
  'evidence',
  'secrets',
  'verdicts',
  'quality',
  'trail',
  'checks',
  'baseline',
  'projections',
  'readers',
  'project',
  'build-history',
  'archive',
  'compare',
  'export',
  'report',
  'search',
  'shard',
  'build',
] as const;
