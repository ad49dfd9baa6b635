import { command } from '@openwop-spec/spec-tree';
import { ruleCatalog } from '@openwop-spec/gate-api';

export const GATE_ID = 'scenario-majors';

/** The fix command every stale finding and the stale parity line name. */
export const WRITE_COMMAND = command('scenario-majors --write');

/** Every rule id the gate emits, with its documentation and message. */
export const rules = ruleCatalog(GATE_ID, {
  'majors/missing-file': {
    severity: 'error',
    summary: 'A bothMajors entry names a file that is not in the scenarios directory.',
    fail: {
      says: '{"bothMajors": [{"file": "gone.test.ts", "rfc": "0204", "reason": "…"}]} with no src/scenarios/gone.test.ts',
      edits: [],
    },
    pass: { says: 'the entry names an existing src/scenarios/*.test.ts file', edits: [] },
    fix: 'Remove the entry, or restore the file it promotes.',
    message: (d: { file: string; dir: string }) =>
      `bothMajors names ${d.file}, which is not in ${d.dir}/ — a promotion that outlives its file promotes nothing`,
  },
  'majors/duplicate-entry': {
    severity: 'error',
    summary: 'The same file is listed in bothMajors more than once.',
    fail: { says: 'two bothMajors entries with "file": "fixtures-valid.test.ts"', edits: [] },
    pass: { says: 'one entry per file', edits: [] },
    fix: 'Keep one entry (with the RFC that admitted the file) and delete the others.',
    message: (d: { file: string; line: number }) => `${d.file} is already listed in bothMajors (line ${d.line})`,
  },
  'majors/prefixed-in-both': {
    severity: 'error',
    summary: 'A v2- file is listed in bothMajors; the name rule already makes it major 2 only.',
    fail: { says: '{"file": "v2-mcp-client-results.test.ts", …} in bothMajors', edits: [] },
    pass: { says: 'v2- files are not listed; a file that targets both majors has no v2- prefix', edits: [] },
    fix: 'Remove the entry, or rename the file without the v2- prefix if it really targets both majors.',
    message: (d: { file: string }) => `${d.file} starts with v2-, so it targets [2] whatever bothMajors says`,
  },
  'majors/config-unsorted': {
    severity: 'warning',
    summary: 'bothMajors entries are not sorted by file in UTF-16 code-unit order.',
    fail: { says: 'bothMajors lists tool-descriptor-shape.test.ts before fixtures-valid.test.ts', edits: [] },
    pass: { says: 'entries sorted by file', edits: [] },
    fix: 'Sort the entries by file (code-unit order: uppercase before lowercase, "-" before letters).',
    message: (d: { file: string; previous: string }) =>
      `bothMajors is not sorted by file: ${d.file} comes after ${d.previous}`,
  },
  'majors/prefix-lookalike': {
    severity: 'warning',
    summary:
      'A scenario file name looks like a v2- file but does not start with the exact prefix "v2-", so it targets major 1.',
    fail: { says: 'src/scenarios/V2-tool-order.test.ts or v2_tool-order.test.ts', edits: [] },
    pass: { says: 'src/scenarios/v2-tool-order.test.ts', edits: [] },
    fix: 'Rename the file to start with "v2-" (lowercase, hyphen) if it is a major-2 scenario.',
    message: (d: { file: string }) =>
      `${d.file} looks like a major-2 file but does not start with "v2-" (case-sensitive), so it targets [1]`,
  },
  'majors/nothing-to-check': {
    severity: 'warning',
    summary: 'The scenarios folder is missing or holds no *.test.ts file, so the manifest and the lint cover nothing.',
    fail: {
      says: 'a tree with no conformance/src/scenarios/ (or a conformance package kept elsewhere without paths.conformance)',
      edits: [],
    },
    pass: { says: 'conformance/src/scenarios/ holds the scenario files, e.g. fixtures-valid.test.ts', edits: [] },
    fix: 'Run from the spec repository (or pass --root), or set paths.conformance in openwop-spec.config.json to the folder that holds src/scenarios/.',
    message: (d: { dir: string; why: string }) =>
      `nothing to check: ${d.dir}/ ${d.why}, so no scenario was classified or linted`,
  },
  'majors/stale': {
    severity: 'error',
    summary: 'The committed scenario-majors.json differs from what the gate renders.',
    fail: { says: 'a new src/scenarios/v2-x.test.ts without regenerating the manifest', edits: [] },
    pass: { says: 'the manifest rewritten by the --write mode and committed', edits: [] },
    fix: `Run ${WRITE_COMMAND} (or openwop-spec check --fix, or openwop-spec gen) and commit the result; --fix and --write regenerate it only while the gate has no other error.`,
    message: (d: { file: string; detail: string }) => `${d.file} is stale (${d.detail})`,
    hint: () => `run ${WRITE_COMMAND} (or openwop-spec gen) and commit the result`,
  },
  'majors/unresolved-import': {
    severity: 'error',
    summary: 'A relative import of a linted module does not resolve to a file, so the lint cannot follow it.',
    fail: { says: "import { x } from '../lib/missing.js'", edits: [] },
    pass: { says: "import { x } from '../lib/present.js' with src/lib/present.ts on disk", edits: [] },
    fix: 'Fix the specifier (a .js specifier resolves to the .ts file beside it).',
    message: (d: { specifier: string; tried: string }) =>
      `cannot resolve import "${d.specifier}" (tried ${d.tried}), so the lint cannot follow it`,
  },
  'majors/import-outside-conformance': {
    severity: 'warning',
    summary: 'A linted module imports a relative module outside the conformance package; it is not linted.',
    fail: { says: "import { x } from '../../../spec-tree/src/index.js' in a major-2 scenario", edits: [] },
    pass: { says: 'imports inside the conformance package, or package imports by name', edits: [] },
    fix: 'Import the package by name, or move the helper into the conformance package so the lint covers it.',
    message: (d: { specifier: string; path: string; dir: string }) =>
      `import "${d.specifier}" resolves to ${d.path}, outside ${d.dir}/, so it is not linted`,
  },
  'majors/supported-gate': {
    severity: 'error',
    summary:
      'A major-2 file (or a module it imports) reads a capability `supported` flag outside a branch that only runs at major 1; at major 2 the field does not exist, so the gate would report inapplicable forever.',
    fail: { says: "if (!behaviorGate('openwop-tool-catalog', cap?.supported === true)) return;", edits: [] },
    pass: {
      says: 'const cap = await toolCatalogGate(); if (!cap) return; // presence of the record is the claim at major 2',
      edits: [],
    },
    fix: 'Use familyAdvertised or a family gate helper, or move the read into a branch guarded by targetMajor() === 1.',
    message: () =>
      'reads `supported` outside a v1-only branch; at major 2 the presence of the family record is the claim',
  },
  'majors/v1-path': {
    severity: 'error',
    summary:
      'A major-2 file (or a module it imports) sends a request to a hard-coded /v1/ path, which 404s on a major-2 host.',
    fail: { says: "driver.get('/v1/tools', { authenticated: false })", edits: [] },
    pass: { says: 'driver.get(toolsPath(), { authenticated: false })', edits: [] },
    fix: 'Build the path with a helper that omits /v1 at major 2 (toolsPath, apiPath), or guard the request with targetMajor() === 1.',
    message: (d: { text: string }) => `hard-coded /v1/ request path "${d.text}", which major 2 does not serve`,
  },
  'majors/bad-pragma': {
    severity: 'error',
    summary: 'A majors-lint-disable-next-line pragma is malformed: no rule, an unknown rule, or no reason.',
    fail: { says: '// majors-lint-disable-next-line R1', edits: [] },
    pass: { says: '// majors-lint-disable-next-line R1 -- the v1 leg reads the v1 record on purpose', edits: [] },
    fix: 'Write // majors-lint-disable-next-line R1 -- <reason> (R1, R2 or R1,R2), with a non-empty reason.',
    message: (d: { why: string }) => `malformed majors-lint-disable-next-line pragma: ${d.why}`,
  },
  'majors/unused-pragma': {
    severity: 'warning',
    summary: 'A majors-lint-disable-next-line pragma suppresses nothing on the next line.',
    fail: { says: '// majors-lint-disable-next-line R2 -- … above a line with no /v1/ request path', edits: [] },
    pass: { says: 'no pragma where nothing needs suppressing', edits: [] },
    fix: 'Remove the pragma.',
    message: (d: { rules: string; line: number }) =>
      `this pragma suppresses ${d.rules} on line ${d.line}, but nothing there is reported`,
  },
});
