import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FactCache, SpecTree, factIdentity } from '@openwop-spec/spec-tree';
import { configFormat } from '../src/config.js';
import { runScenarioMajors } from '../src/index.js';
import { CONFIG, conformanceFixture, removeFixtures } from './helpers.js';

afterEach(removeFixtures);

const ok = 'export const x = 1;\n';
const BAD = '{ "bothMajors": [{ "file": "a.test.ts", "rfc": "204", "reason": "r" }] }';

/** One run of the gate over the tree at `root` with the cache in `root/cache`: its outcome and the tree's counts. */
async function once(root: string) {
  const cache = new FactCache(join(root, 'cache'));
  const tree = SpecTree.load(root, { cache });
  const outcome = await runScenarioMajors(tree, 'check').then(
    (result) => ({ summary: result.summaryLine }),
    (err: Error & { location?: unknown }) => ({ error: err.message, location: err.location }),
  );
  cache.flush(root);
  return { outcome, stats: tree.stats };
}

/** Rewrites the cached values of the config kind with `edit` (checksum recomputed, as another writer might). */
function forgeConfigEntries(root: string, edit: (value: unknown) => unknown): void {
  const file = join(root, 'cache', 'facts.json');
  const text = readFileSync(file, 'utf8');
  const nl = text.indexOf('\n');
  const body = JSON.parse(text.slice(nl + 1)) as { kinds: Record<string, { entries: Record<string, unknown[]> }> };
  for (const entry of Object.values(body.kinds[configFormat.id]!.entries)) entry[1] = edit(entry[1]);
  const json = JSON.stringify(body);
  const header = { ...JSON.parse(text.slice(0, nl)), sha256: createHash('sha256').update(json).digest('hex') };
  writeFileSync(file, `${JSON.stringify(header)}\n${json}`);
}

describe('the config’s verdict under its schema is a cached fact', () => {
  it('a second run takes it from the cache (no schema compiled); an edited config is derived again', async () => {
    const fixture = conformanceFixture({ 'a.test.ts': ok }, { disk: true });
    const cold = await once(fixture.root);
    expect(cold.stats).toMatchObject({ factsDerived: 1, factsCached: 0 });
    const warm = await once(fixture.root);
    expect(warm.stats).toMatchObject({ factsDerived: 0, factsCached: 1 });
    expect(warm.outcome).toEqual(cold.outcome);

    // A cached "valid" is never served for other content: the bad config is derived and refused.
    writeFileSync(join(fixture.root, CONFIG), BAD);
    const bad = await once(fixture.root);
    expect(bad.stats).toMatchObject({ factsDerived: 1, factsCached: 0 });
    const refusal = {
      error: `${CONFIG}: /bothMajors/0/rfc: must match pattern "^[0-9]{4}$"`,
      location: { file: CONFIG, start: { line: 1, column: 48, offset: 47 } },
    };
    expect(bad.outcome).toEqual(refusal);
    // The refusal itself is cached, and served word for word and at the same place.
    const badWarm = await once(fixture.root);
    expect(badWarm.stats).toMatchObject({ factsDerived: 0, factsCached: 1 });
    expect(badWarm.outcome).toEqual(refusal);
  });

  it.each([
    ['a verdict of the wrong shape', () => ({ pointer: 1 })],
    ['a position of the wrong shape', () => ({ pointer: '', message: 'x', start: { line: -1 } })],
    ['a string instead of a verdict', () => 'valid'],
  ])('%s is a miss: derived again, the same outcome', async (_name, edit) => {
    const fixture = conformanceFixture({ 'a.test.ts': ok }, { disk: true, files: { [CONFIG]: BAD } });
    const cold = await once(fixture.root);
    forgeConfigEntries(fixture.root, edit);
    const again = await once(fixture.root);
    expect(again.stats).toMatchObject({ factsDerived: 1, factsCached: 0 });
    expect(again.outcome).toEqual(cold.outcome);
  });

  it('the schema’s bytes are part of the key: another schema is another identity, an unreadable one caches nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openwop-schema-'));
    try {
      expect(configFormat.resources).toEqual([new URL('../scenario-majors.config.schema.json', import.meta.url).href]);
      const copy = join(dir, 'schema.json');
      copyFileSync(new URL(configFormat.resources![0]!), copy);
      const shipped = factIdentity(configFormat);
      const at = (file: string) => factIdentity({ ...configFormat, resources: [pathToFileURL(file).href] });
      expect(shipped).toMatch(/^[0-9a-f]{64}$/);
      expect(at(copy)).toBe(shipped); // the same bytes elsewhere: the same identity
      writeFileSync(copy, readFileSync(copy, 'utf8').replace('"^[0-9]{4}$"', '"^[0-9]{3,4}$"'));
      expect(at(copy)).not.toBe(shipped);
      rmSync(copy);
      expect(at(copy)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
