import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadDeclaration, pathProblem } from '@openwop-spec/spec-tree';
import type { Parsing, SpecTree, TreeOptions } from '@openwop-spec/spec-tree';

/**
 * The parse cache lives in `node_modules/.cache/openwop-spec` (safe to delete), and only where the
 * root already has a `node_modules` (an installed checkout), so checking a bare tree never leaves
 * files behind. `OPENWOP_SPEC_CACHE=0` turns it off.
 */
export function treeOptions(root: string, env: Readonly<Record<string, string | undefined>>): TreeOptions {
  if (env['OPENWOP_SPEC_CACHE'] === '0' || !existsSync(join(root, 'node_modules'))) return {};
  return { cacheDir: join(root, 'node_modules', '.cache', 'openwop-spec') };
}

/**
 * The markdown documents the given gates will parse (GATES.md §1.1, §2.3, §4.8): every core
 * document (the budget's prose words), every declared home (the shared classification), the
 * declaration site and the ext READMEs (check-declaration). A list that misses or over-reaches only
 * changes speed: the gates still ask the tree for what they need.
 */
export function markdownWorkload(tree: SpecTree, gateIds: ReadonlySet<string>): string[] {
  const paths: string[] = [];
  const v2 = `${tree.paths.spec}/v2`;
  const budget = gateIds.has('core-budget');
  const homes = budget || gateIds.has('normative-home');
  const declaration = gateIds.has('declaration');
  if (budget) {
    const walk = (dir: string): void => {
      for (const e of tree.list(dir)) {
        if (e.kind === 'dir' && !e.symlink) walk(e.path);
        else if (e.kind === 'file' && e.name.endsWith('.md')) paths.push(e.path);
      }
    };
    walk(`${v2}/core`);
  }
  if (homes || declaration) {
    let model;
    try {
      model = loadDeclaration(tree);
    } catch {
      return paths; // the gates report a broken declaration themselves
    }
    if (homes) {
      for (const f of model.core) {
        const text = f.row['normativeText'];
        if (Array.isArray(text)) for (const h of text) if (typeof h === 'string' && h.endsWith('.md') && !pathProblem(h)) paths.push(h);
      }
    }
    if (declaration) {
      paths.push(`${v2}/core/capabilities.md`);
      for (const f of model.ext) paths.push(`${v2}/ext/${f.key}/README.md`);
    }
  }
  return paths;
}

/** The gates that read markdown; the others run first while the workers parse. */
const MARKDOWN_GATES = new Set(['core-budget', 'normative-home', 'declaration']);

export interface Ahead {
  /** Resolves when the gate may run: at once for a gate that reads no markdown. */
  ready(gateId: string): Promise<void>;
}

/**
 * Reads the gates' markdown and starts parsing it in worker threads, if any (see
 * SpecTree.startPrefetch); the main thread runs the gates that need no markdown meanwhile, then
 * parses what is left before the first markdown gate. `OPENWOP_SPEC_WORKERS=N` starts N workers
 * (default none: on 2 cores a worker costs more CPU than it saves, see packages/bench/README.md).
 */
export function prefetchAhead(tree: SpecTree, gateIds: ReadonlySet<string>, env: Readonly<Record<string, string | undefined>> = {}): Ahead {
  const setting = env['OPENWOP_SPEC_WORKERS'];
  const workers = setting !== undefined && /^[0-9]$/.test(setting) ? Number(setting) : 0;
  const start = (): Parsing => tree.startPrefetch(markdownWorkload(tree, gateIds), { workers });
  // Without workers nothing runs ahead, so the texts are read only when the first markdown gate is
  // due: read earlier they would only sit in memory while the Ajv-heavy gates run.
  let parsing: Parsing | undefined = workers > 0 ? start() : undefined;
  // Only an optimisation: whatever was not parsed ahead is parsed on demand.
  const finished = (): Promise<void> => (parsing ??= start()).finish().catch(() => undefined);
  return { ready: (gateId) => (MARKDOWN_GATES.has(gateId) ? finished() : Promise.resolve()) };
}

/**
 * The order to run gates in: for a read-only run, the gates that need no markdown first (results
 * are still reported in registry order); otherwise as given, since a writer's output may be
 * another gate's input.
 */
export function runOrder(gateIds: readonly string[], readOnly: boolean): number[] {
  const order = gateIds.map((_, i) => i);
  if (!readOnly) return order;
  return [...order.filter((i) => !MARKDOWN_GATES.has(gateIds[i]!)), ...order.filter((i) => MARKDOWN_GATES.has(gateIds[i]!))];
}
