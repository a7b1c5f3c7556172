/**
 * One pass per project (issue 29, scope 2): find the secrets in every text of its records and
 * in the files and commits its evidence cites, and hand back what was found (for the
 * `security/secret-in-record` flags, src/lib/checks/security/) and the redaction every
 * output of the project is made from (applied to the model before it is stored:
 * src/lib/project/analyse-project.ts). Evidence pages redact what they read themselves
 * (evidence-secrets.ts), with the same rules.
 */
import type { CitedCommit, CitedFile, EvidencePointer, ProjectModel, TrailRow } from '../model/types.ts';
import { isSecretFile, SECRET_FILE_NOTE } from './secret-files.ts';
import type { GitRepository } from '../git/repository.ts';
import type { ArtifactFolder } from '../evidence/artifacts.ts';
import { describeCommit } from '../git/commit-details.ts';
import { repositoryFileText } from '../git/file-excerpt.ts';
import type { SecretSettings } from '../config/secret-settings.ts';
import { SecretFinds, scanRecords, type FoundSecret, type SecretPlace } from './found-secrets.ts';
import { citedCommitTexts, citedFileText, diffContextTexts, lineAt, redactCommit, scanCitedTexts, type CitedText } from './evidence-secrets.ts';
import { findSecrets } from './detect.ts';
import type { CommitDetails } from '../git/commit-details.ts';
import { MIN_SECRET_LENGTH, secretLines, type Redaction } from './redaction.ts';
import { repositoryStateKey } from '../git/repository.ts';
import { ScanMemo } from './scan-memo.ts';

/** The memo of clean scans this build consults and adds to (src/lib/secrets/scan-memo.ts), or null. */
let memo: ScanMemo | null = null;

/** Sets, or with null clears, the memo of clean scans the next scans consult (the archive's analysis does, around its projects). */
export function useScanMemo(next: ScanMemo | null): void {
  memo = next;
}

/** What a project's scan found, and its redaction. */
export interface ProjectSecrets {
  found: FoundSecret[];
  redaction: Redaction;
}

/** Where a project's cited evidence is read. */
export interface CitedSources {
  repository: GitRepository | null;
  head: string | null;
  artifacts: ArtifactFolder | null;
  /** Reads a record file of the project by its path in the project (null when it cannot). */
  recordText?: (file: string) => Promise<string | null>;
  /**
   * The record files the model holds rendered (markdown: a design document, `handover.md`, a
   * verdict file), by their path in the project: each is scanned as written too, since its
   * rendering drops what markup it holds (sec16: `<password>…</password>` in
   * `design/selection.md` was rendered `<p>central…</p>`, where no rule read it, and published).
   */
  documents?: readonly string[];
  /** The repository's archive id, for the commit store. */
  repositoryId?: string | null;
  /** Where cited commits are stored once read (the evidence store); absent: read, not stored. */
  commits?: CommitStore;
}

/** A secret found in a cited commit: its value, kind and place in the commit. */
export interface CommitSecret {
  value: string;
  kind: string;
  rule: string;
  evidence: string;
  secretFile: boolean;
}

/**
 * Where cited commits' details are kept for their pages (the evidence store,
 * src/lib/archive/evidence-store.ts): a commit read for its secrets is stored, redacted, so its
 * page does not read it from git again. What was found is never stored: a project analysed
 * again reads its cited commits again, so it finds what a clean build finds.
 */
export interface CommitStore {
  has(repoId: string, oid: string): Promise<boolean>;
  write(repoId: string, oid: string, details: CommitDetails | { problem: string }): Promise<void>;
}

/** Commits scanned per process, by repository and SHA: a commit cited by many projects is read once. */
const commitScans = new Map<string, Promise<CommitSecret[]>>();
const MAX_COMMIT_SCANS = 20_000;

async function scanCommit(repository: GitRepository, repoId: string | null, oid: string, settings: SecretSettings, settingsKey: string, store: CommitStore | undefined): Promise<CommitSecret[]> {
  const key = `${repository.gitdir}\u0000${oid}\u0000${settingsKey}`;
  let pending = commitScans.get(key);
  if (!pending) {
    pending = (async () => {
      // Found clean by an earlier build, with the repository's objects as they are now: not read again.
      const known = memo;
      const entry = known ? ScanMemo.entry('commit', repository.gitdir, await repositoryStateKey(repository), oid, settingsKey) : '';
      if (known?.isClean(entry)) return [];
      // A commit that cannot be read is not scanned (its page says why it cannot be shown).
      const details = await describeCommit(repository, oid).catch((error: unknown) => ({ problem: (error as Error).message }));
      let found: CommitSecret[] = [];
      // Whole files around diffs that may show a key's body without its header (evidence-secrets.ts).
      const context = 'oid' in details ? await diffContextTexts(repository, details) : [];
      if ('oid' in details) {
        const finds = new SecretFinds();
        const short = details.oid.slice(0, 7);
        const around = context.map((c) => citedFileText(c.path, c.text, c.at === details.oid ? `in commit ${short}` : `before commit ${short}`, { file: '', line: 0 }));
        await scanCitedTexts(citedCommitTexts(details, { file: '', line: 0 }), finds, settings);
        // Of the whole files, only what the commit's diffs show (what its page would publish) is the commit's.
        const aroundFinds = new SecretFinds();
        await scanCitedTexts(around, aroundFinds, settings);
        const patches = details.changes.map((c) => c.patch ?? '').join('\n');
        for (const f of aroundFinds.list()) if (secretLines(f.value).some((l) => l.length >= MIN_SECRET_LENGTH && patches.includes(l))) finds.add(f.value, f.kind, f.rule, f.places);
        found = finds.list().flatMap((f) => f.places.map((p) => ({ value: f.value, kind: f.kind, rule: f.rule, evidence: p.evidence ?? '', secretFile: p.secretFile === true })));
        if (found.length === 0) known?.markClean(entry);
      }
      // Stored for its page; a store that cannot be written only means the page reads it again.
      if (store && repoId !== null && !(await store.has(repoId, oid).catch(() => true))) {
        const published = 'oid' in details ? await redactCommit(details, settings, undefined, context) : details;
        await store.write(repoId, oid, published).catch(() => undefined);
      }
      return found;
    })();
    if (commitScans.size >= MAX_COMMIT_SCANS) commitScans.clear();
    commitScans.set(key, pending);
  }
  return pending;
}

/** A secret found in a cited file: its value, kind, rule and place in the file (`path:line at the landed head`). */
type FileSecret = CommitSecret;

/** Repository files scanned per process, by repository, head, path and settings: a file cited by many projects is read once. */
const fileScans = new Map<string, Promise<FileSecret[]>>();
const MAX_FILE_SCANS = 50_000;

/** Each cited text's secrets, as {@link scanCitedTexts} finds them (one batch), by text. */
async function scanEach(texts: readonly CitedText[], settings: SecretSettings): Promise<Map<CitedText, FileSecret[]>> {
  const out = new Map<CitedText, FileSecret[]>(texts.map((t) => [t, []]));
  const hits = await findSecrets(texts.map((t) => t.text), settings);
  for (const [i, list] of hits.entries()) {
    const t = texts[i] as CitedText;
    const mine = out.get(t) as FileSecret[];
    for (const h of list) {
      const { evidence, secretFile } = t.describe(h.start);
      mine.push({ value: t.text.slice(h.start, h.end), kind: h.kind, rule: h.rule, evidence, secretFile });
    }
  }
  return out;
}

/** A cited repository file: its path, and the commit it is shown at (absent: the landed head). */
interface FileAt {
  path: string;
  at?: string;
}

/** The key of a cited repository file in {@link scanRepositoryFiles}'s answer: its path, and its commit when not the landed head. */
const fileAtKey = (f: FileAt): string => (f.at === undefined ? f.path : `${f.path}\u0000${f.at}`);

/**
 * The secrets of cited repository files, each read where its page shows it: at `head`, or at
 * the commit it is cited at (`at`: `config/app.yml:3 in 2edd7fa`, or a row's own commit, issue 26
 * item 1). Keyed by {@link fileAtKey}. Before, a file cited at a commit was scanned at the landed
 * head, so a password removed since was redacted on its page (which scans what it shows) but
 * never flagged: `check --fail-on high` passed and the build said no secret (trial7). Those not
 * scanned yet in this process are read (an unreadable file has none: its page says why) and
 * scanned in one batch; the others are the earlier scans'. Throws as {@link findSecrets} does
 * (a configuration pattern that does not compile), for every project waiting on the batch.
 */
async function scanRepositoryFiles(repository: GitRepository, head: string, files: readonly FileAt[], settings: SecretSettings, settingsKey: string): Promise<Map<string, Promise<FileSecret[]>>> {
  const out = new Map<string, Promise<FileSecret[]>>();
  const todo: Array<{ path: string; commit: string; id: string; settle: { resolve: (v: FileSecret[]) => void; reject: (e: unknown) => void } }> = [];
  const scanKey = (commit: string, path: string): string => `${repository.gitdir}\u0000${commit}\u0000${path}\u0000${settingsKey}`;
  for (const f of files) {
    const id = fileAtKey(f);
    if (out.has(id)) continue;
    const commit = f.at ?? head;
    const key = scanKey(commit, f.path);
    let pending = fileScans.get(key);
    if (!pending) {
      let settle: { resolve: (v: FileSecret[]) => void; reject: (e: unknown) => void } = { resolve: () => undefined, reject: () => undefined };
      pending = new Promise<FileSecret[]>((resolve, reject) => (settle = { resolve, reject }));
      // Awaited by every project citing the file; a rejection is never left unhandled.
      pending.catch(() => undefined);
      if (fileScans.size >= MAX_FILE_SCANS) fileScans.clear();
      fileScans.set(key, pending);
      todo.push({ path: f.path, commit, id, settle });
    }
    out.set(id, pending);
  }
  if (todo.length > 0) {
    try {
      const texts: CitedText[] = [];
      const textOf = new Map<string, CitedText>();
      // Files found clean by an earlier build, at this commit with the repository's objects as they are now, are not read again.
      const known = memo;
      const state = known ? await repositoryStateKey(repository) : '';
      const entryOf = (commit: string, path: string): string => ScanMemo.entry('file', repository.gitdir, state, commit, path, settingsKey);
      for (const { path, commit, id } of todo) {
        if (known?.isClean(entryOf(commit, path))) continue;
        const text = await repositoryFileText(repository, commit, path).catch(() => null);
        if (text === null) continue;
        const cited = citedFileText(path, text, commit === head ? 'at the landed head' : `at commit ${commit.slice(0, 7)}`, { file: '', line: 0 });
        texts.push(cited);
        textOf.set(id, cited);
      }
      const found = await scanEach(texts, settings);
      for (const { path, commit, id, settle } of todo) {
        const cited = textOf.get(id);
        const hits = cited ? (found.get(cited) ?? []) : [];
        if (cited && hits.length === 0) known?.markClean(entryOf(commit, path));
        settle.resolve(hits);
      }
    } catch (error) {
      for (const { path, commit, settle } of todo) {
        fileScans.delete(scanKey(commit, path));
        settle.reject(error);
      }
      throw error;
    }
  }
  return out;
}

/** The first citing row's place of a cited commit or file. */
function citingPlace(by: CitedCommit['by'], rowsByAnchor: ReadonlyMap<string, TrailRow>): SecretPlace | null {
  for (const c of by) {
    const row = rowsByAnchor.get(c.anchor);
    if (row) return { file: row.file, line: row.line, rowId: row.id };
  }
  const first = by[0];
  return first ? { file: '', line: 0, rowId: first.rowId } : null;
}

/**
 * Finds the secrets of a project: in `records` (every text of its records: rows, invalid
 * records, quality and coordination records, handover, …) and in the files and commits
 * `cited` names, read from `sources`. Never throws for bad input: an unreadable file or commit
 * is skipped (its page says why).
 */
export async function findProjectSecrets(records: unknown, cited: ProjectModel['cited'], rows: readonly TrailRow[], sources: CitedSources, settings: SecretSettings, settingsKey: string): Promise<ProjectSecrets> {
  const finds = new SecretFinds();
  await scanRecords(records, finds, settings);
  // A document's text (handover.md, a design document) is held without its lines: its place's
  // line is where the value first stands in the file.
  if (sources.recordText) {
    const read = new Map<string, Promise<string | null>>();
    for (const f of finds.list()) {
      for (const p of f.places) {
        if (p.line !== 0 || p.file === '') continue;
        let pending = read.get(p.file);
        if (!pending) read.set(p.file, (pending = sources.recordText(p.file)));
        const text = await pending;
        const at = text === null ? -1 : text.indexOf(f.value.split('\n')[0] as string);
        if (text !== null && at >= 0) p.line = lineAt(text, at);
      }
    }
  }
  // A document as written: what its rendering hides from the rules (only values not found already, at their line).
  if (sources.recordText && sources.documents && sources.documents.length > 0) {
    const docs: Array<{ file: string; text: string }> = [];
    for (const file of sources.documents) {
      const text = await sources.recordText(file);
      if (text !== null) docs.push({ file, text });
    }
    const known = new Set(finds.list().map((f) => f.value));
    const hits = await findSecrets(docs.map((d) => d.text), settings);
    for (const [i, list] of hits.entries()) {
      const { file, text } = docs[i] as { file: string; text: string };
      for (const h of list) {
        const value = text.slice(h.start, h.end);
        if (!known.has(value)) finds.add(value, h.kind, h.rule, [{ file, line: lineAt(text, h.start) }]);
      }
    }
  }
  const rowsByAnchor = new Map(rows.map((r) => [r.anchor, r]));
  // A repository file cited by many projects (a monorepo) is read and scanned once per process
  // (issue 30: it was once per citing project, most of the analysis of a real-shaped archive);
  // a project's own artifacts are read for it alone. Finds are added in the cited files' order.
  const repositoryFiles = sources.repository && sources.head ? await scanRepositoryFiles(sources.repository, sources.head, (cited.files as CitedFile[]).filter((f) => f.origin === 'repository'), settings, settingsKey) : new Map<string, Promise<FileSecret[]>>();
  const artifactTexts: CitedText[] = [];
  const artifactOf = new Map<CitedFile, CitedText>();
  for (const f of cited.files as CitedFile[]) {
    if (f.origin !== 'artifact' || !sources.artifacts) continue;
    const place = citingPlace(f.by, rowsByAnchor);
    if (!place) continue;
    const found = await sources.artifacts.lookup(f.path).catch(() => null);
    if (found?.status !== 'file' || found.text === null) continue;
    const text = citedFileText(f.path, found.text, 'in the project folder', place);
    artifactTexts.push(text);
    artifactOf.set(f, text);
  }
  const artifactFinds = await scanEach(artifactTexts, settings);
  for (const f of cited.files as CitedFile[]) {
    const place = citingPlace(f.by, rowsByAnchor);
    if (!place) continue;
    const artifact = artifactOf.get(f);
    const hits = artifact ? (artifactFinds.get(artifact) ?? []) : f.origin === 'repository' ? await (repositoryFiles.get(fileAtKey(f)) ?? Promise.resolve([])) : [];
    for (const hit of hits) finds.add(hit.value, hit.kind, hit.rule, [{ ...place, evidence: hit.evidence, ...(hit.secretFile ? { secretFile: true } : {}) }]);
  }
  if (sources.repository) {
    for (const c of cited.commits) {
      const place = citingPlace(c.by, rowsByAnchor);
      if (!place) continue;
      for (const hit of await scanCommit(sources.repository, sources.repositoryId ?? null, c.oid, settings, settingsKey, sources.commits)) finds.add(hit.value, hit.kind, hit.rule, [{ ...place, evidence: hit.evidence, ...(hit.secretFile ? { secretFile: true } : {}) }]);
    }
  }
  return { found: finds.list(), redaction: finds.redaction() };
}

/**
 * Files that are secrets by nature get no page (issue 29, scope 4): every pointer to one in
 * `model` (rows, invalid records, QA criteria, finding locations) keeps its verdict, which was
 * checked against git, but loses its link, its reason saying why; the cited files lose them.
 * In place.
 */
export function unlinkSecretFiles(model: ProjectModel): void {
  const stack: unknown[] = [model.rows, model.invalid, model.verdicts ?? null];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const v of node) stack.push(v);
      continue;
    }
    const record = node as Record<string, unknown>;
    const target = record['target'] as EvidencePointer['target'] | undefined;
    if (target?.type === 'file' && typeof record['reason'] === 'string' && isSecretFile(target.path)) {
      delete record['target'];
      record['reason'] = `${record['reason'] as string}; ${SECRET_FILE_NOTE}`;
      // The reason is no longer the one its kind named (src/lib/model/model-schema.ts `reasonKindSchema`).
      delete record['reasonKind'];
      continue;
    }
    for (const v of Object.values(record)) if (v !== null && typeof v === 'object') stack.push(v);
  }
  model.cited = { ...model.cited, files: model.cited.files.filter((f) => !isSecretFile(f.path)) };
}
