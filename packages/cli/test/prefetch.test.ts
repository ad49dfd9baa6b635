import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFixture } from '@openwop-spec/spec-tree';
import type { Fixture } from '@openwop-spec/spec-tree';
import { markdownWorkload, runOrder, treeOptions } from '../src/prefetch.js';

let fixture: Fixture | undefined;
afterEach(() => fixture?.remove());

const declaration = JSON.stringify({
  families: [
    { key: 'a', kind: 'family', anchor: 'core', normativeText: ['spec/v2/core/a.md', 'spec/v1/a.md', 'schemas/v2/a.json', 'spec/v2/core/../x.md'] },
    { key: 'e', kind: 'family', anchor: 'ext' },
  ],
});

describe('markdownWorkload', () => {
  it('lists the core documents, declared .md homes, the declaration site and ext READMEs the gates parse', () => {
    fixture = createFixture({ 'spec/v2/declaration.json': declaration, 'spec/v2/core/a.md': '', 'spec/v2/core/sub/b.md': '', 'spec/v2/core/c.txt': '' });
    const tree = fixture.tree();
    expect(markdownWorkload(tree, new Set(['core-budget']))).toEqual(['spec/v2/core/a.md', 'spec/v2/core/sub/b.md', 'spec/v2/core/a.md', 'spec/v1/a.md']);
    expect(markdownWorkload(tree, new Set(['normative-home']))).toEqual(['spec/v2/core/a.md', 'spec/v1/a.md']);
    expect(markdownWorkload(tree, new Set(['declaration']))).toEqual(['spec/v2/core/capabilities.md', 'spec/v2/ext/e/README.md']);
    expect(markdownWorkload(tree, new Set(['scenario-majors', 'schemas']))).toEqual([]);
  });

  it('leaves a broken declaration to the gates', () => {
    fixture = createFixture({ 'spec/v2/declaration.json': '{"families": [' });
    expect(markdownWorkload(fixture.tree(), new Set(['normative-home']))).toEqual([]);
  });
});

describe('treeOptions', () => {
  it('caches parses under node_modules/.cache/openwop-spec only in an installed checkout, unless OPENWOP_SPEC_CACHE=0', () => {
    fixture = createFixture({ 'a.md': '' });
    expect(treeOptions(fixture.root, {})).toEqual({});
    fixture.write({ 'node_modules/.keep': '' });
    expect(treeOptions(fixture.root, {})).toEqual({ cacheDir: join(fixture.root, 'node_modules', '.cache', 'openwop-spec') });
    expect(treeOptions(fixture.root, { OPENWOP_SPEC_CACHE: '0' })).toEqual({});
  });
});

describe('runOrder', () => {
  it('runs the gates that read no markdown first in a read-only run, and keeps the order otherwise', () => {
    const ids = ['core-budget', 'normative-home', 'scenario-majors', 'declaration', 'schemas'];
    expect(runOrder(ids, true)).toEqual([2, 4, 0, 1, 3]);
    expect(runOrder(ids, false)).toEqual([0, 1, 2, 3, 4]);
  });
});
