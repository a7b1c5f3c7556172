/**
 * Credential shapes a rel12 trial planted in records and found published as written: Anthropic
 * Admin API keys (`sk-ant-admin01-…`) and Claude OAuth tokens (`sk-ant-oat01-…`, `sk-ant-ort01-…`,
 * as `claude setup-token` prints them), Slack's rotating tokens (`xoxe.xoxp-1-…`, `xoxe-1-…`), and a
 * token given to a command as an option's next word (`vercel deploy --token …`, `--api-key …`,
 * `--auth-token …`, `--access-token …`, `--client-secret …`), which no `=` makes an assignment.
 */
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../src/lib/secrets/detect.ts';
import { loginPasswordRule, vendorTokenRule } from '../../src/lib/secrets/own-rules.ts';
import { Redaction } from '../../src/lib/secrets/redaction.ts';
import { draw } from '../secret-fixtures.ts';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const B64URL = `${ALNUM}-_`;
// Made-up values of the documented shapes (random characters, never issued).
const OAT = `sk-ant-oat01-${draw('rel12-oat', B64URL, 93)}AA`;
const ORT = `sk-ant-ort01-${draw('rel12-ort', B64URL, 93)}AA`;
const ADMIN = `sk-ant-admin01-${draw('rel12-admin', B64URL, 93)}AA`;
const XOXE = `xoxe.xoxp-1-${draw('rel12-xoxe', ALNUM, 163)}`;
const XOXE_REFRESH = `xoxe-1-${draw('rel12-xoxe-r', ALNUM, 146)}`;
const VERCEL = draw('rel12-vercel', ALNUM, 24);
const API_KEY = draw('rel12-api-key', ALNUM, 32);
const CLIENT = draw('rel12-client', `${ALNUM}~.`, 34);

/** Each text's secrets as `[value, kind]`. */
async function found(texts: string[]): Promise<string[][][]> {
  const hits = await findSecrets(texts);
  return texts.map((t, i) => (hits[i] ?? []).map((h) => [t.slice(h.start, h.end), h.kind]));
}

describe('Anthropic Admin and OAuth tokens, Slack rotating tokens', () => {
  it('are found whole, standing alone', async () => {
    expect(await found([`used ${OAT} in CI`, `refresh ${ORT}`, `admin ${ADMIN}.`, `slack ${XOXE}`, `refresh token ${XOXE_REFRESH}`])).toEqual([
      [[OAT, 'Anthropic OAuth token']],
      [[ORT, 'Anthropic OAuth token']],
      [[ADMIN, 'Anthropic API key']],
      [[XOXE, 'Slack token']],
      [[XOXE_REFRESH, 'Slack token']],
    ]);
  });

  it('leave the prefixes alone in prose and in longer words', async () => {
    expect(await found(['an OAuth token starts sk-ant-oat01-', 'xoxe-1-short', `mysk-ant-oat01-${draw('x', B64URL, 95)}`])).toEqual([[], [], []]);
  });
});

describe('a token given as a command-line option', () => {
  it('is found when it looks generated', async () => {
    expect(await found([`npx vercel deploy --prod --token ${VERCEL}`, `mycli sync --api-key '${API_KEY}' --dry-run`, `az ad sp credential reset --client-secret "${CLIENT}"`, `tool --access-token ${API_KEY}`])).toEqual([
      [[VERCEL, 'token given as a command-line option']],
      [[API_KEY, 'token given as a command-line option']],
      [[CLIENT, 'token given as a command-line option']],
      [[API_KEY, 'token given as a command-line option']],
    ]);
  });

  it('is not found for a reference, a placeholder, a file or a word', async () => {
    expect(await found(['vercel deploy --token $VERCEL_TOKEN', 'deploy --token ${{ secrets.DEPLOY_TOKEN }}', 'gh api --token <token>', 'pass --api-key and --token options', 'cli --token-file ~/.config/token', 'npm run build -- --token ./secrets/token.txt'])).toEqual([[], [], [], [], [], []]);
  });
});

describe('a JSON Web Token wrapped at a terminal width', () => {
  const JWT = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(JSON.stringify({ sub: '1234567890', name: 'Ada', iat: 1716239022 })).toString('base64url')}.${draw('rel12-jwt', B64URL, 43)}`;
  const wrap = (s: string, n: number): string[] => s.match(new RegExp(`.{1,${n}}`, 'g')) as string[];

  it('is found across its breaks and replaced line by line', async () => {
    for (const width of [60, 76]) {
      const lines = wrap(JWT, width);
      const text = `session cookie:\n${lines.join('\n')}\nthen the login page`;
      const hits = (await findSecrets([text]))[0] ?? [];
      expect(hits.map((h) => [text.slice(h.start, h.end), h.kind])).toEqual([[lines.join('\n'), 'JSON Web Token']]);
      const r = new Redaction();
      for (const h of hits) r.add(text.slice(h.start, h.end), h.kind);
      expect(r.redact(text)).toBe(`session cookie:\n${lines.map(() => '[redacted: JSON Web Token]').join('\n')}\nthen the login page`);
    }
  });

  it('a Bearer header value is still read on its line only', async () => {
    const first = draw('rel12-bearer', ALNUM, 20);
    const text = `Authorization: Bearer ${first}\nnextword`;
    expect((await findSecrets([text]))[0]?.map((h) => text.slice(h.start, h.end))).toEqual([first]);
  });
});

describe('the rel12 shapes read a 4 MiB cell in one pass', () => {
  const M = 4 * 1024 * 1024;
  const fill = (unit: string): string => unit.repeat(Math.ceil(M / unit.length)).slice(0, M);
  const shapes: Record<string, string> = {
    '--token repeated': fill(' --token '),
    '--token then 4 MiB of one word': ` --token ${fill('a1')}`,
    '--api-key and --token repeated': fill(' --api-key  --token '),
    'sk-ant-oat01- repeated': fill('sk-ant-oat01-'),
    'sk-ant-admin01- then 4 MiB of token characters': `sk-ant-admin01-${fill('a1')}`,
    'xoxe- repeated': fill('xoxe-'),
    'xoxe.xoxp- then 4 MiB of token characters': `xoxe.xoxp-${fill('a1-')}`,
  };
  for (const [name, text] of Object.entries(shapes)) {
    it(`${name}: nothing found, in a few seconds at most`, () => {
      for (const rule of [loginPasswordRule, vendorTokenRule]) {
        const started = performance.now();
        expect(rule.scan(text)).toEqual([]);
        expect(performance.now() - started).toBeLessThan(10_000);
      }
    }, 60_000);
  }
});
