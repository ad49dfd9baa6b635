// The security invariants check on fixture repositories: each way the file and the suite can
// disagree, shown red, and the agreeing fixture green.
import { afterEach, describe, expect, it } from 'vitest';
import { memoryFixture } from '@openwop-spec/spec-tree/testing';
import type { Fixture } from '@openwop-spec/spec-tree/testing';
import { checkInvariants, formatFindings, registeredRows } from './security-invariants.js';

const SCENARIO = 'packages/conformance/src/scenarios/v2-annotations.test.ts';

const invariants = (tests: string[]) =>
  [
    'invariants:',
    '  - id: tool-annotations-untrusted',
    '    tier: protocol',
    `    tests:${tests.length === 0 ? ' []' : ''}`,
    ...tests.map((t) => `      - ${t}`),
    '',
  ].join('\n');

const requirements = (invariantsOfRow: string[]) =>
  JSON.stringify(
    {
      records: [
        {
          id: 'openwop.requirement.0204.annotations-derived',
          scenario: 'v2-annotations.test.ts',
          ...(invariantsOfRow.length > 0 ? { invariants: invariantsOfRow } : {}),
        },
      ],
    },
    null,
    2,
  );

const scenario = (rows: string[]) => `rfc0204Rows([${rows.map((r) => `'${r}'`).join(', ')}]);\n`;

function repo(files: Record<string, string>): Fixture {
  return memoryFixture({
    'openwop-spec.config.json': JSON.stringify({ paths: { conformance: 'packages/conformance' } }),
    'SECURITY/invariants.yaml': invariants([SCENARIO]),
    'packages/conformance/requirements.json': requirements(['tool-annotations-untrusted']),
    [SCENARIO]: scenario(['annotations-derived']),
    ...files,
  });
}

let fixture: Fixture | undefined;
afterEach(() => fixture?.remove());
const check = (files: Record<string, string> = {}) => formatFindings(checkInvariants((fixture = repo(files)).tree()));

describe('checkInvariants', () => {
  it('green: the test file exists and registers a row whose record lists the invariant', () => {
    expect(check()).toEqual([]);
  });

  it('green: an invariant with no tests is an open gap, not a finding', () => {
    expect(
      check({ 'SECURITY/invariants.yaml': invariants([]), 'packages/conformance/requirements.json': requirements([]) }),
    ).toEqual([]);
  });

  it('red: tests names a file that does not exist', () => {
    const missing = 'packages/conformance/src/scenarios/v2-gone.test.ts';
    expect(check({ 'SECURITY/invariants.yaml': invariants([SCENARIO, missing]) })).toEqual([
      `SECURITY/invariants.yaml:6:9  tool-annotations-untrusted: tests names ${missing}, which does not exist`,
    ]);
  });

  it('red: no record of a registered row lists the invariant', () => {
    expect(check({ 'packages/conformance/requirements.json': requirements([]) })).toEqual([
      `SECURITY/invariants.yaml:5:9  tool-annotations-untrusted: ${SCENARIO} registers no row whose record in packages/conformance/requirements.json lists the invariant (add "invariants": ["tool-annotations-untrusted"] to the record of the row that tests it)`,
    ]);
  });

  it('red: the record lists the invariant, but the scenario does not register its row', () => {
    expect(check({ [SCENARIO]: scenario(['catalog-order']) })).toHaveLength(1);
  });

  it('red: a record lists an invariant the file does not declare, at the record', () => {
    const findings = check({
      'SECURITY/invariants.yaml': invariants([]),
      'packages/conformance/requirements.json': requirements(['tool-annotations-untrusted', 'no-such-invariant']),
    });
    expect(findings).toEqual([
      'packages/conformance/requirements.json:6:7  annotations-derived lists invariant no-such-invariant, which SECURITY/invariants.yaml does not declare',
    ]);
  });

  it('red: YAML that does not parse, at its position', () => {
    expect(check({ 'SECURITY/invariants.yaml': 'invariants:\n  - id: [unclosed\n' })[0]).toMatch(
      /^SECURITY\/invariants\.yaml:\d+:\d+  not valid YAML: /,
    );
  });
});

describe('registeredRows', () => {
  it('reads the row ids of the rfc0204Rows call, in either quote style, across lines', () => {
    expect(registeredRows('rfc0204Rows([\n  \'a\',\n  "b",\n]);')).toEqual(['a', 'b']);
    expect(registeredRows('describe(() => {});')).toEqual([]);
  });
});
