import type { Gate } from '@openwop-spec/gate-api';
import { GATE_ID, rules } from './rules.js';
import { modeOf, runScenarioMajors } from './run.js';
import { loadConfig } from './config.js';
import { discoverScenarios } from './discover.js';
import { layoutOf } from './layout.js';
import { buildManifest } from './manifest.js';

export { rules, GATE_ID, WRITE_COMMAND } from './rules.js';
export { runScenarioMajors, modeOf } from './run.js';
export type { Mode } from './run.js';
export { MANIFEST_COMMENT, buildManifest, renderManifest, compareManifest } from './manifest.js';
export type { Manifest, Counts, Change, Comparison } from './manifest.js';
export { discoverScenarios } from './discover.js';
export type { Major, ScenarioFile } from './discover.js';
export { loadConfig, checkConfig } from './config.js';
export type { BothMajorsEntry, MajorsConfig } from './config.js';
export { layoutOf } from './layout.js';
export type { MajorsLayout } from './layout.js';
export { lintMajor2, resolveImport } from './lint/lint.js';
export type { LintResult } from './lint/lint.js';
export { isV1RequestPath } from './lint/analyse.js';
export { createParser, parserLoaded } from './lint/parser.js';
export type { Parse, ParsedModule } from './lint/parser.js';
export { staticString, unparen } from './lint/ast.js';
export type { Comment } from './lint/ast.js';
/** The ESTree node types of a parsed module (oxc-parser's). */
export type * as Estree from 'oxc-parser';

const summary = 'which scenario files run at which protocol major, and the major-awareness lint of major-2 files';

export const gate: Gate = {
  id: GATE_ID,
  summary,
  rules: rules.docs,
  check: (tree) => runScenarioMajors(tree, 'check'),
  write: (tree) => runScenarioMajors(tree, 'write'),
  // The manifest, built in memory, for `openwop-spec delta`.
  artifacts: async (tree) => {
    const layout = layoutOf(tree);
    const config = await loadConfig(tree, layout);
    const both = new Set(config.entries.map((e) => e.file));
    return { [layout.manifest]: buildManifest(discoverScenarios(tree, layout, both).files, config.manifestComment) };
  },
  commands: [
    {
      name: 'scenario-majors',
      summary,
      flags: {
        '--check':
          'render the manifest in memory and compare it with the committed scenario-majors.json (the default); when they differ, print the files added, removed or re-majored and exit 1. Also runs the major-awareness lint. Writes nothing.',
        '--write':
          'write scenario-majors.json, atomically and only when its bytes change. Nothing is written while the config or the lint has an error.',
      },
      exclusive: [['--check', '--write']],
      examples: [
        {
          command: 'openwop-spec scenario-majors',
          does: 'check the manifest is fresh and every major-2 scenario file is major-aware',
        },
        {
          command: 'openwop-spec scenario-majors --write',
          does: 'regenerate the manifest after adding, removing or renaming a scenario file',
        },
      ],
      run: (tree, options) => runScenarioMajors(tree, modeOf(options.flags)),
    },
  ],
};
