/**
 * What discovery hands the readers (src/lib/discover/discover.ts): the record files of one
 * project, before anything is parsed.
 */
import type { SourceFormat } from './types.ts';

/** One record file found for a project. */
export interface DiscoveredFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the project folder, `/`-separated. */
  rel: string;
  format: SourceFormat;
  bytes: number;
  /** Set when the file is a symbolic link the walk refused (outside the root, broken, a loop): never read it. */
  refused?: string;
}

/** A project found by discovery, before anything is parsed. */
export interface DiscoveredProject {
  /** Unique, URL-safe id. */
  id: string;
  /** Absolute project folder. */
  dir: string;
  /** The pstack `.audit` slug when the project is one `.audit/<slug>.tsv` trail. */
  slug: string | null;
  /** Absolute input root the project was found under. */
  inputRoot: string;
  /** Display path: the input root's name, then the path below it (`content/tickets/clean`). */
  displayRoot: string;
  files: DiscoveredFile[];
  /** Absolute path of `trailbook.json` (or `project.json`) beside the records, if any. */
  config: string | null;
}
