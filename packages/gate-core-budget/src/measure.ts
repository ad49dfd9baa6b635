import type { Diagnostic } from '@openwop-spec/diagnostics';
import { classifyCoreFamilies } from '@openwop-spec/families';
import type { SpecTree } from '@openwop-spec/spec-tree';
import { rules } from './rules.js';
import { proseWordsFact, wordsFact } from './words.js';
import { compareCodeUnits } from '@openwop-spec/diagnostics';

export interface BudgetRow {
  /** Repository path. */
  path: string;
  /** Path relative to spec/v2/, e.g. `core/tool-catalog.md`. */
  label: string;
  words: number;
  proseWords: number;
  ext: boolean;
}

export interface Measurement {
  rows: BudgetRow[];
  homed: number;
  extHomes: string[];
  diagnostics: Diagnostic[];
}

/** Every .md document under the core directory: hidden entries included, directory symlinks not followed. */
function coreDocuments(tree: SpecTree, dir: string, diagnostics: Diagnostic[], out: string[]): void {
  for (const entry of tree.list(dir)) {
    if (entry.kind === 'dir') {
      if (!entry.symlink) coreDocuments(tree, entry.path, diagnostics, out);
      continue;
    }
    if (entry.kind !== 'file' || !entry.name.endsWith('.md')) continue;
    if (tree.info(entry.path).escapes) {
      diagnostics.push(rules.diagnostic('budget/symlink-escape', { path: entry.path }, { file: entry.path }));
      continue;
    }
    out.push(entry.path);
  }
}

/**
 * The measured kernel: the core documents plus the ext homes cited by core families,
 * and `homed` from the shared classification. Prose words are a fact of each document (cached with
 * its content; a document the classification already parsed is not parsed again).
 */
export async function measure(tree: SpecTree, coreDir: string): Promise<Measurement> {
  const diagnostics: Diagnostic[] = [];
  const paths: string[] = [];
  coreDocuments(tree, coreDir, diagnostics, paths);
  const classification = await classifyCoreFamilies(tree);
  const extHomes: string[] = [];
  for (const home of classification.extHomes) {
    if (home.status === 'counted') extHomes.push(home.path);
    else {
      const data = { key: home.key, path: home.path, reason: home.status };
      diagnostics.push(
        rules.diagnostic(
          'budget/ext-home-skipped',
          data,
          { file: classification.file, start: home.at.start, end: home.at.end },
          { subjects: [`path:${home.path}`] },
        ),
      );
    }
  }
  const specV2 = `${tree.paths.spec}/v2/`;
  const rows: BudgetRow[] = [];
  for (const { p, ext } of [...paths.map((p) => ({ p, ext: false })), ...extHomes.map((p) => ({ p, ext: true }))]) {
    rows.push({
      path: p,
      label: p.slice(specV2.length),
      // A fact too: with the cache warm, a measured document is hashed, never decoded.
      words: await tree.factsOf(p, wordsFact),
      proseWords: await tree.factsOf(p, proseWordsFact),
      ext,
    });
  }
  rows.sort((a, b) => compareCodeUnits(a.label, b.label));
  return { rows, homed: classification.counts.resolved, extHomes, diagnostics };
}
