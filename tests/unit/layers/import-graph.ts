/**
 * The imports of every source file under `src/`, read from the syntax tree (@babel/parser with
 * its TypeScript plugin): static imports, `import type`, `export … from`, `import()` calls and
 * `import('…')` types. Type-only imports count like the others: a type names the concept it
 * comes from, so a type imported upward ties the folders as a value would. Astro components are
 * read in their front matter and `<script>` blocks.
 *
 * TypeScript 7's compiler offers no stable JavaScript API (only `typescript/unstable/*`), so the
 * syntax tree comes from @babel/parser, already a dev dependency (tests/unit/regex-linearity.test.ts).
 *
 * Only imports of files of this tree are kept (relative specifiers and the package's own
 * `#name` imports), each resolved to a path relative to the repository root.
 */
import { parse } from '@babel/parser';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';

/** One import: `from` imports `to` (repository-relative paths) through `specifier`, at `line` (1-based). */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly specifier: string;
  readonly line: number;
  /** `import type`, `export type … from` or an `import('…')` type: erased at run time. */
  readonly typeOnly: boolean;
}

/** The repository this test file sits in. */
export const repositoryRoot = join(import.meta.dirname, '..', '..', '..');

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path));
    else if (/\.(?:ts|mts|astro)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The parts of a file that hold imports, with the line each starts on: all of a module; an Astro file's front matter and scripts. */
function codeOf(path: string, text: string): { code: string; firstLine: number }[] {
  if (!path.endsWith('.astro')) return [{ code: text, firstLine: 1 }];
  const lineOf = (index: number): number => text.slice(0, index).split('\n').length;
  const parts: { code: string; firstLine: number }[] = [];
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (front) parts.push({ code: front[1]!, firstLine: 2 });
  for (const m of text.matchAll(/<script\b[^>]*(?<!\/)>([\s\S]*?)<\/script>/g)) {
    parts.push({ code: m[1]!, firstLine: lineOf(m.index + m[0].indexOf('>') + 1) });
  }
  return parts;
}

type Node = { type?: string; loc?: { start: { line: number } }; [key: string]: unknown };

/** Every module specifier of one piece of code, with its line (1-based within the piece) and whether it is type-only. */
function specifiersOf(code: string): { specifier: string; line: number; typeOnly: boolean }[] {
  const ast = parse(code, { sourceType: 'module', plugins: ['typescript'], errorRecovery: false });
  const out: { specifier: string; line: number; typeOnly: boolean }[] = [];
  const literal = (node: unknown): Node | undefined => {
    const n = node as Node | undefined;
    if (n?.type === 'StringLiteral') return n;
    if (n?.type === 'TSLiteralType') return literal(n['literal']);
    return undefined;
  };
  const add = (source: unknown, typeOnly: boolean): void => {
    const s = literal(source);
    if (s) out.push({ specifier: s['value'] as string, line: s.loc!.start.line, typeOnly });
  };
  const visit = (node: Node): void => {
    switch (node.type) {
      case 'ImportDeclaration': {
        const specs = (node['specifiers'] as Node[]) ?? [];
        add(node['source'], node['importKind'] === 'type' || (specs.length > 0 && specs.every((s) => s['importKind'] === 'type')));
        break;
      }
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration':
        if (node['source']) add(node['source'], node['exportKind'] === 'type');
        break;
      case 'ImportExpression':
        add(node['source'], false);
        break;
      case 'CallExpression':
        if ((node['callee'] as Node).type === 'Import') add((node['arguments'] as Node[])[0], false);
        break;
      case 'TSImportType':
        add(node['argument'], true);
        break;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || value === null || typeof value !== 'object') continue;
      if (!Array.isArray(value)) visit(value as Node);
      else for (const v of value) if (v && typeof v === 'object') visit(v as Node);
    }
  };
  visit(ast.program as unknown as Node);
  return out;
}

/** `#name` imports of package.json, resolved to their default (Node) target. */
function packageImports(root: string): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { imports?: Record<string, string | Record<string, string>> };
  const out = new Map<string, string>();
  for (const [name, target] of Object.entries(pkg.imports ?? {})) {
    const path = typeof target === 'string' ? target : (target['default'] ?? Object.values(target)[0]!);
    out.set(name, posix.normalize(path));
  }
  return out;
}

/** Every import between files under `root/src`, in file order, then source order. */
export function importGraph(root: string = repositoryRoot): ImportEdge[] {
  const hashImports = packageImports(root);
  const edges: ImportEdge[] = [];
  for (const file of listFiles(join(root, 'src'))) {
    const from = relative(root, file).split(sep).join('/');
    for (const { code, firstLine } of codeOf(file, readFileSync(file, 'utf8'))) {
      let found: ReturnType<typeof specifiersOf>;
      try {
        found = specifiersOf(code);
      } catch (error) {
        throw new Error(`${from}:${firstLine}: cannot read its imports: ${(error as Error).message}`);
      }
      for (const { specifier, line, typeOnly } of found) {
        let to: string | undefined;
        if (specifier.startsWith('.')) to = posix.normalize(posix.join(posix.dirname(from), specifier));
        else to = hashImports.get(specifier);
        if (to !== undefined) edges.push({ from, to, specifier, line: firstLine + line - 1, typeOnly });
      }
    }
  }
  return edges;
}
