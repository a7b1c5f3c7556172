/**
 * The per-project pipeline: parse every record file, resolve evidence, link rows, run the
 * layer-1 checks and build the {@link ProjectModel} (spec/input.md sections 1–4).
 * discover → **parse → check → model** → render → index.
 */
import { createHash } from 'node:crypto';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { realpath, stat } from 'node:fs/promises';
import type { StageTimes } from './stage-times.ts';
import type { DiscoveredProject } from '../model/discovered.ts';
import type { EvidencePointer, TrailRow, InvalidRecord, ProjectModel } from '../model/types.ts';
import { MAX_JSON_FILE_BYTES, parseJsonData, readCappedFile, type JsonFile } from '../adapters/json-file.ts';
import { Confinement } from '../fs/confined.ts';
import { projectConfigSchema, type ProjectConfig } from '../schemas/project-config.ts';
import { mistypedFor } from '../text/mistyped.ts';
import { describeIssues } from '../schemas/describe-issues.ts';
import { classifyEvidence } from '../evidence/classify.ts';
import { resolveEvidence, type EvidenceContext, type RowPlace } from '../evidence/resolve.ts';
import { readCellPointers } from '../evidence/cell-reading.ts';
import { ArtifactFolder, type ConsultedPaths } from '../evidence/artifacts.ts';
import { runChecks } from '../checks/index.ts';
import { citedCommitTimes } from '../evidence/commit-times.ts';
import { readQuality } from '../quality/read-quality.ts';
import { citedFrom, withFindingCitations } from '../projections/cited.ts';
import { separateRowNames } from '../secrets/redacted-ids.ts';
import { citedShownPaths, renameCitedPaths, repositoryFolderNames } from '../secrets/redacted-names.ts';
import { mergeSpan } from '../lifecycle/lifecycle-records.ts';
import { ProjectRecords } from '../readers/project-records.ts';
import { readProjectFiles } from '../readers/registry.ts';
import { readAsRowCites } from '../evidence/trail-references.ts';
import { readNoEvidenceGiven } from '../evidence/no-evidence-given.ts';
import { projectCounts } from '../projections/counts.ts';
import { sortFlags } from '../projections/flags.ts';
import { boundFlags, boundInvalid, boundSources } from '../bounds/kind-bounds.ts';
import { isOutOfTimeOrder, linkRows } from '../trail/rows.ts';
import { registerCanonicalRepository, resolveCanonicalRepository, type CanonicalRepository } from './canonical-repository.ts';
import { repositoryStateKey } from '../git/repository.ts';
import type { RepositoryRegistry } from './repository-registry.ts';
import { loopKey, premiseTime } from '../verdicts/premises.ts';
import { formatsWith, isClaimPath } from '../formats/format-lookup.ts';
import type { RepositoryRule } from '../config/config-schema.ts';
import type { ForgeRepository } from '../evidence/forge-url.ts';
import { repositoryOnForges } from './forge-identity.ts';
import type { BdExportOptions } from '../beads/run-export.ts';
import { readRecordHistories, type RecordHistory } from '../trail/record-history.ts';
import type { GitRepository } from '../git/repository.ts';
import { DEFAULT_SECRET_SETTINGS, type SecretSettings } from '../config/secret-settings.ts';
import { secretSettingsKey } from '../secrets/detect.ts';
import { findProjectSecrets, unlinkSecretFiles, type CommitStore } from '../secrets/project-secrets.ts';
import type { FoundSecret } from '../secrets/found-secrets.ts';
import { readSecretPointers } from '../secrets/secret-pointers.ts';

/** The record formats that are decision trails (their rows can be linked to). */
const TRAIL_FORMATS = formatsWith('trail');
/** Formats whose files make claims: never evidence for anything, not even through a link or a hard link (docs/security.md, "Claims that vouch for themselves"; `claims` in src/lib/evidence/resolve.ts). */
const CLAIM_FORMATS = formatsWith('claim');

/**
 * Where a project's record files may be read from: its input folder, never inside a `.git`
 * (docs/security.md, "Nothing escapes the root"; src/lib/fs/confined.ts).
 */
/** The place a secret in a project folder's name is flagged at (`GitHub token in the project folder's name`). */
export const FOLDER_NAME_PLACE = "the project folder's name";

export function inputConfinement(project: Pick<DiscoveredProject, 'inputRoot'>): Confinement {
  return new Confinement([project.inputRoot], { what: 'the input folder', outsideGit: true });
}

/** A key of a project's trailbook.json / project.json one edit from one Trailbook reads (`titel`), with the key meant and its line. */
export interface MistypedConfigKey {
  key: string;
  meant: string;
  line: number;
}

/** The keys of a project configuration Trailbook reads (schemas/project-config.ts). */
const CONFIG_KEYS = ['title', 'repo', 'head'] as const;

/** A project configuration as read: its value, file, mistyped keys and size in bytes. */
type ReadConfig = { value: ProjectConfig; path: string; mistyped: MistypedConfigKey[]; bytes: number };

/**
 * Reads a project's configuration once: its value (null when it has none or it is invalid,
 * `invalid` told why) and the sha256 hex of the bytes read (`unreadable:…` when it could not be
 * read; null when it has none), which the project's digest takes, so the entry stored is never
 * sealed with the digest of other bytes than it was made from (rel15: a configuration saved
 * between the read and the digest's read was kept, old, by every later build).
 */
async function readConfig(project: DiscoveredProject, invalid: InvalidRecord[]): Promise<{ config: ReadConfig | null; hash: string | null }> {
  if (project.config === null) return { config: null, hash: null };
  const file = basename(project.config);
  const read = await readCappedFile(project.config, MAX_JSON_FILE_BYTES, inputConfinement(project));
  const hash = 'error' in read ? `unreadable:${read.error}` : createHash('sha256').update(read.data).digest('hex');
  const json: JsonFile = 'error' in read ? { error: read.error, line: 0, raw: '' } : parseJsonData(read.data);
  if ('error' in json) {
    invalid.push({ file, line: json.line, kind: 'config/invalid-file', error: `${file} ${json.error}`, raw: json.raw });
    return { config: null, hash };
  }
  const parsed = projectConfigSchema.safeParse(json.value);
  if (!parsed.success) {
    invalid.push({ file, line: 1, kind: 'config/invalid-file', error: `${file}: ${describeIssues(parsed.error, json.value)}`, raw: json.text.slice(0, 4096) });
    return { config: null, hash };
  }
  // Keys one edit from a key read (`titel`): said, as their values are not read (use14: a
  // title written `titel` was dropped without a word). The line is the key's first as written.
  const mistyped: MistypedConfigKey[] = [];
  if (typeof json.value === 'object' && json.value !== null && !Array.isArray(json.value))
    for (const key of Object.keys(json.value)) {
      const meant = mistypedFor(key, CONFIG_KEYS);
      if (meant === null) continue;
      const at = json.text.indexOf(JSON.stringify(key));
      mistyped.push({ key, meant, line: at < 0 ? 1 : json.text.slice(0, at).split('\n').length });
    }
  return { config: { value: parsed.data, path: project.config, mistyped, bytes: 'error' in read ? 0 : read.data.length }, hash };
}

/** Most commits of the landed head's first-parent line read to place rows by their time. */
const MAX_DATED_WALK = 10_000;

/**
 * The landed head's first-parent line, newest first, each commit with its committer time (ms),
 * down to the first commit at or before `until` (ms) or the start of the history; at most
 * {@link MAX_DATED_WALK} commits. A commit that cannot be read ends the line there.
 */
async function firstParentLine(repository: GitRepository, head: string, until: number): Promise<Array<{ oid: string; time: number }>> {
  const out: Array<{ oid: string; time: number }> = [];
  let oid: string | undefined = head;
  while (oid !== undefined && out.length < MAX_DATED_WALK) {
    const commit = await repository.commit(oid);
    if ('problem' in commit) break;
    const time = commit.committer.timestamp * 1000;
    out.push({ oid, time });
    if (time <= until) break;
    oid = commit.parents[0];
  }
  return out;
}

/**
 * Where each row stands against the repository (issue 26, items 1 and 2; src/lib/evidence/resolve.ts
 * `RowPlace`), from the trail's history (`recordedIn` per line) and the landed head's commit time.
 */
async function rowPlaces(
  histories: readonly RecordHistory[],
  repository: GitRepository | null,
  head: string | null,
  earliest: number | null = null,
  committedRows: ReadonlyArray<{ file: string; line: number; time: number | null }> = [],
): Promise<{ of: (file: string, line: number, time: number | null) => RowPlace | undefined; predated: (rows: readonly TrailRow[]) => Pick<ProjectModel, 'headPredates'> | null }> {
  const lines = new Map(histories.filter((h) => h.recordedIn !== undefined).map((h) => [h.file, h.recordedIn as Array<string | null>]));
  const headCommit = repository && head ? await repository.commit(head) : null;
  const headTime = headCommit && !('problem' in headCommit) ? headCommit.committer.timestamp * 1000 : null;
  const headTs = headTime === null ? '' : new Date(headTime).toISOString().replace('.000Z', 'Z');
  // The committer time (ms) of each commit that recorded rows: a row dated before it was written
  // before it was committed (a trail committed in a batch), and is placed by its time too (lead16).
  const recordedAt = new Map<string, number>();
  let writtenBefore: number | null = null;
  if (repository)
    for (const row of committedRows) {
      const recordedIn = row.time === null ? null : (lines.get(row.file)?.[row.line - 1] ?? null);
      if (recordedIn === null || row.time === null) continue;
      if (!recordedAt.has(recordedIn)) {
        const commit = await repository.commit(recordedIn);
        recordedAt.set(recordedIn, 'problem' in commit ? Number.NaN : commit.committer.timestamp * 1000);
      }
      if (row.time < (recordedAt.get(recordedIn) as number)) writtenBefore = writtenBefore === null ? row.time : Math.min(writtenBefore, row.time);
    }
  const from = earliest === null ? writtenBefore : writtenBefore === null ? earliest : Math.min(earliest, writtenBefore);
  const headLine = repository && head && headTime !== null && from !== null && from < headTime ? await firstParentLine(repository, head, from) : [];
  const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
  /** The head's commit of a committed row's time, when the row was committed after it and that commit is another (RowPlace.writtenAt). */
  const writtenAt = (recordedIn: string, time: number | null): RowPlace['writtenAt'] => {
    const committed = recordedAt.get(recordedIn);
    if (time === null || committed === undefined || Number.isNaN(committed) || time >= committed) return undefined;
    const at = headLine.find((c) => c.time <= time);
    if (at === undefined || at.oid === recordedIn || at.oid === head) return undefined;
    return { oid: at.oid, ts: iso(at.time), rowTime: time, committedIn: recordedIn, committedTs: iso(committed) };
  };
  // A committed trail whose history could not be read in full: where its rows were recorded is not known, so today's rule holds.
  const unknown = new Set(histories.filter((h) => h.recordedIn === undefined).map((h) => h.file));
  // A shallow clone (trial7): a row first seen where the history stops may have been written
  // before it, when what it cites was there; so may a row of a trail whose history the cut kept from being read.
  const cut = repository ? await repository.shallowCommits() : new Set<string>();
  const cutAt = cut.size === 0 ? null : head !== null && cut.has(head) ? head : ([...cut].sort()[0] as string);
  const of = (file: string, line: number, time: number | null): RowPlace | undefined => {
    if (unknown.has(file)) return cutAt !== null && histories.some((h) => h.file === file) ? { historyCut: cutAt } : undefined;
    const recordedIn = lines.get(file)?.[line - 1] ?? null;
    if (recordedIn !== null && cut.has(recordedIn)) return recordedIn === head ? { historyCut: recordedIn } : { recordedIn, historyCut: recordedIn };
    // A row committed with the repository keeps today's rule: checked at the landed head (and shown
    // where it was recorded); what is missing at both and was there at its own time is read there (lead16).
    if (recordedIn !== null) {
      const before = writtenAt(recordedIn, time);
      if (recordedIn === head) return before === undefined ? undefined : { writtenAt: before };
      return before === undefined ? { recordedIn } : { recordedIn, writtenAt: before };
    }
    // A trail committed with its repository keeps today's rule for its uncommitted rows too
    // (issue 26, item 2): only a trail never committed, dated after the head, predates nothing it cites.
    if (lines.has(file)) return undefined;
    if (headTime === null || time === null) return undefined;
    if (time <= headTime) {
      // Placed by its time on the head's first-parent line (trust9): the commit the head's line was at when the row was written.
      const at = headLine.find((c) => c.time <= time);
      return at === undefined || at.oid === head ? undefined : { dated: { oid: at.oid, ts: new Date(at.time).toISOString().replace('.000Z', 'Z'), rowTime: time } };
    }
    return { headPredates: { headTs } };
  };
  const predated = (rows: readonly TrailRow[]): Pick<ProjectModel, 'headPredates'> | null => {
    const count = rows.filter((r) => of(r.file, r.line, r.time)?.headPredates !== undefined).length;
    return count === 0 || head === null ? null : { headPredates: { rows: count, of: rows.length, head, headTs } };
  };
  return { of, predated };
}

/** What is known of a project before its records are read: its config and repository. */
export interface PreparedProject {
  project: DiscoveredProject;
  config: { value: ProjectConfig; path: string; mistyped?: MistypedConfigKey[]; bytes?: number } | null;
  /** sha256 hex of the configuration's bytes as read (`unreadable:…`), null without one: what the project's digest takes. */
  configHash?: string | null;
  /** Invalid records met while reading the config. */
  configInvalid: InvalidRecord[];
  canonical: CanonicalRepository;
  /** How forges name the canonical repository (configuration rule, `origin` remote). */
  forges: ForgeRepository[];
  /** Describes the repository state for cache digests. */
  repositoryKey: string;
}

/** What one repository object (one build's) answered, by question: read once however many projects share it. */
const answered = new WeakMap<object, Map<string, Promise<unknown>>>();

/** `read()` once per repository object and `key` (without a repository: every time). */
function onceFor<T>(repository: GitRepository | null, key: string, read: () => Promise<T>): Promise<T> {
  if (repository === null) return read();
  let known = answered.get(repository);
  if (!known) {
    known = new Map();
    answered.set(repository, known);
  }
  let pending = known.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    known.set(key, pending);
  }
  return pending;
}

/**
 * Reads the project's config and opens its canonical repository. Never throws.
 *
 * @param rules - The configuration's forge rules (`repositories`), which may name the repository on its forge.
 */
export async function prepareProject(project: DiscoveredProject, registry: RepositoryRegistry, rules: readonly RepositoryRule[] = [], configRead?: Promise<ProjectConfigRead>): Promise<PreparedProject> {
  const { config, configInvalid, configHash } = await (configRead ?? readProjectConfig(project));
  const canonical = await resolveCanonicalRepository(project, config, registry);
  const info = canonical.info;
  const state = canonical.repository ? await repositoryStateKey(canonical.repository) : '';
  const forges = [...(await onceFor(canonical.repository, `forges\0${info.id ?? ''}\0${info.path ?? ''}\0${JSON.stringify(rules)}`, () => repositoryOnForges(canonical.repository, info, rules)))];
  // The records' own history is read along the checkout's HEAD (src/lib/trail/record-history.ts).
  const checkout = canonical.repository && canonical.workTrees.length > 0 ? await onceFor(canonical.repository, 'checkout', () => (canonical.repository as GitRepository).resolveCommit('HEAD')) : null;
  const repositoryKey = `${info.id ?? ''}|${info.path ?? ''}|${info.head ?? ''}|${info.problem ?? ''}|${state}|${forges.map((f) => `${f.host}/${f.path}`).join(' ')}|${checkout && 'oid' in checkout ? checkout.oid : ''}`;
  return { project, config, configInvalid, configHash, canonical, forges, repositoryKey };
}

/** A project's configuration as read, and the problems found in it. */
export interface ProjectConfigRead {
  config: { value: ProjectConfig; path: string; mistyped?: MistypedConfigKey[]; bytes?: number } | null;
  configInvalid: InvalidRecord[];
  /** sha256 hex of the bytes read (`unreadable:…`), null when the project has no configuration. */
  configHash: string | null;
}

/**
 * Reads a project's configuration (`trailbook.json`): what {@link prepareProject} starts with.
 * It depends on no other project, so a build reads it ahead, beside the projects prepared
 * before (which register repositories in discovery order); issue 30: a rebuild's prepare was
 * 1,000 rounds of small sequential reads. Never throws for what the file holds.
 */
export async function readProjectConfig(project: DiscoveredProject): Promise<ProjectConfigRead> {
  const configInvalid: InvalidRecord[] = [];
  const { config, hash } = await readConfig(project, configInvalid);
  return { config, configInvalid, configHash: hash };
}

/**
 * Registers the canonical repository of a project that is not analysed in this run (another
 * shard's), so repository ids are assigned as a build of every project assigns them. Never throws.
 */
export async function registerProjectRepository(project: DiscoveredProject, registry: RepositoryRegistry): Promise<void> {
  await registerCanonicalRepository(project, (await readConfig(project, [])).config, registry);
}

/** Options of {@link analyseProject}. */
export interface AnalyseOptions {
  /**
   * Told the paths of the project folder its verdicts read (artifacts, src/lib/evidence/artifacts.ts),
   * once analysed, and whether a path holds a secret found in the project (never when secrets
   * are not redacted): such a path is not written into the build cache (sec15).
   */
  onConsulted?: (consulted: ConsultedPaths, holdsSecret: (path: string) => boolean) => void;
  /** Run `bd export` for `.beads/` folders without an export (configuration `beads`; off when absent). */
  bdExport?: BdExportOptions;
  /** What is secret and whether it is redacted (configuration `secrets`, `--no-redact`); default: redact. */
  secrets?: SecretSettings;
  /** Where cited commits read for their secrets are stored (the evidence store), so the commit pages do not read them again. */
  commits?: CommitStore;
  /** Told what secrets were found (their values: in memory only), for what the archive publishes again from an earlier build. */
  onSecrets?: (found: readonly FoundSecret[]) => void;
}

/** `dev:ino` of each file that can be stat'ed (a hard link shares its target's). */
async function inodesOf(paths: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const p of paths) {
    const s = await stat(p).catch(() => null);
    if (s?.isFile()) out.add(`${s.dev}:${s.ino}`);
  }
  return out;
}

/**
 * Analyses one prepared project. Never throws for bad input: unreadable files and invalid
 * lines become invalid records; repository problems make git checks INCONCLUSIVE.
 */
export async function analyseProject(prepared: PreparedProject, stages?: StageTimes, options: AnalyseOptions = {}): Promise<ProjectModel> {
  const startedAt = performance.now();
  const { project, config, canonical } = prepared;
  const records = new ProjectRecords({ files: project.files, ...(options.bdExport ? { bdExport: options.bdExport } : {}) });
  for (const r of prepared.configInvalid) records.invalid.push(r);
  if (config)
    for (const m of config.mistyped ?? []) {
      const file = basename(config.path);
      records.warnings.push({ kind: 'config/mistyped-key', file, line: m.line, message: `${file}:${m.line}: “${m.key}” is not a key Trailbook reads; did you mean “${m.meant}”? Its value is not read` });
    }
  if (config) records.sources.push({ path: basename(config.path), format: 'project-config', bytes: config.bytes ?? (await stat(config.path).catch(() => null))?.size ?? 0, lines: 1, valid: 1, invalid: 0 });
  const within = inputConfinement(project);
  await readProjectFiles(project.files, records, within);
  const { sources, invalid, rows: parsed, telemetry, warnings, lifecycle, audit, reviewFlags, handover } = records;

  const parsedAt = performance.now();
  // Which files of the project folder may stand as evidence (src/lib/evidence/artifacts.ts):
  // never a claim record (trail, audit, handover, config), not even through a link; and when
  // the folder lies in the repository's work tree, only the project's own records (any other
  // file there is not in the landed head unless committed).
  // Judged by real paths: an input reached through a link, a `repo` written as an absolute path.
  const realDir = await realpath(project.dir).catch(() => project.dir);
  const workTree = canonical.workTrees.find((w) => realDir === w || realDir.startsWith(w.endsWith(sep) ? w : w + sep)) ?? null;
  const inWorkTree = workTree !== null;
  const claimFiles = project.files.filter((f) => f.refused === undefined && CLAIM_FORMATS.has(f.format)).map((f) => f.path);
  if (config) claimFiles.push(config.path);
  // A claim file's path in the work tree: the project folder's place there, then its path in the folder.
  const fromWorkTree = workTree === null ? '' : relative(workTree, realDir);
  const citedAs = (abs: string): string[] => [relative(project.dir, abs), ...(inWorkTree ? [join(fromWorkTree, relative(project.dir, abs))] : [])].map((p) => p.split(sep).join('/'));
  const claims = new Set(claimFiles.flatMap(citedAs));
  // The project's own trails, by every path a pointer may cite them by: a pointer to one links to its row.
  const trails = new Map(project.files.filter((f) => f.refused === undefined && TRAIL_FORMATS.has(f.format)).flatMap((f) => citedAs(f.path).map((cited) => [cited, f.rel] as const)));
  const ownRecords = inWorkTree ? new Set(project.files.map((f) => f.rel).filter((rel) => !claims.has(rel))) : undefined;
  const ctx: EvidenceContext = {
    repository: canonical.repository,
    repositoryName: canonical.info.path ?? 'no repository',
    head: canonical.info.head,
    problem: canonical.info.problem,
    artifacts: new ArtifactFolder(project.dir, {
      isClaim: isClaimPath,
      claimInodes: await inodesOf(claimFiles),
      gitDirs: canonical.repository ? [canonical.repository.gitdir, canonical.repository.headGitdir] : [],
      ...(ownRecords ? { ownRecords } : {}),
    }),
    claims,
    trails,
    forges: prepared.forges,
    workTrees: canonical.workTrees,
  };
  // The trail's own git history is read first: it says which commit recorded each row (issue 26, item 1).
  const historyStarted = performance.now();
  // The work tree as the project's files name it (they may be reached through a link), so a file's path in it is its path in the repository.
  const historyTree = workTree === null ? null : resolve(project.dir, relative(realDir, workTree));
  const recordHistory = await readRecordHistories(project.files, canonical.repository, historyTree, within);
  const historyMs = performance.now() - historyStarted;
  // The earliest row time: how far back the head's first-parent line is read to place rows of a trail never committed by their time.
  const withHistory = new Set(recordHistory.map((h) => h.file));
  const rowTimes = [...parsed.filter((r) => !withHistory.has(r.file)).map((r) => r.time), ...invalid.filter((r) => !withHistory.has(r.file)).map((r) => Date.parse(r.fields?.['ts'] ?? ''))].filter(
    (t): t is number => typeof t === 'number' && !Number.isNaN(t),
  );
  const firstRowTime = rowTimes.length === 0 ? null : rowTimes.reduce((a, b) => Math.min(a, b));
  const committedRows = parsed.filter((r) => withHistory.has(r.file));
  const places = await rowPlaces(recordHistory, canonical.repository, canonical.info.head, firstRowTime, committedRows);
  const evidence: EvidencePointer[][] = [];
  const memo = new Map<string, Promise<EvidencePointer[]>>();
  const resolveCell = (cell: string, file: string, line: number, time: number | null): Promise<EvidencePointer[]> => {
    const row = places.of(file, line, time);
    const key = row === undefined ? cell : `${cell}\u0000${row.recordedIn ?? ''}\u0000${row.headPredates ? 'predates' : ''}\u0000${row.historyCut ?? ''}\u0000${row.dated ? `${row.dated.oid}@${row.dated.rowTime}` : ''}\u0000${row.writtenAt ? `${row.writtenAt.oid}@${row.writtenAt.committedIn}@${row.writtenAt.rowTime}` : ''}`;
    let pending = memo.get(key);
    if (!pending) {
      pending = resolveEvidence(classifyEvidence(cell), row === undefined ? ctx : { ...ctx, row }, cell).then(readCellPointers);
      memo.set(key, pending);
    }
    return pending;
  };
  for (const row of parsed) evidence.push(await resolveCell(row.evidenceText, row.file, row.line, row.time));
  // A malformed row whose evidence cell the header still tells apart: checked and shown on the invalid record.
  for (const record of invalid) {
    const cell = record.fields?.['evidence'];
    if (cell === undefined || cell.trim() === '') continue;
    const time = Date.parse(record.fields?.['ts'] ?? '');
    record.evidence = await resolveCell(cell, record.file, record.line, Number.isNaN(time) ? null : time);
  }
  const resolvedAt = performance.now();
  const rows = linkRows(parsed, evidence);
  // A row about the trail that cites it: a reference, not a self-citation (src/lib/evidence/trail-references.ts);
  // "n/a" on a row that claims nothing yet: not a claim without a pointer (no-evidence-given.ts).
  const anchors = new Map(rows.map((r) => [`${r.file}:${r.line}`, r.anchor]));
  const anchorAt = (file: string, line: number): string | undefined => anchors.get(`${file}:${line}`);
  for (const row of rows) row.evidence = readNoEvidenceGiven(row.resultClass, readAsRowCites(row, row.evidence, anchorAt));
  for (const record of invalid) {
    if (record.evidence) record.evidence = readAsRowCites({ phase: record.fields?.['phase'] ?? '', decision: record.fields?.['decision'] ?? '', file: record.file }, record.evidence, anchorAt);
  }
  const quality = await readQuality(records.qualityFiles, rows, basename(project.dir), ctx, within);
  for (const r of quality.invalid) invalid.push(r);
  for (const q of quality.sources) sources.push(q);
  // An empty record file holds nothing to account for, but it is worth saying (docs/security.md).
  const withInvalid = new Set(invalid.map((r) => r.file));
  for (const s of sources) if (s.bytes === 0 && s.lines === 0 && !withInvalid.has(s.path) && !s.notRead && s.format !== 'project-config') warnings.push({ kind: 'source/empty-file', file: s.path, line: 0, message: `${s.path} is empty: it holds no records` });
  // A TSV trail holding only its header holds no records either (not a clean trail of 0 rows).
  const rowFiles = new Set(rows.map((r) => r.file));
  for (const s of sources) if (s.format === 'pstack-trail' && s.lines > 0 && s.invalid === 0 && !withInvalid.has(s.path) && !s.notRead && !rowFiles.has(s.path)) warnings.push({ kind: 'source/empty-file', file: s.path, line: 0, message: `${s.path} holds only its header: it holds no records` });
  const history = lifecycle.finish();
  // At most MAX_PER_KIND records of one kind are listed; the rest are summarised and counted
  // (src/lib/bounds/kind-bounds.ts): 40,000 empty QA files are not 40,000 flags.
  const listed = boundInvalid(invalid);
  const cited = withFindingCitations(citedFrom(rows, listed), quality.verdicts);
  // Every text of the records and of the evidence they cite, scanned once (src/lib/secrets/):
  // the flags name what was found; the model is redacted before anything is stored or shown.
  const secretSettings = options.secrets ?? DEFAULT_SECRET_SETTINGS;
  const recordPaths = new Map(project.files.map((f) => [f.rel, f.path]));
  const recordText = async (file: string): Promise<string | null> => {
    const abs = recordPaths.get(file);
    return abs === undefined ? null : within.readFile(abs, 'utf8').catch(() => null);
  };
  const secretsStarted = performance.now();
  const secrets = await findProjectSecrets(
    // The project config first, at its file (a `repo` URL holding a password is found at trailbook.json:1, not first in the pointer reason quoting it: sec10).
    {
      config: config ? { file: basename(config.path), line: 1, value: config.value } : null,
      // The folder's own name, as it is on disk (discovery published it redacted: src/lib/discover/discover.ts), so a secret in it is flagged.
      folder: { file: FOLDER_NAME_PLACE, line: 0, name: relative(dirname(project.inputRoot), project.dir).split(sep).join('/') },
      sources,
      rows, invalid: listed, warnings, telemetry, audit, review: { file: audit.present ? audit.file : '', line: 0, flags: reviewFlags }, arena: quality.arena, verdicts: quality.verdicts, coordination: history.coordination, beads: history.beads, babysit: history.babysit, handover, recordHistory },
    cited,
    rows,
    { repository: canonical.repository, head: canonical.info.head, artifacts: ctx.artifacts, recordText, documents: project.files.map((f) => f.rel).filter((rel) => rel.toLowerCase().endsWith('.md')), repositoryId: canonical.info.id, ...(options.commits ? { commits: options.commits } : {}) },
    secretSettings,
    secretSettingsKey(secretSettings),
  );
  // Cited files whose names read alike once redacted are named apart, by their place in their folder (sec11).
  const citedNames = secretSettings.redact
    ? await citedShownPaths(
        cited.files,
        secrets.redaction,
        (origin, at) => {
          if (origin === 'artifact') return (folder) => ctx.artifacts.names(folder);
          const commit = at ?? canonical.info.head;
          return canonical.repository && commit ? repositoryFolderNames(canonical.repository, commit) : null;
        },
        secretSettings,
      )
    : null;
  let secretsMs = performance.now() - secretsStarted;
  if (secretSettings.redact) options.onSecrets?.(secrets.found);
  // A pointer that is only a secret (a private key's body line) is the secret flag's, not a missing path (secret-pointers.ts).
  for (const row of rows) row.evidence = readSecretPointers(row.evidence, secrets.found);
  for (const record of listed) if (record.evidence) record.evidence = readSecretPointers(record.evidence, secrets.found);
  // When the commits rows cite by SHA were made: a row cannot cite one made after it (evidence/commit-after-row).
  const commitTimes = await citedCommitTimes(canonical.repository, rows);
  const raised = runChecks({ rows, invalid: listed, warnings, audit, reviewFlags, repository: canonical.info, arena: quality.arena, verdicts: quality.verdicts, coordination: history.coordination, beads: history.beads, recordHistory, commitTimes, secrets: { found: secrets.found, redacted: secretSettings.redact } });
  const flags = sortFlags(boundFlags([...raised, ...reviewFlags], listed), rows);

  if (stages) {
    stages.parse = (stages.parse ?? 0) + (parsedAt - startedAt);
    stages.resolve = (stages.resolve ?? 0) + (resolvedAt - parsedAt - historyMs);
    stages.check = (stages.check ?? 0) + (performance.now() - resolvedAt - secretsMs);
    stages.history = (stages.history ?? 0) + historyMs;
  }
  const counts = projectCounts({ rows, flags, invalid: listed, telemetry, sources, verdicts: quality.verdicts, coordination: history.coordination, beads: history.beads, babysit: history.babysit });

  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  for (const r of rows) {
    if (r.time === null) continue;
    if (r.time < earliest) earliest = r.time;
    if (r.time > latest) latest = r.time;
  }
  // Repair-loop attempts are timed records too (a verdicts-only project has no other times).
  for (const loop of quality.verdicts?.loops ?? []) {
    for (const r of loop.rows) {
      const time = premiseTime(r);
      if (time === null) continue;
      if (time < earliest) earliest = time;
      if (time > latest) latest = time;
    }
  }
  const span = mergeSpan(earliest <= latest ? { from: new Date(earliest).toISOString(), to: new Date(latest).toISOString() } : null, history);
  // The folder's name as discovery published it: a secret in it is redacted there (sec10).
  const folderName = project.displayRoot.slice(project.displayRoot.lastIndexOf('/') + 1);
  const title = config?.value.title ?? (project.slug !== null ? `${folderName} · ${project.slug}` : folderName);
  options.onConsulted?.(ctx.artifacts.consulted(), (path) => secretSettings.redact && secrets.redaction.holdsPath(path));

  const model: ProjectModel = {
    id: project.id,
    title,
    root: project.displayRoot,
    sources: boundSources(sources),
    repository: canonical.info,
    rows,
    outOfTimeOrder: isOutOfTimeOrder(rows),
    ...(places.predated(rows) ?? {}),
    telemetry,
    audit,
    flags,
    invalid: listed,
    span,
    cited,
    counts,
    arena: quality.arena,
    verdicts: quality.verdicts,
    coordination: history.coordination,
    beads: history.beads,
    babysit: history.babysit,
    handover,
  };
  if (secretSettings.redact) {
    const redactStarted = performance.now();
    unlinkSecretFiles(model);
    // Rows whose ids hold a secret keep anchors that are fragment ids, and ids apart (sec11).
    if (citedNames) renameCitedPaths(model, citedNames, secrets.redaction);
    separateRowNames(model, secrets.redaction);
    secrets.redaction.redactDeep(model);
    // A repair loop's key holds its fingerprint normalised, where no value's replacement reaches (sec11).
    if (secrets.found.length > 0) for (const loop of model.verdicts?.loops ?? []) loop.key = loopKey(loop);
    secretsMs += performance.now() - redactStarted;
  }
  if (stages) stages.secrets = (stages.secrets ?? 0) + secretsMs;
  return model;
}
