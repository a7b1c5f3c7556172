// Node strips TypeScript types from files outside node_modules only
// (ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING), and an installed Trailbook sits inside one.
// This hook strips the types of Trailbook's own `.ts` files, the way Node does elsewhere
// (module.stripTypeScriptTypes, strip mode: the code is erasable syntax only, tsconfig
// `erasableSyntaxOnly`), for this thread and the worker threads it starts.
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = pathToFileURL(dirname(dirname(fileURLToPath(import.meta.url)))).href + '/';

// stripTypeScriptTypes warns that it is experimental once per process; Node's own type
// stripping (the same code) does not, so neither does Trailbook.
const emitWarning = process.emitWarning;
process.emitWarning = function (warning, ...rest) {
  if (String(warning?.message ?? warning).startsWith('stripTypeScriptTypes')) return;
  return emitWarning.call(process, warning, ...rest);
};

// Worker threads do not inherit hooks: src/cli/paths.ts (workerExecArgv) passes this module on.
process.env.TRAILBOOK_TYPE_STRIPPING = import.meta.url;

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith(root) || !url.endsWith('.ts') || url.startsWith(`${root}node_modules/`)) return nextLoad(url, context);
    const loaded = nextLoad(url, { ...context, format: 'module' });
    const source = typeof loaded.source === 'string' ? loaded.source : Buffer.from(loaded.source).toString('utf8');
    return { format: 'module', source: stripTypeScriptTypes(source, { mode: 'strip', sourceUrl: url }), shortCircuit: true };
  },
});
