import { afterEach, expect, it } from 'vitest';
import { join } from 'node:path';
import { FactCache, SpecTree } from '@openwop-spec/spec-tree';
import { runScenarioMajors } from '../src/index.js';
import { LIB, SCENARIOS, conformanceFixture, removeFixtures } from './helpers.js';

afterEach(removeFixtures);

const SCENARIO = [
  "import { targetMajor } from '../lib/major.js';",
  'export async function probe(driver: any) {',
  '  // majors-lint-disable-next-line R2',
  "  await driver.get('/v1/a');",
  '  // majors-lint-disable-next-line R1 -- nothing to suppress here',
  "  return driver.get('/v1/tools');",
  '}',
  '',
].join('\n');
const MAJOR = "export const targetMajor = (): 1 | 2 => (process.env['OPENWOP_TARGET_MAJOR'] === '1' ? 1 : 2);\n";

it('a module’s lint facts are cached by content: the next run parses nothing and reports the same findings at the same places', async () => {
  const fixture = conformanceFixture(
    { 'v2-probe.test.ts': SCENARIO },
    { files: { [`${LIB}/major.ts`]: MAJOR }, disk: true },
  );
  const once = async () => {
    const cache = new FactCache(join(fixture.root, 'cache'));
    const tree = SpecTree.load(fixture.root, { cache });
    const result = await runScenarioMajors(tree, 'write');
    cache.flush(fixture.root);
    return { result, stats: tree.stats };
  };
  const cold = await once();
  expect(cold.result.diagnostics.map((d) => [d.ruleId, d.start?.line, d.start?.column])).toEqual([
    ['majors/bad-pragma', 3, 3],
    ['majors/unused-pragma', 5, 3],
    ['majors/v1-path', 4, 20],
    ['majors/v1-path', 6, 21],
  ]);
  expect(cold.stats).toMatchObject({ factsDerived: 3, factsCached: 0 }); // two modules and the config
  const warm = await once();
  expect(warm.stats).toMatchObject({ factsDerived: 0, factsCached: 3 });
  expect(warm.result).toEqual(cold.result);
});

it('a module that does not parse is never cached: every run reports it', async () => {
  const fixture = conformanceFixture({ 'v2-a.test.ts': 'export const x = ;\n' }, { disk: true });
  for (let i = 0; i < 2; i++) {
    const cache = new FactCache(join(fixture.root, 'cache'));
    await expect(runScenarioMajors(SpecTree.load(fixture.root, { cache }), 'check')).rejects.toMatchObject({
      name: 'InputError',
      location: { file: `${SCENARIOS}/v2-a.test.ts`, start: { line: 1, column: 18 } },
    });
    cache.flush(fixture.root);
  }
});
