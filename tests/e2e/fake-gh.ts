/**
 * A stand-in for the GitHub CLI (`gh api`) that the pull-request comment step of
 * examples/ci/github-actions.yml calls, answering from a JSON file of the pull request's
 * comments (`FAKE_GH_STATE`): it lists the comments (applying the one `--jq` filter the recipe
 * uses), adds one (`-F body=@file`) or edits one in place (`-X PATCH …/comments/<id>`), and
 * records every call. Any other use fails loudly, so the recipe and this double cannot drift.
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The `--jq` filter of the recipe: the ids of Trailbook's own comments. */
export const RECIPE_JQ = '.[] | select(.body | startswith("<!-- trailbook -->")) | .id';

const SCRIPT = `#!/usr/bin/env node
const fs = require('node:fs');
const file = process.env.FAKE_GH_STATE;
const state = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { comments: [], calls: [] };
const args = process.argv.slice(2);
state.calls.push(args);
const save = () => fs.writeFileSync(file, JSON.stringify(state, null, 2));
const fail = (why) => { save(); process.stderr.write('fake gh: ' + why + ': ' + args.join(' ') + '\\n'); process.exit(1); };
if (args[0] !== 'api') fail('only gh api is known');
if (!process.env.GH_TOKEN) fail('GH_TOKEN is not set');
const field = args.indexOf('-F');
const body = field === -1 ? null : args[field + 1];
const bodyText = () => { if (!body || !body.startsWith('body=@')) fail('expected -F body=@FILE'); return fs.readFileSync(body.slice(6), 'utf8'); };
if (args[1] === '-X' && args[2] === 'PATCH') {
  const id = Number(/\\/issues\\/comments\\/(\\d+)$/.exec(args[3] || '')?.[1]);
  const comment = state.comments.find((c) => c.id === id);
  if (!comment) fail('no comment ' + id);
  comment.body = bodyText();
} else if (/^repos\\/[^/]+\\/[^/]+\\/issues\\/\\d+\\/comments$/.test(args[1] || '')) {
  if (body) state.comments.push({ id: state.comments.length + 1, body: bodyText() });
  else {
    const jq = args[args.indexOf('--jq') + 1];
    if (jq !== ${JSON.stringify(RECIPE_JQ)}) fail('unknown --jq filter');
    for (const c of state.comments) if (c.body.startsWith('<!-- trailbook -->')) process.stdout.write(c.id + '\\n');
  }
} else fail('unknown call');
save();
`;

/** Writes `gh` into `binDir` (created). */
export async function installFakeGh(binDir: string): Promise<void> {
  await mkdir(binDir, { recursive: true });
  await writeFile(join(binDir, 'gh'), SCRIPT);
  await chmod(join(binDir, 'gh'), 0o755);
}
