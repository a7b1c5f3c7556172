/**
 * The optional per-project `trailbook.json` (or a bbs `project.json`) beside the records
 * (spec/input.md section 1): where the canonical repository is and which head landed.
 */
import { z } from 'zod';

export const projectConfigSchema = z.looseObject({
  /** Display title of the project. */
  title: z.string().min(1).optional(),
  /** Path, relative to the config file, to a work tree or bare repository. */
  repo: z.string().min(1).optional(),
  /** The landed head: a full or short SHA, or a ref name. Defaults to the repository's HEAD. */
  head: z.string().min(1).optional(),
});
export type ProjectConfig = z.infer<typeof projectConfigSchema>;
