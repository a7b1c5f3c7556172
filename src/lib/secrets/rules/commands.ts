/**
 * Credentials given on a command line: `curl -u user:password`, `sshpass -p`, `mysql -p…`,
 * `aws configure set`, a login command's `-p`/`--password`, a token option's next word, and a
 * `.netrc` entry.
 */
import { isLikelyPassword, isLikelyToken } from '../values.ts';
import { MAX_VALUE, endsValue, isBase64, isKeyBody, quotedOrWord, runEnd } from './chars.ts';
import { type Candidate, type OwnRule, ownRule } from './rule.ts';

/** How far before an option its command is looked for, on the same line. */
const COMMAND_REACH = 200;

/**
 * The command before `at`: its line, from after the last `;`, `&` or `|`, at most
 * {@link COMMAND_REACH} characters of it. Never a search back over the whole text: one at every
 * option made a text of repeated options quadratic (sec9: `docker login -p ` repeated, 2.1 s at
 * 256 KiB, a 4 MiB cell never done).
 */
function commandBefore(text: string, at: number): string {
  const window = text.slice(Math.max(0, at - COMMAND_REACH), at);
  return window.slice(Math.max(window.lastIndexOf('\n'), window.lastIndexOf(';'), window.lastIndexOf('&'), window.lastIndexOf('|')) + 1);
}

/** Whether `window` holds one of `words`. */
const holdsAny = (window: string, words: readonly string[]): boolean => words.some((w) => window.includes(w));

/**
 * `trailbook/command-credential`: a credential given on a command line without a `KEY=`:
 * the password of `curl -u user:password` / `--user user:password`, and the value of
 * `aws configure set aws_secret_access_key <value>` (trust8: both were published as written).
 * The password must look real (as a `KEY=value` password: not `$PASSWORD`, `<password>`).
 */
export const commandCredentialRule: OwnRule = ownRule({
  id: 'trailbook/command-credential',
  describe: 'the password of `curl -u user:password` (or `--user`), of `sshpass -p …` and of `mysql -p…`, and the value of `aws configure set aws_secret_access_key …`',
  finders: [
    {
      anchor: [' -u ', ' --user ', ' --user='],
      kind: 'password in curl -u user:password',
      read(text, at) {
        const from = text.startsWith(' -u ', at) ? at + 4 : at + 8;
        // Only curl's option: the command is on the same line, at most 200 characters before.
        if (!holdsAny(commandBefore(text, at), ['curl'])) return { candidate: null, next: from };
        // `user:password`, or quoted: `'deploy:…'` (sec11: a quoted one was published as written).
        const { start, end } = quotedOrWord(text, from);
        const colon = text.slice(start, end).indexOf(':');
        if (colon < 0 || start + colon >= end - 1) return { candidate: null, next: Math.max(from, end) };
        return { candidate: { start: start + colon + 1, end }, next: Math.max(from, end) };
      },
      real: (value) => isLikelyPassword(value),
    },
    {
      anchor: 'sshpass -p',
      kind: 'password in sshpass -p',
      read(text, at) {
        let from = at + 'sshpass -p'.length;
        while (from < text.length && text.charCodeAt(from) === 32 && from - at < 'sshpass -p'.length + 4) from++;
        const { start, end } = quotedOrWord(text, from);
        return { candidate: end > start ? { start, end } : null, next: Math.max(from, end) };
      },
      real: (value) => isLikelyPassword(value),
    },
    {
      // `mysql -u root -pS3cret db`: the password is the rest of the word after `-p` (with a space, mysql asks for it).
      anchor: ' -p',
      kind: 'password in mysql -p',
      read(text, at) {
        const from = at + 3;
        if (!holdsAny(commandBefore(text, at), ['mysql', 'mariadb'])) return { candidate: null, next: from };
        // Straight after `-p`, or quoted there (`-p'…'`); never the next word (`-p app` prompts).
        const { start, end } = quotedOrWord(text, from);
        return { candidate: end > start ? { start, end } : null, next: Math.max(from, end) };
      },
      real: (value) => isLikelyPassword(value),
    },
    {
      anchor: 'aws_secret_access_key ',
      anyCase: true,
      kind: 'AWS secret access key',
      read(text, at) {
        let from = at + 'aws_secret_access_key '.length;
        const quote = text.charCodeAt(from);
        // Quoted (sec11), then closed by the same quote.
        if (quote === 34 || quote === 39) from++;
        const e = runEnd(text, from, (c) => isKeyBody(c) || c === 43 || c === 47, 40);
        if ((quote === 34 || quote === 39) && text.charCodeAt(e) !== quote) return { candidate: null, next: Math.max(from, e) };
        return { candidate: e - from === 40 && !(e < text.length && isBase64(text.charCodeAt(e))) ? { start: from, end: e } : null, next: Math.max(from, e) };
      },
    },
  ],
  examples: {
    secret: [
      { text: 'curl -u deploy:Vt4Rb8Nw1Yp6Hs https://ci.internal/api/jobs', value: 'Vt4Rb8Nw1Yp6Hs' },
      { text: 'curl -s --user admin:S3cr3t-pw! -X POST https://ci.internal', value: 'S3cr3t-pw!' },
      { text: 'aws configure set aws_secret_access_key wJalrXUtnFEMIK7MDENGbPxRfiCYk3Jd9Lx2QmZ7', value: 'wJalrXUtnFEMIK7MDENGbPxRfiCYk3Jd9Lx2QmZ7' },
      { text: 'sshpass -p Vt4Rb8Nw1Yp6Hs ssh deploy@10.0.0.5', value: 'Vt4Rb8Nw1Yp6Hs' },
      { text: 'mysql -u root -pS3cr3t-pw9 app < dump.sql', value: 'S3cr3t-pw9' },
    ],
    notSecret: ['git push -u origin main', 'docker run -u 1000:1000 app', 'curl -u $USER:$PASSWORD https://ci.internal', 'curl -u deploy:<password> https://ci.internal', 'aws configure set aws_secret_access_key $AWS_SECRET_ACCESS_KEY', 'sshpass -p $SSHPASS ssh host', 'sshpass -f ~/.pw ssh host', 'mysql -u root -p app', 'mysql -p$MYSQL_PWD app', 'mkdir -p src/lib', 'python -m pytest -p no:cacheprovider'],
  },
});
/** Commands a password is given to with `-p`/`--password` (a login command, a database shell). */
const LOGIN_COMMANDS = [' login', 'mongosh', 'mongo '];

/** The word at `from` (after up to four spaces; quoted, or up to a character that ends a value), as a candidate; on after it. */
function readWord(text: string, from: number): { candidate: Candidate | null; next: number } {
  let v = from;
  while (v < text.length && text.charCodeAt(v) === 32 && v - from < 4) v++;
  const quote = text.charCodeAt(v);
  const quoted = quote === 34 || quote === 39;
  if (quoted) v++;
  let e = v;
  if (quoted) while (e < text.length && e - v <= MAX_VALUE && text.charCodeAt(e) !== quote && text.charCodeAt(e) !== 10) e++;
  else while (e < text.length && e - v <= MAX_VALUE && !endsValue(text.charCodeAt(e))) e++;
  return { candidate: e > v && e - v <= MAX_VALUE ? { start: v, end: e } : null, next: Math.max(from, e) };
}

/**
 * `trailbook/login-password`: a password given on a command line to a login command or a
 * database shell (`docker login -u deploy -p …`, `podman login`, `helm registry login`,
 * `az login … -p …`, `--password …`, `mongosh … -p …`, `redis-cli -a …`), and the password of a
 * `.netrc` entry (`machine host login user password …`) pasted into a record (sec9: each was
 * published as written; a `.netrc` file itself is never shown). The password must look real
 * (not `$PASSWORD`, `changeme`). The command is looked for at most 200 characters back on the
 * same line and in the same command (not past `;`, `&&`, `|`), so each character is read a
 * bounded number of times.
 */
export const loginPasswordRule: OwnRule = ownRule({
  id: 'trailbook/login-password',
  describe: 'a password given to a login command or database shell (`docker login -p …`, `podman`/`helm registry`/`az login … -p …`, `--password …`, `mongosh -p …`, `redis-cli -a …`) and the password of a `.netrc` entry (`machine … login … password …`), when it looks real; a token given to any command as `--token …`, `--api-key …`, `--auth-token …`, `--access-token …`, `--client-secret …` (rel12), when it looks generated',
  finders: [
    {
      anchor: [' -p ', ' --password '],
      kind: 'password given to a login command',
      read(text, at) {
        const from = at + (text.startsWith(' -p ', at) ? 4 : 12);
        if (!holdsAny(commandBefore(text, at), LOGIN_COMMANDS)) return { candidate: null, next: from };
        return readWord(text, from);
      },
      real: (value) => isLikelyPassword(value),
    },
    {
      // rel12: a token given to any command as an option's next word (`vercel deploy --token …`, `--api-key …`), where no `=` makes it an assignment; only a generated-looking value.
      anchor: [' --token ', ' --api-key ', ' --apikey ', ' --api-token ', ' --auth-token ', ' --access-token ', ' --client-secret ', ' --secret-key ', ' --private-token '],
      kind: 'token given as a command-line option',
      read(text, at) {
        return readWord(text, text.indexOf(' ', at + 3) + 1);
      },
      real: (value) => isLikelyToken(value),
    },
    {
      anchor: ' -a ',
      kind: 'password given to a login command',
      read(text, at) {
        if (!commandBefore(text, at).includes('redis-cli')) return { candidate: null, next: at + 4 };
        return readWord(text, at + 4);
      },
      real: (value) => isLikelyPassword(value),
    },
    {
      // netrc: `machine <host> login <user> password <password>`, on one line or several.
      anchor: ['password ', 'password\t'],
      kind: 'password in a .netrc entry',
      read(text, at) {
        const from = at + 9;
        const before = at > 0 ? text.charCodeAt(at - 1) : 32;
        if (before !== 32 && before !== 9 && before !== 10) return { candidate: null, next: from };
        const window = text.slice(Math.max(0, at - COMMAND_REACH), at);
        const machine = Math.max(window.lastIndexOf('machine '), window.lastIndexOf('default '));
        if (machine < 0 || window.indexOf('login', machine) < 0) return { candidate: null, next: from };
        let v = from;
        while (v < text.length && (text.charCodeAt(v) === 32 || text.charCodeAt(v) === 9) && v - from < 4) v++;
        let e = v;
        while (e < text.length && e - v <= MAX_VALUE && text.charCodeAt(e) > 32) e++;
        return { candidate: e > v && e - v <= MAX_VALUE ? { start: v, end: e } : null, next: Math.max(from, e) };
      },
      real: (value) => isLikelyPassword(value),
    },
  ],
  examples: {
    secret: [
      { text: 'docker login -u deploy -p Ba7qLw2pXk4sZ9 registry.example.com', value: 'Ba7qLw2pXk4sZ9' },
      { text: "docker login ghcr.io -u deploy --password 'Ba7qLw2pXk4sZ9'", value: 'Ba7qLw2pXk4sZ9' },
      { text: 'az login --service-principal -u app -p Ba7qLw2pXk4sZ9 --tenant t', value: 'Ba7qLw2pXk4sZ9' },
      { text: 'redis-cli -h cache -a Ba7qLw2pXk4sZ9 ping', value: 'Ba7qLw2pXk4sZ9' },
      { text: 'machine api.example.com login deploy password Ba7qLw2pXk4sZ9', value: 'Ba7qLw2pXk4sZ9' },
      { text: 'npx vercel deploy --prod --token Vt4Rb8Nw1Yp6Hs2QmZ7Xk3Jd', value: 'Vt4Rb8Nw1Yp6Hs2QmZ7Xk3Jd' },
      { text: "mycli sync --api-key 'q8Lm2Zr7Kx4Nw9Vb3Tc6Hd1J' --dry-run", value: 'q8Lm2Zr7Kx4Nw9Vb3Tc6Hd1J' },
    ],
    notSecret: ['vercel deploy --token $VERCEL_TOKEN', 'deploy --token ${{ secrets.DEPLOY_TOKEN }}', 'gh --token <token>', 'the --token option and the --api-key option', 'cli --token-file ~/.config/token', 'docker login -u deploy -p $DOCKER_PASSWORD', 'docker login -u deploy --password-stdin', 'docker run -p 8080:8080 app', 'ssh -p 2222 host after the login', 'npm login && mkdir -p src/components/forms', 'redis-cli -a $REDIS_PASSWORD ping', 'the login page has a password reset link', 'machine x login y password changeme'],
  },
});
