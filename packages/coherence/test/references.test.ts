// The reference check on fixture repositories: every kind of citation, resolved (green) and
// broken (red), each finding at its file, line and column.
import { afterEach, describe, expect, it } from 'vitest';
import { createFixture } from '@openwop-spec/spec-tree/testing';
import type { Fixture } from '@openwop-spec/spec-tree/testing';
import { checkReferences, findCitations, formatFindings, headingNames } from '../src/index.js';
import type { ReferenceOptions } from '../src/index.js';

const BASE = {
  'spec/v2/core/tool-catalog.md': '# Tool catalog\n\n## The catalog\n\n## `mcp`\n\n### 4.4 A server that lies\n',
  'spec/v1/tool-catalog.md': '# v1\n\n## §B — Endpoints\n\n## §3 — `limits`\n',
  'packages/demo/src/index.ts': 'export {};\n',
};

const OPTIONS: ReferenceOptions = { ruleIds: new Set(['home/unclaimed']) };

let fixture: Fixture | undefined;
afterEach(() => fixture?.remove());
function check(files: Record<string, string>, options: ReferenceOptions = OPTIONS): string[] {
  fixture = createFixture({ ...BASE, ...files });
  return formatFindings(checkReferences(fixture.root, options));
}

describe('green: citations that resolve', () => {
  it('paths, sections by title, backticked name, number and label, anchors, rule ids, globs', () => {
    const doc = [
      'See `spec/v2/core/tool-catalog.md` § The catalog and [the mount](../core/tool-catalog.md#the-catalog).',
      'Also `tool-catalog.md` § `mcp`, tool-catalog.md §4.4, `spec/v1/tool-catalog.md` §B and `spec/v1/tool-catalog.md` § limits.',
      'The rule `home/unclaimed`; the folder `spec/v1/`; the files `spec/v2/core/*.md` and `spec/**/*.md`.',
      'A URL is not a path: https://example.com/spec/v9/gone.md; nor is a template: `spec/v2/facets/<key>.schema.json`.',
      '',
      '```sh',
      'node scripts/not-here.mjs   # an example inside a fence',
      '```',
    ].join('\n');
    expect(check({ 'spec/v2/ext/demo.md': doc })).toEqual([]);
  });

  it('a package README names its own files bare, relative to the package or the packages folder', () => {
    expect(check({ 'packages/demo/README.md': '`src/index.ts`, `index.ts`, `demo/src/index.ts`.\n' })).toEqual([]);
  });

  it('a file git ignores (tooling output) resolves before it is written, when the folder holding it exists', () => {
    const readme =
      'Run `node packages/demo/dist/bin.js`, not `node packages/gone/dist/bin.js`; see `packages/demo/results/last.json`.\n';
    expect(
      check({
        '.gitignore': 'node_modules/\ndist/\n*.tsbuildinfo\n',
        'packages/demo/.gitignore': 'results/\n',
        'packages/demo/README.md': readme,
      }),
    ).toEqual([
      'packages/demo/README.md:1:49  cites packages/gone/dist/bin.js, which is not a file or folder in the repository',
    ]);
    // Without the package's own ignore file, its results are just missing.
    expect(
      check({ '.gitignore': 'dist/\n', 'packages/demo/README.md': 'See `packages/demo/results/last.json`.\n' }),
    ).toEqual([
      'packages/demo/README.md:1:6  cites packages/demo/results/last.json, which is not a file or folder in the repository',
    ]);
  });

  it("a prose string literal in package source (a message) is checked; a rule's fail/pass example is not", () => {
    const source = [
      "const a = 'see tool-catalog.md § The catalog';",
      "const rule = { fail: 'a home at spec/v2/core/gone.md', pass: 'a home at spec/v2/core/tool-catalog.md' };",
      "const code = 'spec/v2/core/gone.md';",
      '',
    ].join('\n');
    expect(check({ 'packages/demo/src/rules.ts': source })).toEqual([]);
  });

  it('a path named on purpose without being held is accepted when listed as absent', () => {
    const absent = new Map([['spec/v2/capabilities.deprecations.json', 'an optional input']]);
    expect(
      check(
        { 'packages/demo/README.md': 'Reads `spec/v2/capabilities.deprecations.json` when present.\n' },
        { ...OPTIONS, absent },
      ),
    ).toEqual([]);
  });
});

describe('red: citations that do not resolve', () => {
  it('a missing file, in markdown, JSON, YAML and a message, each at its position', () => {
    expect(
      check({
        'spec/v2/ext/demo.md': 'Intro.\n\nSee `GATES.md` §3 and RFC0204-RUNTIME.md.\n',
        'schemas/v2/demo.schema.json': '{\n  "description": "As in spec/v2/core/gone.md."\n}\n',
        'SECURITY/demo.yaml': 'tests:\n  - packages/conformance/src/scenarios/v2-gone.test.ts\n',
        'packages/demo/src/message.ts':
          'export const m = `run conformance/scripts/generate-scenario-majors.mjs first`;\n',
      }),
    ).toEqual([
      'SECURITY/demo.yaml:2:5  cites packages/conformance/src/scenarios/v2-gone.test.ts, which is not a file or folder in the repository',
      'packages/demo/src/message.ts:1:23  cites conformance/scripts/generate-scenario-majors.mjs, which is not a file or folder in the repository',
      'schemas/v2/demo.schema.json:2:25  cites spec/v2/core/gone.md, which is not a file or folder in the repository',
      'spec/v2/ext/demo.md:3:6  cites GATES.md, which is not a file or folder in the repository',
      'spec/v2/ext/demo.md:3:23  cites RFC0204-RUNTIME.md, which is not a file or folder in the repository',
    ]);
  });

  it('a section the document does not have: a bare name means the v2 document, whatever v1 has', () => {
    expect(
      check({ 'packages/demo/src/scenario.ts': "req(ID, 'tool-catalog.md §B', 'GET /tools MUST answer 200');\n" }),
    ).toEqual([
      'packages/demo/src/scenario.ts:1:10  cites tool-catalog.md § B, but spec/v2/core/tool-catalog.md has no such heading',
    ]);
  });

  it('an anchor no heading has', () => {
    expect(check({ 'spec/v2/ext/demo.md': '[x](../core/tool-catalog.md#the-descriptor)\n' })).toEqual([
      'spec/v2/ext/demo.md:1:5  cites ../core/tool-catalog.md #the-descriptor, but spec/v2/core/tool-catalog.md has no such heading',
    ]);
  });

  it('a JSON pointer that names nothing in the cited file (own members only)', () => {
    const files = {
      'spec/v2/data.json': '{"a": {"b": [1]}}',
      'spec/v2/ext/demo.md': '`spec/v2/data.json#/a/b/0` `spec/v2/data.json#/a/constructor`\n',
    };
    expect(check(files)).toEqual([
      'spec/v2/ext/demo.md:1:29  cites spec/v2/data.json#/a/constructor, which names nothing in it',
    ]);
  });

  it('a rule id no gate defines (and no path)', () => {
    expect(check({ 'packages/demo/README.md': 'Emits `home/unclaimed` and `home/no-such-rule`.\n' })).toEqual([
      'packages/demo/README.md:1:29  cites home/no-such-rule, which is neither a rule id any gate defines nor a path in the repository',
    ]);
  });

  it('a glob that matches nothing', () => {
    expect(check({ 'spec/v2/ext/demo.md': 'The files `spec/v2/core/*.txt`.\n' })).toEqual([
      'spec/v2/ext/demo.md:1:12  cites spec/v2/core/*.txt, which is not a file or folder in the repository',
    ]);
  });
});

describe('findCitations', () => {
  it('reads the section words after §, a backticked name as one word', () => {
    const [c] = findCitations('`interop.md` § The MCP round ceiling, then more.', new Set());
    expect(c).toMatchObject({ token: 'interop.md', section: ['The', 'MCP', 'round', 'ceiling'] });
    expect(findCitations('`host-services.md` § `mcp`.', new Set())[0]!.section).toEqual(['mcp']);
  });

  it('takes a relative folder for a place, not a citation; a relative document is one', () => {
    expect(findCitations('openwop-spec init --root ../openwop', new Set())).toEqual([]);
    expect(findCitations('[x](../core/tool-catalog.md)', new Set()).map((c) => c.token)).toEqual([
      '../core/tool-catalog.md',
    ]);
  });

  it("drops a sentence's full stop, and a section filled in at run time", () => {
    expect(findCitations('see spec/v2/core/x.md.', new Set())[0]!.token).toBe('spec/v2/core/x.md');
    expect(findCitations('`capabilities.md § ${d.key}`', new Set())[0]!.section).toBeUndefined();
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
