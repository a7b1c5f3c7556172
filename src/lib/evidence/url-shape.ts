/**
 * URLs in evidence (spec/input.md section 3: "URL: recorded, never fetched"; issue 13, items 2
 * and 4). A URL with a scheme is recorded; only http(s) ever becomes a link. A script or data
 * URL (`javascript:`, `data:`, `vbscript:`) is never a pointer: it is flagged. A `file:` URL
 * names a file of the machine that ran (`file:///tmp/playwright-report/index.html`): it is the
 * absolute path it names ({@link fileUrlPath}), never a link. A host written without a scheme
 * (`careertech.org/career-clusters`, `cie.nuaa.edu.cn/2022/…`) is a URL too, not a path. Pure.
 */
import { EXTENSIONS } from './path-shape.ts';

/** `https://…`, `ssh://…`: a scheme, `://`, then no space; or `mailto:…`. */
export const URL_RE = /^(?:[a-z][a-z0-9+.-]*:\/\/|mailto:)\S+$/i;

/**
 * `git@github.com:acme/proj.git`: a git remote in scp form (`user@host:path`), which names a
 * repository as a URL does (trial E, finding 3). The path has a `/` or ends in `.git`, so an
 * address followed by a colon (`ada@example.com:`) is not one.
 */
const SCP_REMOTE = /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+:[\w.~-]+(?:\/[\w.~-]+)*\/?$/;

/** Whether a token is a git remote in scp form (see {@link SCP_REMOTE}). */
export function isScpRemote(token: string): boolean {
  if (!SCP_REMOTE.test(token)) return false;
  const path = token.slice(token.indexOf(':') + 1);
  return path.includes('/') || /\.git$/i.test(path);
}

/**
 * Schemes that run or embed content instead of pointing at it. Read without regard to case,
 * to spaces or control characters before the colon (browsers drop them), and only when
 * something follows the colon (`data: 362 cells` is a label, not a URL). `file:` is not one: it
 * points at a file, as an absolute path does ({@link fileUrlPath}; trial7: `file:///etc/passwd`
 * was a high `evidence/unsafe-url`, "runs or embeds content", while `/etc/passwd` was
 * INCONCLUSIVE with no flag).
 */
const UNSAFE_SCHEME = /^[\s\u0000-\u001f]*(javascript|vbscript|data)[\s\u0000-\u001f]*:(?=\S)/i;

/** The unsafe scheme a text starts with (`javascript`), or null. */
export function unsafeScheme(text: string): string | null {
  const m = UNSAFE_SCHEME.exec(text);
  return m ? (m[1] as string).toLowerCase() : null;
}

/**
 * The absolute path a `file:` URL of this machine names (`file:///tmp/a%20b.html` →
 * `/tmp/a b.html`, `file:/tmp/x.log`, `file://localhost/tmp/x.log`), or null: not such a URL,
 * another host (`file://server/share/x`), a query, no path, or escapes that do not decode. The
 * scheme is read without regard to case; nothing is opened.
 */
export function fileUrlPath(token: string): string | null {
  if (!/^file:\//i.test(token) || /[\s\u0000-\u001f]/.test(token)) return null;
  let url: URL;
  try {
    url = new URL(token);
  } catch {
    return null;
  }
  if (url.protocol !== 'file:' || (url.hostname !== '' && url.hostname.toLowerCase() !== 'localhost') || url.search !== '' || url.pathname === '/') return null;
  try {
    const path = decodeURIComponent(url.pathname);
    return path.startsWith('/') && !path.includes('\u0000') ? path : null;
  } catch {
    return null;
  }
}

/**
 * Top-level domains a scheme-less URL may end its host with. Those that are also file
 * extensions (`.md`, `.rs`, `.sh`, `.py`) are left out: `lib.rs` is a file.
 */
const TLDS: ReadonlySet<string> = new Set(
  (
    'com org net edu gov mil int io dev app co me info biz xyz cloud site tech page online blog wiki news ' +
    'uk de fr jp cn kr ru br au ca nl se no fi dk es it ch at be cz tw hk sg nz eu us ie il za mx ar tr ua ' +
    'vn th id my ph gr pt ro hu sk si lt lv ee is lu'
  )
    .split(' ')
    .filter((t) => !EXTENSIONS.has(t)),
);

const COMMON: ReadonlySet<string> = new Set(['com', 'org', 'net', 'io', 'dev', 'edu', 'gov', 'app']);

/**
 * Whether a token is a URL written without a scheme: its first `/`-segment is a host of two or
 * more labels ending in a known top-level domain (`careertech.org/career-clusters`,
 * `maven.minecraftforge.net`).
 */
export function isSchemelessUrl(token: string): boolean {
  const host = token.split('/')[0] as string;
  if (host.length > 253 || !/^[a-z0-9](?:[a-z0-9-]{0,62}\.)+[a-z]{2,24}$/i.test(host)) return false;
  const labels = host.toLowerCase().split('.');
  const tld = labels[labels.length - 1] as string;
  if (!TLDS.has(tld)) return false;
  // A bare `name.tld` without a path is a host only for the common domains (`notes.xyz` may be a file).
  return token.includes('/') || labels.length >= 3 || COMMON.has(tld);
}
