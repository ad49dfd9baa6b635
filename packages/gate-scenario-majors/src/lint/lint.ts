import type { Diagnostic, RelatedLocation } from '@openwop-spec/diagnostics';
import { isRecord } from '@openwop-spec/json';
import { LineIndex, normaliseInside, shape } from '@openwop-spec/spec-tree';
import type { FactKind, SpecTree } from '@openwop-spec/spec-tree';
import { rules } from '../rules.js';
import { analyseModule } from './analyse.js';
import type { Finding, ImportRef, LintRule } from './analyse.js';
import { createParser } from './parser.js';
import { applyPragmas, readPragmas } from './pragma.js';
import type { Pragma, PragmaProblem } from './pragma.js';
import { compareCodeUnits } from '@openwop-spec/diagnostics';

export interface LintResult {
  diagnostics: Diagnostic[];
  /** Files that target major 2 (the roots). */
  files: number;
  /** Local modules reached from them and linted (roots excluded). */
  modules: number;
  /** Unsuppressed R1 and R2 findings. */
  violations: number;
  suppressed: number;
}

/** How many major-2 files a library finding names in `related`. */
const MAX_RELATED = 3;

interface Module {
  path: string;
  lines: () => LineIndex;
  kept: Finding[];
}

/** What the lint keeps of one module, offsets into its text: the cached form of its analysis. */
interface ModuleFacts {
  kept: Finding[];
  suppressed: number;
  unused: Pragma[];
  problems: PragmaProblem[];
  imports: ImportRef[];
}

// Cached facts are rebuilt field by field, so nothing but what was written reaches a diagnostic.
const listOf = <T>(v: unknown, item: (x: Record<string, unknown>) => T | undefined): T[] | undefined => {
  if (!Array.isArray(v)) return undefined;
  const out: T[] = [];
  for (const x of v as unknown[]) {
    const value = isRecord(x) ? item(x) : undefined;
    if (value === undefined) return undefined;
    out.push(value);
  }
  return out;
};
const isRule = (v: unknown): v is LintRule => v === 'R1' || v === 'R2';
const findingOf = (f: Record<string, unknown>): Finding | undefined =>
  isRule(f['rule']) &&
  shape.isCount(f['start']) &&
  shape.isCount(f['end']) &&
  (f['text'] === undefined || typeof f['text'] === 'string')
    ? { rule: f['rule'], start: f['start'], end: f['end'], ...(f['text'] !== undefined ? { text: f['text'] } : {}) }
    : undefined;
const pragmaOf = (p: Record<string, unknown>): Pragma | undefined =>
  shape.isCount(p['start']) && shape.isCount(p['line']) && shape.arrayOf(p['rules'], isRule)
    ? { start: p['start'], line: p['line'], rules: [...p['rules']] }
    : undefined;
const problemOf = (p: Record<string, unknown>): PragmaProblem | undefined =>
  shape.isCount(p['start']) && typeof p['why'] === 'string' ? { start: p['start'], why: p['why'] } : undefined;
const importOf = (i: Record<string, unknown>): ImportRef | undefined =>
  typeof i['specifier'] === 'string' && shape.isCount(i['start'])
    ? { specifier: i['specifier'], start: i['start'] }
    : undefined;

/** One module's findings, pragmas and relative imports: parsed (oxc-parser, loaded on first use) once per content and code. */
const moduleFacts: FactKind<ModuleFacts> = {
  id: 'scenario-majors:module',
  code: import.meta.url,
  async derive({ path, text }) {
    const parse = await createParser();
    const lines = new LineIndex(text);
    const parsed = parse(path, text);
    const { findings, imports } = analyseModule(parsed);
    const { pragmas, problems } = readPragmas(parsed.comments, lines);
    const { kept, suppressed, unused } = applyPragmas(findings, pragmas, lines);
    return { kept, suppressed, unused, problems, imports };
  },
  toJson: (facts) => facts,
  fromJson(json) {
    if (!isRecord(json) || !shape.isCount(json['suppressed'])) return undefined;
    const kept = listOf(json['kept'], findingOf);
    const unused = listOf(json['unused'], pragmaOf);
    const problems = listOf(json['problems'], problemOf);
    const imports = listOf(json['imports'], importOf);
    return kept && unused && problems && imports
      ? { kept, suppressed: json['suppressed'], unused, problems, imports }
      : undefined;
  },
};

/** An edge of the import graph: `from` imports `to` through the specifier at `start` in `from`. */
interface Edge {
  from: string;
  to: string;
  start: number;
}

/**
 * The major-awareness lint (§3.5) over every root (a file that targets major 2) and every local
 * module they import, transitively; each module is parsed once and its findings reported once.
 */
export async function lintMajor2(
  tree: SpecTree,
  conformanceDir: string,
  roots: readonly string[],
): Promise<LintResult> {
  const result: LintResult = { diagnostics: [], files: roots.length, modules: 0, violations: 0, suppressed: 0 };
  if (roots.length === 0) return result;
  const rootSet = new Set(roots);
  const modules = new Map<string, Module>();
  const importers = new Map<string, Edge[]>();
  const queue = [...roots];
  const queued = new Set(roots);
  const inside = (path: string): boolean => path.startsWith(`${conformanceDir}/`);
  // Files of one folder import the same few modules: each specifier is resolved once per folder.
  const resolutions = new Map<string, ReturnType<typeof resolveImport>>();
  const resolve = (importer: string, specifier: string): ReturnType<typeof resolveImport> => {
    const key = `${importer.slice(0, importer.lastIndexOf('/') + 1)}\0${specifier}`;
    let resolved = resolutions.get(key);
    if (!resolved) resolutions.set(key, (resolved = resolveImport(tree, importer, specifier)));
    return resolved;
  };

  for (let next = 0; next < queue.length; next++) {
    const path = queue[next]!;
    const { kept, suppressed, unused, problems, imports } = await tree.factsOf(path, moduleFacts);
    // Positions are computed only for what is reported.
    let index: LineIndex | undefined;
    const lines = (): LineIndex => (index ??= new LineIndex(tree.text(path)));
    modules.set(path, { path, lines, kept });
    if (!rootSet.has(path)) result.modules += 1;
    result.violations += kept.length;
    result.suppressed += suppressed;
    for (const p of problems)
      result.diagnostics.push(
        rules.diagnostic('majors/bad-pragma', { why: p.why }, { file: path, start: lines().point(p.start) }),
      );
    for (const p of unused)
      result.diagnostics.push(
        rules.diagnostic(
          'majors/unused-pragma',
          { rules: p.rules.join(','), line: p.line },
          { file: path, start: lines().point(p.start) },
        ),
      );

    for (const ref of imports) {
      const resolved = resolve(path, ref.specifier);
      if (resolved.path === undefined) {
        result.diagnostics.push(
          rules.diagnostic(
            'majors/unresolved-import',
            { specifier: ref.specifier, tried: resolved.tried.join(', ') },
            { file: path, start: lines().point(ref.start) },
          ),
        );
        continue;
      }
      if (!inside(resolved.path)) {
        result.diagnostics.push(
          rules.diagnostic(
            'majors/import-outside-conformance',
            { specifier: ref.specifier, path: resolved.path, dir: conformanceDir },
            { file: path, start: lines().point(ref.start) },
          ),
        );
        continue;
      }
      const edges = importers.get(resolved.path) ?? [];
      edges.push({ from: path, to: resolved.path, start: ref.start });
      importers.set(resolved.path, edges);
      if (!queued.has(resolved.path)) {
        queued.add(resolved.path);
        queue.push(resolved.path);
      }
    }
  }

  for (const module of modules.values()) {
    if (module.kept.length === 0) continue;
    const related = rootSet.has(module.path)
      ? []
      : reachingRoots(module.path, importers, rootSet, modules, conformanceDir);
    for (const f of module.kept) {
      const at = { file: module.path, start: module.lines().point(f.start), end: module.lines().point(f.end), related };
      result.diagnostics.push(
        f.rule === 'R1'
          ? rules.diagnostic('majors/supported-gate', undefined, at)
          : rules.diagnostic('majors/v1-path', { text: f.text ?? '' }, at),
      );
    }
  }
  return result;
}

/** Module extensions a specifier may name, and the TypeScript file each stands for. */
const TS_FOR = new Map([
  ['.js', '.ts'],
  ['.mjs', '.mts'],
  ['.jsx', '.tsx'],
]);

/**
 * Resolves a relative specifier from `importer` in the order of §3.5: as written when it ends in
 * .ts/.mts/.tsx; .js→.ts, .mjs→.mts, .jsx→.tsx; + .ts; + /index.ts. Returns the candidates tried.
 */
export function resolveImport(tree: SpecTree, importer: string, specifier: string): { path?: string; tried: string[] } {
  const dir = importer.slice(0, importer.lastIndexOf('/') + 1);
  const base = normaliseInside(dir + specifier);
  if (base === undefined || base === '') return { tried: [`${specifier} (outside the repository)`] };
  const candidates: string[] = [];
  if (/\.(ts|mts|tsx)$/.test(base)) candidates.push(base);
  const ext = /\.(m?js|jsx)$/.exec(base)?.[0];
  if (ext) candidates.push(base.slice(0, -ext.length) + TS_FOR.get(ext)!);
  candidates.push(`${base}.ts`, `${base}/index.ts`);
  const path = candidates.find((c) => tree.info(c).kind === 'file');
  return path === undefined ? { tried: candidates } : { path, tried: candidates };
}

/**
 * Up to three roots that reach `lib` by the shortest import chains (ties by path), each named with
 * its chain and pointing at the root's first import on it.
 */
function reachingRoots(
  lib: string,
  importers: ReadonlyMap<string, Edge[]>,
  roots: ReadonlySet<string>,
  modules: ReadonlyMap<string, Module>,
  dir: string,
): RelatedLocation[] {
  // Breadth-first over reversed edges: each importer is met first on a shortest chain to `lib`.
  const towardLib = new Map<string, Edge>();
  const found: string[] = [];
  let frontier = [lib];
  const seen = new Set([lib]);
  while (frontier.length > 0 && found.length < MAX_RELATED) {
    const next: string[] = [];
    const level: string[] = [];
    for (const node of frontier) {
      const edges = [...(importers.get(node) ?? [])].sort(
        (a, b) => compareCodeUnits(a.from, b.from) || a.start - b.start,
      );
      for (const edge of edges) {
        if (seen.has(edge.from)) continue;
        seen.add(edge.from);
        towardLib.set(edge.from, edge);
        next.push(edge.from);
        if (roots.has(edge.from)) level.push(edge.from);
      }
    }
    found.push(...level.sort().slice(0, MAX_RELATED - found.length));
    frontier = next.sort();
  }
  const short = (p: string): string => p.slice(dir.length + 1);
  return found.map((root) => {
    const chain = [root];
    for (let at = root; at !== lib; ) {
      at = towardLib.get(at)!.to;
      chain.push(at);
    }
    const first = towardLib.get(root)!;
    return {
      file: root,
      start: modules.get(root)!.lines().point(first.start),
      message: `reaches this module as a major-2 file: ${chain.map(short).join(' → ')}`,
    };
  });
}
