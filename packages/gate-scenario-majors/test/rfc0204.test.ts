import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG, LIB, SCENARIOS, conformanceFixture, configText, found, pos, removeFixtures, run } from './helpers.js';
import {
  POST_0204_BOTH,
  POST_0204_CHANGES,
  POST_PROJECTION,
  POST_TOOL_CATALOG_LIB,
  PRE_0204,
  PRE_0204_BOTH,
  PRE_PROJECTION,
  PRE_TOOL_CATALOG_LIB,
  SHARED_LIB,
} from './rfc0204-fixtures.js';

afterEach(removeFixtures);

const R1 = 'majors/supported-gate';
const R2 = 'majors/v1-path';
const TOOL_CATALOG = `${LIB}/toolCatalog.ts`;
const PROJECTION = `${SCENARIOS}/tool-catalog-projection.test.ts`;

const scenarioFiles = (files: Record<string, string>) =>
  Object.fromEntries(Object.entries(files).map(([name, text]) => [`${SCENARIOS}/${name}`, text]));

describe('RFC 0204 (§3.6)', () => {
  it('manifest delta: --check before --write prints exactly five rows and the counts row (files +2, v1 +0, v2 +5)', async () => {
    const fixture = conformanceFixture(PRE_0204, {
      both: PRE_0204_BOTH,
      files: { ...SHARED_LIB, [TOOL_CATALOG]: PRE_TOOL_CATALOG_LIB },
    });
    const before = await run(fixture, 'write');
    expect(before.summaryLine).toBe('wrote scenario-majors.json: 7 files (v1 6, v2 3)');

    fixture.write({
      ...scenarioFiles(POST_0204_CHANGES),
      [TOOL_CATALOG]: POST_TOOL_CATALOG_LIB,
      [CONFIG]: configText(POST_0204_BOTH),
    });
    const check = await run(fixture);
    expect(check.printout.filter((l) => l.stream === 'stderr').map((l) => l.text)).toEqual([
      '  ~ tool-catalog-compact-projection.test.ts [1] -> [1, 2]',
      '  ~ tool-catalog-projection.test.ts [1] -> [1, 2]',
      '  ~ tool-descriptor-shape.test.ts [1] -> [1, 2]',
      '  + v2-mcp-client-results.test.ts [2]',
      '  + v2-tool-catalog-annotations.test.ts [2]',
      '  counts: files 7 -> 9, v1 6 -> 6, v2 3 -> 8',
    ]);
    expect(found(check)).toEqual([
      { ruleId: 'majors/stale', file: 'conformance/scenario-majors.json', start: expect.any(Object) },
    ]);
    expect(check.summaryLine).toBe(
      'scenario-majors.json is stale — run: pnpm exec openwop-spec scenario-majors --write',
    );

    const after = await run(fixture, 'write');
    expect(after.summaryLine).toBe('wrote scenario-majors.json: 9 files (v1 6, v2 8)');
    const ok = await run(fixture);
    expect(ok.summaryLine).toBe('=== scenario-majors OK — 9 files (v1 6, v2 8) ===');
    expect(ok.diagnostics).toEqual([]);
    expect(ok.printout.at(-1)!.text).toBe(
      '  lint: 8 file(s) target major 2, 6 local module(s) reached; 0 violation(s), 0 suppressed',
    );
  });

  it('must fail: the pre-0204 tool-catalog-projection in bothMajors gives one R1 and one R2; the pre-0204 lib/toolCatalog.ts two R2 through the import', async () => {
    const both = [...PRE_0204_BOTH, 'tool-catalog-projection.test.ts'];
    const fixture = conformanceFixture(PRE_0204, {
      both,
      files: { ...SHARED_LIB, [TOOL_CATALOG]: PRE_TOOL_CATALOG_LIB },
    });
    const result = await run(fixture, 'write');
    expect(found(result, R1, R2)).toEqual([
      { ruleId: R2, file: TOOL_CATALOG, start: pos(PRE_TOOL_CATALOG_LIB, "'/v1/tools'") },
      { ruleId: R2, file: TOOL_CATALOG, start: pos(PRE_TOOL_CATALOG_LIB, '`/v1/tools/${') },
      { ruleId: R1, file: PROJECTION, start: pos(PRE_PROJECTION, 'supported === true') },
      { ruleId: R2, file: PROJECTION, start: pos(PRE_PROJECTION, "'/v1/tools', {") },
    ]);
    for (const d of result.diagnostics.filter((x) => x.file === TOOL_CATALOG)) {
      expect(d.related).toEqual([
        {
          file: PROJECTION,
          start: expect.objectContaining(pos(PRE_PROJECTION, "'../lib/toolCatalog.js'")),
          message:
            'reaches this module as a major-2 file: src/scenarios/tool-catalog-projection.test.ts → src/lib/toolCatalog.ts',
        },
      ]);
    }
    expect(result.exitCode).toBe(1);
    expect(result.summaryLine).toBe('=== scenario-majors FAILED — 4 error(s) ===');
    expect(fixture.tree().exists('conformance/scenario-majors.json')).toBe(false);
  });

  it('must pass: the post-0204 files (toolCatalogGate, toolsPath, the session-run seam) and the two new v2- files', async () => {
    const fixture = conformanceFixture(
      { ...PRE_0204, ...POST_0204_CHANGES },
      { both: POST_0204_BOTH, files: { ...SHARED_LIB, [TOOL_CATALOG]: POST_TOOL_CATALOG_LIB } },
    );
    const result = await run(fixture, 'write');
    expect(result.diagnostics).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(POST_PROJECTION).not.toContain('.supported');
    expect(POST_TOOL_CATALOG_LIB).toContain("'/v1/host/sample/tools/session-run'");
    expect(POST_TOOL_CATALOG_LIB).toContain('cap?.supported === true');
  });
});
