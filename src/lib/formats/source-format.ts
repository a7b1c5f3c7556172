/**
 * What Trailbook knows of one source format, in one place (issue 31): its id, the names a
 * person reads, how discovery recognises its files by name and by content, its reader when it
 * brings one, how its records are counted, and its traits. One file per format in this folder
 * describes it and one line of `all-formats.ts` lists it; discovery, the reader registry, the
 * wording, the CLI summary and the archive home derive from that list.
 *
 * Descriptors are plain data and small pure functions: the single-file recap, built in the
 * browser, names formats through them (src/components/html/export-recap.ts), so a descriptor
 * imports no file system code. The built-in formats' readers, which do, are bound by id in
 * src/lib/readers/registry.ts; a format that brings its own reader sets `read`.
 */
import type { Confinement } from '../fs/confined.ts';
import type { DiscoveredFile } from '../model/discovered.ts';
import type { InvalidRecord, ProjectModel, SourceFile, SourceFormat } from '../model/types.ts';

/**
 * Where a record file's project is, judged by its path: the project folder is `up` folders
 * above the file (1: the folder holding it), and `slug` names one trail of several in it
 * (pstack's `.audit/<slug>.tsv`).
 */
export interface Placement {
  up: number;
  slug: string | null;
}

/** What a reader hands its records to (src/lib/readers/project-records.ts `ProjectRecords`). */
export interface RecordSink {
  addSource(source: SourceFile, invalid?: readonly InvalidRecord[]): void;
}

/** The project model as far as a format's count reads it. */
export type CountedModel = Pick<ProjectModel, 'rows' | 'telemetry'> & Partial<Pick<ProjectModel, 'sources' | 'coordination' | 'beads' | 'babysit'>>;

/** One source format (spec/input.md sections 1–7; docs/input-format.md). */
export interface SourceFormatDescriptor {
  readonly id: SourceFormat;
  /** Its name wherever a recap lists its sources (the page and recap.html): `bbs decision trail`. */
  readonly name: string;
  /** What the CLI's "Read N projects: …" calls its records (`rows from bbs decisions.jsonl`); absent when never counted there. */
  readonly countedAs?: string;
  /** The same for one record (`row from bbs decisions.jsonl`); absent: {@link countedAs} is said for one too. */
  readonly countedAsOne?: string;
  /** Its value of the archive home's kind filter (`bbs`, `coord.v1`); `''` when the home does not show it. */
  readonly kind: string;
  /**
   * What discovery looks for, as the CLI says it when it finds nothing: a group (`decision
   * trails`), the file names and folders, and a phrase for what only content tells apart.
   */
  readonly lookedFor?: { readonly what: string; readonly names: readonly string[]; readonly byContent?: string };
  /**
   * Its files by path alone: given the path's segments (folders, then the file name), where
   * the file's project is, or null when the path is none of this format's.
   */
  readonly byName?: (segments: readonly string[]) => Placement | null;
  /** A folder this format owns (`.beads`): every file below it is this format's or none. */
  readonly ownsFolder?: string;
  /**
   * Its files by content: an unclaimed `*.jsonl` file (no name rule took it), given its first
   * 64 KiB and its name. Formats are asked in list order.
   */
  readonly byContent?: (head: string, name: string) => boolean;
  /** Names its files usually have when only content confirms them: a file that cannot be opened, or a path in a repository, is judged by these. */
  readonly likelyNames?: readonly string[];
  /** Its records in the project's counts (`counts.rowsByFormat`), or null when it adds none. */
  readonly count?: (model: CountedModel) => number | null;
  /** Its own reader, when it brings one (else src/lib/readers/registry.ts binds it by id). */
  readonly read?: (file: DiscoveredFile, into: RecordSink, within: Confinement) => Promise<void>;
  readonly traits: {
    /** A decision trail: its rows are the project's rows, cited by pointers. */
    readonly trail?: true;
    /** It states claims: never evidence for anything, not even through a link (docs/security.md, "Claims that vouch for themselves"). */
    readonly claim?: true;
    /** A lifecycle record (coord.v1, beads, babysit: spec/input.md section 7), read by src/lib/lifecycle. */
    readonly lifecycle?: true;
    /** A design or verdict document, read after the trails it links to (src/lib/quality); recognised after every other name. */
    readonly quality?: true;
    /** It makes no project alone: it joins the project whose records sit in its folder (the handover report). */
    readonly joins?: true;
    /** The project's configuration, read before its records, not a record file. */
    readonly config?: true;
    /** Not a file of its own: its records come out of another format's (babysit telemetry out of trails). */
    readonly derived?: true;
  };
}

/** A file name's placement in the folder holding it, when the name is one of `names`. */
export const named =
  (...names: string[]) =>
  (segments: readonly string[]): Placement | null =>
    names.includes(segments.at(-1) ?? '') ? { up: 1, slug: null } : null;

/** Rows of one trail format in a project, or null when it has none. */
export function rowsOf(model: Pick<ProjectModel, 'rows'>, format: SourceFormat): number | null {
  let n = 0;
  for (const r of model.rows) if (r.format === format) n++;
  return n > 0 ? n : null;
}
