/**
 * Files that are secrets by nature (issue 29, scope 4): their whole content is credentials,
 * so no rule is trusted to find every secret in them. They get no file page and no excerpt
 * ("contents not published: secret file"), and a commit page lists them without their diff.
 * A pointer to one is still checked against git (`.env:1` is VERIFIED when line 1 exists).
 */

/** Why a file's contents are not published. */
export const SECRET_FILE_NOTE = 'contents not published: secret file';

const base = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** Exact base names of secret files. */
const NAMES: ReadonlySet<string> = new Set([
  'credentials.json', 'credentials', 'client_secret.json', 'service-account.json', 'service_account.json', 'kubeconfig',
  '.netrc', '_netrc', '.pgpass', '.git-credentials', '.htpasswd', '.dockercfg', 'secrets.yml', 'secrets.yaml', 'secrets.json',
  'terraform.tfstate', 'terraform.tfstate.backup', '.vault-token', 'known_secrets',
]);

/** File endings of key stores and private keys. */
const ENDINGS = ['.pem', '.key', '.p12', '.pfx', '.jks', '.keystore', '.ppk', '.tfstate', '.asc', '.gpg', '.kdbx', '.ovpn'];

/** Endings of an environment file's template (`.env.example`): not a secret file. */
const TEMPLATE_ENDINGS = ['.example', '.sample', '.template', '.dist', '.defaults', '.tmpl', '.tpl'];

/** SSH private key names (`id_rsa`, `id_ed25519_work`), not their public halves (`.pub`). */
const SSH_KEYS = ['id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519'];

/**
 * Whether the file at `path` (`/`-separated, relative) is a secret by nature: `.env`, `*.env`
 * (`app.env`, `production.env`) and `.env.*` (`.env.production`, `.env.local`; `.envrc` too) but not a template of one
 * (`.env.example`, `.env.sample`, `.env.template`, `.env.dist`, `.env.defaults`), private keys and key stores
 * (`*.pem`, `*.key`, `id_rsa*` but not `*.pub`, `*.p12`, `*.pfx`, `*.jks`), `credentials.json`
 * and other credential files, kubeconfig (`kubeconfig`, `.kube/config`), `.docker/config.json`,
 * `.aws/credentials`, and an `.npmrc` or `.pypirc` that holds a token (`text`, when known; when
 * not, an `.npmrc` counts as one).
 */
export function isSecretFile(path: string, text?: string | null): boolean {
  const name = base(path).toLowerCase();
  const lower = path.toLowerCase();
  // `app.env`, `production.env` (docker compose's `env_file`; sec14: it had a file page and its diff shown) are environment files as `.env` is.
  if (name === '.env' || name === '.envrc' || name.endsWith('.env')) return true;
  // A template (`.env.example`, `.env.local.sample`) is committed for others to copy: placeholders, not secrets (sec11: it got no page). The rules still read it.
  if (name.startsWith('.env.')) return !TEMPLATE_ENDINGS.some((e) => name.endsWith(e));
  if (NAMES.has(name)) return true;
  if (ENDINGS.some((e) => name.endsWith(e))) return true;
  if (SSH_KEYS.some((k) => name.startsWith(k)) && !name.endsWith('.pub')) return true;
  if (lower.endsWith('.kube/config') || lower.endsWith('.docker/config.json') || lower.endsWith('.aws/credentials') || lower.endsWith('.aws/config')) return true;
  if (name === '.npmrc' || name === '.pypirc' || name === '.yarnrc.yml') {
    if (text === undefined || text === null) return true;
    const t = text.toLowerCase();
    return t.includes('_authtoken') || t.includes('_auth') || t.includes('password') || t.includes('npmauthtoken') || t.includes('token');
  }
  return false;
}
