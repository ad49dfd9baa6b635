import { EXAMPLE_FILES } from '@openwop-spec/diagnostics';
import { command } from '@openwop-spec/spec-tree';
import { ruleCatalog } from '@openwop-spec/gate-api';

export const GATE_ID = 'scenario-majors';

/** The fix command every stale finding and the stale parity line name. */
export const WRITE_COMMAND = command('scenario-majors --write');

// The files the examples below change in the example repository, which keeps its conformance package at conformance/.
const {
  scenarioConfig: CONFIG,
  scenarioManifest: MANIFEST,
  scenarios: SCENARIOS,
  v2Scenario: V2_SCENARIO,
} = EXAMPLE_FILES;
const LIB = 'conformance/src/lib';

/** A bothMajors entry for `file`, admitted by RFC 0204. */
const entry = (file: string) => ({
  file: CONFIG,
  set: '/bothMajors/-',
  to: { file, rfc: '0204', reason: 'reads no capability flag and requests no versioned path' },
});

// What `--write` changes in the example repository's manifest (runs.test.ts [1], v2-tool-list.test.ts [2]).
/** A file at [1] that now targets both majors: 2 is appended to its list. */
const alsoMajor2 = (name: string) => ({ file: MANIFEST, set: `/majors/${name}/-`, to: 2 });
/** A file the manifest did not list. */
const added = (name: string, majors: number[]) => ({ file: MANIFEST, set: `/majors/${name}`, to: majors });
const dropped = (name: string) => ({ file: MANIFEST, unset: `/majors/${name}` });
const counts = (changed: { files?: number; v1?: number; v2?: number }) =>
  Object.entries(changed).map(([key, n]) => ({ file: MANIFEST, set: `/counts/${key}`, to: n }));

/** A major-2 scenario that requests `path` through the constant `name`, under `comment` lines when given. */
const requesting = (name: string, path: string, ...comment: string[]) =>
  [
    "export const title = 'lists tools';",
    '',
    ...comment,
    `export const ${name} = () => fetch(new URL(${path}, process.env['OPENWOP_HOST_URL']));`,
    '',
  ].join('\n');
const ON_PURPOSE = '// majors-lint-disable-next-line R2 -- requested on purpose: a major-2 host must answer 404';

/** Every rule id the gate emits, with its documentation and message. */
export const rules = ruleCatalog(GATE_ID, {
  'majors/missing-file': {
    severity: 'error',
    summary: 'A bothMajors entry names a file that is not in the scenarios directory.',
    fail: {
      says: 'A bothMajors entry names run.test.ts, a typo for runs.test.ts: no such file is in conformance/src/scenarios/.',
      edits: [entry('run.test.ts')],
    },
    pass: {
      says: 'The entry names runs.test.ts, and the manifest is regenerated: the file now targets both majors.',
      edits: [entry('runs.test.ts'), alsoMajor2('runs.test.ts'), ...counts({ v2: 2 })],
    },
    fix: 'Remove the entry, or restore the file it promotes.',
    message: (d: { file: string; dir: string }) =>
      `bothMajors names ${d.file}, which is not in ${d.dir}/ — a promotion that outlives its file promotes nothing`,
  },
  'majors/duplicate-entry': {
    severity: 'error',
    summary: 'The same file is listed in bothMajors more than once.',
    fail: {
      says: 'runs.test.ts is listed in bothMajors twice.',
      edits: [entry('runs.test.ts'), entry('runs.test.ts'), alsoMajor2('runs.test.ts'), ...counts({ v2: 2 })],
    },
    pass: {
      says: 'runs.test.ts is listed once.',
      edits: [entry('runs.test.ts'), alsoMajor2('runs.test.ts'), ...counts({ v2: 2 })],
    },
    fix: 'Keep one entry (with the RFC that admitted the file) and delete the others.',
    message: (d: { file: string; line: number }) => `${d.file} is already listed in bothMajors (line ${d.line})`,
  },
  'majors/prefixed-in-both': {
    severity: 'error',
    summary: 'A v2- file is listed in bothMajors; the name rule already makes it major 2 only.',
    fail: {
      says: 'v2-tool-list.test.ts is listed in bothMajors, yet its name keeps it at major 2 only.',
      edits: [entry('v2-tool-list.test.ts')],
    },
    pass: {
      says: 'The file, which runs at both majors, is renamed tool-list.test.ts and listed under that name.',
      edits: [
        { file: V2_SCENARIO, remove: true },
        { file: `${SCENARIOS}/tool-list.test.ts`, write: "export const title = 'lists tools';\n" },
        entry('tool-list.test.ts'),
        dropped('v2-tool-list.test.ts'),
        added('tool-list.test.ts', [1, 2]),
        ...counts({ v1: 2 }),
      ],
    },
    fix: 'Remove the entry, or rename the file without the v2- prefix if it really targets both majors.',
    message: (d: { file: string }) => `${d.file} starts with v2-, so it targets [2] whatever bothMajors says`,
  },
  'majors/config-unsorted': {
    severity: 'warning',
    summary: 'bothMajors entries are not sorted by file in UTF-16 code-unit order.',
    fail: {
      says: 'bothMajors lists workflows.test.ts before runs.test.ts.',
      edits: [
        { file: `${SCENARIOS}/workflows.test.ts`, write: "export const title = 'workflows';\n" },
        entry('workflows.test.ts'),
        entry('runs.test.ts'),
        alsoMajor2('runs.test.ts'),
        added('workflows.test.ts', [1, 2]),
        ...counts({ files: 3, v1: 2, v2: 3 }),
      ],
    },
    pass: {
      says: 'The same entries, runs.test.ts first.',
      edits: [
        { file: `${SCENARIOS}/workflows.test.ts`, write: "export const title = 'workflows';\n" },
        entry('runs.test.ts'),
        entry('workflows.test.ts'),
        alsoMajor2('runs.test.ts'),
        added('workflows.test.ts', [1, 2]),
        ...counts({ files: 3, v1: 2, v2: 3 }),
      ],
    },
    fix: 'Sort the entries by file (code-unit order: uppercase before lowercase, "-" before letters).',
    message: (d: { file: string; previous: string }) =>
      `bothMajors is not sorted by file: ${d.file} comes after ${d.previous}`,
  },
  'majors/prefix-lookalike': {
    severity: 'warning',
    summary:
      'A scenario file name looks like a v2- file but does not start with the exact prefix "v2-", so it targets major 1.',
    fail: {
      says: 'A new scenario named v2_tool-order.test.ts (underscore) targets major 1, as the regenerated manifest says.',
      edits: [
        { file: `${SCENARIOS}/v2_tool-order.test.ts`, write: "export const title = 'orders tools';\n" },
        added('v2_tool-order.test.ts', [1]),
        ...counts({ files: 3, v1: 2 }),
      ],
    },
    pass: {
      says: 'Named v2-tool-order.test.ts, it targets major 2.',
      edits: [
        { file: `${SCENARIOS}/v2-tool-order.test.ts`, write: "export const title = 'orders tools';\n" },
        added('v2-tool-order.test.ts', [2]),
        ...counts({ files: 3, v2: 2 }),
      ],
    },
    fix: 'Rename the file to start with "v2-" (lowercase, hyphen) if it is a major-2 scenario.',
    message: (d: { file: string }) =>
      `${d.file} looks like a major-2 file but does not start with "v2-" (case-sensitive), so it targets [1]`,
  },
  'majors/nothing-to-check': {
    severity: 'warning',
    summary: 'The scenarios folder is missing or holds no *.test.ts file, so the manifest and the lint cover nothing.',
    fail: {
      says: 'conformance/src/scenarios/ holds no scenario file (the manifest regenerated to match, with no file in it).',
      edits: [
        { file: `${SCENARIOS}/runs.test.ts`, remove: true },
        { file: V2_SCENARIO, remove: true },
        dropped('runs.test.ts'),
        dropped('v2-tool-list.test.ts'),
        ...counts({ files: 0, v1: 0, v2: 0 }),
      ],
    },
    pass: { says: 'conformance/src/scenarios/ holds the scenario files.', edits: [] },
    fix: 'Run from the spec repository (or pass --root), or set paths.conformance in openwop-spec.config.json to the folder that holds src/scenarios/.',
    message: (d: { dir: string; why: string }) =>
      `nothing to check: ${d.dir}/ ${d.why}, so no scenario was classified or linted`,
  },
  'majors/stale': {
    severity: 'error',
    summary: 'The committed scenario-majors.json differs from what the gate renders.',
    fail: {
      says: 'A new scenario, v2-tool-order.test.ts, is added without regenerating the manifest.',
      edits: [{ file: `${SCENARIOS}/v2-tool-order.test.ts`, write: "export const title = 'orders tools';\n" }],
    },
    pass: {
      says: 'The same scenario with the manifest regenerated (what --write changes).',
      edits: [
        { file: `${SCENARIOS}/v2-tool-order.test.ts`, write: "export const title = 'orders tools';\n" },
        added('v2-tool-order.test.ts', [2]),
        ...counts({ files: 3, v2: 2 }),
      ],
    },
    fix: `Run ${WRITE_COMMAND} (or openwop-spec check --fix, or openwop-spec gen) and commit the result; --fix and --write regenerate it only while the gate has no other error.`,
    message: (d: { file: string; detail: string }) => `${d.file} is stale (${d.detail})`,
    hint: () => `run ${WRITE_COMMAND} (or openwop-spec gen) and commit the result`,
  },
  'majors/unresolved-import': {
    severity: 'error',
    summary: 'A relative import of a linted module does not resolve to a file, so the lint cannot follow it.',
    fail: {
      says: 'The major-2 scenario imports ../lib/path.js, a typo for ../lib/paths.js.',
      edits: [
        { file: `${LIB}/paths.ts`, write: "export const toolsPath = (): string => '/tools';\n" },
        {
          file: V2_SCENARIO,
          write: `import { toolsPath } from '../lib/path.js';\n\n${requesting('listTools', 'toolsPath()')}`,
        },
      ],
    },
    pass: {
      says: 'It imports ../lib/paths.js, which resolves to conformance/src/lib/paths.ts.',
      edits: [
        { file: `${LIB}/paths.ts`, write: "export const toolsPath = (): string => '/tools';\n" },
        {
          file: V2_SCENARIO,
          write: `import { toolsPath } from '../lib/paths.js';\n\n${requesting('listTools', 'toolsPath()')}`,
        },
      ],
    },
    fix: 'Fix the specifier (a .js specifier resolves to the .ts file beside it).',
    message: (d: { specifier: string; tried: string }) =>
      `cannot resolve import "${d.specifier}" (tried ${d.tried}), so the lint cannot follow it`,
  },
  'majors/import-outside-conformance': {
    severity: 'warning',
    summary: 'A linted module imports a relative module outside the conformance package; it is not linted.',
    fail: {
      says: 'The major-2 scenario imports a helper from scripts/, outside the conformance package.',
      edits: [
        { file: 'scripts/paths.ts', write: "export const toolsPath = (): string => '/tools';\n" },
        {
          file: V2_SCENARIO,
          write: `import { toolsPath } from '../../../scripts/paths.js';\n\n${requesting('listTools', 'toolsPath()')}`,
        },
      ],
    },
    pass: {
      says: 'The helper moved into conformance/src/lib/, where the lint follows it.',
      edits: [
        { file: `${LIB}/paths.ts`, write: "export const toolsPath = (): string => '/tools';\n" },
        {
          file: V2_SCENARIO,
          write: `import { toolsPath } from '../lib/paths.js';\n\n${requesting('listTools', 'toolsPath()')}`,
        },
      ],
    },
    fix: 'Import the package by name, or move the helper into the conformance package so the lint covers it.',
    message: (d: { specifier: string; path: string; dir: string }) =>
      `import "${d.specifier}" resolves to ${d.path}, outside ${d.dir}/, so it is not linted`,
  },
  'majors/supported-gate': {
    severity: 'error',
    summary:
      'A major-2 file (or a module it imports) reads a capability `supported` flag outside a branch that only runs at major 1; at major 2 the field does not exist, so the gate would report inapplicable forever.',
    fail: {
      says: 'The major-2 scenario takes toolCatalog as advertised only when its record says supported: true.',
      edits: [
        {
          file: V2_SCENARIO,
          write: [
            "export const title = 'lists tools';",
            '',
            'export const advertised = (cap?: { supported?: boolean }): boolean => cap?.supported === true;',
            '',
          ].join('\n'),
        },
      ],
    },
    pass: {
      says: 'It takes the presence of the record as the claim.',
      edits: [
        {
          file: V2_SCENARIO,
          write: [
            "export const title = 'lists tools';",
            '',
            '// At major 2 the presence of the family record is the claim.',
            'export const advertised = (cap?: object): boolean => cap !== undefined;',
            '',
          ].join('\n'),
        },
      ],
    },
    fix: 'Use familyAdvertised or a family gate helper, or move the read into a branch guarded by targetMajor() === 1.',
    message: () =>
      'reads `supported` outside a v1-only branch; at major 2 the presence of the family record is the claim',
  },
  'majors/v1-path': {
    severity: 'error',
    summary:
      'A major-2 file (or a module it imports) sends a request to a hard-coded /v1/ path, which 404s on a major-2 host.',
    fail: {
      says: 'The major-2 scenario requests /v1/tools.',
      edits: [{ file: V2_SCENARIO, write: requesting('listTools', "'/v1/tools'") }],
    },
    pass: {
      says: 'It requests /tools, the path a major-2 host serves.',
      edits: [{ file: V2_SCENARIO, write: requesting('listTools', "'/tools'") }],
    },
    fix: 'Build the path with a helper that omits /v1 at major 2 (toolsPath, apiPath), or guard the request with targetMajor() === 1.',
    message: (d: { text: string }) => `hard-coded /v1/ request path "${d.text}", which major 2 does not serve`,
  },
  'majors/bad-pragma': {
    severity: 'error',
    summary: 'A majors-lint-disable-next-line pragma is malformed: no rule, an unknown rule, or no reason.',
    fail: {
      says: 'A major-2 scenario requests /v1/tools on purpose, under a pragma that gives no reason; a malformed pragma suppresses nothing, so the request is reported too.',
      edits: [
        {
          file: V2_SCENARIO,
          write: requesting('v1Tools', "'/v1/tools'", '// majors-lint-disable-next-line R2'),
        },
      ],
    },
    pass: {
      says: 'The pragma gives its reason, and suppresses that finding.',
      edits: [{ file: V2_SCENARIO, write: requesting('v1Tools', "'/v1/tools'", ON_PURPOSE) }],
    },
    fix: 'Write // majors-lint-disable-next-line R1 -- <reason> (R1, R2 or R1,R2), with a non-empty reason.',
    message: (d: { why: string }) => `malformed majors-lint-disable-next-line pragma: ${d.why}`,
  },
  'majors/unused-pragma': {
    severity: 'warning',
    summary: 'A majors-lint-disable-next-line pragma suppresses nothing on the next line.',
    fail: {
      says: 'A pragma for R2 is left above a request whose path is now /tools.',
      edits: [{ file: V2_SCENARIO, write: requesting('listTools', "'/tools'", ON_PURPOSE) }],
    },
    pass: {
      says: 'The same request without the pragma.',
      edits: [{ file: V2_SCENARIO, write: requesting('listTools', "'/tools'") }],
    },
    fix: 'Remove the pragma.',
    message: (d: { rules: string; line: number }) =>
      `this pragma suppresses ${d.rules} on line ${d.line}, but nothing there is reported`,
  },
});
