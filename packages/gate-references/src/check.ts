import { InputError } from '@openwop-spec/diagnostics';
import type { Diagnostic, GateResult } from '@openwop-spec/diagnostics';
import { escapePointerToken, isRecord } from '@openwop-spec/json';
import { CONFIG_FILE } from '@openwop-spec/spec-tree';
import type { SpecTree } from '@openwop-spec/spec-tree';
import { documentCitations } from './facts.js';
import type { PlacedCitation } from './facts.js';
import { Resolver } from './resolve.js';
import { GATE_ID, rules } from './rules.js';

/** Folders of documents besides the configured spec and schemas trees: the RFCs and the security model. */
const DOCUMENT_DIRS = ['RFCS', 'SECURITY'];
const DOCUMENT = /\.(md|json|ya?ml)$/;

export const failedLine = (errors: number): string => `=== references FAILED — ${errors} error(s) ===`;

/** The documents whose citations are checked, in code-unit order: the corpus's documents and every package README. */
export function documents(tree: SpecTree): string[] {
  const under = (dir: string): string[] =>
    tree
      .list(dir)
      .filter((e) => !e.symlink)
      .flatMap((e) => (e.kind === 'dir' ? under(e.path) : e.kind === 'file' && DOCUMENT.test(e.name) ? [e.path] : []));
  const readmes = tree
    .list('packages')
    .filter((e) => e.kind === 'dir' && !e.symlink)
    .map((e) => `${e.path}/README.md`)
    .filter((p) => tree.info(p).kind === 'file');
  return [...new Set([tree.paths.spec, tree.paths.schemas, ...DOCUMENT_DIRS].flatMap(under)), ...readmes].sort();
}

/**
 * Paths the repository names on purpose without holding them (an optional input, a file a command
 * writes, a name a gate refuses), each with its reason: `references.absent` of openwop-spec.config.json.
 */
export function absentPaths(tree: SpecTree): Map<string, { start: Diagnostic['start'] }> {
  const out = new Map<string, { start: Diagnostic['start'] }>();
  if (tree.info(CONFIG_FILE).kind !== 'file') return out;
  const doc = tree.json(CONFIG_FILE);
  const references = isRecord(doc.value) ? doc.value['references'] : undefined;
  if (references === undefined) return out;
  const fail = (message: string, pointer: string): never => {
    throw new InputError(`${CONFIG_FILE}: ${message}`, { file: CONFIG_FILE, start: doc.locate(pointer).start });
  };
  if (!isRecord(references)) return fail('references must be an object', '/references');
  for (const key of Object.keys(references))
    if (key !== 'absent') fail(`unknown key "${key}" in references (allowed: absent)`, `/references/${key}`);
  const absent = references['absent'];
  if (absent === undefined) return out;
  if (!isRecord(absent)) return fail('references.absent must be an object of path → reason', '/references/absent');
  for (const [path, reason] of Object.entries(absent)) {
    const pointer = `/references/absent/${escapePointerToken(path)}`;
    if (typeof reason !== 'string' || reason === '')
      fail(`references.absent["${path}"] must say why, as a string`, pointer);
    out.set(path, { start: doc.locateKey(pointer).start });
  }
  return out;
}

/** Every citation in the repository's documents resolves; every path listed as absent is absent and cited. */
export async function checkReferences(tree: SpecTree, ruleIds: ReadonlySet<string>): Promise<GateResult> {
  const absent = absentPaths(tree);
  const resolver = new Resolver(tree, ruleIds, new Set(absent.keys()));
  const diagnostics: Diagnostic[] = [];
  const cited = new Set<string>();
  const files = documents(tree);
  let count = 0;
  for (const file of files) {
    const citations: PlacedCitation[] = await tree.factsOf(file, documentCitations);
    for (const c of citations) {
      if (!resolver.cites(c)) continue;
      count++;
      cited.add(c.token);
      const problem = await resolver.problem(file, c, { start: { line: c.line, column: c.column } });
      if (problem) diagnostics.push(problem);
    }
  }
  for (const [path, { start }] of absent) {
    const exists = tree.exists(path);
    if (exists || !cited.has(path))
      diagnostics.push(
        rules.diagnostic('refs/absent-stale', { path, exists }, { file: CONFIG_FILE, ...(start ? { start } : {}) }),
      );
  }
  const errors = diagnostics.length;
  return {
    gate: GATE_ID,
    ok: errors === 0,
    exitCode: errors === 0 ? 0 : 1,
    summaryLine:
      errors === 0
        ? `=== references OK — ${count} citation(s) in ${files.length} document(s) resolve ===`
        : failedLine(errors),
    printout: [],
    figures: { documents: files.length, citations: count, unresolved: errors },
    diagnostics,
  };
}
