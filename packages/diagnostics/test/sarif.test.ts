import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { GateResult, SarifLog } from '../src/index.js';
import { SARIF_SCHEMA_URI, toUriReference, writeOutput } from '../src/index.js';
import { brokenDeclaration, capture, cleanBudget, diag, failingHome, options } from './fixtures.js';

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * The official SARIF 2.1.0 schema as shipped by @microsoft/jest-sarif. It declares draft-04, whose
 * only difference that matters here is `id` for `$id`; Ajv's default (draft-07) reads it once
 * that is renamed. Formats (uri, uri-reference, date-time) are checked, not ignored. Patterns are
 * compiled without the `u` flag, as draft-04 meant them: the schema's `language` pattern has a stray
 * `]` that a unicode RegExp rejects. Strict mode is off because it lints the schema's own authoring
 * (e.g. `required` names declared only in a sibling branch), which says nothing about our output.
 */
function sarifValidator() {
  const path = createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
  const {
    $schema: _draft04,
    id,
    ...schema
  } = JSON.parse(readFileSync(path, 'utf8')) as { $schema: string; id: string };
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }));
  return ajv.compile({ $id: id, ...schema });
}
const validate = sarifValidator();

function run(results: GateResult[], over: Parameters<typeof options>[0] = {}) {
  const c = capture();
  const code = writeOutput(results, options({ format: 'sarif', ...over }), c.sink);
  return { ...c, code, log: JSON.parse(c.stdout.join('\n') + '\n') as SarifLog };
}

describe('sarif', () => {
  it('the validator is not vacuous: it rejects a broken log', () => {
    const { log } = run([failingHome]);
    expect(validate(log)).toBe(true);
    const badLevel = structuredClone(log) as unknown as { runs: Array<{ results: Array<{ level: string }> }> };
    badLevel.runs[0]!.results[0]!.level = 'info';
    expect(validate(badLevel)).toBe(false);
    const badRegion = structuredClone(log) as unknown as {
      runs: Array<{ results: Array<{ locations: Array<{ physicalLocation: { region: { startLine: number } } }> }> }>;
    };
    badRegion.runs[0]!.results[2]!.locations[0]!.physicalLocation.region.startLine = 0;
    expect(validate(badRegion)).toBe(false);
    expect(validate({ ...log, $schema: 'not a uri' })).toBe(false);
  });

  it.each([
    ['clean', [cleanBudget]],
    ['failing', [failingHome]],
    ['several gates, one could not run', [cleanBudget, failingHome, brokenDeclaration]],
    [
      'odd file names',
      [
        {
          ...failingHome,
          diagnostics: [diag({ ruleId: 'home/missing', file: 'spec/v2/a b/100%#?.md', start: { line: 1, column: 1 } })],
        },
      ],
    ],
    [
      'a root cause and its consequence',
      [
        {
          ...failingHome,
          diagnostics: [
            diag({
              ruleId: 'home/missing',
              file: 'spec/v2/declaration.json',
              start: { line: 3, column: 5 },
              explains: ['path:x.md'],
            }),
            diag({
              gate: 'declaration',
              ruleId: 'declaration/normative-text-path',
              file: 'spec/v2/declaration.json',
              start: { line: 3, column: 5 },
              subjects: ['path:x.md'],
            }),
          ],
        },
      ],
    ],
  ] as Array<[string, GateResult[]]>)(
    '%s: validates against the SARIF 2.1.0 schema; stdout is only the log',
    (_name, results) => {
      const r = run(results);
      const ok = validate(r.log);
      expect(validate.errors ?? []).toEqual([]);
      expect(ok).toBe(true);
      expect(r.stdout[0]).toBe('{');
      expect(r.stdout.at(-1)).toBe('}');
    },
  );

  it('with a helpUri, each rule the results use links to its documentation, and the log stays valid', () => {
    const helpUri = (id: string): string | undefined =>
      id === 'home/unclaimed' || id === 'home/missing' ? `https://example.org/docs/rules/${id}.md` : undefined;
    const { log } = run([failingHome], { helpUri });
    expect(validate(log)).toBe(true);
    const rules = log.runs[0]!.tool.driver.rules;
    expect(rules.length).toBeGreaterThan(1);
    for (const rule of rules) expect(rule.helpUri).toBe(helpUri(rule.id));
    expect(rules.filter((r) => r.helpUri !== undefined).map((r) => r.id)).toEqual(['home/missing', 'home/unclaimed']);
    // A relative link is not a URI the schema accepts: the option must give absolute ones.
    const relative = structuredClone(log);
    relative.runs[0]!.tool.driver.rules[0]!.helpUri = 'docs/rules/home/missing.md';
    expect(validate(relative)).toBe(false);
  });

  it('clean run: an empty result list, no rules, the parity line on stderr', () => {
    const r = run([cleanBudget]);
    expect(r.code).toBe(0);
    expect(r.log).toEqual({
      $schema: SARIF_SCHEMA_URI,
      version: '2.1.0',
      runs: [
        {
          tool: {
            driver: {
              name: 'openwop-spec',
              version: '0.1.0',
              informationUri: 'https://github.com/openwop/openwop-spec',
              rules: [],
            },
          },
          invocations: [{ executionSuccessful: true, exitCode: 0 }],
          originalUriBaseIds: {
            SRCROOT: { description: { text: 'The repository root the gates ran on (--root .).' } },
          },
          columnKind: 'utf16CodeUnits',
          results: [],
        },
      ],
    });
    expect(r.stderr).toEqual([
      '     306  core/tool-catalog.md',
      '  prose words 250 (mdast text; code, html and front matter excluded; not gated)',
      cleanBudget.summaryLine,
    ]);
  });

  it('failing run: rules are the referenced catalogue entries; results sorted with 1-based regions', () => {
    const r = run([failingHome]);
    expect(r.code).toBe(1);
    const run0 = r.log.runs[0]!;
    expect(run0.tool.driver.rules.map((rule) => rule.id)).toEqual([
      'home/eos-unknown',
      'home/facet-uncovered',
      'home/missing',
      'home/non-normative',
      'home/unclaimed',
    ]);
    expect(run0.tool.driver.rules[1]).toEqual({
      id: 'home/facet-uncovered',
      shortDescription: { text: 'What home/facet-uncovered catches.' },
      fullDescription: { text: 'What home/facet-uncovered catches. Fix home/facet-uncovered like this.' },
      help: {
        text: 'Fix home/facet-uncovered like this.\n\nFails:\n{ "bad": "home/facet-uncovered" }\n\nPasses:\n{ "good": "home/facet-uncovered" }',
      },
      defaultConfiguration: { level: 'warning' },
    });
    const loc = (file: string, region?: object) => [
      { physicalLocation: { artifactLocation: { uri: file, uriBaseId: 'SRCROOT' }, ...(region && { region }) } },
    ];
    expect(run0.results).toEqual([
      {
        ruleId: 'home/eos-unknown',
        ruleIndex: 0,
        level: 'note',
        message: { text: 'no EOS date is known' },
        properties: { gate: 'normative-home' },
      },
      {
        ruleId: 'home/non-normative',
        ruleIndex: 3,
        level: 'error',
        message: { text: 'declares itself non-normative' },
        locations: loc('spec/v2/core/notes.md'),
        properties: { gate: 'normative-home' },
      },
      {
        ruleId: 'home/missing',
        ruleIndex: 2,
        level: 'error',
        message: { text: 'mcp -> spec/v2/core/gone.md' },
        locations: loc('spec/v2/declaration.json', { startLine: 12, startColumn: 7, endLine: 14, endColumn: 2 }),
        properties: { gate: 'normative-home' },
      },
      {
        ruleId: 'home/unclaimed',
        ruleIndex: 4,
        level: 'error',
        message: { text: 'mcp -> spec/v2/core/interop.md (the document does not claim it)' },
        locations: loc('spec/v2/declaration.json', { startLine: 12, startColumn: 7, endLine: 12, endColumn: 38 }),
        relatedLocations: [
          {
            id: 0,
            ...loc('spec/v2/core/interop.md', { startLine: 1, startColumn: 1 })[0]!,
            message: { text: 'the leading blockquote' },
          },
        ],
        properties: { gate: 'normative-home' },
      },
      {
        ruleId: 'home/facet-uncovered',
        ruleIndex: 1,
        level: 'warning',
        message: { text: 'mcp.client is named by no home' },
        locations: loc('spec/v2/declaration.json', { startLine: 40, startColumn: 9 }),
        properties: { gate: 'normative-home' },
      },
    ]);
    expect(r.stderr.at(-1)).toBe(failingHome.summaryLine);
  });

  it('a gate that could not run is a failed invocation with its error line as a notification', () => {
    const r = run([cleanBudget, brokenDeclaration]);
    expect(r.code).toBe(2);
    expect(r.log.runs[0]!.invocations).toEqual([
      {
        executionSuccessful: false,
        exitCode: 2,
        toolExecutionNotifications: [
          { level: 'error', message: { text: brokenDeclaration.summaryLine }, properties: { gate: 'declaration' } },
        ],
      },
    ]);
    expect(r.stderr).toEqual([
      '     306  core/tool-catalog.md',
      '  prose words 250 (mdast text; code, html and front matter excluded; not gated)',
      cleanBudget.summaryLine,
      brokenDeclaration.summaryLine,
      'openwop-spec: 1 of 2 gates passed (could not run: declaration)',
    ]);
    expect(r.stdout.join('\n')).not.toContain('prose words');
  });

  it('a rule missing from the catalogue still gets an entry (its id) so ruleIndex stays valid', () => {
    const r = run([
      {
        ...failingHome,
        diagnostics: [diag({ ruleId: 'home/not-catalogued', file: 'a.md', start: { line: 1, column: 1 } })],
      },
    ]);
    expect(r.log.runs[0]!.tool.driver.rules).toEqual([{ id: 'home/not-catalogued' }]);
    expect(validate(r.log)).toBe(true);
  });

  it('expected, actual and url travel in the result properties', () => {
    const d = diag({
      ruleId: 'home/missing',
      file: 'a.json',
      start: { line: 1, column: 1 },
      expected: 'x',
      actual: 'y',
      url: 'https://example.org/r',
    });
    const r = run([{ ...failingHome, diagnostics: [d] }]);
    expect(r.log.runs[0]!.results[0]!.properties).toEqual({
      gate: 'normative-home',
      expected: 'x',
      actual: 'y',
      url: 'https://example.org/r',
    });
    expect(validate(r.log)).toBe(true);
  });

  it('paths become relative URI references, one percent-encoded segment at a time', () => {
    expect(toUriReference('spec/v2/core/tool-catalog.md')).toBe('spec/v2/core/tool-catalog.md');
    expect(toUriReference('spec/v2/a b/100%#?.md')).toBe('spec/v2/a%20b/100%25%23%3F.md');
    expect(toUriReference('docs/é.md')).toBe('docs/%C3%A9.md');
  });

  it('quiet drops printout lines and the run line on stderr, never results', () => {
    const plain = run([cleanBudget, failingHome]);
    const quiet = run([cleanBudget, failingHome], { quiet: true });
    expect(quiet.stdout).toEqual(plain.stdout);
    expect(quiet.stderr).toEqual([cleanBudget.summaryLine, failingHome.summaryLine]);
  });
});
