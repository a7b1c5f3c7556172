/**
 * secretlint's core with its recommended preset (issue 29, scope 1): AWS, GCP, private keys,
 * npm, basic-auth URLs, Slack, SendGrid, Shopify, Stripe, GitHub, GitLab, Grafana, OpenAI,
 * Anthropic, Groq, Hugging Face, Linear, Notion, 1Password, database connection strings,
 * HashiCorp Vault, Vercel, Databricks, Docker, Figma, Cloudflare and Tailscale.
 *
 * Two departures from the preset as shipped, both on purpose:
 * - `secretlint-rule-filter-comments` is left out: it lets a text switch the scan off
 *   (`secretlint-disable`), and record text is written by the agents whose secrets are hidden.
 * - AWS access key ids (`AKIA…`) are scanned too (`enableIDScanRule`); AWS account ids
 *   (twelve digits) are not secrets and are dropped.
 *
 * Many texts are scanned in one call: they are joined with a separator no rule reads across
 * (`\n\u0001\n`: every pattern stops at a line break or at U+0001), and each message is mapped
 * back to its text.
 */
import { lintSource } from '@secretlint/core';
import { secretLintProfiler } from '@secretlint/profiler';
import { rules as PRESET_RULES } from '@secretlint/secretlint-rule-preset-recommend';
import type { SecretHit } from './own-rules.ts';
import { urlPassword } from './own-rules.ts';

// secretlint's profiler is on by default: every scan adds `performance.mark` entries to Node's
// global buffer and keeps them in its own arrays, never cleared (at 1,000 projects x 1,000 rows:
// "MaxPerformanceEntryBufferExceededWarning: Possible perf_hooks memory leak detected. 1000001
// mark entries" printed into the build's output, and the entries held to the end). Trailbook
// reads no profile: off, in every process that scans (secretlint/secretlint#1633).
secretLintProfiler.setEnabled(false);

/** Joins texts for one scan. */
export const SEPARATOR = '\n\u0001\n';

const RULES = PRESET_RULES.filter((rule) => rule.meta.id !== '@secretlint/secretlint-rule-filter-comments').map((rule) => ({
  id: rule.meta.id,
  rule,
  ...(rule.meta.id === '@secretlint/secretlint-rule-aws' ? { options: { enableIDScanRule: true } } : {}),
}));

/** The rules secretlint runs, by id (docs/security.md lists them). */
export const SECRETLINT_RULES: readonly string[] = RULES.map((r) => r.id);

/** Marker names of secretlint's message ids; others are named after their rule. */
const KINDS: Record<string, string> = {
  AWSSecretAccessKey: 'AWS secret access key',
  AWSAccessKeyID: 'AWS access key id',
  PrivateKeyP12: 'private key',
  PrivateKeyJSON: 'GCP service account key',
  PackageJSON_xOauthToken: 'GitHub OAuth token',
  Npmrc_authToken: 'npm auth token',
  NPM_ACCESS_TOKEN: 'npm access token',
  SLACK_TOKEN: 'Slack token',
  IncomingWebhook: 'Slack webhook URL',
  BasicAuth: 'password in a URL',
  OPENAI_TOKEN: 'OpenAI API key',
  ANTHROPIC_API_KEY: 'Anthropic API key',
  GROQ_API_KEY: 'Groq API key',
  HUGGINGFACE_USER_ACCESS_TOKEN: 'Hugging Face token',
  LINEAR_API_TOKEN: 'Linear API key',
  NOTION_INTEGRATION_TOKEN: 'Notion token',
  PrivateKey: 'private key',
  SENDGRID_KEY: 'SendGrid API key',
  SHOPIFY_KEY: 'Shopify token',
  STRIPE_SECRET_KEY_LIVE: 'Stripe secret key',
  STRIPE_SECRET_KEY_TEST: 'Stripe test secret key',
  STRIPE_RESTRICTED_KEY_LIVE: 'Stripe restricted key',
  STRIPE_RESTRICTED_KEY_TEST: 'Stripe test restricted key',
  GITHUB_TOKEN: 'GitHub token',
  GITLAB_PERSONAL_ACCESS_TOKEN: 'GitLab token',
  GRAFANA_CLOUD_API_TOKEN: 'Grafana token',
  GRAFANA_SERVICE_ACCOUNT_TOKEN: 'Grafana token',
  OPS_TOKEN: '1Password service account token',
  MongoDBConnection: 'MongoDB password',
  MySQLConnection: 'MySQL password',
  PostgreSQLConnection: 'PostgreSQL password',
  HASHICORP_VAULT_SERVICE_TOKEN: 'Vault token',
  HASHICORP_VAULT_BATCH_TOKEN: 'Vault token',
  HASHICORP_VAULT_RECOVERY_TOKEN: 'Vault token',
  VERCEL_PERSONAL_ACCESS_TOKEN: 'Vercel token',
  VERCEL_INTEGRATION_TOKEN: 'Vercel token',
  VERCEL_APP_ACCESS_TOKEN: 'Vercel token',
  VERCEL_APP_REFRESH_TOKEN: 'Vercel token',
  VERCEL_AI_GATEWAY_API_KEY: 'Vercel API key',
  DATABRICKS_PERSONAL_ACCESS_TOKEN: 'Databricks token',
  DOCKER_PERSONAL_ACCESS_TOKEN: 'Docker token',
  FIGMA_PERSONAL_ACCESS_TOKEN: 'Figma token',
  CLOUDFLARE_GLOBAL_API_KEY: 'Cloudflare API key',
  CLOUDFLARE_USER_API_TOKEN: 'Cloudflare token',
  CLOUDFLARE_ACCOUNT_API_TOKEN: 'Cloudflare token',
};

/** Messages that are not secrets: AWS account ids. */
const NOT_SECRET: ReadonlySet<string> = new Set(['AWSAccountID']);

const kindOf = (messageId: string, ruleId: string): string =>
  KINDS[messageId] ?? (messageId.startsWith('TAILSCALE') ? 'Tailscale key' : `${ruleId.replace('@secretlint/secretlint-rule-', '')} secret`);

/**
 * The range of a message's secret. secretlint reports the matched value in `data` (the AWS
 * secret key's `range` starts at its key name, not its value): the value is taken from `data`
 * when one of its strings is found in the range's neighbourhood, else the range. A URL's
 * secret is its password alone, so the user, host and database stay readable.
 */
function secretRange(content: string, range: readonly [number, number], data: unknown): { start: number; end: number } {
  let start = range[0];
  let end = range[1];
  if (data !== null && typeof data === 'object') {
    for (const value of Object.values(data as Record<string, unknown>)) {
      if (typeof value !== 'string' || value.length < 4) continue;
      const at = content.indexOf(value, Math.max(0, start - 4));
      if (at >= 0 && at <= end) {
        start = at;
        end = at + value.length;
        break;
      }
    }
  }
  const scheme = content.indexOf('://', start);
  if (scheme >= 0 && scheme < end) {
    const { password } = urlPassword(content, scheme);
    if (password !== null && password.end <= end) return { start: password.start, end: password.end };
  }
  return { start, end };
}

/**
 * Scans `texts` with secretlint in one call. Returns each text's hits (ranges within that
 * text), sorted by start. Never throws for any text; a failure of secretlint itself is thrown.
 */
export async function secretlintScan(texts: readonly string[]): Promise<SecretHit[][]> {
  const out: SecretHit[][] = texts.map(() => []);
  if (texts.length === 0) return out;
  const starts: number[] = [];
  let offset = 0;
  for (const t of texts) {
    starts.push(offset);
    offset += t.length + SEPARATOR.length;
  }
  const content = texts.join(SEPARATOR);
  const result = await lintSource({ source: { filePath: 'records.txt', content, contentType: 'text' }, options: { config: { rules: RULES }, maskSecrets: false } });
  for (const message of result.messages) {
    if (NOT_SECRET.has(message.messageId)) continue;
    const { start, end } = secretRange(content, message.range, message.data);
    // The text holding the start (binary search over the starts).
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= start) lo = mid;
      else hi = mid - 1;
    }
    const base = starts[lo] as number;
    const text = texts[lo] as string;
    const s = start - base;
    const e = Math.min(end - base, text.length);
    if (s < 0 || s >= e) continue;
    out[lo]?.push({ start: s, end: e, kind: kindOf(message.messageId, message.ruleId), rule: message.ruleId });
  }
  for (const hits of out) hits.sort((a, b) => a.start - b.start || b.end - a.end);
  return out;
}
