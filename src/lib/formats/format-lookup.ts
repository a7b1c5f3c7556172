/**
 * What the rest of Trailbook asks of the source formats, answered from the list
 * (all-formats.ts): a format by id, its name, the formats with a trait, the format of a path,
 * whether a path is a claim or a record, what discovery looks for and what each format counts.
 */
import type { ProjectCounts, SourceFormat } from '../model/types.ts';
import { ALL_FORMATS } from './all-formats.ts';
import type { CountedModel, Placement, SourceFormatDescriptor } from './source-format.ts';

const byId = new Map<string, SourceFormatDescriptor>(ALL_FORMATS.map((f) => [f.id, f]));
// The lists each question walks, made once: discovery and evidence ask them for every file.
const OWNERS = ALL_FORMATS.filter((f) => f.ownsFolder !== undefined);
const BY_NAME_ORDER = ((named) => [...named.filter((f) => !f.traits.quality), ...named.filter((f) => f.traits.quality)])(ALL_FORMATS.filter((f) => !f.traits.joins && !f.traits.config && f.ownsFolder === undefined));
const JOINERS_AND_CONFIG = ALL_FORMATS.filter((f) => (f.traits.joins || f.traits.config) && f.byName);
const CLAIMERS = ALL_FORMATS.filter((f) => f.traits.claim && f.byName);
const BY_CONTENT = ALL_FORMATS.filter((f) => f.byContent);

/** The descriptor of a format id, or undefined for an id no format has. */
export function formatOf(id: string): SourceFormatDescriptor | undefined {
  return byId.get(id);
}

/**
 * What N records of a format are called, in words that agree with the number (`row from bbs
 * decisions.jsonl` for 1, `rows from bbs decisions.jsonl` otherwise), as the CLI's "Read N
 * projects: …" line says it after the number; an unknown format, or one never counted there,
 * reads as its id.
 *
 * @param id - The source format's id (`bbs-trail`).
 * @param n - How many of its records were read.
 */
export function countedAsWords(id: string, n: number): string {
  const f = byId.get(id);
  if (f?.countedAs === undefined) return id;
  return n === 1 ? (f.countedAsOne ?? f.countedAs) : f.countedAs;
}

/** A source format's name in words (`bbs-trail` → `bbs decision trail`); an unknown format reads as written. */
export function sourceFormatName(format: string): string {
  return byId.get(format)?.name ?? format;
}

/** The ids of the formats with a trait (`trail`, `claim`, `lifecycle`, ...). */
export function formatsWith(trait: keyof SourceFormatDescriptor['traits']): ReadonlySet<string> {
  return new Set(ALL_FORMATS.filter((f) => f.traits[trait]).map((f) => f.id));
}

/**
 * The format and place of a record file by its path alone (segments: folders, then the file
 * name), as discovery judges it: a folder a format owns (`.beads`) holds only that format's
 * files; a name that only content confirms counts by its usual names; design and verdict
 * documents are recognised after every other name. Files that join or configure a project
 * (the handover report, `trailbook.json`) are not records of their own: see {@link joinerOrConfigOf}.
 */
export function recordFormatOf(segments: readonly string[], options: { likelyNames?: boolean } = {}): { format: SourceFormat; placement: Placement } | null {
  for (const owner of OWNERS) {
    if (segments.lastIndexOf(owner.ownsFolder as string, segments.length - 2) > 0) {
      const placement = owner.byName?.(segments) ?? null;
      return placement ? { format: owner.id, placement } : null;
    }
  }
  const likely = options.likelyNames ?? true;
  const name = segments[segments.length - 1] ?? '';
  for (const f of BY_NAME_ORDER) {
    const placement = f.byName?.(segments) ?? (likely && f.likelyNames?.includes(name) ? { up: 1, slug: null } : null);
    if (placement) return { format: f.id, placement };
  }
  return null;
}

/** The format of a file that joins a project (the handover report) or configures it, by its name alone, or null. */
export function joinerOrConfigOf(segments: readonly string[]): SourceFormatDescriptor | null {
  return JOINERS_AND_CONFIG.find((f) => f.byName?.(segments)) ?? null;
}

/** The format of an unclaimed `*.jsonl` file by its first 64 KiB, asking the formats in list order, or null. */
export function formatByContent(head: string, name: string): SourceFormat | null {
  return BY_CONTENT.find((f) => f.byContent?.(head, name))?.id ?? null;
}

/**
 * Whether a path (`/`-separated) names a record that is only a claim, by its name: a file of
 * a format with the `claim` trait (trails, the handover audit, the handover report, a project
 * config), of this project or any other. Such a file states what was done; it cannot be the
 * evidence that it was (evidence/self-citation).
 */
export function isClaimPath(path: string): boolean {
  const segments = path.split('/');
  return CLAIMERS.some((f) => f.byName?.(segments));
}

/**
 * Whether a path inside a repository (`/`-separated, relative) names a file Trailbook reads as
 * a record, by its name alone: any format's file, a project config or a handover report. A
 * claim written in one is not evidence of itself (src/lib/evidence/tree-search.ts skips them).
 */
export function isRecordPath(path: string): boolean {
  const segments = ['', ...path.split('/')];
  return recordFormatOf(segments) !== null || joinerOrConfigOf(segments) !== null;
}

/**
 * What discovery looks for, as a person reads it, grouped by what the records are (a folder
 * holding one is a project): each group's file names and folders in list order, then what
 * only content tells apart. The CLI says this when it finds nothing.
 */
export function lookedFor(): Array<{ what: string; names: string[] }> {
  const groups = new Map<string, { names: string[]; byContent: string[] }>();
  for (const f of ALL_FORMATS) {
    if (!f.lookedFor) continue;
    const group = groups.get(f.lookedFor.what) ?? { names: [], byContent: [] };
    groups.set(f.lookedFor.what, group);
    group.names.push(...f.lookedFor.names);
    if (f.lookedFor.byContent) group.byContent.push(f.lookedFor.byContent);
  }
  return [...groups].map(([what, g]) => ({ what, names: [...g.names, ...g.byContent] }));
}

/** Records per source format, in list order (`counts.rowsByFormat`): each format's own count, where it has any. */
export function recordsByFormat(model: CountedModel): ProjectCounts['rowsByFormat'] {
  const out: ProjectCounts['rowsByFormat'] = {};
  for (const f of ALL_FORMATS) {
    const n = f.count?.(model) ?? null;
    if (n !== null) out[f.id] = n;
  }
  return out;
}
