/**
 * A cited file over 2,000 lines is shown as windows around the cited lines (sec10): a window
 * starting inside a private key's body held body lines no rule recognises without the key's
 * `-----BEGIN … PRIVATE KEY-----` header, which lay above the window, so they were published as
 * written. A cut excerpt is now redacted as its whole file reads.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { excerptText } from '../../src/lib/git/file-excerpt.ts';
import { redactExcerpt } from '../../src/lib/secrets/evidence-secrets.ts';
import { DEFAULT_SECRET_SETTINGS } from '../../src/lib/config/secret-settings.ts';

/** 40 lines of a made-up key body, 64 base64 characters each (digests, never a key). */
const BODY = Array.from({ length: 40 }, (_, i) => createHash('sha512').update(`line ${i}`).digest('base64').slice(0, 64));
const lines = [
  ...Array.from({ length: 100 }, (_, i) => `// filler ${i + 1}`),
  'const KEY = `-----BEGIN RSA PRIVATE KEY-----',
  ...BODY,
  '-----END RSA PRIVATE KEY-----`;',
  ...Array.from({ length: 2500 }, (_, i) => `// more ${i + 1}`),
];
const text = `${lines.join('\n')}\n`;

describe('a cut excerpt whose window starts inside a private key', () => {
  const excerpt = excerptText('src/keys.ts', text, [{ from: 181, to: 181 }]);

  it('the window starts inside the body, below the header', () => {
    expect(excerpt.windows[0]?.start).toBe(141);
    expect(excerpt.windows[0]?.lines.some((l) => l.includes('BEGIN'))).toBe(false);
    expect(excerpt.windows[0]?.lines[0]).toBe(BODY[39]);
  });

  it('scanned alone, its body line was shown as written; scanned as the whole file, it is redacted', async () => {
    expect((await redactExcerpt(excerpt, DEFAULT_SECRET_SETTINGS)).windows[0]?.lines[0]).toBe(BODY[39]);
    const shown = await redactExcerpt(excerpt, DEFAULT_SECRET_SETTINGS, undefined, text);
    expect(shown.windows[0]?.lines.slice(0, 3)).toEqual(['[redacted: private key]', '-----END RSA PRIVATE KEY-----`;', '// more 1']);
  });
});
