import type { Diagnostic } from '@openwop-spec/diagnostics';
import type { SpecTree } from '@openwop-spec/spec-tree';
import type { MajorsLayout } from './layout.js';
import { rules } from './rules.js';

export type Major = 1 | 2;

export interface ScenarioFile {
  /** File name inside the scenarios directory. */
  name: string;
  /** Repository path. */
  path: string;
  majors: Major[];
}

/**
 * The scenario files (§3.2): regular files, or symlinks to one, directly in the scenarios directory
 * whose name ends in `.test.ts`, in code-unit order, each with its majors by the first matching row
 * of the naming rule.
 */
export function discoverScenarios(
  tree: SpecTree,
  layout: MajorsLayout,
  bothMajors: ReadonlySet<string>,
): { files: ScenarioFile[]; diagnostics: Diagnostic[] } {
  const files: ScenarioFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const entry of tree.list(layout.scenarios)) {
    if (entry.kind !== 'file' || !entry.name.endsWith('.test.ts')) continue;
    const majors: Major[] = entry.name.startsWith('v2-') ? [2] : bothMajors.has(entry.name) ? [1, 2] : [1];
    // A listed look-alike already runs at both majors; only an unlisted one silently stays at [1].
    if (majors.length === 1 && majors[0] === 1 && /^v2/i.test(entry.name)) {
      diagnostics.push(rules.diagnostic('majors/prefix-lookalike', { file: entry.name }, { file: entry.path }));
    }
    files.push({ name: entry.name, path: entry.path, majors });
  }
  return { files, diagnostics };
}
