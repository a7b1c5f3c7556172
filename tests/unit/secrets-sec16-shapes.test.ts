/**
 * What a sec16 trial (real-shaped secrets of the forms agents paste and configuration files
 * hold, checked against every rule) found published as written, each by no rule of
 * secretlint's preset nor of Trailbook's own:
 *
 * - SQL's `ALTER USER … WITH PASSWORD '…'`, `CREATE USER … IDENTIFIED BY '…'` (a migration
 *   row), an XML element `<password>…</password>` (Maven's `settings.xml`), PHP's
 *   `define('DB_PASSWORD', '…')` (`wp-config.php`), Redis' `requirepass …` and `masterauth …`:
 *   no `=` or `:` after the name, so the assignment rule read none (`trailbook/config-password`);
 * - an ODBC connection string's `Pwd=…;` (the key `pwd` alone was left out for the shell's `PWD=`);
 * - `Authorization: Token …` (Django REST framework, GitHub's `token` scheme);
 * - an OpenPGP armored private key (`-----BEGIN PGP PRIVATE KEY BLOCK-----`, its armor header
 *   lines, its body): secretlint's rule and the private-key-body rule read `PRIVATE KEY-----`;
 * - Fly.io macaroon tokens (`fm2_…`, `fm1a_…`, `fm1r_…`) and Facebook access tokens (`EAAC…`, `EAAM…`);
 * - a GitLab routable token (`glpat-<payload>.01.<checksum>`): secretlint took it up to its `.`
 *   and the version and checksum were published after the marker;
 * - a secret in markup inside a markdown record (`<password>…</password>` in design/selection.md):
 *   the document is held rendered, its tags dropped, so no rule read it
 *   (tests/unit/secret-document-markup.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../src/lib/secrets/detect.ts';
import { Redaction } from '../../src/lib/secrets/redaction.ts';
import { draw } from '../secret-fixtures.ts';

/** `text` as the archive shows it: every secret findSecrets finds replaced by its marker. */
async function shown(text: string): Promise<string> {
  const redaction = new Redaction();
  for (const h of (await findSecrets([text]))[0] ?? []) redaction.add(text.slice(h.start, h.end), h.kind);
  return redaction.redact(text);
}

// Made-up values of the documented shapes (random characters, never issued).
const AN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const B64 = `${AN}+/`;
const PW = draw('sec16-pw', AN, 16);
const FLY = `fm2_${draw('sec16-fly', B64, 180)}`;
const FB = `EAAC${draw('sec16-fb', AN, 160)}`;
const PGP_LINES = [0, 1, 2].map((i) => draw(`sec16-pgp-${i}`, B64, 64));
const PGP = `-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\nComment: deploy key\n\n${PGP_LINES.join('\n')}\n=Xk3J\n-----END PGP PRIVATE KEY BLOCK-----\n`;

describe('passwords written with no = or : after their name', () => {
  it('are redacted, the statement or file around them kept', async () => {
    expect(await shown(`Ran the migration: ALTER USER app WITH PASSWORD '${PW}';`)).toBe("Ran the migration: ALTER USER app WITH PASSWORD '[redacted: password in an SQL statement]';");
    expect(await shown(`CREATE USER 'app'@'%' IDENTIFIED BY '${PW}';`)).toBe("CREATE USER 'app'@'%' IDENTIFIED BY '[redacted: password in an SQL statement]';");
    expect(await shown(`<server>\n  <id>central</id>\n  <username>ci</username>\n  <password>${PW}</password>\n</server>`)).toBe('<server>\n  <id>central</id>\n  <username>ci</username>\n  <password>[redacted: password in a configuration file]</password>\n</server>');
    expect(await shown(`define( 'DB_PASSWORD', '${PW}' );`)).toBe("define( 'DB_PASSWORD', '[redacted: password in a configuration file]' );");
    expect(await shown(`requirepass ${PW}\nmasterauth "${PW}x"`)).toBe('requirepass [redacted: Redis password]\nmasterauth "[redacted: Redis password]"');
    expect(await shown(`Server=db;Uid=sa;Pwd=${PW};Encrypt=yes`)).toBe('Server=db;Uid=sa;Pwd=[redacted: password in a KEY=value assignment];Encrypt=yes');
    expect(await shown(`curl -H "Authorization: Token ${draw('sec16-drf', '0123456789abcdef', 40)}" https://api.example.com/`)).toBe('curl -H "Authorization: Token [redacted: bearer token]" https://api.example.com/');
  });

  it('ordinary code, markup and prose of those words stay as written', async () => {
    const texts = [
      '<label for="password">Password</label><input type="password" name="password">',
      '<password>${env.REPO_PASSWORD}</password> and <secret>true</secret>',
      "ALTER ROLE postgres PASSWORD 'postgres'; CREATE USER 'root'@'localhost' IDENTIFIED BY 'password';",
      "cursor.execute(\"SELECT * FROM users WHERE password = '%s'\" % pw)",
      "define('WP_DEBUG', true); define('DB_PASSWORD', getenv('DB_PASSWORD'));",
      'set requirepass in redis.conf; # requirepass foobared',
      "a user's password 'must contain' digits",
      'Authorization: Token <your-token> or Authorization: Token ${TOKEN}',
      'cd $PWD; OLDPWD=$PWD; PWD=/home/agent/work',
      '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQENBGXk3Q8BCADx7Kq2Lm9Xp4Vt8Rz3Wb6Hc1Jd5Gf0Sa2Qe4Zn6Mv8Kc1Jh3Gf5D\n-----END PGP PUBLIC KEY BLOCK-----',
      'fm2_ tokens come from `fly tokens create`; EAAC is how a Facebook token starts',
    ];
    expect((await findSecrets(texts)).map((hits) => hits.map((h) => h.rule))).toEqual(texts.map(() => []));
  });
});

describe('keys and tokens no rule read', () => {
  it('an OpenPGP private key keeps its header, armor lines and checksum; its body is redacted line by line', async () => {
    expect(await shown(`exported the signing key:\n${PGP}`)).toBe(
      'exported the signing key:\n-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\nComment: deploy key\n\n[redacted: private key]\n[redacted: private key]\n[redacted: private key]\n=Xk3J\n-----END PGP PRIVATE KEY BLOCK-----\n',
    );
    // Pasted into a TSV cell, its line breaks written `\n`.
    const cell = PGP.replaceAll('\n', '\\n');
    const out = await shown(cell);
    for (const line of PGP_LINES) expect(out).not.toContain(line.slice(0, 24));
  });

  it('a GitLab routable token is redacted whole, its version and checksum with it (secretlint took it up to its first `.`)', async () => {
    const token = `glpat-${draw('sec16-glr', `${AN}_-`, 31)}.01.${draw('sec16-glr-crc', 'abcdefghijklmnopqrstuvwxyz0123456789', 9)}`;
    expect(await shown(`token ${token} for glab api`)).toBe("token [redacted: GitLab token] for glab api");
    expect(await shown(`curl --header "PRIVATE-TOKEN: ${token}"`)).toBe('curl --header "PRIVATE-TOKEN: [redacted: secret in a KEY=value assignment]"');
    expect(await shown(`runner ${token.replace('glpat-', 'glrt-')} registered`)).toBe('runner [redacted: GitLab token] registered');
  });

  it('Fly.io and Facebook tokens are redacted whole', async () => {
    expect(await shown(`deployed with -H "Authorization: FlyV1 ${FLY}"`)).toBe('deployed with -H "Authorization: FlyV1 [redacted: Fly.io token]"');
    expect(await shown(`graph call with ${FB} failed`)).toBe('graph call with [redacted: Facebook access token] failed');
  });
});
