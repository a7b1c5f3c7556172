/**
 * What a sec15 trial (real-shaped secrets planted in every place a record or cited file can
 * carry text, then every output file and the build cache searched for each) found published:
 *
 * - a Terraform Cloud / HCP Terraform API token (`<14>.atlasv1.<60–70>`), a Slack app-level
 *   token (`xapp-1-A…-<digits>-<64 hex>`), a Mailchimp API key (32 hex digits and `-us<N>`,
 *   its data centre) and the private lines of a PuTTY key file (`PuTTY-User-Key-File-2/3`,
 *   `Private-Lines: N` and its N base64 lines): no rule of secretlint's preset nor of
 *   Trailbook's own read them, so each was published as written, in a row, a cited file, a
 *   commit message, a handover;
 * - an Azure SAS URL's `sig=` in a markdown document (handover.md, design/selection.md, a
 *   rubric, a candidate design): the document is held rendered, where its `&` is written
 *   `&#x26;`, so the signature after `&#x26;sig=` was not read (it was in a row);
 * - an evidence item that is a secret and reads as a path (a private key's body line, an AWS
 *   secret access key, each holding `/`) was written, as written, into the build cache's
 *   `projects/<id>.seal.json` among the paths of the project folder the verdicts looked up.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSecrets } from '../../src/lib/secrets/detect.ts';
import { Redaction } from '../../src/lib/secrets/redaction.ts';
import { draw, privateKeyPem, pemBodyLines } from '../secret-fixtures.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { commitAll, fixtureDir, initRepo, removeFixture, writeFiles } from '../trail-fixtures.ts';

/** `text` as the archive shows it: every secret findSecrets finds replaced by its marker. */
async function shown(text: string): Promise<string> {
  const redaction = new Redaction();
  for (const h of (await findSecrets([text]))[0] ?? []) redaction.add(text.slice(h.start, h.end), h.kind);
  return redaction.redact(text);
}

// Made-up values of the documented shapes (random characters, never issued).
const AN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const B64 = `${AN}+/`;
const HEX = '0123456789abcdef';
const TFC = `${draw('sec15-tfc-a', AN, 14)}.atlasv1.${draw('sec15-tfc-b', `${AN}-_=`, 67)}`;
const XAPP = `xapp-1-A${draw('sec15-xapp-a', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 10)}-${draw('sec15-xapp-b', '0123456789', 13)}-${draw('sec15-xapp-c', HEX, 64)}`;
const MAILCHIMP = `${draw('sec15-mc', HEX, 32)}-us21`;
const PUTTY_PRIVATE = `AAAAI${draw('sec15-putty', B64, 43)}`;
const PUTTY_ED25519 = `PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: eddsa-key-20261206\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAI${draw('sec15-putty-pub', B64, 40)}\n${draw('sec15-putty-pub2', B64, 12)}\nPrivate-Lines: 1\n${PUTTY_PRIVATE}\nPrivate-MAC: ${draw('sec15-putty-mac', HEX, 64)}\n`;
const RSA_LINES = [0, 1, 2, 3].map((i) => draw(`sec15-putty-rsa-${i}`, B64, 64));
const PUTTY_RSA = `PuTTY-User-Key-File-2: ssh-rsa\r\nEncryption: none\r\nComment: rsa-key-20261206\r\nPublic-Lines: 1\r\nAAAAB3NzaC1yc2EAAAABJQAAAIEA${draw('sec15-putty-rsa-pub', B64, 36)}\r\nPrivate-Lines: 4\r\n${RSA_LINES.join('\r\n')}\r\nPrivate-MAC: ${draw('sec15-putty-rsa-mac', HEX, 40)}\r\n`;

describe('vendor token shapes no rule read', () => {
  it('a Terraform Cloud token, a Slack app-level token and a Mailchimp key are redacted whole', async () => {
    expect(await shown(`terraform login token ${TFC}`)).toBe('terraform login token [redacted: Terraform Cloud API token]');
    expect(await shown(`credentials "app.terraform.io" {\n  token = "${TFC}"\n}`)).toBe('credentials "app.terraform.io" {\n  token = "[redacted: secret in a KEY=value assignment]"\n}');
    expect(await shown(`SLACK_APP_TOKEN ${XAPP} for socket mode`)).toBe('SLACK_APP_TOKEN [redacted: Slack app-level token] for socket mode');
    expect(await shown(`mailchimp api key ${MAILCHIMP}`)).toBe('mailchimp api key [redacted: Mailchimp API key]');
    expect(await shown(`https://us21.api.mailchimp.com/3.0/lists (key ${MAILCHIMP})`)).toBe('https://us21.api.mailchimp.com/3.0/lists (key [redacted: Mailchimp API key])');
  });

  it('words and ids of those shapes stay as written', async () => {
    const texts = [
      'abc.atlasv1.short',
      'the host runs atlasv1.example.com',
      `commit ${draw('sec15-sha', HEX, 40)}-us21 tag`,
      `${draw('sec15-md5', HEX, 32)}-usage.txt`,
      `${draw('sec15-md5b', HEX, 32)}-us`,
      `x${draw('sec15-md5c', HEX, 32)}-us21`,
    ];
    for (const text of texts) expect(await shown(text)).toBe(text);
  });
});

const ADO_PAT = draw('sec15-ado', 'abcdefghijklmnopqrstuvwxyz234567', 52);

describe('a personal access token under a key ending in _PAT', () => {
  it("is redacted (Azure DevOps' PAT has no prefix)", async () => {
    expect(await shown(`export AZURE_DEVOPS_EXT_PAT=${ADO_PAT}`)).toBe('export AZURE_DEVOPS_EXT_PAT=[redacted: secret in a KEY=value assignment]');
    expect(await shown(`  ADO_PAT: "${ADO_PAT}"`)).toBe('  ADO_PAT: "[redacted: secret in a KEY=value assignment]"');
  });

  it('a reference, a path or a short value stays as written', async () => {
    for (const text of ['AZURE_DEVOPS_EXT_PAT=$(System.AccessToken)', 'export GH_PAT=${{ secrets.GH_PAT }}', 'MAX_PAT=12', 'echo $AZURE_DEVOPS_EXT_PAT | az devops login', 'SEARCH_PATH=/usr/local/bin', 'the_pat=kitten']) expect(await shown(text)).toBe(text);
  });
});

describe('code that names a secret', () => {
  it('stays as written: a path through a secret-named member, a Rust path call', async () => {
    for (const text of ['password = form.password.data', 'let password = std::env::var("DB_PASSWORD")?;', 'password = random_password.db.result', '  password = random_password.admin.result\n  username = "admin"']) expect(await shown(text)).toBe(text);
  });

  it('a password of words and full stops is still redacted', async () => {
    expect(await shown('DB_PASSWORD=hunter2.backup')).toBe('DB_PASSWORD=[redacted: password in a KEY=value assignment]');
    expect(await shown('password = Tr0ub4dor.and.more')).toBe('password = [redacted: password in a KEY=value assignment]');
  });
});

describe('a PuTTY private key', () => {
  it('shows its header and public lines, its private lines redacted', async () => {
    expect(await shown(PUTTY_ED25519)).toBe(PUTTY_ED25519.replace(PUTTY_PRIVATE, '[redacted: PuTTY private key]'));
    let rsa = PUTTY_RSA;
    for (const line of RSA_LINES) rsa = rsa.replace(line, '[redacted: PuTTY private key]');
    expect(await shown(PUTTY_RSA)).toBe(rsa);
  });

  it('a count with no key lines after it stays as written', async () => {
    for (const text of ['Private-Lines: 1\nthen the file ends', 'Private-Lines: 14', 'Private-Lines: 2\nshort\nwords', 'Private-Lines: x\nAAAAIBcDn1vt0W8ay5n7RmS1FSYjK0Q1QW6RZXHVs5TYQp9']) expect(await shown(text)).toBe(text);
  });
});

const SIG = `${draw('sec15-sig', B64, 43)}%3D`;
const SIG2 = `${draw('sec15-sig2', B64, 43)}%3D`;
const SAS2 = `https://acmestore.blob.core.windows.net/c/a.txt?sv=2022-11-02&sp=r&se=2026-12-31T00:00:00Z&sig=${SIG2}`;
const SAS = `https://acmestore.blob.core.windows.net/c/b.txt?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-12-31T00:00:00Z&sig=${SIG}`;

describe("an Azure SAS URL's signature in a markdown document", () => {
  let dir: string;
  let model: ProjectModel;
  beforeAll(async () => {
    dir = await fixtureDir('sec15-sas');
    await initRepo(dir);
    const row = JSON.stringify({ id: 'r1', ts: '2026-03-01T09:30:00Z', phase: 'start', ticket: '', actor: 'lead', decision: 'start', why: 'w', evidence: 'README.md', result: 'verified' });
    await writeFiles(dir, {
      'README.md': '# app\n',
      'decisions.jsonl': `${row}\n`,
      'handover.md': `# Handover\n\nThe export is at ${SAS}\n\n- a [link](${SAS})\n`,
      'design/rubric.md': '# Rubric\n\n1. **Size** — small. Judge: Shape.\n2. **Speed** — fast. Judge: Shape.\n3. **Errors** — named. Judge: Errors.\n',
      'design/selection.md': `---\npick: A\ncandidates: [A, B]\n---\n# Selection\n\nThe judge read the export at ${SAS2}\n\n## Pick\n\nA.\n`,
    });
    commitAll(dir, 'Trail', '2026-03-01T10:30:00Z');
    const models: ProjectModel[] = [];
    await analyseArchive({ roots: [dir], cacheDir: null, onModel: (m) => void models.push(m) });
    model = models[0] as ProjectModel;
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('is redacted in the rendered handover, the rest of the URL kept', () => {
    const html = model.handover?.html ?? '';
    expect(html).not.toContain(SIG.slice(0, 20));
    expect(html).toContain('se=2026-12-31T00:00:00Z&#x26;sig=[redacted: Azure SAS signature]');
    expect(model.flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => f.summary)).toContain('Azure SAS signature in handover.md:3: redacted in every output');
  });

  it('is redacted in the rendered selection (its intro and sections)', () => {
    const shown = JSON.stringify(model.arena?.selection ?? null);
    expect(shown).toContain('sig=[redacted: Azure SAS signature]');
    expect(JSON.stringify(model)).not.toContain(SIG2.slice(0, 20));
  });
});

describe('a path that is a piece of a secret', () => {
  it('is held by the redaction as a path reads it (a key line ending in / or holding //), a plain path is not', () => {
    const redaction = new Redaction();
    const line = 'bsVSRGzW7uWnep9PCo0CQQC/DU90zVIKRaPZl3yfc/JbqS/YbAmj5GFxXVz5AFM/';
    redaction.add(`-----BEGIN RSA PRIVATE KEY-----\n${line}\nF0qx3/b9UsP4nP9rrD4iG1Y//WfbegjB2+JPb4HR/bW2sp93cQfAIkZ/1yOuMbe9\n-----END RSA PRIVATE KEY-----`, 'private key');
    expect(redaction.holds(line.slice(0, -1))).toBe(false);
    expect([line.slice(0, -1), 'F0qx3/b9UsP4nP9rrD4iG1Y/WfbegjB2+JPb4HR/bW2sp93cQfAIkZ/1yOuMbe9', 'README.md', 'src/components/Button.tsx'].map((p) => redaction.holdsPath(p))).toEqual([true, true, false, false]);
  });
});

describe('an evidence item that is a secret and reads as a path', () => {
  let dir: string;
  let cache: string;
  // A line ending in `/` and one holding `//` (a path reads them as `…AFM` and `…1Y/Wfb…`: they were written into the seal, 1 run in 5).
  const pem = privateKeyPem()
    .split('\n')
    .map((l, i) => (i === 2 ? `${l.slice(0, -1)}/` : i === 3 ? `${l.slice(0, 20)}//${l.slice(22)}` : l))
    .join('\n');
  const allPemLines = pemBodyLines(pem);
  const pemLines = allPemLines.filter((l) => l.includes('/'));
  const awsSecret = `${draw('sec15-aws', AN, 20)}/${draw('sec15-aws-2', AN, 19)}`;
  const changed: string[][] = [];
  beforeAll(async () => {
    dir = await fixtureDir('sec15-seal');
    cache = await fixtureDir('sec15-seal-cache');
    await initRepo(dir);
    const line = (id: string, evidence: string): string => JSON.stringify({ id, ts: `2026-03-01T09:3${id.slice(1)}:00Z`, phase: 'build', ticket: '', actor: 'lead', decision: 'kept the key', why: 'w', evidence, result: 'verified' });
    await writeFiles(dir, {
      'README.md': '# app\n',
      'secret/decisions.jsonl': `${[line('r1', 'README.md'), line('r2', pem), line('r3', `aws_secret_access_key ${awsSecret}; notes/${awsSecret}`)].join('\n')}\n`,
      'plain/decisions.jsonl': `${line('r1', 'README.md; notes/plan.md')}\n`,
    });
    commitAll(dir, 'Trail', '2026-03-01T10:30:00Z');
    for (let i = 0; i < 2; i++) changed.push((await analyseArchive({ roots: [dir], cacheDir: cache })).changed);
  }, 120_000);
  afterAll(async () => {
    await removeFixture(dir);
    await removeFixture(cache);
  });

  it('is not written into the build cache; the project is analysed again, never reused unchecked', async () => {
    expect(pemLines.length).toBeGreaterThan(0);
    const names = (await readdir(join(cache, 'projects'))).filter((n) => n.endsWith('.seal.json'));
    const seals = await Promise.all(names.map((n) => readFile(join(cache, 'projects', n), 'utf8')));
    expect(names).toHaveLength(2);
    for (const seal of seals) for (const v of [...allPemLines, awsSecret]) expect(seal).not.toContain(v);
    // Nor any piece of one as a path reads it: the only consulted path is the plain project's notes/plan.md.
    expect(seals.flatMap((s) => (JSON.parse(s) as { consulted: { paths: string[] } }).consulted.paths).sort()).toEqual(['notes/plan.md']);
    // A key line read as a path and looked for is withheld and counted; whether any is looked for at all depends on the key
    // drawn and on how its lines read (none, when each reads as the secret it is), so only the bound is asserted.
    const withheld = seals.map((s) => (JSON.parse(s) as { consulted: { withheld?: number } }).consulted.withheld ?? 0);
    expect(Math.max(...withheld)).toBeLessThanOrEqual(allPemLines.length + 1);
    // Secret paths are not in the seal, so the secret project cannot be checked: analysed again; the plain one is reused.
    expect(changed.map((ids) => ids.map((id) => id.replace(/^.*?(plain|secret)$/, '$1')))).toEqual([['plain', 'secret'], ['secret']]);
  });
});
