/**
 * The real public trails and beads records the product must read (copied verbatim from the
 * workplace's shared corpus, personal details already replaced; see SOURCES.md there), kept
 * in the repository so every test run, CI included, reads them.
 */
import { join } from 'node:path';

export const REAL_CORPUS = join(import.meta.dirname, 'fixtures', 'real-corpus');
