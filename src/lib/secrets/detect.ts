/**
 * The one place that decides what is secret (issue 29): {@link findSecrets} runs secretlint's
 * recommended rules (src/lib/secrets/secretlint-scan.ts), Trailbook's own rules
 * (own-rules.ts) and the configuration's patterns over a batch of texts, and drops the values
 * the configuration allows. Every output of the archive redacts what it decides
 * (docs/security.md, "Secrets").
 *
 * Cost: a text reaches secretlint and the own rules only when a cheap test finds a word a
 * secret of some rule holds (`://`, `token`, `ghp_`, `AKIA`, …: {@link mayHoldSecret}); one
 * secretlint call scans a whole batch. Every step is linear in the text.
 */
import { bracketedCredential, OWN_RULES, pgpassPassword, type SecretHit } from './own-rules.ts';
import { secretlintScan } from './secretlint-scan.ts';
import { endAtShortLine, isWrapHit, isWrapRule, joinWrapped, JWT_RULE, unjoined, wrappedPairs, type Joined } from './wrapped.ts';
import { decodeJsonEscapes, rawRange, type Decoded } from './json-escapes.ts';
import { decodePercentEscapes } from './url-escapes.ts';
import { encodedTexts, type EncodedText } from './base64-blobs.ts';
import { isPlaceholderSecret } from './values.ts';

export type { SecretHit } from './own-rules.ts';
import { DEFAULT_SECRET_SETTINGS, type SecretPattern, type SecretSettings } from '../config/secret-settings.ts';

/** A stable text of the settings, for cache digests (a changed allow list analyses again). */
export function secretSettingsKey(settings: SecretSettings): string {
  return JSON.stringify([settings.redact, [...settings.allow].sort(), settings.patterns.map((p) => [p.name, p.pattern])]);
}

/**
 * Words one of the rules needs to see before it can find a secret: key prefixes (`ghp_`,
 * `glpat-`, `xox`, `AKIA`), key names (`secret`, `token`, `password`, `api_key`) and `://`.
 * A text holding none of them cannot hold a secret any rule finds, so it is not scanned.
 * Every key ending the assignment rule reads (`KEY_ENDINGS` in own-rules.ts), joined by `_`,
 * `-`, `.` or nothing, holds one (sec9: `AccountKey=`, `SIGNING_KEY=`, `X-Api-Key:`, `db-pass=`
 * held none, so their values were published as written; tests/unit/secrets-trial-shapes.test.ts).
 * A URL kept as a path (`https:/user:password@host`, sec16) is named by its scheme and `:/`.
 */
const TRIGGER_WORDS = /:\/\/|(?:https?|s?ftps?|ssh|postgres|mysql|mariadb|mongodb|rediss?|amqps?|smtps?|ldaps?):\/|secret|token|passw|passphrase|pwd|[-_.]pw|[-_.]pass|(?:api|access|signing|encryption|master|account|client|session|app|hmac)[-_.]?key|private|credential|auth|npm_|xox|xapp|gh[pousr]_|github_pat|glpat|glc_|glsa_|sk-ant-|t3blbkfj|gsk_|hf_|lin_api|ntn_|ops_|hv[sbr]\.|vc[piark]_|dapi|dckr_|figd_|cf(?:k|ut|at)_|tskey|shp(?:pa|ca|at|ss)_|[sr]k_(?:live|test)|bearer|pypi-|do[por]_v1_|gocspx-|webhooks\/|-signature=|curl|sshpass|mysql|mariadb|key-|sentry\.io|sig=|login|mongo|redis-cli|gl(?:ptt|rt|dt|ft|soat|imt)-|hrku-|sntry[su]_|sbp_|sk-or-|xai-|pplx-|r8_|nvapi-|pmak-|clojars_|rubygems_|age-secret-key-|ya29\.|1\/\/0|sq0(?:atp|csp)-|dp\.pt\.|pul-|pscale_|fo1_|pnu_|xkeysib-|nrak-|cfpat-|dt0c01\.|lsv2_|glagent-|gloas-|glffct-|glcbt-|sha256~|rdme_|whsec_|django-insecure-|\.atlasv1\.|-us\d|[-_.]pat\b|requirepass|identified by|fm[12][ar]?_/i;
/** Prefixes whose case matters (`SG.` of SendGrid is not `msg.`). */
const TRIGGER_CASED = /YXBpVmVyc2lvbj|AKIA|A3T|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA|AIza|SG\.|-----BEGIN|eyJ|:AA|LS0tLS1CRUdJTi|ewogICJhdXRocyI6|ATATT3|\dQ~|GR1348941|ABSK|EAA[MC]/;

/** Whether a text may hold a secret one of the built-in rules finds (a cheap, linear test). */
export function mayHoldSecret(text: string): boolean {
  return TRIGGER_WORDS.test(text) || TRIGGER_CASED.test(text) || holdsTwilioSid(text) || holdsBracketedCredential(text) || holdsPgpassEntry(text);
}

/**
 * Whether a text holds a `.pgpass` entry (`host:port:database:user:password`; `trailbook/pgpass-line`,
 * sec14), which no trigger word names. Each `:` reads its entry's bounded fields, so each
 * character is read a bounded number of times.
 */
function holdsPgpassEntry(text: string): boolean {
  for (let i = text.indexOf(':'); i >= 0; i = text.indexOf(':', i + 1)) if (pgpassPassword(text, i) !== null) return true;
  return false;
}

/**
 * Whether a text holds `<user:password@host>` (`trailbook/address-password`: a commit author's
 * address holding a credential, which no trigger word names). Each `<` reads up to the first
 * character that ends an address (bracketedCredential), so each character is read at most twice.
 */
function holdsBracketedCredential(text: string): boolean {
  for (let i = text.indexOf('<'); i >= 0; ) {
    const { password, end } = bracketedCredential(text, i);
    if (password !== null) return true;
    i = text.indexOf('<', Math.max(i + 1, end));
  }
  return false;
}

const isLowerHex = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 97 && c <= 102);

/**
 * Whether a text holds a Twilio account SID (`AC` and 32 lower-case hex digits) or API key SID
 * (`SK`, sec14), which `trailbook/twilio-auth-token` reads the auth token or key secret after. A loop, not `/AC[0-9a-f]{32}/`:
 * tests/unit/regex-linearity.test.ts finds that pattern polynomial (`'AA'.repeat(n)`). Each
 * `AC` reads at most 32 characters after it.
 */
function holdsTwilioSid(text: string): boolean {
  for (const prefix of ['AC', 'SK']) {
    for (let i = text.indexOf(prefix); i >= 0; i = text.indexOf(prefix, i + 2)) {
      let j = i + 2;
      while (j < text.length && j - i - 2 < 32 && isLowerHex(text.charCodeAt(j))) j++;
      if (j - i - 2 === 32) return true;
    }
  }
  return false;
}

/**
 * The configuration's patterns, compiled. The configuration is trusted (written by whoever
 * runs the build), so its patterns are the reviewed run-time site of
 * tests/unit/regex-linearity.test.ts; a pattern that does not compile is a configuration error.
 */
export function compilePatterns(patterns: readonly SecretPattern[]): Array<{ name: string; regex: RegExp }> {
  return patterns.map((p) => ({ name: p.name, regex: new RegExp(p.pattern, 'gu') }));
}

function patternHits(text: string, compiled: ReadonlyArray<{ name: string; regex: RegExp }>): SecretHit[] {
  const hits: SecretHit[] = [];
  for (const { name, regex } of compiled) {
    regex.lastIndex = 0;
    for (const m of text.matchAll(regex)) {
      const whole = m[0];
      if (whole.length === 0) continue;
      const inner = m.groups?.['secret'];
      const offset = inner !== undefined ? whole.indexOf(inner) : 0;
      const value = inner ?? whole;
      if (value.length > 0 && offset >= 0) hits.push({ start: (m.index ?? 0) + offset, end: (m.index ?? 0) + offset + value.length, kind: name, rule: `config/${name}` });
    }
  }
  return hits;
}

/** Keeps the first of overlapping hits (sorted by start, longest first). */
function withoutOverlaps(hits: SecretHit[]): SecretHit[] {
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: SecretHit[] = [];
  let end = -1;
  for (const h of hits) {
    if (h.start < end) continue;
    out.push(h);
    end = h.end;
  }
  return out;
}

/**
 * Finds the secrets in each of `texts`: secretlint's recommended rules, Trailbook's own rules
 * and the configuration's patterns, less the values the configuration allows. Returns, for
 * each text, its secrets as ranges (sorted, not overlapping). Deterministic; never throws for
 * any text (a configuration pattern that does not compile throws before any text is read).
 */
export async function findSecrets(texts: readonly string[], settings: SecretSettings = DEFAULT_SECRET_SETTINGS): Promise<SecretHit[][]> {
  const compiled = compilePatterns(settings.patterns);
  const allowed = new Set(settings.allow);
  const out: SecretHit[][] = texts.map(() => []);
  const candidates: number[] = [];
  for (let i = 0; i < texts.length; i++) if (mayHoldSecret(texts[i] as string)) candidates.push(i);
  // A token wrapped over two lines (src/lib/secrets/wrapped.ts): the candidate's text with its wrapping breaks taken out, scanned in the same call.
  const wrapped: Array<{ of: number; joined: Joined }> = [];
  for (const i of candidates) {
    const joined = joinWrapped(texts[i] as string);
    if (joined === null) continue;
    // Every break taken out (a key wrapped over many lines), and each break alone (a token cut once, ending its line).
    for (const variant of [joined, wrappedPairs(texts[i] as string)]) if (variant !== null && mayHoldSecret(variant.text)) wrapped.push({ of: i, joined: variant });
  }
  // A secret behind JSON escapes (src/lib/secrets/json-escapes.ts) or URL escapes (url-escapes.ts, rel12): the text with them decoded, scanned in the same call.
  const escaped: Array<{ of: number; decoded: Decoded }> = [];
  for (let i = 0; i < texts.length; i++) {
    for (const decoded of [decodeJsonEscapes(texts[i] as string), decodePercentEscapes(texts[i] as string)]) if (decoded !== null && mayHoldSecret(decoded.text)) escaped.push({ of: i, decoded });
  }
  // A secret inside base64 of a JSON object or YAML document (src/lib/secrets/base64-blobs.ts, sec14): the decoded text, scanned in the same call.
  const encoded: Array<{ of: number; blob: EncodedText }> = [];
  for (let i = 0; i < texts.length; i++) for (const blob of encodedTexts(texts[i] as string)) if (mayHoldSecret(blob.text)) encoded.push({ of: i, blob });
  const scanned = await secretlintScan([...candidates.map((i) => texts[i] as string), ...wrapped.map((w) => w.joined.text), ...escaped.map((e) => e.decoded.text), ...encoded.map((e) => e.blob.text)]);
  for (const [k, i] of candidates.entries()) {
    const text = texts[i] as string;
    const hits = out[i] as SecretHit[];
    for (const h of scanned[k] ?? []) hits.push(h);
    for (const rule of OWN_RULES) for (const h of rule.scan(text)) hits.push(h);
  }
  const ownHits = new Map<number, SecretHit[]>(wrapped.map((w) => [w.of, [...(out[w.of] as SecretHit[])]]));
  for (const [k, { of, joined }] of wrapped.entries()) {
    const hits = out[of] as SecretHit[];
    const own = ownHits.get(of) as SecretHit[];
    const across: SecretHit[] = [];
    const found = [...(scanned[candidates.length + k] ?? [])];
    for (const rule of OWN_RULES) if (isWrapRule(rule.id) || rule.id === JWT_RULE) for (const h of rule.scan(joined.text)) found.push(h);
    for (const h of found) {
      if (!isWrapHit(h)) continue;
      const at = unjoined(joined, h.start, h.end);
      // A JWT has no fixed length: it ends with its block's short line, not in the next line's first word (rel12).
      const end = h.rule === JWT_RULE ? endAtShortLine(texts[of] as string, at.start, at.end) : at.end;
      // Only a token the break cut, where the text's own scan found nothing.
      if (at.spans && !own.some((o) => o.start < end && at.start < o.end)) across.push({ ...h, start: at.start, end });
    }
    for (const h of across) hits.push(h);
  }
  for (const [k, { of, decoded }] of escaped.entries()) {
    const hits = out[of] as SecretHit[];
    const found = [...(scanned[candidates.length + wrapped.length + k] ?? [])];
    for (const rule of OWN_RULES) for (const h of rule.scan(decoded.text)) found.push(h);
    // Only where the text as written showed nothing: the value as written there, escapes and all.
    const own = hits.slice();
    for (const h of found) {
      const at = rawRange(decoded, h.start, h.end);
      if (!own.some((o) => o.start < at.end && at.start < o.end)) hits.push({ ...h, start: at.start, end: at.end });
    }
  }
  for (const [k, { of, blob }] of encoded.entries()) {
    const found = [...(scanned[candidates.length + wrapped.length + escaped.length + k] ?? [])];
    for (const rule of OWN_RULES) for (const h of rule.scan(blob.text)) found.push(h);
    const real = found.filter((h) => !isPlaceholderSecret(blob.text.slice(h.start, h.end))).sort((a, b) => a.start - b.start);
    // The whole encoded run is the secret: decoding it gives the secret back.
    const first = real[0];
    if (first !== undefined) (out[of] as SecretHit[]).push({ start: blob.start, end: blob.end, kind: `${first.kind} (base64)`, rule: first.rule });
  }
  // A placeholder of a secret's shape (`ghp_xxxx…`, `<password>`, AWS's EXAMPLE keys) is none (sec11); the configuration's own patterns are taken as they find.
  for (let i = 0; i < texts.length; i++) if ((out[i] as SecretHit[]).length > 0) out[i] = (out[i] as SecretHit[]).filter((h) => !isPlaceholderSecret((texts[i] as string).slice(h.start, h.end)));
  if (compiled.length > 0) for (let i = 0; i < texts.length; i++) for (const h of patternHits(texts[i] as string, compiled)) (out[i] as SecretHit[]).push(h);
  return out.map((hits, i) => withoutOverlaps(hits.filter((h) => !allowed.has((texts[i] as string).slice(h.start, h.end)))));
}
