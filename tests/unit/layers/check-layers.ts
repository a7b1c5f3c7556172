/**
 * The layer rule over an import graph (src/layers.ts): every import goes down or sideways
 * within its own entry, never up, and no files import each other in a loop. Pure: the test
 * runs it on the real graph and on small graphs of its own.
 */
import type { ImportEdge } from './import-graph.ts';

/** Where a file stands: its role of `src/` and, in the core, its folder of `src/lib`. */
export interface Place {
  role: number;
  /** -1 outside the core. */
  folder: number;
}

/** The lists a graph is held to, ground first (src/layers.ts). */
export interface LayerLists {
  roles: readonly string[];
  folders: readonly string[];
}

/** A file's place, or a message saying why it has none. */
export function placeOf(file: string, lists: LayerLists): Place | string {
  const inSrc = file.replace(/^src\//, '');
  let role = -1;
  let length = -1;
  lists.roles.forEach((r, i) => {
    if ((inSrc === r || inSrc.startsWith(`${r}/`)) && r.length > length) {
      role = i;
      length = r.length;
    }
  });
  if (role < 0) return `${file} is in no role of src/layers.ts SRC_ROLES`;
  if (lists.roles[role] !== 'lib') return { role, folder: -1 };
  const folderName = inSrc.split('/')[1] ?? '';
  const folder = lists.folders.indexOf(folderName);
  if (folder < 0 || !inSrc.slice('lib/'.length).includes('/')) return `${file} is in no folder of src/layers.ts LIB_LAYERS`;
  return { role, folder };
}

function named(lists: LayerLists, p: Place): string {
  return p.folder >= 0 ? `lib/${lists.folders[p.folder]}` : lists.roles[p.role]!;
}

function at(e: ImportEdge): string {
  return `${e.from}:${e.line} imports '${e.specifier}' (${e.to})${e.typeOnly ? ', a type-only import' : ''}`;
}

/** Every import that runs upward, as a sentence naming the file, line and specifier. */
export function upwardImports(edges: readonly ImportEdge[], lists: LayerLists): string[] {
  const out: string[] = [];
  for (const e of edges) {
    const from = placeOf(e.from, lists);
    const to = placeOf(e.to, lists);
    if (typeof from === 'string' || typeof to === 'string') {
      out.push(`${at(e)}: ${typeof from === 'string' ? from : to}`);
      continue;
    }
    const up = to.role > from.role || (to.role === from.role && to.folder > from.folder);
    if (up) out.push(`upward import: ${at(e)}: ${named(lists, from)} may not import from ${named(lists, to)}, which stands above it`);
  }
  return out;
}

/**
 * Every loop of files importing each other (Tarjan's strongly connected components), each as
 * one import path that closes the loop: `a.ts:3 → b.ts:7 → a.ts`.
 */
export function importCycles(edges: readonly ImportEdge[]): string[] {
  const next = new Map<string, ImportEdge[]>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, []);
    next.get(e.from)!.push(e);
    if (!next.has(e.to)) next.set(e.to, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const e of next.get(v)!) {
      if (!index.has(e.to)) {
        visit(e.to);
        low.set(v, Math.min(low.get(v)!, low.get(e.to)!));
      } else if (onStack.has(e.to)) low.set(v, Math.min(low.get(v)!, index.get(e.to)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      components.push(component);
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  const out: string[] = [];
  for (const component of components) {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const selfLoop = next.get(start)!.find((e) => e.to === start);
    if (component.length === 1 && !selfLoop) continue;
    // Walk from the first file back to it within the component (breadth first: a shortest loop).
    const cameBy = new Map<string, ImportEdge>();
    const queue = [start];
    let closing: ImportEdge | undefined = selfLoop;
    for (let i = 0; i < queue.length && !closing; i++) {
      for (const e of next.get(queue[i]!)!) {
        if (!members.has(e.to)) continue;
        if (e.to === start) {
          closing = e;
          break;
        }
        if (!cameBy.has(e.to)) {
          cameBy.set(e.to, e);
          queue.push(e.to);
        }
      }
    }
    const path: ImportEdge[] = [closing!];
    for (let f = closing!.from; f !== start; f = cameBy.get(f)!.from) path.unshift(cameBy.get(f)!);
    out.push(`import cycle of ${component.length} files: ${path.map((e) => `${e.from}:${e.line}`).join(' → ')} → ${start}`);
  }
  return out.sort();
}
