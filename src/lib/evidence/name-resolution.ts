/**
 * Resolves a cited name or test (spec/input.md section 3, `test` and `symbol`): in the file the
 * row names (in its code, not its comments; on the cited lines, or in the definition around
 * them; a pytest node id by scope; a member inside its owner) or, without a file, in the tree at
 * the landed head (tree-search.ts). A test title its file does not hold is the medium
 * `evidence/test-not-found`, unless the file names tests at run time or the row's commit held it.
 */
import type { EvidencePointer } from '../model/types.ts';
import { normaliseRelativePath } from './artifacts.ts';
import type { ClassifiedPointer } from './classify.ts';
import { type LineRange } from './path-shape.ts';
import { searchTree } from './tree-search.ts';
import { indexOfName, indexOfTitle } from './name-match.ts';
import { definitionAround, definitionLine, memberLine } from './definition-span.ts';
import { lineAtIndex, textLines } from '../text/line-breaks.ts';
import { pytestNames, pytestNodePlace } from './python-scope.ts';
import { commentSpans, inComment } from './comment-spans.ts';
import { type EvidenceContext } from './resolve-context.ts';
import { short, reworded, pointer, rangesText, rangeVerb, rangesOf, where } from './pointer-verdict.ts';
import { predated, followedRanges } from './row-readings.ts';
import { findFile } from './path-lookup.ts';
import { resolvePath } from './path-resolution.ts';
import { fullNameTitle, namesTestsAtRunTime, nestedTitle } from './test-titles.ts';

export async function resolveName(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer> {
  if ((p.rev !== undefined || p.tag !== undefined || p.moving !== undefined) && p.path !== undefined) return await nameAtCommit(p, ctx);
  const name = p.name as string;
  const what = p.kind === 'test' ? 'test' : 'name';
  if (p.path !== undefined) {
    // Lines that moved, unchanged, since the row was recorded: the name is looked for where they are now.
    const rel = rangesOf(p) !== null ? normaliseRelativePath(p.path) : null;
    const moved = rel ? await followedRanges(p, rel, ctx) : null;
    if (moved !== null) {
      const first = moved.now[0] as LineRange;
      const there = await resolveName({ ...p, from: first.from, to: first.to, ...(p.lines ? { lines: moved.now } : {}) }, { ...ctx, row: {} });
      const cited = `cited ${rangesText(rangesOf(p) as LineRange[]).replace(/^lines /, '')} at ${short(moved.commit)}; now ${rangesText(moved.now).replace(/^lines /, '')} at the landed head ${short(ctx.head as string)}, as ${rel} changed since`;
      return reworded(there, `${cited}: ${there.reason}`);
    }
    // The file (and the cited lines, when a line is given) must hold first.
    const file = await resolvePath({ ...p, kind: 'path' }, ctx, { asRecorded: false });
    if (file.status !== 'VERIFIED') return { ...file, kind: p.kind };
    const target = file.target;
    const path = target?.type === 'file' ? target.path : (normaliseRelativePath(p.path) as string);
    const found = target?.type === 'file' ? await findFile(path, ctx) : null;
    if (found?.status === 'file' && found.text !== null) {
      // A pytest node id: each name defined inside the one before, by indentation (python-scope.ts).
      const node = pytestNames(p);
      if (node !== null) return await pytestVerdict(p, node, path, found.text, found.origin, ctx);
      // A title is found where it opens a string, never in a comment (name-match.ts `indexOfTitle`); a name
      // is found in the file's code, not only in its comments (trust11: `// parseRow was removed` was VERIFIED).
      const find = p.titled ? indexOfTitle : indexOfName;
      const comments = commentSpans(path, found.text);
      const inCode = (at: number): number => {
        let i = at;
        while (i !== -1 && inComment(comments, i)) i = find(found.text as string, name, i + 1);
        return i;
      };
      const anywhere = find(found.text, name);
      // A cited line is checked as cited: the name on it counts wherever on it it is.
      let index = rangesOf(p) === null ? inCode(anywhere) : anywhere;
      if (index === -1 && p.titled) index = nestedTitle(found.text, name);
      if (index === -1 && p.titled) index = fullNameTitle(found.text, name);
      // `Parser.parse`: a member named by its owner, found inside the owner's definition (trust11: it was "not found").
      const dotted = index === -1 && rangesOf(p) === null ? /^([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)$/.exec(name) : null;
      // In Python, by scope (python-scope.ts), as a pytest id's names are.
      const scoped = dotted && path.endsWith('.py') ? pytestNodePlace(found.text, [dotted[1] as string, dotted[2] as string]) : null;
      if (scoped?.status === 'found') {
        return pointer(p, 'VERIFIED', `${what} found in ${path} at line ${scoped.line}, ${scoped.where}`, { target: { type: 'file', path, origin: found.origin, from: scoped.line, to: scoped.line } });
      }
      const member = dotted && scoped === null ? memberLine(found.text, dotted[1] as string, dotted[2] as string) : null;
      if (member !== null) {
        return pointer(p, 'VERIFIED', `${what} found in ${path} at line ${member.line}: ${(dotted as RegExpExecArray)[2]} inside the definition of ${(dotted as RegExpExecArray)[1]} (lines ${member.from}–${member.to})`, {
          target: { type: 'file', path, origin: found.origin, from: member.line, to: member.line },
        });
      }
      if (index === -1) {
        if (p.kind === 'test' && p.titled) return await titleNotFound(p, name, path, found.text, found.origin, ctx);
        if (anywhere !== -1) return pointer(p, 'INCONCLUSIVE', `${what} “${name}” is in ${path} only in a comment (line ${lineAtIndex(found.text, anywhere)}), not in its code`, target ? { target } : {});
        return pointer(p, 'INCONCLUSIVE', `${what} “${name}” not found in ${path}`, target ? { target } : {});
      }
      const ranges = rangesOf(p);
      if (ranges !== null) {
        // A cited line: the name must be on it (or within the cited ranges).
        const lines = textLines(found.text);
        for (const r of ranges) {
          for (let n = r.from; n <= r.to; n++) {
            if (find(lines[n - 1] ?? '', name) !== -1) return pointer(p, 'VERIFIED', `${what} found in ${path} at line ${n}`, { target: { type: 'file', path, origin: found.origin, from: n, to: n } });
          }
        }
        // The cited lines inside the name's definition (`src/state.ts:170-176 parseItem`: lines of its body): the name is cited there.
        const first = ranges[0] as LineRange;
        const last = ranges[ranges.length - 1] as LineRange;
        const body = p.kind === 'symbol' ? definitionAround(found.text, name, first.from, last.to) : null;
        if (body !== null) {
          return pointer(p, 'VERIFIED', `${rangesText(ranges)} of ${path} ${rangeVerb(ranges) === 'is' ? 'lies' : 'lie'} inside the definition of “${name}” (lines ${body.from}–${body.to})`, { target: { type: 'file', path, origin: found.origin, from: first.from, to: first.to } });
        }
        const elsewhere = lineAtIndex(found.text, index);
        return pointer(p, 'INCONCLUSIVE', `${what} “${name}” is not on ${rangesText(ranges)} of ${path} (first found at line ${elsewhere})`, target ? { target } : {});
      }
      // A name (or a one-word title) is shown where it is defined, when it is: not its first mention (a comment, an import).
      const line = (!p.titled || !/\s/.test(name) ? definitionLine(found.text, name) : null) ?? lineAtIndex(found.text, index);
      return pointer(p, 'VERIFIED', `${what} found in ${path} at line ${line}`, {
        target: { type: 'file', path, origin: found.origin, from: line, to: line },
      });
    }
    return pointer(p, 'INCONCLUSIVE', `${path} cannot be searched for “${name}”`, target ? { target } : {});
  }
  if (!ctx.repository || !ctx.head) return pointer(p, 'INCONCLUSIVE', ctx.problem ?? 'no repository');
  const hit = await searchTree(ctx.repository, ctx.head, name);
  if ('problem' in hit) return pointer(p, 'INCONCLUSIVE', hit.problem);
  if (hit.path === null) return pointer(p, 'INCONCLUSIVE', `${what} “${name}” not found in the tree at landed head ${short(ctx.head)}`);
  // A test only named somewhere (a plan, a note) is no test: not shown found (trust10).
  if (p.kind === 'test' && !hit.defined) return pointer(p, 'INCONCLUSIVE', `test “${name}” is named in ${hit.path} at line ${hit.line}, but defined nowhere in the tree at landed head ${short(ctx.head)}`, { target: { type: 'file', path: hit.path, origin: 'repository', from: hit.line, to: hit.line } });
  return pointer(p, 'VERIFIED', `${what} found in ${hit.path} at line ${hit.line}`, {
    target: { type: 'file', path: hit.path, origin: 'repository', from: hit.line, to: hit.line },
  });
}

/**
 * A name or test cited in a path at a commit (`src/p.ts:2 parseRow in v1`, `src/p.ts@175a435
 * parseRow`): the file and its lines are checked at that commit (as the path alone is), then the
 * name is looked for in the file as it was there, and the link lands on that version (trust16: the
 * name was looked for in the landed head's file, so a name moved since was “not on line 2”, and
 * one on the cited line only at the head was VERIFIED on a line the row never saw). A commit the
 * landed head does not reach keeps its notice.
 */
async function nameAtCommit(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer> {
  const file = await resolvePath({ ...p, kind: 'path' }, ctx);
  const at = file.target?.type === 'file' && file.target.origin === 'repository' ? file.target.at : undefined;
  if (file.status !== 'VERIFIED' || at === undefined) return { ...file, kind: p.kind };
  const { rev: _rev, ...atHead } = p;
  const there = await resolveName(atHead, { ...ctx, head: at, row: {} });
  const said = `commit ${short(at)}`;
  const reason = /at landed head/.test(there.reason) ? there.reason.replace(/at landed head(?: [0-9a-f]{7,40})?/g, `at ${said}`) : `${there.reason}, at ${said}`;
  const target = there.target?.type === 'file' && there.target.origin === 'repository' ? { ...there.target, at } : there.target;
  const moved = { ...there, reason, ...(target === undefined ? {} : { target }) };
  if (!file.notLanded || moved.status !== 'VERIFIED') return moved;
  // The notice the path at that commit got (path-resolution.ts `resolveAt`), said after the name's verdict.
  const notice = file.reason.indexOf(`commit ${short(at)} is not an ancestor`);
  return { ...moved, ...(notice === -1 ? {} : { reason: `${moved.reason}; ${file.reason.slice(notice)}` }), notLanded: true };
}

/**
 * A pytest node id (`tests/test_x.py::TestA::test_b`) checked by scope: VERIFIED where its last
 * name is defined inside the ones before (the reason says in which class); INCONCLUSIVE when its
 * class inherits from a class this file does not define (the test may be inherited); else the
 * medium `evidence/test-not-found` a test title missing from its file is, saying where the name
 * is defined instead (trust10: a `def test_b` in another class `TestB` was VERIFIED).
 */
async function pytestVerdict(p: ClassifiedPointer, names: string[], path: string, text: string, origin: 'repository' | 'artifact', ctx: EvidenceContext): Promise<EvidencePointer> {
  const place = pytestNodePlace(text, names);
  const last = names[names.length - 1] as string;
  if (place.status === 'found') return pointer(p, 'VERIFIED', `test found in ${path} at line ${place.line}, ${place.where}`, { target: { type: 'file', path, origin, from: place.line, to: place.line } });
  const cls = names[names.length - 2] as string;
  if (place.status === 'inherited') {
    const other = place.line !== undefined ? ` (a ${last} is defined at line ${place.line})` : '';
    return pointer(p, 'INCONCLUSIVE', `${last} is not defined in class ${cls} of ${path}, which inherits from ${place.bases.join(', ')}, not defined in this file: the test may be inherited${other}; not checked`, { target: { type: 'file', path, origin } });
  }
  const holds = (t: string): boolean => pytestNodePlace(t, names).status === 'found';
  return titleNotFound(p, p.name as string, path, text, origin, ctx, { holds, ...(place.elsewhere ? { detail: `${last} is defined at ${place.elsewhere}, not where the id names it` } : {}) });
}

/**
 * A test cited by its title in a named file that holds no such title (new-user trial, round 8:
 * it was INCONCLUSIVE and counted "not checkable", though it was looked for). The file is there
 * and was read, so the pointer resolves to something, but not to what it claims: NOT_VERIFIED,
 * the medium `evidence/test-not-found` (docs/checks.md, "The severity rule": commit-ambiguous and
 * self-citation are of that kind), counted as evidence that did not resolve. It stays
 * INCONCLUSIVE where the absence proves nothing (spec/input.md section 3: a test name is "found
 * in the tree at head (grep) or INCONCLUSIVE"): a file that names tests at run time, a title
 * that the commit which recorded the row held (renamed since), a head that predates the row.
 * `scoped`: a pytest node id's own test of a text (by scope) and what to add to the reason.
 */
async function titleNotFound(p: ClassifiedPointer, name: string, path: string, text: string, origin: 'repository' | 'artifact', ctx: EvidenceContext, scoped?: { holds: (text: string) => boolean; detail?: string }): Promise<EvidencePointer> {
  if (scoped === undefined && namesTestsAtRunTime(text)) return pointer(p, 'INCONCLUSIVE', `test “${name}” not found as written in ${path}, which names some of its tests at run time (\`.each\`, a template title)`);
  // The commit that recorded the row, or for a trail never committed the head's commit of the
  // row's time (trust14: a title renamed after such a row was a medium flag, INCONCLUSIVE for a committed row).
  const dated = ctx.row?.recordedIn === undefined ? ctx.row?.dated : undefined;
  const commit = ctx.row?.recordedIn ?? dated?.oid;
  if (origin === 'repository' && ctx.repository && ctx.head && commit !== undefined && commit !== ctx.head) {
    const then = await ctx.repository.lookupPath(commit, path);
    const thenText = then.status === 'blob' ? await ctx.repository.blobText(then.oid) : null;
    if (thenText?.status === 'text' && (scoped ? scoped.holds(thenText.text) : indexOfTitle(thenText.text, name) !== -1 || nestedTitle(thenText.text, name) !== -1 || fullNameTitle(thenText.text, name) !== -1)) {
      const which = dated !== undefined ? `the landed head's line when this row was written (committed ${dated.ts}; the trail is not committed with the repository, so its time tells)` : 'the commit that recorded this row';
      return pointer(p, 'INCONCLUSIVE', `test “${name}” was in ${path} at ${short(commit)}, ${which}; it is not there at the landed head ${short(ctx.head)} (renamed or removed since)`);
    }
  }
  return predated(pointer(p, 'NOT_VERIFIED', `test “${name}” not found in ${path} ${where(origin)}${scoped?.detail ? `: ${scoped.detail}` : ''}`, { fault: 'evidence/test-not-found' }), ctx);
}
