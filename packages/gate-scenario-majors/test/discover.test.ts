import { fullMessage } from '@openwop-spec/diagnostics';
import { afterEach, describe, expect, it } from 'vitest';
import { SCENARIOS, conformanceFixture, found, removeFixtures, run } from './helpers.js';

afterEach(removeFixtures);

const ok = 'export const x = 1;\n';

describe('discovery and the naming rule (§3.2)', () => {
  it('v2- targets [2], a bothMajors entry [1, 2], anything else [1]', async () => {
    const fixture = conformanceFixture(
      { 'v2-a.test.ts': ok, 'b.test.ts': ok, 'c.test.ts': ok },
      { both: ['b.test.ts'] },
    );
    const result = await run(fixture, 'write');
    expect(result.exitCode).toBe(0);
    const manifest = JSON.parse(fixture.tree().text('conformance/scenario-majors.json')) as {
      majors: unknown;
      counts: unknown;
    };
    expect(manifest.majors).toEqual({ 'b.test.ts': [1, 2], 'c.test.ts': [1], 'v2-a.test.ts': [2] });
    expect(manifest.counts).toEqual({ files: 3, v1: 2, v2: 2 });
  });

  it.each(['V2-x.test.ts', 'v2_x.test.ts', 'v2x.test.ts', 'V2x.test.ts'])(
    '%s looks like a v2 file: it targets [1] with majors/prefix-lookalike',
    async (name) => {
      const fixture = conformanceFixture({ [name]: ok });
      const result = await run(fixture, 'write');
      expect(found(result)).toEqual([
        { ruleId: 'majors/prefix-lookalike', file: `${SCENARIOS}/${name}`, start: undefined },
      ]);
      const d = result.diagnostics[0]!;
      expect(d.severity).toBe('warning');
      expect(fullMessage(d)).toBe(
        `${name} looks like a major-2 file but does not start with "v2-" (case-sensitive), so it targets [1]; rename the file to start with "v2-" (lowercase, hyphen) if it is a major-2 scenario`,
      );
      expect(JSON.parse(fixture.tree().text('conformance/scenario-majors.json')).majors).toEqual({ [name]: [1] });
    },
  );

  it('a look-alike listed in bothMajors targets [1, 2] and is not warned about', async () => {
    const fixture = conformanceFixture({ 'V2-x.test.ts': ok }, { both: ['V2-x.test.ts'] });
    const result = await run(fixture, 'write');
    expect(found(result)).toEqual([]);
    expect(JSON.parse(fixture.tree().text('conformance/scenario-majors.json')).majors).toEqual({
      'V2-x.test.ts': [1, 2],
    });
  });

  it('a name merely containing v2 is not a lookalike', async () => {
    const result = await run(conformanceFixture({ 'tool-v2-order.test.ts': ok, 'v2-real.test.ts': ok }), 'write');
    expect(found(result)).toEqual([]);
  });

  it('only regular .test.ts files directly in src/scenarios count (symlinks to files too)', async () => {
    const fixture = conformanceFixture(
      {
        'a.test.ts': ok,
        'helper.ts': ok,
        'b.test.tsx': ok,
        'c.spec.ts': ok,
        'README.md': '# x\n',
        'nested/d.test.ts': ok,
      },
      {
        files: {
          [`${SCENARIOS}/dir.test.ts/e.test.ts`]: ok,
          'shared/linked.ts': ok,
          [`${SCENARIOS}/linked.test.ts`]: { symlink: '../../../shared/linked.ts' },
          [`${SCENARIOS}/dangling.test.ts`]: { symlink: 'nowhere.ts' },
        },
        disk: true,
      },
    );
    await run(fixture, 'write');
    expect(JSON.parse(fixture.tree().text('conformance/scenario-majors.json')).majors).toEqual({
      'a.test.ts': [1],
      'linked.test.ts': [1],
    });
  });

  it('files are in UTF-16 code-unit order, never locale order', async () => {
    const names = ['agentMetadata.test.ts', 'agent-roster-shape.test.ts', 'a.test.ts', 'Z.test.ts', '_x.test.ts'];
    const fixture = conformanceFixture(Object.fromEntries(names.map((n) => [n, ok])));
    await run(fixture, 'write');
    expect(Object.keys(JSON.parse(fixture.tree().text('conformance/scenario-majors.json')).majors)).toEqual([
      'Z.test.ts',
      '_x.test.ts',
      'a.test.ts',
      'agent-roster-shape.test.ts',
      'agentMetadata.test.ts',
    ]);
  });

  it('paths come from the tree: a relocated conformance package is read and written there', async () => {
    const fixture = conformanceFixture(
      {},
      {
        files: {
          'openwop-spec.config.json': JSON.stringify({ paths: { conformance: 'packages/conformance' } }),
          'packages/conformance/scenario-majors.config.json': '{ "bothMajors": [] }',
          'packages/conformance/src/scenarios/v2-a.test.ts': "export const p = (d: any) => d.get('/v1/x');\n",
        },
      },
    );
    const result = await run(fixture, 'check');
    expect(found(result)).toEqual([
      { ruleId: 'majors/stale', file: 'packages/conformance/scenario-majors.json', start: undefined },
      {
        ruleId: 'majors/v1-path',
        file: 'packages/conformance/src/scenarios/v2-a.test.ts',
        start: { line: 1, column: 36 },
      },
    ]);
  });
});

describe('majors/nothing-to-check: no scenario file is a finding, not a silent pass', () => {
  it.each([
    ['does not exist', {}],
    ['holds no *.test.ts file', { [`${SCENARIOS}/README.md`]: '# scenarios\n', [`${SCENARIOS}/helper.ts`]: ok }],
    ['is not a folder', { [SCENARIOS]: 'a file, not a folder' }],
  ] as const)('warns naming the folder when it %s; the gate still passes', async (why, files) => {
    const result = await run(conformanceFixture({}, { files }), 'write');
    expect([result.exitCode, result.summaryLine]).toEqual([0, 'wrote scenario-majors.json: 0 files (v1 0, v2 0)']);
    expect(found(result)).toEqual([{ ruleId: 'majors/nothing-to-check', file: `${SCENARIOS}/`, start: undefined }]);
    expect(result.diagnostics[0]!.severity).toBe('warning');
    expect(fullMessage(result.diagnostics[0]!)).toBe(
      `nothing to check: ${SCENARIOS}/ ${why}, so no scenario was classified or linted; run from the spec repository (or pass --root), or set paths.conformance in openwop-spec.config.json to the folder that holds src/scenarios/`,
    );
  });

  it('one scenario file is something to check: no warning', async () => {
    expect(found(await run(conformanceFixture({ 'a.test.ts': ok }), 'write'))).toEqual([]);
  });
});
