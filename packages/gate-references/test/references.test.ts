// The references gate on fixture trees: every kind of citation, resolved (green) and broken (red),
// each finding at its file, line and column.
import { describe, expect, it } from 'vitest';
import { memoryFixture } from '@openwop-spec/spec-tree/testing';
import { checkReferences, findCitations } from '../src/index.js';
import { headingNames } from '../src/headings.js';

const BASE = {
  'spec/v2/core/tool-catalog.md': '# Tool catalog\n\n## The catalog\n\n## `mcp`\n\n### 4.4 A server that lies\n',
  'spec/v1/tool-catalog.md': '# v1\n\n## §B — Endpoints\n\n## §3 — `limits`\n',
  'packages/demo/src/index.ts': 'export {};\n',
};

const RULES = new Set(['home/unclaimed']);

/** The gate's findings as `file:line:column  ruleId  message`. */
async function check(files: Record<string, string>, ruleIds: ReadonlySet<string> = RULES): Promise<string[]> {
  const result = await checkReferences(memoryFixture({ ...BASE, ...files }).tree(), ruleIds);
  expect(result.ok).toBe(result.diagnostics.length === 0);
  return result.diagnostics.map((d) => `${d.file}:${d.start?.line}:${d.start?.column}  ${d.ruleId}  ${d.message}`);
}

describe('green: citations that resolve', () => {
  it('paths, sections by title, backticked name, number and label, anchors, rule ids, globs', async () => {
    const doc = [
      'See `spec/v2/core/tool-catalog.md` § The catalog and [the mount](../core/tool-catalog.md#the-catalog).',
      'Also `tool-catalog.md` § `mcp`, tool-catalog.md §4.4, `spec/v1/tool-catalog.md` §B and `spec/v1/tool-catalog.md` § limits.',
      'The rule `home/unclaimed`; the folder `spec/v1/`; the files `spec/v2/core/*.md` and `spec/**/*.md`.',
      'A URL is not a path: https://example.com/spec/v9/gone.md; nor is a template: `spec/v2/facets/<key>.schema.json`.',
      '',
      '```sh',
      'node scripts/not-here.mjs   # an example inside a fence',
      '```',
      '',
      '    node scripts/indented.mjs   # an indented code block too',
    ].join('\n');
    expect(await check({ 'spec/v2/ext/demo.md': doc })).toEqual([]);
  });

  it('a package README names its own files bare, relative to the package or the packages folder', async () => {
    expect(await check({ 'packages/demo/README.md': '`src/index.ts`, `index.ts`, `demo/src/index.ts`.\n' })).toEqual(
      [],
    );
  });

  it('a file git ignores (tooling output) resolves before it is written, when the folder holding it exists', async () => {
    const readme =
      'Run `node packages/demo/dist/bin.js`, not `node packages/gone/dist/bin.js`; see `packages/demo/results/last.json`.\n';
    expect(
      await check({
        '.gitignore': 'node_modules/\ndist/\n*.tsbuildinfo\n',
        'packages/demo/.gitignore': 'results/\n',
        'packages/demo/README.md': readme,
      }),
    ).toEqual([
      'packages/demo/README.md:1:49  refs/missing-path  cites packages/gone/dist/bin.js, which is not a file or folder in the repository',
    ]);
    // Without the package's own ignore file, its results are just missing.
    expect(
      await check({ '.gitignore': 'dist/\n', 'packages/demo/README.md': 'See `packages/demo/results/last.json`.\n' }),
    ).toEqual([
      'packages/demo/README.md:1:6  refs/missing-path  cites packages/demo/results/last.json, which is not a file or folder in the repository',
    ]);
  });

  it('a `!` pattern re-includes what an earlier pattern ignored, and a deeper ignore file overrides the root', async () => {
    const readme = 'See `packages/demo/out/keep.json` and `packages/demo/out/drop.json`.\n';
    const folder = { 'packages/demo/README.md': readme, 'packages/demo/out/.keep': '' };
    expect(await check({ ...folder, 'packages/demo/.gitignore': 'out/*\n!out/keep.json\n' })).toEqual([
      'packages/demo/README.md:1:6  refs/missing-path  cites packages/demo/out/keep.json, which is not a file or folder in the repository',
    ]);
    expect(await check({ ...folder, '.gitignore': '*.json\n', 'packages/demo/.gitignore': '!drop.json\n' })).toEqual([
      'packages/demo/README.md:1:40  refs/missing-path  cites packages/demo/out/drop.json, which is not a file or folder in the repository',
    ]);
  });

  it('a path named on purpose without being held is accepted when the configuration lists it as absent', async () => {
    const config = JSON.stringify({ references: { absent: { 'spec/v2/capabilities.deprecations.json': 'optional' } } });
    expect(
      await check({
        'openwop-spec.config.json': config,
        'packages/demo/README.md': 'Reads `spec/v2/capabilities.deprecations.json` when present.\n',
      }),
    ).toEqual([]);
  });
});

describe('parsing', () => {
  it('a document is parsed only when its raw text cites something, to leave out what its code blocks cite', async () => {
    const tree = memoryFixture({
      ...BASE,
      'spec/v2/ext/plain.md': '# Plain\n\nNothing cited here, in `code` or out.\n',
      'spec/v2/ext/fenced.md': '# Fenced\n\n```sh\nnode scripts/gone.mjs\n```\n',
    }).tree();
    expect((await checkReferences(tree, RULES)).diagnostics).toEqual([]);
    // fenced.md alone: plain.md and the two tool-catalog documents cite nothing in their raw text.
    expect(tree.stats.markdownParses).toBe(1);
  });
});

describe('red: citations that do not resolve', () => {
  it('a missing file, in markdown, JSON and YAML, each at its position', async () => {
    expect(
      await check({
        'spec/v2/ext/demo.md': 'Intro.\n\nSee `GATES.md` §3 and RFC0204-RUNTIME.md.\n',
        'schemas/v2/demo.schema.json': '{\n  "description": "As in spec/v2/core/gone.md."\n}\n',
        'SECURITY/demo.yaml': 'tests:\n  - packages/conformance/src/scenarios/v2-gone.test.ts\n',
      }),
    ).toEqual([
      'SECURITY/demo.yaml:2:5  refs/missing-path  cites packages/conformance/src/scenarios/v2-gone.test.ts, which is not a file or folder in the repository',
      'schemas/v2/demo.schema.json:2:25  refs/missing-path  cites spec/v2/core/gone.md, which is not a file or folder in the repository',
      'spec/v2/ext/demo.md:3:6  refs/missing-path  cites GATES.md, which is not a file or folder in the repository',
      'spec/v2/ext/demo.md:3:23  refs/missing-path  cites RFC0204-RUNTIME.md, which is not a file or folder in the repository',
    ]);
  });

  it('a section the document does not have: a bare name means the v2 document, whatever v1 has', async () => {
    expect(await check({ 'spec/v2/ext/demo.md': 'See `tool-catalog.md` §B, then more.\n' })).toEqual([
      'spec/v2/ext/demo.md:1:6  refs/missing-heading  cites tool-catalog.md § B, but spec/v2/core/tool-catalog.md has no such heading',
    ]);
  });

  it('an anchor no heading has', async () => {
    expect(await check({ 'spec/v2/ext/demo.md': '[x](../core/tool-catalog.md#the-descriptor)\n' })).toEqual([
      'spec/v2/ext/demo.md:1:5  refs/missing-heading  cites ../core/tool-catalog.md #the-descriptor, but spec/v2/core/tool-catalog.md has no such heading',
    ]);
  });

  it('a section of a file that is not markdown', async () => {
    expect(await check({ 'spec/v2/data.json': '{}', 'spec/v2/ext/demo.md': 'See `spec/v2/data.json` § a.\n' })).toEqual(
      [
        'spec/v2/ext/demo.md:1:6  refs/not-markdown  cites a section of spec/v2/data.json, which is not a markdown document',
      ],
    );
  });

  it('a JSON pointer that names nothing in the cited file (own members only), or into a file that is not JSON', async () => {
    const files = {
      'spec/v2/data.json': '{"a": {"b": [1]}}',
      'spec/v2/broken.json': '{"a": ',
      'spec/v2/ext/demo.md': '`spec/v2/data.json#/a/b/0` `spec/v2/data.json#/a/constructor` `spec/v2/broken.json#/a`\n',
    };
    expect(await check(files)).toEqual([
      'spec/v2/ext/demo.md:1:29  refs/missing-pointer  cites spec/v2/data.json#/a/constructor, which names nothing in it',
      'spec/v2/ext/demo.md:1:64  refs/missing-pointer  cites spec/v2/broken.json#/a, but spec/v2/broken.json is not JSON',
    ]);
  });

  it('a rule id no gate defines (and no path)', async () => {
    expect(await check({ 'packages/demo/README.md': 'Emits `home/unclaimed` and `home/no-such-rule`.\n' })).toEqual([
      'packages/demo/README.md:1:29  refs/unknown-rule  cites home/no-such-rule, which is neither a rule id any gate defines nor a path in the repository',
    ]);
  });

  it('a glob that matches nothing', async () => {
    expect(await check({ 'spec/v2/ext/demo.md': 'The files `spec/v2/core/*.txt`.\n' })).toEqual([
      'spec/v2/ext/demo.md:1:12  refs/missing-path  cites spec/v2/core/*.txt, which is not a file or folder in the repository',
    ]);
  });

  it('a path listed as absent that exists now, or that nothing cites any more', async () => {
    const config = JSON.stringify(
      { references: { absent: { 'spec/v2/core/tool-catalog.md': 'was absent', 'spec/v2/gone.md': 'uncited' } } },
      null,
      2,
    );
    expect(await check({ 'openwop-spec.config.json': config })).toEqual([
      'openwop-spec.config.json:4:7  refs/absent-stale  references.absent lists spec/v2/core/tool-catalog.md, which exists now',
      'openwop-spec.config.json:5:7  refs/absent-stale  references.absent lists spec/v2/gone.md, which no document cites any more',
    ]);
  });

  it('a references entry that is not a map of path → reason is an input error at its position', async () => {
    const config = JSON.stringify({ references: { absent: { 'x.md': 3 } } }, null, 2);
    await expect(check({ 'openwop-spec.config.json': config })).rejects.toMatchObject({
      location: { file: 'openwop-spec.config.json', start: { line: 4, column: 15 } },
    });
  });
});

describe('findCitations', () => {
  it('reads the section words after §, a backticked name as one word', () => {
    const [c] = findCitations('`interop.md` § The MCP round ceiling, then more.');
    expect(c).toMatchObject({ token: 'interop.md', section: ['The', 'MCP', 'round', 'ceiling'] });
    expect(findCitations('`host-services.md` § `mcp`.')[0]!.section).toEqual(['mcp']);
  });

  it('takes a relative folder for a place, not a citation; a relative document is one', () => {
    expect(findCitations('openwop-spec init --root ../openwop')).toEqual([]);
    expect(findCitations('[x](../core/tool-catalog.md)').map((c) => c.token)).toEqual(['../core/tool-catalog.md']);
  });

  it('takes a regular expression for a pattern, not a citation', () => {
    expect(findCitations('"pattern": "^spec/v2/facets/[a-z][A-Za-z0-9]*\\.schema\\.json$"')).toEqual([]);
  });

  it("drops a sentence's full stop, and a section filled in at run time", () => {
    expect(findCitations('see spec/v2/core/x.md.')[0]!.token).toBe('spec/v2/core/x.md');
    expect(findCitations('`capabilities.md § ${d.key}`')[0]!.section).toBeUndefined();
  });
});

describe('headingNames', () => {
  it('names a heading by its text, its label, its title and their anchors', () => {
    expect(headingNames('§B — Endpoints')).toEqual(
      expect.arrayContaining(['§B — Endpoints', 'B', 'Endpoints', 'b--endpoints']),
    );
    expect(headingNames('4.4 A server that lies')).toEqual(expect.arrayContaining(['4.4', '44-a-server-that-lies']));
    expect(headingNames('mcp')).toEqual(expect.arrayContaining(['mcp']));
  });
});
