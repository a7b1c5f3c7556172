/**
 * Vendors' tokens secretlint's preset misses: a Twilio auth token or API key secret after its
 * SID, and the prefixed tokens of `trailbook/vendor-token` (GitLab's other tokens, Heroku,
 * Sentry, Atlassian, an Azure AD client secret and more), each of its documented length.
 */
import { entropy } from '../values.ts';
import { blankEnd, isAlnum, isB64UrlChar, isBase64, isDigit, isKeyBody, isLowerAlnum, isLowerHex, runEnd, tokenRun, tokenStartBefore } from './chars.ts';
import { prefixed } from './prefixed-tokens.ts';
import { type Finder, type OwnRule, ownRule } from './rule.ts';

/** Lower-case hex, 32 digits, from `at`: its end, or -1. */
function hex32End(text: string, at: number): number {
  const run = tokenRun(text, at, isLowerHex, 32, 32);
  return run.token ? run.end : -1;
}

/** The end of a Twilio SID (`AC`/`SK` and 32 hex digits) starting at `at`, not inside a longer word; -1 when there is none. */
function twilioSidEnd(text: string, at: number): number {
  if (at > 0 && isKeyBody(text.charCodeAt(at - 1))) return -1;
  return hex32End(text, at + 2);
}

/** Past the separators that follow a SID before its secret: quotes, a comma, a colon and spaces, at most 8 characters. */
function sidSeparatorsEnd(text: string, sid: number): number {
  let i = sid;
  while (i < text.length && i - sid < 8) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 39 || c === 44 || c === 58 || c === 32) i++;
    else break;
  }
  return i;
}

/**
 * `trailbook/twilio-auth-token`: a Twilio auth token (32 hex digits) written just after its
 * account SID (`AC` and 32 hex digits), as `Client('AC…', '…')` or `twilio("AC…", "…")` pass
 * them (sec9: published as written). The SID is an id and stays readable.
 */
export const twilioAuthTokenRule: OwnRule = ownRule({
  id: 'trailbook/twilio-auth-token',
  describe: 'a Twilio auth token (32 hex digits) given just after its account SID (`Client(\'AC…\', \'…\')`), and an API key\'s secret (32 letters and digits) just after its SID (`SK…`); the SIDs stay readable',
  finders: [
    {
      anchor: 'AC',
      kind: 'Twilio auth token',
      read(text, at) {
        const next = at + 2;
        const sid = twilioSidEnd(text, at);
        if (sid < 0) return { candidate: null, next };
        const i = sidSeparatorsEnd(text, sid);
        const token = i > sid ? hex32End(text, i) : -1;
        return { candidate: token < 0 ? null : { start: i, end: token }, next: Math.max(next, sid) };
      },
    },
    {
      // sec14: an API key's secret (32 letters and digits) just after its SID (`SK` and 32 hex digits), as `Client('SK…', '<secret>', account_sid)` or `twilio api:core… --api-key SK… --api-secret …` pass them.
      anchor: 'SK',
      kind: 'Twilio API key secret',
      read(text, at) {
        const next = at + 2;
        const sid = twilioSidEnd(text, at);
        if (sid < 0) return { candidate: null, next };
        // Between the two: the separators, or an option's name (`--api-secret`).
        let i = sidSeparatorsEnd(text, sid);
        if (text.startsWith('--api-secret', i)) i = blankEnd(text, i + 12, 4) + (text.charCodeAt(blankEnd(text, i + 12, 4)) === 61 ? 1 : 0);
        if (i === sid || isKeyBody(text.charCodeAt(i - 1))) return { candidate: null, next: Math.max(next, sid) };
        const run = tokenRun(text, i, isAlnum, 32, 32);
        return { candidate: run.token ? { start: i, end: run.end } : null, next: Math.max(next, sid) };
      },
      real: (value) => /[A-Z]/.test(value) && /[a-z]/.test(value) && /[0-9]/.test(value) && entropy(value) >= 4,
    },
  ],
  examples: {
    secret: [
      { text: "client = Client('AC74de739988b886e7577496a2c8773e13', 'b95523cf6941fa1c257c6f561c5cb347')", value: 'b95523cf6941fa1c257c6f561c5cb347' },
      { text: "client = Client('SK3f9a1b2c4d6e8f0a1b3c5d7e9f1a2b4c', 'Xa8Kq2Lp9Wz4Rv8Tn3Yb6Hc1Jd5Gf0Sa', account_sid)", value: 'Xa8Kq2Lp9Wz4Rv8Tn3Yb6Hc1Jd5Gf0Sa' },
    ],
    notSecret: ['TWILIO_ACCOUNT_SID=AC74de739988b886e7577496a2c8773e13', 'TWILIO_API_KEY=SK3f9a1b2c4d6e8f0a1b3c5d7e9f1a2b4c, commit 9fceb02d0ae598e95dc970b74767f19372d61af8', 'SK3f9a1b2c4d6e8f0a1b3c5d7e9f1a2b4c ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEF', 'AC74de739988b886e7577496a2c8773e13, commit 9fceb02d0ae598e95dc970b74767f19372d61af8'],
  },
});
/** Bech32's upper-case alphabet (an age secret key). */
const isBech32Upper = (c: number): boolean => c !== 49 && c !== 66 && c !== 73 && c !== 79 && ((c >= 48 && c <= 57) || (c >= 65 && c <= 90));

/** Characters of an Azure AD client secret (`[A-Za-z0-9_~.-]`). */
const isAzureSecretChar = (c: number): boolean => isB64UrlChar(c) || c === 126 || c === 46;

/**
 * An Azure AD (Entra) client secret: three characters, a digit and `Q~`, then 31 to 34
 * characters (`abc8Q~…`), standing alone (gitleaks' `azure-ad-client-secret`). Read at its `Q~`.
 */
const azureClientSecret: Finder = {
  anchor: 'Q~',
  kind: 'Azure AD client secret',
  read(text, at) {
    const next = at + 2;
    const s = at >= 4 && isDigit(text.charCodeAt(at - 1)) ? tokenStartBefore(text, at - 1, isAzureSecretChar, 3, isAzureSecretChar) : -1;
    if (s < 0) return { candidate: null, next };
    const run = tokenRun(text, next, isAzureSecretChar, 31, 34, isAzureSecretChar);
    return { candidate: run.token ? { start: s, end: run.end } : null, next: Math.max(next, run.end) };
  },
};

/** Upper-case ASCII letters and digits. */
const isUpperAlnum = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90);

/**
 * A Terraform Cloud / HCP Terraform API token: 14 letters and digits, `.atlasv1.`, then 60 to 70
 * of `[A-Za-z0-9_=-]` (gitleaks' `hashicorp-tf-api-token`), standing alone. Read at its
 * `.atlasv1.` (sec15: published as written).
 */
const terraformToken: Finder = {
  anchor: '.atlasv1.',
  kind: 'Terraform Cloud API token',
  read(text, at) {
    const from = at + 9;
    const s = tokenStartBefore(text, at, isAlnum, 14);
    if (s < 0) return { candidate: null, next: from };
    const run = tokenRun(text, from, (c) => isB64UrlChar(c) || c === 61, 60, 70);
    return { candidate: run.token ? { start: s, end: run.end } : null, next: Math.max(from, run.end) };
  },
};

/**
 * A Slack app-level token: `xapp-`, a digit, `-`, the app id (`A…`), `-`, digits, `-` and 32 or
 * more lower-case letters and digits (64 hex digits as Slack issues them). secretlint's Slack
 * rule reads parts of at most 40 characters, so it took `xapp-1-A…-<digits>` and left the last,
 * the secret itself, published as written (sec15). The whole token is the secret.
 */
const slackAppToken: Finder = {
  anchor: 'xapp-',
  kind: 'Slack app-level token',
  read(text, at) {
    const next = at + 5;
    if (at > 0 && isKeyBody(text.charCodeAt(at - 1))) return { candidate: null, next };
    if (!isDigit(text.charCodeAt(next)) || text.charCodeAt(next + 1) !== 45) return { candidate: null, next };
    const app = runEnd(text, next + 2, isUpperAlnum, 32);
    if (app === next + 2 || text.charCodeAt(app) !== 45) return { candidate: null, next };
    const digits = runEnd(text, app + 1, isDigit, 20);
    if (digits === app + 1 || text.charCodeAt(digits) !== 45) return { candidate: null, next };
    const run = tokenRun(text, digits + 1, isLowerAlnum, 32, 128);
    return { candidate: run.token ? { start: at, end: run.end } : null, next: Math.max(next, run.end) };
  },
};

/**
 * A Mailchimp API key: 32 lower-case hex digits, `-us` and its data centre's number (`…-us21`),
 * standing alone (sec15: published as written). Read at its `-us`.
 */
const mailchimpKey: Finder = {
  anchor: '-us',
  kind: 'Mailchimp API key',
  read(text, at) {
    const next = at + 3;
    const s = tokenStartBefore(text, at, isLowerHex, 32);
    if (s < 0) return { candidate: null, next };
    const run = tokenRun(text, next, isDigit, 1, 2);
    return { candidate: run.token ? { start: s, end: run.end } : null, next: Math.max(next, run.end) };
  },
};

/**
 * A GitLab routable token (GitLab 17.x+, 43 to 316 characters): `glpat-` (or `glrt-`), its
 * payload in base64url (27 to 300 characters), `.`, then its version and checksum: `01.` and
 * 7 to 9 lower-case letters and digits as GitLab prints it (`glpat-….01.0abc1def2`), or 9 of
 * them (gitleaks' `gitlab-pat-routable`). secretlint's GitLab rule reads `glpat-` and 20 or more
 * characters, up to the first `.`, so the version and checksum were published after its
 * marker (sec16). The whole token is the secret.
 */
const gitlabRoutableToken: Finder = {
  anchor: ['glpat-', 'glrt-'],
  kind: 'GitLab token',
  read(text, at) {
    const from = at + (text.charCodeAt(at + 2) === 112 ? 6 : 5);
    if (at > 0 && isKeyBody(text.charCodeAt(at - 1))) return { candidate: null, next: from };
    const body = runEnd(text, from, isB64UrlChar, 300);
    if (body - from < 27 || body - from > 300 || text.charCodeAt(body) !== 46) return { candidate: null, next: Math.max(from, body) };
    const version = runEnd(text, body + 1, isDigit, 2);
    const tail = version > body + 1 && version - body - 1 <= 2 && text.charCodeAt(version) === 46 ? tokenRun(text, version + 1, isLowerAlnum, 7, 9) : tokenRun(text, body + 1, isLowerAlnum, 9, 9);
    return { candidate: tail.token ? { start: at, end: tail.end } : null, next: Math.max(from, body) };
  },
};

/**
 * `trailbook/vendor-token`: tokens with a fixed prefix that neither secretlint's recommended
 * preset nor `trailbook/prefixed-token` read (sec9: each was published as written): GitLab's
 * other tokens (pipeline trigger `glptt-`, runner `glrt-`, deploy `gldt-`, feed `glft-`, OAuth
 * `glsoat-`, incoming mail `glimt-`), a Heroku API key (`HRKU-AA…`), Sentry user and
 * organisation tokens (`sntryu_`, `sntrys_`), a Supabase token (`sbp_`), OpenRouter, xAI,
 * Perplexity, Replicate and NVIDIA API keys, a Postman key (`PMAK-`), Clojars and RubyGems
 * tokens, an age secret key, Google OAuth access and refresh tokens (`ya29.`, `1//0`), Square
 * tokens (`sq0atp-`, `sq0csp-`) and a Doppler token (`dp.pt.`); since sec15 a Terraform Cloud token,
 * a Slack app-level token and a Mailchimp API key. Each is its prefix and a body
 * of the documented length and characters, standing alone; each character is read a bounded
 * number of times.
 */
export const vendorTokenRule: OwnRule = ownRule({
  id: 'trailbook/vendor-token',
  describe: 'GitLab pipeline trigger, runner, deploy, feed, OAuth and incoming-mail tokens (`glptt-`, `glrt-`, `gldt-`, `glft-`, `glsoat-`, `glimt-`), a Heroku API key (`HRKU-AA…`), Sentry (`sntryu_`, `sntrys_`), Supabase (`sbp_`), OpenRouter (`sk-or-v1-`), xAI (`xai-`), Perplexity (`pplx-`), Replicate (`r8_`), NVIDIA (`nvapi-`), Postman (`PMAK-`), Clojars, RubyGems, age (`AGE-SECRET-KEY-1`), Google OAuth (`ya29.`, `1//0`), Square (`sq0atp-`, `sq0csp-`) and Doppler (`dp.pt.`) tokens; Anthropic Admin API keys and OAuth tokens (`sk-ant-admin01-`, `sk-ant-oat01-`, `sk-ant-ort01-`) and Slack rotating tokens (`xoxe.xoxp-`, `xoxe-`); Terraform Cloud tokens (`….atlasv1.…`), Slack app-level tokens (`xapp-1-…`) whole, Mailchimp API keys (`…-us21`)',
  finders: [
    prefixed('glptt-', 'GitLab token', isLowerHex, 40, 40),
    prefixed(['glrt-', 'gldt-', 'glft-'], 'GitLab token', isB64UrlChar, 20, 80),
    prefixed('glsoat-', 'GitLab token', isB64UrlChar, 20, 80),
    prefixed('glimt-', 'GitLab token', isB64UrlChar, 25, 80),
    prefixed('HRKU-AA', 'Heroku API key', isB64UrlChar, 58, 58),
    prefixed('sntryu_', 'Sentry token', isLowerHex, 64, 64),
    prefixed('sntrys_', 'Sentry token', (c) => isBase64(c) || c === 95, 60, 512),
    prefixed('sbp_', 'Supabase token', isLowerHex, 40, 40),
    prefixed('sk-or-v1-', 'OpenRouter API key', isLowerHex, 64, 64),
    prefixed('xai-', 'xAI API key', isAlnum, 80, 80),
    prefixed('pplx-', 'Perplexity API key', isAlnum, 48, 48),
    prefixed('r8_', 'Replicate API token', isAlnum, 37, 37),
    prefixed('nvapi-', 'NVIDIA API key', isB64UrlChar, 64, 64),
    prefixed('PMAK-', 'Postman API key', (c) => isLowerHex(c) || c === 45, 59, 59),
    prefixed('CLOJARS_', 'Clojars token', isLowerAlnum, 60, 60),
    prefixed('rubygems_', 'RubyGems API key', isLowerHex, 48, 48),
    prefixed('AGE-SECRET-KEY-1', 'age secret key', isBech32Upper, 58, 58),
    prefixed('ya29.', 'Google OAuth token', isB64UrlChar, 30, 2048),
    prefixed('1//0', 'Google OAuth token', isB64UrlChar, 40, 512),
    prefixed('sq0atp-', 'Square token', isB64UrlChar, 22, 22),
    prefixed('sq0csp-', 'Square token', isB64UrlChar, 43, 43),
    prefixed('dp.pt.', 'Doppler token', isAlnum, 43, 43),
    // sec10: shapes gitleaks documents that neither secretlint's preset nor the rows above read.
    prefixed('ATATT3', 'Atlassian API token', (c) => isB64UrlChar(c) || c === 61, 186, 186),
    azureClientSecret,
    prefixed('pul-', 'Pulumi access token', isLowerHex, 40, 40),
    prefixed(['pscale_tkn_', 'pscale_pw_'], 'PlanetScale token', (c) => isB64UrlChar(c) || c === 61 || c === 46, 32, 64),
    prefixed('pscale_oauth_', 'PlanetScale token', (c) => isB64UrlChar(c) || c === 61 || c === 46, 32, 64),
    prefixed('fo1_', 'Fly.io token', isB64UrlChar, 43, 43),
    prefixed('pnu_', 'Prefect API key', isAlnum, 36, 36),
    prefixed('xkeysib-', 'Brevo API key', (c) => isAlnum(c) || c === 45, 81, 81),
    prefixed('NRAK-', 'New Relic API key', isAlnum, 27, 27),
    prefixed('CFPAT-', 'Contentful token', isB64UrlChar, 43, 43),
    prefixed('dt0c01.', 'Dynatrace token', (c) => isAlnum(c) || c === 46, 89, 89),
    prefixed(['lsv2_pt_', 'lsv2_sk_'], 'LangSmith API key', (c) => isLowerHex(c) || c === 95, 43, 43),
    prefixed('glagent-', 'GitLab token', isB64UrlChar, 50, 50),
    prefixed('gloas-', 'GitLab token', isB64UrlChar, 64, 64),
    prefixed('glffct-', 'GitLab token', isB64UrlChar, 20, 20),
    prefixed('glcbt-', 'GitLab token', isB64UrlChar, 22, 26),
    prefixed('GR1348941', 'GitLab token', isB64UrlChar, 20, 20),
    prefixed('ABSK', 'Amazon Bedrock API key', (c) => isAlnum(c) || c === 43 || c === 47 || c === 61, 109, 271),
    prefixed('sha256~', 'OpenShift token', isB64UrlChar, 43, 43),
    prefixed('rdme_', 'ReadMe API key', isLowerAlnum, 70, 70),
    prefixed('whsec_', 'Stripe webhook secret', isAlnum, 32, 64),
    // rel12: Anthropic's Admin API keys and Claude's OAuth access and refresh tokens (`claude setup-token`), and Slack's rotating tokens: secretlint's rules read `sk-ant-api0…` and `xox[abpr]-` only.
    prefixed('sk-ant-admin01-', 'Anthropic API key', isB64UrlChar, 80, 256),
    prefixed(['sk-ant-oat01-', 'sk-ant-ort01-'], 'Anthropic OAuth token', isB64UrlChar, 80, 256),
    prefixed(['xoxe.xoxp-', 'xoxe.xoxb-'], 'Slack token', (c) => isAlnum(c) || c === 45, 100, 256),
    prefixed('xoxe-', 'Slack token', (c) => isAlnum(c) || c === 45, 100, 256),
    // sec15: a Terraform Cloud token, a Slack app-level token's secret part, a Mailchimp key.
    terraformToken,
    slackAppToken,
    mailchimpKey,
    // sec16: Fly.io's macaroon tokens (`fm2_`, `fm1a_`, `fm1r_`, as `fly tokens create` prints them after `FlyV1 `) and Facebook's page and user access tokens (`EAAC…`, `EAAM…`): gitleaks' shapes, published as written.
    prefixed('fm2_', 'Fly.io token', (c) => isBase64(c), 100, 4096),
    prefixed(['fm1a_', 'fm1r_'], 'Fly.io token', (c) => isBase64(c), 100, 4096),
    prefixed(['EAAC', 'EAAM'], 'Facebook access token', isAlnum, 100, 512),
    gitlabRoutableToken,
  ],
  examples: {
    secret: [
      { text: 'trigger with glptt-74bf20f876ffc474c0251908fcdce4b314f68d9d now', value: 'glptt-74bf20f876ffc474c0251908fcdce4b314f68d9d' },
      { text: 'gitlab-runner register --token glrt-XS0DRdJuPnBIKpi99lSi', value: 'glrt-XS0DRdJuPnBIKpi99lSi' },
      { text: 'HEROKU key HRKU-AAI7S1L10e0tza93Ce6KRDiKpFfez3gb9pvMEc0goRqG9hTCzppvEJqa_ZgI.', value: 'HRKU-AAI7S1L10e0tza93Ce6KRDiKpFfez3gb9pvMEc0goRqG9hTCzppvEJqa_ZgI' },
      { text: 'sentry-cli with 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', value: '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' },
      { text: 'supabase login --token sbp_3c3a30f47c123c50a303f99217331a52757ec8bc', value: 'sbp_3c3a30f47c123c50a303f99217331a52757ec8bc' },
      { text: 'OPENROUTER 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', value: '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' },
      { text: 'replicate r8_QVz0ViLMj3zZmIHkKlm3qxYsb1ZC5A80yuJ5L ok', value: 'r8_QVz0ViLMj3zZmIHkKlm3qxYsb1ZC5A80yuJ5L' },
      { text: 'PMAK-46c3dc508343494cb260b4f7-2bf3af0bede9e4ec69595a86411d53053c for newman', value: 'PMAK-46c3dc508343494cb260b4f7-2bf3af0bede9e4ec69595a86411d53053c' },
      { text: 'AGE-SECRET-KEY-1K4XXG9WA485F2ZL3GHUMMMSJ3CFZZ2MQDGDHSZKV82DYLMJF842SG99GXQ', value: 'AGE-SECRET-KEY-1K4XXG9WA485F2ZL3GHUMMMSJ3CFZZ2MQDGDHSZKV82DYLMJF842SG99GXQ' },
      { text: 'Authorization header had ya29.a0AfH6SMBx3kQ9vLw2pXk4sZ9Ba7qLw2pXk4sZ9', value: 'ya29.a0AfH6SMBx3kQ9vLw2pXk4sZ9Ba7qLw2pXk4sZ9' },
      { text: `CLAUDE_CODE_OAUTH_TOKEN set; used sk-ant-oat01-${'Xk3Jd9Lx2QmZ7Vt4Rb8N-w1Yp6Hs_'.repeat(3)}Gq2Lk9AA in CI`, value: `sk-ant-oat01-${'Xk3Jd9Lx2QmZ7Vt4Rb8N-w1Yp6Hs_'.repeat(3)}Gq2Lk9AA` },
      { text: `admin key sk-ant-admin01-${'Rb8Nw1Yp6Hs_Xk3Jd9Lx2QmZ7Vt4-'.repeat(3)}Lq7Zm2AA`, value: `sk-ant-admin01-${'Rb8Nw1Yp6Hs_Xk3Jd9Lx2QmZ7Vt4-'.repeat(3)}Lq7Zm2AA` },
      { text: 'terraform token Xk3Jd9Lx2QmZ7V.atlasv1.Rb8Nw1Yp6Hs0FcE2gUo5Ti7Ra9WXk3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2gUo5Ti7R-_= now', value: 'Xk3Jd9Lx2QmZ7V.atlasv1.Rb8Nw1Yp6Hs0FcE2gUo5Ti7Ra9WXk3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2gUo5Ti7R-_=' },
      { text: 'SLACK_APP_TOKEN xapp-1-A0123ABCDEF-1234567890123-0f1e2d3c4b5a69780f1e2d3c4b5a69780f1e2d3c4b5a69780f1e2d3c4b5a6978', value: 'xapp-1-A0123ABCDEF-1234567890123-0f1e2d3c4b5a69780f1e2d3c4b5a69780f1e2d3c4b5a69780f1e2d3c4b5a6978' },
      { text: 'mailchimp key 0f1e2d3c4b5a69780f1e2d3c4b5a6978-us21 set', value: '0f1e2d3c4b5a69780f1e2d3c4b5a6978-us21' },
      { text: 'GITLAB_TOKEN glpat-Xk3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE.01.0q1ks6clz for the API', value: 'glpat-Xk3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE.01.0q1ks6clz' },
      { text: `refresh xoxe-1-${'My8Kq3Zr7Lw2Nx5Vb9Tc4Hd6Jf1Gp0'.repeat(5)}`, value: `xoxe-1-${'My8Kq3Zr7Lw2Nx5Vb9Tc4Hd6Jf1Gp0'.repeat(5)}` },
    ],
    notSecret: ['sk-ant-oat01- is the prefix of an OAuth token', 'xoxe-1-short', 'glptt- then 40 hex digits', 'runner tokens start glrt-', 'pul-request and pnu_ and fo1_x', 'the ATATT3 prefix', 'whsec_short', 'a Q~ in prose: abc1Q~short', 'sha256~ then 43 characters', 'ABSK is a prefix', 'sbp_ is Supabase', 'x = 1//0 raises', 'ya29.short', 'r8_ prefix', 'the HRKU-AA prefix', 'version sk-or-v1-beta', 'abc.atlasv1.short', 'xapp-1-AB-12-abc', '9fceb02d0ae598e95dc970b74767f19372d61af8-us21', '0f1e2d3c4b5a69780f1e2d3c4b5a6978-usage'],
  },
});
