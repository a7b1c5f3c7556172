/**
 * The rules that read the words of one list item of an evidence cell (spec/input.md section 3;
 * issue 13, items 1 and 2; issue 31: a table of small rules, like the checks). Each rule looks
 * at the word being read (with the words around it) and either takes it — pushing the
 * pointers it makes, moving past any further words it used — or leaves it to the next rule. A
 * word no rule takes is kept in the note. The rules run in the order of {@link WORD_RULES};
 * the order matters where shapes overlap (a SHA range before a path, a reference before a
 * colour). Pure; every pattern is linear (tests/unit/regex-linearity.test.ts).
 */
import type { ClassifiedPointer } from './classified-pointer.ts';
import { expandBraces } from './brace-paths.ts';
import { COMMIT_WORDS, ID_NOUNS, looksLikeSha, movingRevision, rangeFields, shaAncestry, shaRange } from './hex-shape.ts';
import { hasFileName, isGlob, isTestFile, isTestStem, lineRange, splitLineSuffix, backslashPath, type LineRange } from './path-shape.ts';
import { isScpRemote, isSchemelessUrl, unsafeScheme, URL_RE } from './url-shape.ts';
import { trimChars, trimEndChars } from '../text/trim-chars.ts';
import {
  ARCHIVE_WORDS,
  backslashPointer,
  fileUrlPointer,
  folderOf,
  hasPlaceholder,
  isCitedName,
  calledName,
  isHexId,
  isSessionFile,
  isVariablePath,
  LETTER_WORDS,
  LINE_AFTER,
  moreLines,
  linesListBefore,
  LINE_BEFORE,
  pathPointer,
  pathToken,
  referenceAt,
  RUBRIC_RE,
  revisionPathPointer,
  RUST_PATH,
  SNAKE_TEST,
  tokenPointer,
  trimToken,
  type CellContext,
} from './word-tokens.ts';

/** The state of reading one item, word by word; the loop (segment-words.ts) sets the word fields before each word. */
export interface WordScan {
  readonly words: readonly string[];
  /** Index of the word being read. A rule that takes more words sets it to the last one it took. */
  i: number;
  /** The word as written, and trimmed of quotes, brackets and sentence marks. */
  word: string;
  token: string;
  lower: string;
  /** The word before, trimmed and in lower case (`''` first), and the next word trimmed. */
  prev: string;
  nextWord: string | undefined;
  /** Whether the word holds a round bracket. */
  bracketed: boolean;
  readonly pointers: ClassifiedPointer[];
  /** Words kept for the note, in order. */
  readonly leftover: string[];
  readonly ctx: CellContext;
  /** The item holds a colour (`#f3ead9`): then `#121212` is one too, not an issue. */
  readonly colours: boolean;
  /** Open brackets of a note after a pointer, and the pointer it belongs to. */
  parens: number;
  parensOwner: number | null;
}

/** One rule: its name, a real cell it reads (from ../shared/corpus/real, romerma/mstack or the issues), and the reading. */
export interface WordRule {
  name: string;
  /** A cell the rule reads, as written in a real trail or an issue. */
  example: string;
  /** Takes the word (true) or leaves it to the next rule (false). */
  read(s: WordScan): boolean;
}

/** Takes `count` more words after the current one. */
const skip = (s: WordScan, count: number): void => {
  s.i += count;
};

/** A plain word (`checked`, `the`) is prose: kept in the note without the tests below. */
const plainWord: WordRule = {
  name: 'plain word',
  example: 'main pushed, remote matches',
  read(s) {
    if (s.bracketed || s.words.length <= 1 || !/^[A-Za-z]{1,40}$/.test(s.token) || LETTER_WORDS.has(s.lower) || /^[a-f]{7,}$/i.test(s.token)) return false;
    s.leftover.push(s.word);
    return true;
  },
};

/** Words in brackets after a pointer are its note; files and SHAs in them are pointers inside it. */
const bracketNote: WordRule = {
  name: 'bracketed note',
  example: 'apps/web/src/* (FeedbackDialog, Sidebar, SidebarBugReportButton, feedbackDialogStore, feedbackGithubIssue, __root.tsx)',
  read(s) {
    const opens = s.bracketed ? (s.word.match(/\(/g) ?? []).length : 0;
    const closes = s.bracketed ? (s.word.match(/\)/g) ?? []).length : 0;
    if (s.parens === 0 && s.word.startsWith('(') && s.pointers.length > 0 && !/^\(?#?L\d/.test(s.word)) {
      s.parensOwner = s.pointers.length - 1;
      s.parens = opens;
    } else if (s.parens > 0) s.parens += opens;
    if (s.parens === 0) return false;
    s.parens = Math.max(0, s.parens - closes);
    s.leftover.push(s.word);
    const inner = tokenPointer(s.word, s.ctx);
    if (inner && s.parensOwner !== null) s.pointers.push({ ...inner, within: s.parensOwner });
    if (s.parens === 0) s.parensOwner = null;
    return true;
  },
};

/** A name with a placeholder in it (`<cache>/src`, `impl_<slug>.md`) is a name to fill in, not a pointer. */
const placeholder: WordRule = {
  name: 'placeholder',
  example: 'A done item whose only non-implementing row cites impl_<slug>.md as its evidence',
  read(s) {
    if (!hasPlaceholder(s.token)) return false;
    s.leftover.push(s.word);
    return true;
  },
};

/** `commit 294c114`, `sha 1b48`: after the word, 4 hex digits are enough. */
const commitWord: WordRule = {
  name: 'commit word',
  example: 'commit fed32c22',
  read(s) {
    if (!COMMIT_WORDS.has(s.lower) || s.nextWord === undefined || !/^[0-9a-f]{4,40}$/i.test(s.nextWord)) return false;
    s.pointers.push({ raw: `${s.token} ${s.nextWord}`, kind: 'commit', hex: s.nextWord.toLowerCase() });
    skip(s, 1);
    return true;
  },
};

/** `rubric#3`, `design/rubric.md:Clarity`: a row of the design rubric. */
const rubric: WordRule = {
  name: 'rubric row',
  example: 'rubric#3',
  read(s) {
    const m = RUBRIC_RE.exec(s.token);
    if (!m) return false;
    // Lines of the file, as for any path (`design/rubric.md#L8`, `:L8-L9`, `:8-9`): no criterion is
    // numbered `L8` or `8-9` (lead16: each was the fault "no rubric criterion matches “L8”").
    const lines = /^L\d+(?:C\d+)?(?:-L?\d+(?:C\d+)?)?$/i.test(m[1] as string) || /^\d+-\d+$/.test(m[1] as string);
    if (lines && !/^rubric/i.test(s.token)) return false;
    s.pointers.push({ raw: s.token, kind: 'rubric', path: 'design/rubric.md', criterion: m[1] as string });
    return true;
  },
};

/** `#13`, `PR 225`, `box/spout#53`, `finding F2`, `review r2 finding A`, `probe revF`: a reference. */
const reference: WordRule = {
  name: 'reference',
  example: 'box/spout#53; ClosedXML discussion #2023',
  read(s) {
    const found = s.colours && /^#\d{6}$/.test(s.token) ? null : referenceAt(s.words, s.i);
    if (!found) return false;
    s.pointers.push({ raw: found.raw, kind: 'reference' });
    skip(s, found.taken - 1);
    return true;
  },
};

/** `https://…`, a git remote in scp form, a script or data URL (never a pointer: resolution says so). */
const url: WordRule = {
  name: 'URL',
  example: 'https://code.claude.com/docs/en/plugins-reference substitution table and the bin/ row',
  read(s) {
    const local = fileUrlPointer(s.token);
    if (local !== null) s.pointers.push(local);
    else if (URL_RE.test(s.token)) s.pointers.push({ raw: s.token, kind: 'url', href: s.token });
    else if (isScpRemote(s.token)) s.pointers.push({ raw: s.token, kind: 'url', href: s.token, remote: true });
    else {
      const unsafe = unsafeScheme(s.token);
      if (!unsafe) return false;
      s.pointers.push({ raw: s.token, kind: 'url', href: s.token, unsafe });
    }
    return true;
  },
};

/** `fd4f3f4..331919e`: a range of commits. */
const commitRange: WordRule = {
  name: 'commit range',
  example: '7 commits fd4f3f4..331919e',
  read(s) {
    const range = shaRange(s.token);
    if (!range) return false;
    s.pointers.push({ raw: s.token, kind: 'commit', ...rangeFields(range) });
    return true;
  },
};

/** `HEAD~2`, `main~1`, `HEAD~2..HEAD`: a revision relative to a ref that moves (trust9; was prose). */
const movingRev: WordRule = {
  name: 'moving revision',
  example: 'HEAD~2..HEAD',
  read(s) {
    const ancestry = shaAncestry(s.token);
    if (ancestry !== null) {
      // `175a435^`: a commit named by its ancestry from a SHA, which does not move: walked and checked.
      s.pointers.push({ raw: s.token, kind: 'commit', hex: ancestry.hex, walk: ancestry.walk });
      return true;
    }
    if (!movingRevision(s.token, s.words.length === 1)) return false;
    s.pointers.push({ raw: s.token, kind: 'commit', moving: s.token });
    return true;
  },
};

/**
 * A hex word: beside a word naming an agent's record it is that record's id (`delegate
 * 66fda898`, `e8a6404a transcript`); after `at`, or shaped like a SHA, a commit. Otherwise
 * the later rules read it.
 */
const hexWord: WordRule = {
  name: 'hex word',
  example: 'e8a6404a transcript, dfbef519 transcript',
  read(s) {
    if (!isHexId(s.token)) return false;
    const nextLower = s.nextWord?.toLowerCase() ?? '';
    const last = s.pointers[s.pointers.length - 1];
    const afterIds = s.prev !== '' && last?.kind === 'reference' && isHexId(s.prev);
    if (ID_NOUNS.has(s.prev) || ID_NOUNS.has(nextLower) || afterIds || (s.ctx.ids && s.prev === '')) {
      s.ctx.ids = true;
      s.pointers.push({ raw: s.token, kind: 'reference' });
      return true;
    }
    if (s.prev === 'at' || looksLikeSha(s.token, s.words.length === 1)) {
      s.pointers.push({ raw: s.token, kind: 'commit', hex: s.lower });
      return true;
    }
    return false;
  },
};

/** `services::node_routing_service::tests::expired_owner…`: a Rust test path. */
const rustPath: WordRule = {
  name: 'Rust test path',
  example: 'services::node_routing_service::tests::expired_owner_fences_a_stale_local_socket',
  read(s) {
    if (!RUST_PATH.test(s.token)) return false;
    s.pointers.push({ raw: s.token, kind: 'test', name: s.token.split('::').pop() as string });
    return true;
  },
};

/** What follows a Python file in a pytest node id: test names joined by `::`, then an optional parametrized case id (`[1-2]`). */
const PYTEST_NAMES = /^([A-Za-z_]\w{0,199}(?:::[A-Za-z_]\w{0,199}){0,7})(?:\[[^\s\]]{0,200}\])?$/;

/**
 * `tests/test_auth.py::TestAuth::test_logout`, `tests/test_a.py::test_sum[1-2]`: a pytest node id,
 * as pytest prints it and takes it, so as agents paste it (trust8: it was a medium
 * `evidence/prose` on a real test). A test named in that file (spec/input.md section 3, `test`:
 * "test name exists in tree"), its class and function read as a nested title
 * (`TestAuth > test_logout`), each in order; the case id is made at run time and not looked for.
 */
const pytestNode: WordRule = {
  name: 'pytest node id',
  example: 'tests/test_auth.py::TestAuth::test_logout',
  read(s) {
    const at = s.token.indexOf('::');
    if (at < 4) return false;
    const file = s.token.slice(0, at);
    const names = PYTEST_NAMES.exec(s.token.slice(at + 2));
    if (names === null || !file.endsWith('.py') || !pathToken(file)) return false;
    s.pointers.push({ raw: s.token, kind: 'test', path: file, name: (names[1] as string).split('::').join(' > '), titled: true });
    return true;
  },
};

/** `bbc75ed2.jsonl`, `$HOME/x.sh`: a session file or a path under a shell variable, outside the repository. */
const sessionOrVariable: WordRule = {
  name: 'session file or variable path',
  example: 'bbc75ed2.jsonl, 0c414163.jsonl',
  read(s) {
    if (!isSessionFile(s.token) && !isVariablePath(s.token)) return false;
    s.pointers.push({ raw: s.token, kind: 'ephemeral', path: s.token });
    return true;
  },
};

/** `/tmp/…`, `~/…`: an absolute path; a relative path right after an absolute folder is inside it. */
const absolutePath: WordRule = {
  name: 'absolute path',
  example: '/tmp/t3ref/t3code apps/server/src/provider/Layers/ProviderSessionReaper.ts',
  read(s) {
    const { token, nextWord } = s;
    if (!((token.startsWith('/') || token.startsWith('~/')) && token.length > 1 && (pathToken(token.slice(1)) || /^~?\/[\p{L}\p{N}_.+~-]+\/?$/u.test(token) || token.startsWith('~/')))) return false;
    const dir = trimEndChars(token, '/');
    const inside = !hasFileName(dir) && nextWord !== undefined && !nextWord.startsWith('/') && nextWord.includes('/') && pathToken(nextWord) ? nextWord : null;
    s.pointers.push({ raw: token, kind: 'ephemeral', path: token });
    if (inside) {
      s.pointers.push({ raw: inside, kind: 'ephemeral', path: `${dir}/${splitLineSuffix(inside).path}` });
      s.ctx.folders.push(folderOf(`${dir}/${inside}`) ?? dir);
      skip(s, 1);
    } else s.ctx.folders.push(folderOf(token) ?? dir);
    return true;
  },
};

/** A test function named alone at the start (`pinned_vulkan_runtime_archive_installs`), or before the word `test` (`crash_mid_turn test fails`). */
const snakeTest: WordRule = {
  name: 'test function',
  example: 'pinned_vulkan_runtime_archive_installs',
  read(s) {
    if (!((s.i === 0 && SNAKE_TEST.test(s.token)) || (/^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/.test(s.token) && s.nextWord?.toLowerCase() === 'test'))) return false;
    s.pointers.push({ raw: s.token, kind: 'test', name: s.token });
    return true;
  },
};

/** A title in double, single or curly quotes opening `text`, its closing quote ending a word: the title and its text as written. */
function quotedTitle(text: string): { name: string; written: string } | null {
  const m = /^"([^"]{1,400})"(?=$|[\s,;:.)])/.exec(text) ?? /^'([^']{1,400})'(?=$|[\s,;:.)])/.exec(text) ?? /^“([^”]{1,400})”(?=$|[\s,;:.)])/.exec(text);
  return m === null ? null : { name: m[1] as string, written: m[0] };
}

/** The quoted words after word `i` (up to 40), or null. */
const quotedAfter = (s: WordScan): RegExpExecArray | null => {
  const text = s.words.slice(s.i + 1, s.i + 41).join(' ');
  // In double or curly quotes too (trust11: `a.test "title"` dropped the title, `e2e "title"` was prose).
  return /^'([^']+)'/.exec(text) ?? /^"([^"]{1,400})"(?=$|[\s,;:.)])/.exec(text) ?? /^“([^”]{1,400})”(?=$|[\s,;:.)])/.exec(text);
};

/** `convert.test`, and `excel.test 'SINGLE_COLUMN only when…'` (a test named in that file). */
const testStem: WordRule = {
  name: 'test file without its extension',
  example: "excel.test 'SINGLE_COLUMN only when…'",
  read(s) {
    if (!isTestStem(s.token)) return false;
    const quoted = quotedAfter(s);
    const p: ClassifiedPointer = { raw: s.token, kind: 'path', path: s.token, stem: true };
    if (quoted) {
      const name = trimChars(quoted[1] as string, '.…').trim();
      s.pointers.push({ ...p, raw: `${s.token} ${quoted[0]}`, kind: 'test', name, titled: true });
      skip(s, (quoted[1] as string).split(/\s+/).length);
    } else s.pointers.push(p);
    return true;
  },
};

/** `e2e 'drops a file'`, `unit 'parses'`: a test named by its title. */
const quotedTest: WordRule = {
  name: 'quoted test title',
  example: "e2e 'a cell over 1,000 characters...'; fails with the view change stashed",
  read(s) {
    const quoted = /^(?:e2e|unit|test|tests|spec)$/i.test(s.token) ? quotedAfter(s) : null;
    if (!quoted) return false;
    s.pointers.push({ raw: `${s.token} ${quoted[0]}`, kind: 'test', name: trimChars(quoted[1] as string, '.…').trim() });
    skip(s, (quoted[1] as string).split(/\s+/).length);
    return true;
  },
};

/** `cie.nuaa.edu.cn/16526/list.htm`: a URL written without its scheme. */
const schemelessUrl: WordRule = {
  name: 'URL without a scheme',
  example: 'cie.nuaa.edu.cn/2022/0331/c16536a279145 cie.nuaa.edu.cn/16526/list.htm',
  read(s) {
    if (s.token.includes('/') && !s.token.split('/')[0]?.includes('.')) return false;
    if (!isSchemelessUrl(s.token)) return false;
    s.pointers.push({ raw: s.token, kind: 'url', href: s.token, schemeless: true });
    return true;
  },
};

/** `src\a.ts`: a path written with Windows separators. */
const windowsPath: WordRule = {
  name: 'path with backslashes',
  example: 'src\\a.ts',
  read(s) {
    const slashed = backslashPath(s.token);
    if (slashed === null) return false;
    s.pointers.push(backslashPointer(s.token, slashed, s.ctx));
    return true;
  },
};

/** `.tool/progress/design_{candidate-a,candidate-b,judge}.md`: one path per expansion, each to be found (issue 26, scope 6). */
const bracePath: WordRule = {
  name: 'brace path',
  example: '.tool/progress/design_{candidate-a,candidate-b,judge}.md',
  read(s) {
    const paths = expandBraces(s.token);
    if (paths === null || !paths.every((p) => pathToken(p) && (hasFileName(splitLineSuffix(p).path) || p.includes('/')))) return false;
    for (const p of paths) s.pointers.push(pathPointer(p, p, s.ctx));
    return true;
  },
};

/**
 * A path at a commit written as git writes it (`9946590:docs/DESIGN.md:294`, what `git show`
 * takes): the path (and its lines) at that commit, as `docs/DESIGN.md:294 in 9946590` is.
 * Before, the word was prose, and real evidence raised `evidence/prose` (fresh trial).
 */
const revisionPath: WordRule = {
  name: 'path at a commit',
  example: '9946590:docs/DESIGN.md:294 (the plan as first written)',
  read(s) {
    const p = revisionPathPointer(s.token, s.ctx);
    if (p === null) return false;
    s.pointers.push(p);
    return true;
  },
};

/**
 * The revision relative to a ref that moves written after a path (`in HEAD~1`, `at main~2`,
 * `(HEAD~1)`: hex-shape.ts `movingRevision`), and how many words it takes; null otherwise.
 */
function movingAfter(first: string | undefined, second: string | undefined): { moving: string; taken: number } | null {
  if (first === undefined) return null;
  const bracketed = /^\(([^()\s]{1,120})\)[,;.]?$/.exec(first);
  if (bracketed && movingRevision(bracketed[1] as string)) return { moving: bracketed[1] as string, taken: 1 };
  const rev = second === undefined ? '' : trimToken(second);
  if (/^(?:in|at)$/i.test(trimToken(first)) && rev !== '' && movingRevision(rev)) return { moving: rev, taken: 2 };
  return null;
}

/**
 * A path, with what is written around it: inside an archive (`jar META-INF/…`), its lines in
 * words (`line 40 of src/a.ts`, `src/a.ts lines 9-12`), a revision (`docs/DESIGN.md:294 in
 * 9946590`), a name cited in it before (`classifyStageGesture in src/stage-model.js`) or after
 * (`src/a.ts parseRow`, `index.html #prev #next`, `overview.md PR 18.6`).
 */
const path: WordRule = {
  name: 'path',
  example: 'src/macro_ui/inspector.rs FlowEdit::Action',
  read(s) {
    const { token, words, leftover, pointers, ctx } = s;
    if (!pathToken(token)) return false;
    if (ARCHIVE_WORDS.has(s.prev) || token.startsWith('META-INF/')) {
      pointers.push({ raw: token, kind: 'path', path: splitLineSuffix(token).path, archive: true });
      return true;
    }
    const p = pathPointer(token, token, ctx);
    if (p.kind === 'ephemeral') {
      pointers.push(p);
      return true;
    }
    let raw = token;
    if (p.from === undefined) {
      const before = LINE_BEFORE.exec(leftover.slice(-6).join(' '));
      const listBefore = before === null ? linesListBefore(leftover.slice(-20)) : null;
      const after = LINE_AFTER.exec(words.slice(s.i + 1, s.i + 6).join(' '));
      // Digits as written past a number's exact range (`line 12345678901234567890 of src/a.ts`) travel in `lines`.
      const setRange = (from: string, to: string | undefined): void => {
        const range = lineRange(from, to);
        p.from = range.from;
        p.to = range.to;
        if (range.written !== undefined) p.lines = [range];
      };
      if (before) {
        setRange((before[1] ?? before[3]) as string, before[2] ?? before[4]);
        const taken = before[0].trim().split(/\s+/).length;
        raw = `${leftover.splice(leftover.length - taken, taken).join(' ')} ${token}`;
      } else if (listBefore) {
        // `lines 12 and 40 of src/a.ts`: every range of the list.
        p.lines = listBefore.ranges.map((r) => lineRange(r.from, r.to));
        p.from = (p.lines[0] as LineRange).from;
        p.to = (p.lines[0] as LineRange).to;
        raw = `${leftover.splice(leftover.length - listBefore.taken, listBefore.taken).join(' ')} ${token}`;
      } else if (after) {
        setRange((after[1] ?? after[3]) as string, after[2] ?? after[4]);
        const taken = after[0].trim().split(/\s+/).length;
        raw = [token, ...words.slice(s.i + 1, s.i + 1 + taken)].join(' ');
        skip(s, taken);
      }
    }
    // `lines 12 and 40`, `src/a.ts:12, 40`: more lines or ranges ending the item are cited too.
    const rest = words.slice(s.i + 1, s.i + 18);
    const comma = (words[s.i] as string).endsWith(',');
    const more = p.from !== undefined && !p.lines?.some((r) => r.open) && rest.length > 0 && s.i + 18 >= words.length ? moreLines(`${comma ? ', ' : ' '}${rest.join(' ')}`) : null;
    if (more !== null) {
      p.lines = [...(p.lines ?? [{ from: p.from as number, to: p.to ?? (p.from as number) }]), ...more.map((m) => lineRange(m.from, m.to))];
      raw = `${raw}${comma && !raw.endsWith(',') ? ',' : ''} ${trimEndChars(rest.join(' '), '.')}`;
      // A closing bracket of the sentence around it (`(src/a.ts:12, 40)`) is not the pointer's.
      if (raw.endsWith(')') && raw.split(')').length > raw.split('(').length) raw = raw.slice(0, -1);
      skip(s, rest.length);
    } else if (p.from !== undefined && p.from === p.to && p.lines === undefined && raw === token) {
      // `src/a.ts:3 to 50`: the end of the range in words (trust9: it was a note, so the file's
      // line 3 showed VERIFIED for a range past its end). Only when the number ends the item.
      const joiner = words[s.i + 1] === undefined ? '' : (words[s.i + 1] as string).toLowerCase();
      const end = words[s.i + 2] === undefined ? '' : trimEndChars(words[s.i + 2] as string, ').,;');
      if (/^(?:to|through|thru|-|–|‑|‒|—|−)$/.test(joiner) && /^L?\d{1,24}$/.test(end) && s.i + 3 >= words.length) {
        const range = lineRange(String(p.from), end.replace(/^L/, ''));
        p.from = range.from;
        p.to = range.to;
        if (range.written !== undefined) p.lines = [range];
        raw = [token, ...words.slice(s.i + 1, s.i + 3)].join(' ');
        skip(s, 2);
      }
    }
    p.raw = raw;
    // `path in <sha>`, `path at <sha>`: the path at that commit.
    const revWord = words[s.i + 1] === undefined ? '' : trimToken(words[s.i + 1] as string).toLowerCase();
    const rev = words[s.i + 2] === undefined ? '' : trimToken(words[s.i + 2] as string);
    if ((revWord === 'in' || revWord === 'at') && /^[0-9a-f]{7,40}$/i.test(rev)) {
      p.rev = rev.toLowerCase();
      p.raw = `${raw} ${words[s.i + 1]} ${rev}`;
      skip(s, 2);
    } else if (p.rev === undefined && p.moving === undefined && movingAfter(words[s.i + 1], words[s.i + 2]) !== null) {
      // `src/a.ts:2 in HEAD~1`, `src/a.ts:2 (HEAD~1)`: at a revision relative to a ref that moves, never checked
      // at the landed head (trust16: the lines were VERIFIED there, on a version the row never cited).
      const after = movingAfter(words[s.i + 1], words[s.i + 2]) as { moving: string; taken: number };
      p.moving = after.moving;
      p.raw = [raw, ...words.slice(s.i + 1, s.i + 1 + after.taken).map((w) => w.replace(/[,;.]$/, ''))].join(' ');
      skip(s, after.taken);
    } else if (p.rev === undefined) {
      // `src/a.ts:12 (abc1234)`: the commit in brackets after a path is where it is cited, as `in abc1234` is
      // (trust10: it was read as a name to look for in the file, so a made-up commit raised nothing);
      // `(HEAD)`, `(main)`: at the head, as `src/a.ts@HEAD` is.
      const bracketed = /^\(([0-9a-f]{7,40}|HEAD|main|master|trunk)\)[,;.]?$/.exec(words[s.i + 1] ?? '');
      if (bracketed && (!/^[0-9a-f]+$/i.test(bracketed[1] as string) || looksLikeSha(bracketed[1] as string))) {
        if (/^[0-9a-f]+$/i.test(bracketed[1] as string)) p.rev = (bracketed[1] as string).toLowerCase();
        p.raw = `${raw} (${bracketed[1]})`;
        skip(s, 1);
      }
    }
    const kind = isTestFile(p.path as string) ? 'test' : 'symbol';
    // `tests/a.test.ts "reads a row"`: a quoted title after a test file is a test in that file, checked as
    // `tests/a.test.ts > reads a row` is (trust11: it was the file's note, so the file alone showed VERIFIED).
    const title = kind === 'test' && p.from === undefined && p.rev === undefined && p.name === undefined ? quotedTitle(words.slice(s.i + 1, s.i + 41).join(' ')) : null;
    if (title !== null) {
      const name = trimChars(title.name, '.…').trim();
      if (name !== '') {
        pointers.push({ ...p, raw: `${p.raw} ${title.written}`, kind, name, titled: true });
        skip(s, title.written.split(/\s+/).length);
        // `tests/a.test.ts "reads a row" and "keeps order"`: each further title is a test in that file too.
        for (;;) {
          const joined = /^(?:and|&)$/i.test(words[s.i + 1] ?? '');
          if (!joined && !(words[s.i] as string).endsWith(',')) break;
          const at = s.i + 1 + (joined ? 1 : 0);
          const next = quotedTitle(words.slice(at, at + 40).join(' '));
          const more = next === null ? '' : trimChars(next.name, '.…').trim();
          if (next === null || more === '') break;
          pointers.push({ ...p, raw: `${p.path} ${next.written}`, kind, name: more, titled: true });
          s.i = at - 1;
          skip(s, next.written.split(/\s+/).length);
        }
        return true;
      }
    }
    // `classifyStageGesture in src/stage-model.js`: a name cited in the file.
    const preposition = leftover[leftover.length - 1] ?? '';
    const cited = leftover.length >= 2 && /^(?:in|of)$/i.test(preposition) ? trimToken(leftover[leftover.length - 2] as string) : '';
    if (cited !== '' && isCitedName(cited) && !isGlob(p.path as string)) {
      leftover.splice(leftover.length - 2, 2);
      pointers.push({ ...p, raw: `${cited} ${preposition} ${p.raw}`, kind, name: calledName(cited) });
      return true;
    }
    pointers.push(p);
    // Names cited in the file, up to the end of the phrase (a word ending in `:` or `,` ends it:
    // `src/lifecycle.ts TRANSITIONS: in_progress -> reviewing` cites one name).
    let first = true;
    while (s.i + 1 < words.length && !isGlob(p.path as string) && !/[:,;]$/.test(words[s.i] as string)) {
      // A quoted phrase after the path (`src/cli.ts:477-478 'Refused here …'`) is its note, not a name.
      if (/^['"`]/.test(words[s.i + 1] as string)) break;
      const nextToken = trimToken(words[s.i + 1] as string);
      const html = /^#[A-Za-z][\w-]*$/.test(nextToken) && /\.(?:html?|css|scss|vue|svelte|astro|jsx|tsx)$/i.test(p.path as string);
      if (!html && !isCitedName(nextToken)) break;
      let name = html ? nextToken.slice(1) : calledName(nextToken);
      let cite = nextToken;
      // `src/a.ts:2 (v1)`: a name in brackets is written as it is, and may be the ref the path is cited at (`bracketed`).
      const bracketed = !html && first && (words[s.i + 1] as string).replace(/[,;.]$/, '') === `(${nextToken})` && name === nextToken;
      if (bracketed) cite = `(${nextToken})`;
      const number = words[s.i + 2] === undefined ? '' : trimToken(words[s.i + 2] as string);
      if (!html && /^\d+(?:\.\d+)*$/.test(number)) {
        name = `${nextToken} ${number}`;
        cite = name;
        skip(s, 1);
      }
      if (first) pointers[pointers.length - 1] = { ...p, raw: `${p.raw} ${cite}`, kind, name, ...(bracketed ? { bracketed: true as const } : {}) };
      else pointers.push({ ...p, raw: `${p.path} ${cite}`, kind, name });
      first = false;
      skip(s, 1);
    }
    // `src/p.ts:2 parseRow in <sha>`: the name's file at that commit, as `src/p.ts:2 in <sha>` is (trust16: the
    // commit was a pointer of its own, and the name was looked for in the landed head's file).
    const named = pointers[pointers.length - 1] as ClassifiedPointer;
    const atWord = words[s.i + 1] === undefined ? '' : trimToken(words[s.i + 1] as string).toLowerCase();
    const atSha = words[s.i + 2] === undefined ? '' : trimToken(words[s.i + 2] as string);
    if (named.name !== undefined && named.rev === undefined && named.path === p.path && (atWord === 'in' || atWord === 'at') && /^[0-9a-f]{7,40}$/i.test(atSha)) {
      pointers[pointers.length - 1] = { ...named, rev: atSha.toLowerCase(), raw: `${named.raw} ${words[s.i + 1]} ${atSha}` };
      skip(s, 2);
    } else if (named.name !== undefined && named.rev === undefined && named.moving === undefined && named.path === p.path) {
      const after = movingAfter(words[s.i + 1], words[s.i + 2]);
      if (after !== null) {
        pointers[pointers.length - 1] = { ...named, moving: after.moving, raw: [named.raw, ...words.slice(s.i + 1, s.i + 1 + after.taken).map((w) => w.replace(/[,;.]$/, ''))].join(' ') };
        skip(s, after.taken);
      }
    }
    return true;
  },
};

/**
 * The rules in the order they are tried. A word none takes is kept in the note. `plainWord`
 * and `bracketNote` come first (most words are plain; a bracketed note belongs to the pointer
 * before it), then the shapes from the most specific to the most general.
 */
export const WORD_RULES: readonly WordRule[] = [
  plainWord,
  bracketNote,
  placeholder,
  commitWord,
  rubric,
  reference,
  url,
  commitRange,
  movingRev,
  hexWord,
  rustPath,
  pytestNode,
  sessionOrVariable,
  absolutePath,
  snakeTest,
  testStem,
  quotedTest,
  schemelessUrl,
  windowsPath,
  bracePath,
  revisionPath,
  path,
];
