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
import { citedCommitTexts, citedFileText, lineAt, redactCommit, scanCitedTexts, type CitedText } from './evidence-secrets.ts';
import type { CommitDetails } from '../git/commit-details.ts';
import type { Redaction } from './redaction.ts';

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
      // A commit that cannot be read is not scanned (its page says why it cannot be shown).
      const details = await describeCommit(repository, oid).catch((error: unknown) => ({ problem: (error as Error).message }));
      let found: CommitSecret[] = [];
      if ('oid' in details) {
        const finds = new SecretFinds();
        await scanCitedTexts(citedCommitTexts(details, { file: '', line: 0 }), finds, settings);
        found = finds.list().flatMap((f) => f.places.map((p) => ({ value: f.value, kind: f.kind, rule: f.rule, evidence: p.evidence ?? '', secretFile: p.secretFile === true })));
      }
      // Stored for its page; a store that cannot be written only means the page reads it again.
      if (store && repoId !== null && !(await store.has(repoId, oid).catch(() => true))) {
        const published = 'oid' in details ? await redactCommit(details, settings) : details;
        await store.write(repoId, oid, published).catch(() => undefined);
      }
      return found;
    })();
    if (commitScans.size >= MAX_COMMIT_SCANS) commitScans.clear();
    commitScans.set(key, pending);
  }
  return pending;
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
  const rowsByAnchor = new Map(rows.map((r) => [r.anchor, r]));
  const texts: CitedText[] = [];
  for (const f of cited.files as CitedFile[]) {
    const place = citingPlace(f.by, rowsByAnchor);
    if (!place) continue;
    let text: string | null = null;
    if (f.origin === 'repository' && sources.repository && sources.head) text = await repositoryFileText(sources.repository, sources.head, f.path).catch(() => null);
    else if (f.origin === 'artifact' && sources.artifacts) {
      const found = await sources.artifacts.lookup(f.path).catch(() => null);
      text = found?.status === 'file' ? found.text : null;
    }
    if (text !== null) texts.push(citedFileText(f.path, text, f.origin === 'repository' ? 'at the landed head' : 'in the project folder', place));
  }
  await scanCitedTexts(texts, finds, settings);
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
      continue;
    }
    for (const v of Object.values(record)) if (v !== null && typeof v === 'object') stack.push(v);
  }
  model.cited = { ...model.cited, files: model.cited.files.filter((f) => !isSecretFile(f.path)) };
}
