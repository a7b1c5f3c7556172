/**
 * A fault-injecting trial of secret redaction (sec9): a project whose committed files, commit
 * messages and records (trail rows, audit.json, arena markdown, coord.v1, beads) held
 * credentials of every common shape was built, and every output file (the `.gz` ones
 * unpacked) and every `check` format was searched for each value. What was published as
 * written is tested here, as the text a user sees: each test failed before its fix.
 */
import { describe, expect, it } from 'vitest';
import { findSecrets, mayHoldSecret } from '../../src/lib/secrets/detect.ts';
import { KEY_ENDINGS, OWN_RULES, keySays } from '../../src/lib/secrets/own-rules.ts';
import { Redaction } from '../../src/lib/secrets/redaction.ts';

/** `text` as the archive shows it: every secret findSecrets finds replaced by its marker. */
async function shown(text: string): Promise<string> {
  const redaction = new Redaction();
  for (const h of (await findSecrets([text]))[0] ?? []) redaction.add(text.slice(h.start, h.end), h.kind);
  return redaction.redact(text);
}

// Made-up values (random letters, never issued).
const AZURE_KEY = 'YIQ0VDRkxE1LmpjejGQ3No9pxu0RBszfcZftC0iDzwJ83Nd1dVw/6N2ghTLWfMxQgNj36QrRXacFx/o2E4BvUg==';
const TOKEN = 'q8SxcPOlNeIF89dGbdU4guip0x24wZGQ';

describe('a key name the rules know is never skipped by the cheap test before them', () => {
  it('an Azure storage connection string: its AccountKey was published as written (no word of the cheap test in it)', async () => {
    expect(await shown(`DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${AZURE_KEY};EndpointSuffix=core.windows.net`)).toBe(
      'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=[redacted: secret in a KEY=value assignment];EndpointSuffix=core.windows.net',
    );
  });

  it('every key ending, however its words are joined (SIGNING_KEY, signing-key, signing.key, signingKey, X-Api-Key, db-pass)', async () => {
    const texts: string[] = [];
    for (const ending of KEY_ENDINGS) {
      const words = ending.split('_').filter((w) => w.length > 0);
      const camel = words.map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('');
      const keys = [`APP_${words.join('_').toUpperCase()}`, `app-${words.join('-')}`, `app.${words.join('.')}`, `app${camel[0]?.toUpperCase()}${camel.slice(1)}`];
      // The keys the assignment rule reads as naming a secret (`appAuth`, `appPass` are not).
      for (const key of new Set(keys)) if (keySays(key) !== null) texts.push(`${key}=${TOKEN}`);
    }
    const missed = texts.filter((t) => !mayHoldSecret(t));
    expect(missed).toEqual([]);
    expect((await findSecrets(texts)).map((hits, i) => hits.map((h) => (texts[i] as string).slice(h.start, h.end)).join() || texts[i])).toEqual(texts.map(() => TOKEN));
  });

  it("every own rule's example passes the cheap test (an example only the rule itself read hid the Azure gap)", () => {
    const missed = OWN_RULES.flatMap((rule) => rule.examples.secret.map((e) => e.text)).filter((t) => !mayHoldSecret(t));
    expect(missed).toEqual([]);
  });
});
