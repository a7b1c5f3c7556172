/**
 * An excerpt of a cited artifact: a file of the project folder, not of its repository
 * (src/lib/evidence/artifacts.ts), cut like a repository file's (src/lib/git/file-excerpt.ts).
 */
import { excerptText, type FileExcerpt } from '../git/file-excerpt.ts';
import type { ArtifactFolder } from './artifacts.ts';

/** The artifact in the project folder, excerpted around `ranges`. */
export async function artifactFileExcerpt(folder: ArtifactFolder, path: string, ranges: ReadonlyArray<{ from: number; to: number }>): Promise<FileExcerpt | { problem: string }> {
  const found = await folder.lookup(path);
  if (found.status !== 'file') return { problem: `${path} is not a file in the project folder` };
  if (found.text === null) return { path, totalLines: 0, bytes: 0, windows: [], note: 'binary or very large file: not shown' };
  return excerptText(path, found.text, ranges);
}
