import { locationKey } from './walk.js';
import type { SchemaWalk } from './walk.js';

/**
 * How many references may lead one into another. Ajv compiles a referenced schema inside the
 * compilation of its referrer, a few dozen stack frames a reference, so a long enough chain exhausts
 * the stack ("Maximum call stack size exceeded", a few hundred files in); a real corpus chains a
 * handful.
 */
export const MAX_REF_DEPTH = 128;

/** Keywords whose subschemas apply to the very instance their parent applies to. */
const IN_PLACE = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'dependencies']);
/** Keywords whose members apply to nothing until a reference reaches them. */
const DEFINITIONS = new Set(['$defs', 'definitions']);

/** What the analysis reads of a schema file. */
export interface Referrer {
  file: string;
  walk: SchemaWalk;
}

/** A `$ref` that closes a cycle of references staying on one instance: validation through it never ends. */
export interface RefCycle<E> {
  entry: E;
  /** The pointer of the `$ref` (or `$dynamicRef`) value. */
  pointer: string;
  /** The files the cycle passes through, in its order, from the referenced one back to this one. */
  files: string[];
  /** How many references the cycle takes. */
  length: number;
}

/** A `$ref` that starts a chain of references longer than MAX_REF_DEPTH. */
export interface RefChain<E> {
  entry: E;
  pointer: string;
  /** An upper bound of the chain's length (exact when the references form no cycle). */
  depth: number;
}

export interface RefAnalysis<E> {
  cycles: RefCycle<E>[];
  chains: RefChain<E>[];
  /**
   * Whether the schema object `node` (an index into the entry's walk) reaches a cycle or a chain
   * too long: compiling it would exhaust the stack, and validating through it never end.
   */
  blocked: (entry: E, node: number) => boolean;
}

interface Edge {
  to: number;
  ref: boolean;
  inPlace: boolean;
  /** For a reference: whose and where. */
  site?: { entry: number; pointer: string };
}

/**
 * The references between the schema objects of `entries` (registered schemas, in path order), in
 * time linear in their size: every cycle of references that stays on the instance (each step a
 * `$ref` or an in-place applicator such as `allOf`), and every chain of references deeper than
 * MAX_REF_DEPTH, each reported once at a `$ref`, before Ajv is asked to compile them.
 */
export function analyseReferences<E extends Referrer>(entries: readonly E[]): RefAnalysis<E> {
  // Every schema object, numbered across the files, and every location a reference can name.
  const offsets: number[] = [];
  const fileOf: number[] = [];
  const at = new Map<string, number>();
  entries.forEach((e, k) => {
    const offset = fileOf.length;
    offsets.push(offset);
    e.walk.nodes.forEach((node, i) => {
      fileOf.push(k);
      const inResource = node.pointer.slice(node.resource.length);
      const key = inResource === '' ? node.base : `${node.base}#${inResource}`;
      if (!at.has(key)) at.set(key, offset + i);
    });
    for (const a of e.walk.anchors) if (!at.has(a.uri)) at.set(a.uri, offset + a.node);
  });
  const n = fileOf.length;
  const out: Edge[][] = Array.from({ length: n }, () => []);
  entries.forEach((e, k) => {
    const offset = offsets[k]!;
    e.walk.nodes.forEach((node, i) => {
      if (node.parent >= 0 && !DEFINITIONS.has(node.keyword))
        out[offset + node.parent]!.push({ to: offset + i, ref: false, inPlace: IN_PLACE.has(node.keyword) });
    });
    for (const r of e.walk.refs) {
      const to = at.get(locationKey(r.target));
      if (to !== undefined)
        out[offset + r.node]!.push({ to, ref: true, inPlace: true, site: { entry: k, pointer: r.pointer } });
    }
  });

  const cycles: RefCycle<E>[] = [];
  const inPlace = components(n, out, (e) => e.inPlace);
  const cyclic = new Set<number>(); // in-place components holding a cycle
  for (let u = 0; u < n; u++) {
    for (const e of out[u]!) {
      const c = inPlace.of[u]!;
      if (!e.ref || inPlace.of[e.to] !== c || cyclic.has(c)) continue;
      cyclic.add(c);
      const path = pathWithin(
        e.to,
        u,
        out,
        (x) => inPlace.of[x] === c,
        (x) => x.inPlace,
      );
      const files: string[] = [];
      for (const x of path) {
        const file = entries[fileOf[x]!]!.file;
        if (files[files.length - 1] !== file) files.push(file);
      }
      cycles.push({
        entry: entries[e.site!.entry]!,
        pointer: e.site!.pointer,
        files,
        length: countRefs(path, out) + 1,
      });
    }
  }

  // Depths over the components of every applied edge: a component's own references count at most
  // once each (an upper bound of any path through it), then the deepest component it leads to.
  const all = components(n, out, () => true);
  const members: number[][] = Array.from({ length: all.count }, () => []);
  for (let u = 0; u < n; u++) members[all.of[u]!]!.push(u);
  const depth = new Array<number>(all.count).fill(0);
  const reachesCycle = new Array<boolean>(all.count).fill(false);
  for (let u = 0; u < n; u++) if (cyclic.has(inPlace.of[u]!)) reachesCycle[all.of[u]!] = true;
  // Tarjan emits components sinks first: every successor is final before its predecessors.
  for (let c = 0; c < all.count; c++) {
    let inside = 0;
    let beyond = 0;
    for (const u of members[c]!) {
      for (const e of out[u]!) {
        const d = all.of[e.to]!;
        if (d === c) inside += e.ref ? 1 : 0;
        else {
          beyond = Math.max(beyond, depth[d]! + (e.ref ? 1 : 0));
          if (reachesCycle[d]) reachesCycle[c] = true;
        }
      }
    }
    depth[c] = Math.min(inside, members[c]!.length) + beyond;
  }
  const tooDeep = (c: number): boolean => depth[c]! > MAX_REF_DEPTH;
  const underDeep = new Array<boolean>(all.count).fill(false);
  for (let u = 0; u < n; u++)
    for (const e of out[u]!) if (all.of[e.to] !== all.of[u] && tooDeep(all.of[u]!)) underDeep[all.of[e.to]!] = true;
  const chains: RefChain<E>[] = [];
  for (let c = 0; c < all.count; c++) {
    if (!tooDeep(c) || underDeep[c] || members[c]!.some((u) => cyclic.has(inPlace.of[u]!))) continue;
    // The first reference of the component, in path and document order.
    const first = members[c]!.flatMap((u) => out[u]!.filter((e) => e.ref)).sort(bySite)[0];
    if (first) chains.push({ entry: entries[first.site!.entry]!, pointer: first.site!.pointer, depth: depth[c]! });
  }
  const index = new Map(entries.map((e, k) => [e, k]));
  const blocked = (entry: E, node: number): boolean => {
    const c = all.of[offsets[index.get(entry)!]! + node]!;
    return tooDeep(c) || reachesCycle[c]!;
  };
  return { cycles, chains, blocked };
}

const bySite = (a: Edge, b: Edge): number =>
  a.site!.entry - b.site!.entry || (a.site!.pointer < b.site!.pointer ? -1 : a.site!.pointer > b.site!.pointer ? 1 : 0);

/** The strongly connected components of the graph of the edges `keep` keeps, numbered sinks first (iterative Tarjan). */
function components(n: number, out: Edge[][], keep: (e: Edge) => boolean): { of: Int32Array; count: number } {
  const of = new Int32Array(n).fill(-1);
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  let next = 0;
  let count = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const frames: Array<[number, number]> = [[root, 0]];
    index[root] = low[root] = next++;
    stack.push(root);
    onStack[root] = 1;
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const [u, i] = frame;
      const edges = out[u]!;
      if (i < edges.length) {
        frame[1]++;
        const e = edges[i]!;
        if (!keep(e)) continue;
        const v = e.to;
        if (index[v] === -1) {
          index[v] = low[v] = next++;
          stack.push(v);
          onStack[v] = 1;
          frames.push([v, 0]);
        } else if (onStack[v]) low[u] = Math.min(low[u]!, index[v]!);
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1]![0];
        low[parent] = Math.min(low[parent]!, low[u]!);
      }
      if (low[u] === index[u]) {
        for (;;) {
          const w = stack.pop()!;
          onStack[w] = 0;
          of[w] = count;
          if (w === u) break;
        }
        count++;
      }
    }
  }
  return { of, count };
}

/** A shortest path from `from` to `to` through the nodes `inside` admits, over the edges `keep` keeps (breadth first). */
function pathWithin(
  from: number,
  to: number,
  out: Edge[][],
  inside: (x: number) => boolean,
  keep: (e: Edge) => boolean,
): number[] {
  const previous = new Map<number, number>([[from, -1]]);
  const queue = [from];
  for (let head = 0; head < queue.length && !previous.has(to); head++) {
    const u = queue[head]!;
    for (const e of out[u]!) {
      if (keep(e) && inside(e.to) && !previous.has(e.to)) {
        previous.set(e.to, u);
        queue.push(e.to);
      }
    }
  }
  const path: number[] = [];
  for (let x = to; x !== -1; x = previous.get(x) ?? -1) path.unshift(x);
  return path;
}

/** How many of the steps along `path` are references. */
function countRefs(path: readonly number[], out: Edge[][]): number {
  let refs = 0;
  for (let i = 1; i < path.length; i++) if (out[path[i - 1]!]!.some((e) => e.to === path[i] && e.ref)) refs++;
  return refs;
}
