/**
 * The real public trails and beads records the product must read, where they live: the
 * workplace's shared corpus beside the repository (`../shared/corpus/real`, personal details
 * already replaced; its SOURCES.md says where each came from). Public data is kept only there,
 * never copied into the project; CI has `../shared` beside the clone.
 */
import { join } from 'node:path';

export const REAL_CORPUS = join(import.meta.dirname, '..', '..', 'shared', 'corpus', 'real');
