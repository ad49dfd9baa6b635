// oxc-parser must not load for a tree where no scenario targets major 2. Files of a package share
// their worker's modules, so this test imports the gate afresh: `parserLoaded` starts false.
import { afterEach, expect, it, vi } from 'vitest';

vi.resetModules();
const { parserLoaded } = await import('../src/index.js');
const { conformanceFixture, removeFixtures, run } = await import('./helpers.js');

afterEach(removeFixtures);

it('oxc-parser is loaded only when some file targets major 2', async () => {
  const fixture = conformanceFixture({ 'a.test.ts': 'export const x = 1;\n', 'b.test.ts': 'export const y = 2;\n' });
  await run(fixture, 'write');
  expect(parserLoaded()).toBe(false);
  fixture.write({ 'conformance/src/scenarios/v2-c.test.ts': 'export const z = 3;\n' });
  await run(fixture, 'write');
  expect(parserLoaded()).toBe(true);
});
