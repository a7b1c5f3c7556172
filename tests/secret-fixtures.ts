/**
 * Planted secrets (issue 29, "Done when"): 26 values of 19 kinds, made at run time from a
 * seed (so no credential-shaped literal sits in the repository), and a project that holds
 * them in every place a record can: trail rows (decision, why, result, an unknown field),
 * commands in evidence, a cited `.env`, a commit diff, a commit message, a handover file, a
 * coord.v1 payload and a beads comment.
 */
import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** `n` characters of `alphabet`, drawn from sha256 of `seed` (deterministic). */
export function draw(seed: string, alphabet: string, n: number): string {
  let out = '';
  let block = 0;
  while (out.length < n) {
    const bytes = createHash('sha256').update(`${seed}:${block++}`).digest();
    for (const b of bytes) if (out.length < n) out += alphabet[b % alphabet.length];
  }
  return out;
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const HEX = '0123456789abcdef';

/** One planted secret: the value, the kind its marker names, and the text that carries it. */
export interface Planted {
  name: string;
  value: string;
  kind: string;
}

/** A PEM private key body of a real RSA key (generated, 1024 bits: only its shape matters). */
export function privateKeyPem(): string {
  return generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
}

/** The planted values, by name. */
export function plantedSecrets(): Record<string, Planted> {
  const p = (name: string, value: string, kind: string): [string, Planted] => [name, { name, value, kind }];
  return Object.fromEntries([
    p('awsKeyId', `AKIA${draw('aws-id', UPPER + DIGITS, 16)}`, 'AWS access key id'),
    p('awsSecret', draw('aws-secret', ALNUM + '/+', 40), 'AWS secret access key'),
    p('githubClassic', `ghp_${draw('ghp', ALNUM, 36)}`, 'GitHub token'),
    p('githubFine', `github_pat_${draw('ghpat', ALNUM + '_', 82)}`, 'GitHub token'),
    p('gitlab', `glpat-${draw('glpat', ALNUM, 20)}`, 'GitLab token'),
    p('slack', `xoxb-${draw('slack1', DIGITS, 12)}-${draw('slack2', DIGITS, 13)}-${draw('slack3', ALNUM, 24)}`, 'Slack token'),
    p('npm', `npm_${draw('npm', ALNUM, 36)}`, 'npm access token'),
    p('stripe', `sk_live_${draw('stripe', ALNUM, 24)}`, 'Stripe secret key'),
    p('anthropic', `sk-ant-api03-${draw('anthropic', ALNUM + '_-', 93)}AA`, 'Anthropic API key'),
    p('openai', `sk-${draw('openai1', ALNUM, 20)}T3BlbkFJ${draw('openai2', ALNUM, 20)}`, 'OpenAI API key'),
    p('sendgrid', `SG.${draw('sg1', ALNUM, 22)}.${draw('sg2', ALNUM, 43)}`, 'SendGrid API key'),
    p('huggingface', `hf_${draw('hf', UPPER + LOWER, 34)}`, 'Hugging Face token'),
    p('docker', `dckr_pat_${draw('docker', ALNUM, 27)}`, 'Docker token'),
    p('shopify', `shpat_${draw('shopify', HEX, 32)}`, 'Shopify token'),
    p('vault', `hvs.${draw('vault', ALNUM, 95)}`, 'Vault token'),
    p('postgresPassword', `${draw('pg', ALNUM, 14)}!`, 'PostgreSQL password'),
    p('redisPassword', `r3d-${draw('redis', ALNUM, 16)}`, 'Redis password'),
    p('urlPassword', draw('basic', ALNUM, 18), 'password in a URL'),
    p('pgPassword', `${draw('pgpass', ALNUM, 10)}#9`, 'password in a KEY=value assignment'),
    p('apiToken', draw('apitoken', LOWER + DIGITS, 28), 'secret in a KEY=value assignment'),
    p('clientSecret', `${draw('client', ALNUM, 24)}-x9`, 'secret in a KEY=value assignment'),
    p('githubInCommit', `ghp_${draw('ghp-commit', ALNUM, 36)}`, 'GitHub token'),
    p('gitlabInMessage', `glpat-${draw('glpat-msg', ALNUM, 22)}`, 'GitLab token'),
    p('slackWebhookToken', draw('hook', ALNUM, 24), 'Slack webhook URL'),
    // Cut by Trailbook before it is redacted: a flag's quote of its row (50 characters), a citation's decision (120).
    p('githubCut', `ghp_${draw('ghp-cut', ALNUM, 36)}`, 'GitHub token'),
    p('gitlabCut', `glpat-${draw('glpat-cut', ALNUM, 24)}`, 'GitLab token'),
  ]);
}

const GIT_ENV = { GIT_AUTHOR_NAME: 'Ada Example', GIT_AUTHOR_EMAIL: 'ada@example.com', GIT_COMMITTER_NAME: 'Ada Example', GIT_COMMITTER_EMAIL: 'ada@example.com', GIT_AUTHOR_DATE: '2026-04-01T09:00:00Z', GIT_COMMITTER_DATE: '2026-04-01T09:00:00Z' };
const git = (dir: string, ...args: string[]): string => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });

function row(ts: string, phase: string, decision: string, why: string, evidence: string, result: string, extra: Record<string, string> = {}): Record<string, string> {
  const id = createHash('sha256').update(ts + 'T-1' + decision).digest('hex').slice(0, 8);
  return { id, ts, phase, ticket: 'T-1', actor: 'lead', decision, why, evidence, result, ...extra };
}

/** The fixture: a repository with the project's records at its top. */
export interface SecretProject {
  dir: string;
  secrets: Record<string, Planted>;
  /** The PEM key committed in `ops/deploy-key.txt`; its body lines are secrets too. */
  pem: string;
  /** SHAs of the commits the trail cites. */
  configCommit: string;
}

/**
 * Writes the project into `dir` (created): a git repository holding `.env` and a commit whose
 * diff and message carry secrets, and the records (`decisions.jsonl`, `handover.md`,
 * `coordination.jsonl`, `.beads/issues.jsonl`) carrying the rest.
 */
export async function makeSecretProject(dir: string): Promise<SecretProject> {
  const s = plantedSecrets();
  const v = (name: string): string => (s[name] as Planted).value;
  const pem = privateKeyPem();
  await mkdir(join(dir, 'config'), { recursive: true });
  await mkdir(join(dir, 'ops'), { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  await writeFile(join(dir, '.env'), `DATABASE_URL=postgres://admin:${v('postgresPassword')}@db.internal:5432/prod\nAWS_SECRET_ACCESS_KEY=${v('awsSecret')}\nGITHUB_TOKEN=${v('githubClassic')}\n`);
  await writeFile(join(dir, 'README.md'), '# Service\n\nDeploys with the keys in .env.\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'Initial commit');
  const first = git(dir, 'rev-parse', 'HEAD').trim();
  await writeFile(join(dir, 'config', 'app.yml'), `service: billing\nnotify:\n  webhook: https://hooks.slack.com/services/T0123ABCD/B0456EFGH/${v('slackWebhookToken')}\n  token: ${v('githubInCommit')}\n`);
  await writeFile(join(dir, 'ops', 'deploy-key.txt'), `The deploy key:\n${pem}`);
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', `Wire the notifier\n\nDeploy token ${v('gitlabInMessage')} goes to CI.`);
  const configCommit = git(dir, 'rev-parse', 'HEAD').trim();
  const rows = [
    row('2026-04-01T09:00:00Z', 'start', 'Open the trail', 'start of the run', first, 'verified'),
    row('2026-04-01T09:10:00Z', 'phase-1', `Ran the migration with DATABASE_URL=postgres://admin:${v('postgresPassword')}@db/prod`, 'the schema needed the new column', '.env:1', 'verified'),
    row('2026-04-01T09:20:00Z', 'phase-1', 'Wire the notifier', `used export API_TOKEN=${v('apiToken')} for the smoke test`, `PGPASSWORD=${v('pgPassword')} psql -h db -c 'select 1'; ${configCommit}`, 'verified'),
    row('2026-04-01T09:30:00Z', 'phase-1', 'Rotate the cloud keys', 'the old key leaked', `aws configure set aws_access_key_id ${v('awsKeyId')}`, `verified with token ${v('githubFine')}`, { notes: `npm publish with ${v('npm')}` }),
    row('2026-04-01T09:40:00Z', 'phase-2', 'Call the model API', `curl -H "x-api-key: ${v('anthropic')}" and OPENAI_API_KEY=${v('openai')}`, `curl https://deploy:${v('urlPassword')}@ci.example.com/hook`, 'verified'),
    row('2026-04-01T09:50:00Z', 'phase-2', 'Charge a test card', `stripe key ${v('stripe')}; cache at redis://:${v('redisPassword')}@cache:6379/0`, 'README.md:3', `verified; {"client_secret": "${v('clientSecret')}"}`),
    // A flag quotes this row's decision cut at 50 characters, inside the token (src/missing.ts is not there).
    row('2026-04-01T10:00:00Z', 'phase-2', `Rotate the key ${v('githubCut')} everywhere`, 'the old one leaked', 'src/missing.ts', 'verified'),
    // Its citation on README.md's page keeps the decision's first 120 characters, inside the token.
    row('2026-04-01T10:10:00Z', 'phase-2', `${'Note '.repeat(22)}token ${v('gitlabCut')} set`, 'documented', 'README.md:1', 'verified'),
  ];
  await writeFile(join(dir, 'decisions.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  await writeFile(join(dir, 'handover.md'), `# Handover\n\nThe run is done.\n\n- Mail goes through SendGrid with \`${v('sendgrid')}\`.\n- Models from \`${v('huggingface')}\`.\n`);
  const coord = {
    version: 'coord.v1', kind: 'coord_event', issue_id: 'bb-1', actor: 'amber-otter', timestamp: '2026-04-01T09:15:00.000Z',
    data: { event_type: 'SEND', event_id: 'evt_01', project_root: '/repo', issue_id: 'bb-1', actor: 'amber-otter', timestamp: '2026-04-01T09:15:00.000Z', to_agent: 'jade-fox', payload: { subject: 'registry login', body: `docker login -p ${v('docker')} and slack ${v('slack')}` } },
  };
  await writeFile(join(dir, 'coordination.jsonl'), JSON.stringify(coord) + '\n');
  await mkdir(join(dir, '.beads'), { recursive: true });
  const issue = { _type: 'issue', id: 'bb-1', title: 'Ship billing', status: 'closed', priority: 2, issue_type: 'task', created_at: '2026-04-01T09:00:00Z', updated_at: '2026-04-01T10:00:00Z', closed_at: '2026-04-01T10:00:00Z', comments: [{ id: 1, issue_id: 'bb-1', author: 'lead', text: `Shopify app uses ${v('shopify')}; vault ${v('vault')}`, created_at: '2026-04-01T09:30:00Z' }] };
  await writeFile(join(dir, '.beads', 'issues.jsonl'), JSON.stringify(issue) + '\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'Add the records');
  return { dir, secrets: s, pem, configCommit };
}

/** The lines of a PEM key's body (what is redacted of it). */
export function pemBodyLines(pem: string): string[] {
  return pem.split('\n').filter((l) => l.length >= 8 && !l.startsWith('-----'));
}
