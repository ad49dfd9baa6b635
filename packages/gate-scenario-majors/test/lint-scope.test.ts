import { fullMessage } from '@openwop-spec/diagnostics';
import { afterEach, describe, expect, it } from 'vitest';
import { LIB, SCENARIOS, conformanceFixture, found, pos, removeFixtures, run } from './helpers.js';

afterEach(removeFixtures);

const R1 = 'majors/supported-gate';
const R2 = 'majors/v1-path';
const BAD_LIB = "export const listTools = (driver: any) => driver.get('/v1/tools');\n";
const uses = (specifier: string): string =>
  `import { listTools } from '${specifier}';\nexport const probe = (d: unknown) => listTools(d);\n`;

describe('scope: every major-2 file plus its local imports, transitively', () => {
  it('a violation in an imported lib is found, reported once in the lib, with related naming the major-2 files', async () => {
    const fixture = conformanceFixture(
      {
        'v2-a.test.ts': uses('../lib/tools.js'),
        'v2-b.test.ts': uses('../lib/tools.js'),
        'both.test.ts': uses('../lib/tools.js'),
        'v1-only.test.ts': uses('../lib/tools.js'),
      },
      { both: ['both.test.ts'], files: { [`${LIB}/tools.ts`]: BAD_LIB } },
    );
    const result = await run(fixture);
    expect(found(result, R1, R2)).toEqual([
      { ruleId: R2, file: `${LIB}/tools.ts`, start: pos(BAD_LIB, "'/v1/tools'") },
    ]);
    const d = result.diagnostics.find((x) => x.ruleId === R2)!;
    expect(d.related).toEqual([
      {
        file: `${SCENARIOS}/both.test.ts`,
        start: { line: 1, column: 27, offset: 26 },
        message: 'reaches this module as a major-2 file: src/scenarios/both.test.ts → src/lib/tools.ts',
      },
      {
        file: `${SCENARIOS}/v2-a.test.ts`,
        start: { line: 1, column: 27, offset: 26 },
        message: 'reaches this module as a major-2 file: src/scenarios/v2-a.test.ts → src/lib/tools.ts',
      },
      {
        file: `${SCENARIOS}/v2-b.test.ts`,
        start: { line: 1, column: 27, offset: 26 },
        message: 'reaches this module as a major-2 file: src/scenarios/v2-b.test.ts → src/lib/tools.ts',
      },
    ]);
    expect(result.printout.at(-1)!.text).toBe(
      '  lint: 3 file(s) target major 2, 1 local module(s) reached; 1 violation(s), 0 suppressed',
    );
  });

  it('related names at most 3 major-2 files, nearest first, through transitive imports', async () => {
    const fixture = conformanceFixture(
      {
        'v2-a.test.ts': uses('../lib/wrap.js'),
        'v2-b.test.ts': uses('../lib/wrap.js'),
        'v2-c.test.ts': uses('../lib/tools.js'),
        'v2-d.test.ts': uses('../lib/wrap.js'),
        'v2-e.test.ts': uses('../lib/tools.js'),
      },
      { files: { [`${LIB}/tools.ts`]: BAD_LIB, [`${LIB}/wrap.ts`]: "export { listTools } from './tools.js';\n" } },
    );
    const result = await run(fixture);
    const d = result.diagnostics.find((x) => x.ruleId === R2)!;
    expect(d.file).toBe(`${LIB}/tools.ts`);
    expect(d.related!.map((r) => r.message)).toEqual([
      'reaches this module as a major-2 file: src/scenarios/v2-c.test.ts → src/lib/tools.ts',
      'reaches this module as a major-2 file: src/scenarios/v2-e.test.ts → src/lib/tools.ts',
      'reaches this module as a major-2 file: src/scenarios/v2-a.test.ts → src/lib/wrap.ts → src/lib/tools.ts',
    ]);
    expect(result.printout.at(-1)!.text).toBe(
      '  lint: 5 file(s) target major 2, 2 local module(s) reached; 1 violation(s), 0 suppressed',
    );
  });

  it('a lib imported only by major-1 files is not linted', async () => {
    const fixture = conformanceFixture(
      { 'v1-only.test.ts': uses('../lib/tools.js'), 'v2-clean.test.ts': 'export const x = 1;\n' },
      { files: { [`${LIB}/tools.ts`]: BAD_LIB } },
    );
    const result = await run(fixture);
    expect(found(result, R1, R2)).toEqual([]);
    expect(result.printout.at(-1)!.text).toBe(
      '  lint: 1 file(s) target major 2, 0 local module(s) reached; 0 violation(s), 0 suppressed',
    );
  });

  it('a major-1 file is not linted, however it reads supported or /v1/', async () => {
    const text = "export const on = (cap: any, driver: any) => cap?.supported === true && driver.get('/v1/tools');\n";
    const result = await run(conformanceFixture({ 'agent-card.test.ts': text }));
    expect(found(result, R1, R2)).toEqual([]);
    expect(result.figures['lint']).toEqual({ files: 0, modules: 0, violations: 0, suppressed: 0 });
  });

  it('export … from and import("…") are followed', async () => {
    const fixture = conformanceFixture(
      {
        'v2-a.test.ts':
          "export * from '../lib/all.js';\nexport { b } from '../lib/named.js';\nexport const c = () => import('../lib/lazy.js');\n",
      },
      {
        files: {
          [`${LIB}/all.ts`]: 'export const a = (cap: any) => cap.supported;\n',
          [`${LIB}/named.ts`]: 'export const b = (cap: any) => cap.supported;\n',
          [`${LIB}/lazy.ts`]: 'export const l = (cap: any) => cap.supported;\n',
        },
      },
    );
    const result = await run(fixture);
    expect(found(result, R1).map((f) => f.file)).toEqual([`${LIB}/all.ts`, `${LIB}/lazy.ts`, `${LIB}/named.ts`]);
  });

  it('import type and export type are skipped (their modules are not linted)', async () => {
    const fixture = conformanceFixture(
      {
        'v2-a.test.ts':
          "import type { T } from '../lib/types.js';\nexport type { U } from '../lib/more.js';\nexport const x: T | undefined = undefined;\n",
      },
      {
        files: {
          [`${LIB}/types.ts`]: 'export type T = 1;\nexport const bad = (cap: any) => cap.supported;\n',
          [`${LIB}/more.ts`]: 'export type U = 1;\nexport const bad = (cap: any) => cap.supported;\n',
        },
      },
    );
    const result = await run(fixture);
    expect(found(result, R1)).toEqual([]);
    expect(result.printout.at(-1)!.text).toContain('0 local module(s) reached');
  });

  it('an import with inline type specifiers is still followed (the module is loaded)', async () => {
    const fixture = conformanceFixture(
      { 'v2-a.test.ts': "import { type T } from '../lib/types.js';\nexport const x: T | undefined = undefined;\n" },
      { files: { [`${LIB}/types.ts`]: 'export type T = 1;\nexport const bad = (cap: any) => cap.supported;\n' } },
    );
    expect(found(await run(fixture), R1).map((f) => f.file)).toEqual([`${LIB}/types.ts`]);
  });

  it('an unresolvable relative import is majors/unresolved-import at its specifier', async () => {
    const text = "import { x } from '../lib/missing.js';\nexport const y = x;\n";
    const result = await run(conformanceFixture({ 'v2-a.test.ts': text }));
    expect(found(result, 'majors/unresolved-import')).toEqual([
      { ruleId: 'majors/unresolved-import', file: `${SCENARIOS}/v2-a.test.ts`, start: { line: 1, column: 19 } },
    ]);
    expect(fullMessage(result.diagnostics.find((d) => d.ruleId === 'majors/unresolved-import')!)).toBe(
      'cannot resolve import "../lib/missing.js" (tried conformance/src/lib/missing.ts, conformance/src/lib/missing.js.ts, conformance/src/lib/missing.js/index.ts), so the lint cannot follow it; fix the specifier (a .js specifier resolves to the .ts file beside it)',
    );
    expect(result.exitCode).toBe(1);
  });

  it('package imports are not followed', async () => {
    const result = await run(
      conformanceFixture({
        'v2-a.test.ts':
          "import { describe } from 'vitest';\nimport { x } from '@openwop-spec/tool-catalog';\nexport const y = [describe, x];\n",
      }),
    );
    expect(found(result).filter((d) => d.ruleId !== 'majors/stale')).toEqual([]);
  });

  it('resolution order: as written (.ts), .js→.ts, .mjs→.mts, .jsx→.tsx, + .ts, + /index.ts', async () => {
    const bad = 'export const bad = (cap: any) => cap.supported;\n';
    const fixture = conformanceFixture(
      {
        'v2-a.test.ts':
          "import '../lib/a.ts';\nimport '../lib/b.js';\nimport '../lib/c.mjs';\nimport '../lib/d.jsx';\nimport '../lib/e';\nimport '../lib/f';\n",
      },
      {
        files: {
          [`${LIB}/a.ts`]: bad,
          [`${LIB}/b.ts`]: bad,
          [`${LIB}/c.mts`]: bad,
          [`${LIB}/d.tsx`]: bad,
          [`${LIB}/e.ts`]: bad,
          [`${LIB}/e/index.ts`]: 'export const shadowed = 1;\n',
          [`${LIB}/f/index.ts`]: bad,
        },
      },
    );
    const result = await run(fixture);
    expect(found(result, R1).map((f) => f.file)).toEqual([
      `${LIB}/a.ts`,
      `${LIB}/b.ts`,
      `${LIB}/c.mts`,
      `${LIB}/d.tsx`,
      `${LIB}/e.ts`,
      `${LIB}/f/index.ts`,
    ]);
    expect(found(result, 'majors/unresolved-import')).toEqual([]);
  });

  it('a module outside the conformance package gets a warning and is not linted', async () => {
    const text = "import { x } from '../../../tools/helper.js';\nexport const y = x;\n";
    const fixture = conformanceFixture(
      { 'v2-a.test.ts': text },
      { files: { 'tools/helper.ts': 'export const x = (cap: any) => cap.supported;\n' } },
    );
    const result = await run(fixture);
    expect(found(result, R1, 'majors/import-outside-conformance')).toEqual([
      {
        ruleId: 'majors/import-outside-conformance',
        file: `${SCENARIOS}/v2-a.test.ts`,
        start: { line: 1, column: 19 },
      },
    ]);
    expect(result.diagnostics.find((d) => d.ruleId === 'majors/import-outside-conformance')!.severity).toBe('warning');
  });

  it('an import climbing out of the repository is unresolved', async () => {
    const result = await run(conformanceFixture({ 'v2-a.test.ts': "import '../../../../../x.js';\n" }));
    expect(found(result, 'majors/unresolved-import')).toEqual([
      { ruleId: 'majors/unresolved-import', file: `${SCENARIOS}/v2-a.test.ts`, start: { line: 1, column: 8 } },
    ]);
  });

  it('each module is read and parsed once, even when reached from many files and through cycles', async () => {
    const fixture = conformanceFixture(
      { 'v2-a.test.ts': uses('../lib/tools.js'), 'v2-b.test.ts': uses('../lib/tools.js') },
      {
        files: {
          [`${LIB}/tools.ts`]: "import './cycle.js';\nexport const listTools = (d: any) => d;\n",
          [`${LIB}/cycle.ts`]: "import './tools.js';\nexport const c = 1;\n",
        },
      },
    );
    const tree = fixture.tree();
    const { runScenarioMajors } = await import('../src/index.js');
    const result = await runScenarioMajors(tree, 'check');
    // config + 2 scenarios + 2 libs; no committed manifest to read.
    expect(tree.stats.reads).toBe(5);
    expect(result.printout.at(-1)!.text).toBe(
      '  lint: 2 file(s) target major 2, 2 local module(s) reached; 0 violation(s), 0 suppressed',
    );
  });

  it('a file that does not parse is an input error naming its position', async () => {
    const fixture = conformanceFixture({ 'v2-a.test.ts': 'export const x = ;\n' });
    await expect(run(fixture)).rejects.toMatchObject({
      name: 'InputError',
      rule: 'input/invalid-typescript',
      message: expect.stringContaining('conformance/src/scenarios/v2-a.test.ts is not valid TypeScript'),
      location: { file: `${SCENARIOS}/v2-a.test.ts`, start: { line: 1, column: 18 } },
    });
  });
});
