// Each upstream behaviour this gate fixes on purpose, with a test named after it.
import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '@openwop-spec/diagnostics';
import {
  BASELINE,
  DECLARATION,
  EOS,
  cleanup,
  ids,
  lines,
  render,
  rfc0204Tree,
  run,
  tree0204,
  withBaseline,
  withFamily,
} from './helpers.js';

afterEach(cleanup);

const TC = 'spec/v2/core/tool-catalog.md';
const tcText = (): string => rfc0204Tree('after').files[TC]!;
const families = (r: Awaited<ReturnType<typeof run>>) =>
  r.figures['families'] as Array<{ key: string; bucket: string }>;
const bucketOf = (r: Awaited<ReturnType<typeof run>>, key: string) => families(r).find((f) => f.key === key)?.bucket;

describe('upstream bugs fixed on purpose', () => {
  it('#2 upstream walked the whole JSON tree for families: a family object outside /families is an error, not a family', async () => {
    const decl = JSON.parse(rfc0204Tree('after').files[DECLARATION]!) as Record<string, unknown>;
    decl['metadata'] = [{ key: 'm', examples: [{ key: 'ghost', anchor: 'core', kind: 'family' }] }];
    const r = await run(tree0204('after', { [DECLARATION]: JSON.stringify(decl, null, 2) }));
    expect(ids(r)).toEqual(['home/stray-family']);
    expect(lines(r)[1]).toBe('  72 core families: 31 resolved, 41 v1-dependent, 0 undeclared.');
  });

  it('#7 upstream JSON.parse kept the last duplicate key: a duplicate key in the declaration exits 2', async () => {
    const text = rfc0204Tree('after').files[DECLARATION]!.replace(
      '"$comment": "fixture declaration",',
      '"$comment": "a", "$comment": "b",',
    );
    await expect(run(tree0204('after', { [DECLARATION]: text }))).rejects.toThrow(/duplicate key "\$comment"/);
  });

  it('#8 upstream classed homes by raw prefix: spec/v2/core/../../README.md counted as core', async () => {
    const r = await run(
      tree0204('after', {
        [DECLARATION]: withFamily(
          'after',
          'toolCatalog',
          (row) => (row['normativeText'] = ['spec/v2/core/../../README.md']),
        ),
        'README.md': tcText(),
      }),
    );
    expect(lines(r)).toContain(
      "    toolCatalog -> spec/v2/core/../../README.md (not a canonical repository-relative path: '..' segment)",
    );
  });

  it('#9 upstream took the first line containing "Status" in 2,000 characters, in JSON files too: schemas are never read', async () => {
    const r = await run(
      tree0204('after', {
        [DECLARATION]: withFamily(
          'after',
          'toolCatalog',
          (row) => (row['normativeText'] = [TC, 'schemas/v2/tool-descriptor.schema.json']),
        ),
        'schemas/v2/tool-descriptor.schema.json': '{"description": "Status: informative"}',
      }),
    );
    expect(bucketOf(r, 'toolCatalog')).toBe('resolved');
  });

  it('#9 a "Status" word in the body is not a banner (upstream would refuse the home as non-normative)', async () => {
    const r = await run(tree0204('after', { [TC]: `${tcText()}\nStatus: this section is informative.\n` }));
    expect(r.exitCode).toBe(0);
  });

  it('#10 upstream matched the marker anywhere, HTML comments included: a commented-out marker claims nothing', async () => {
    const r = await run(
      tree0204('after', {
        [TC]: tcText().replace('> **Normative home:** `toolCatalog`.', '<!-- **Normative home:** `toolCatalog` -->'),
      }),
    );
    expect(ids(r).sort()).toEqual(['home/marker-near-miss', 'home/unclaimed']);
  });

  it('#10 upstream’s `| **homes:** | `key` |` row could never claim: form B claims', async () => {
    const readme =
      '# Tool catalog extension\n\n| field | value |\n| --- | --- |\n| **homes:** | `toolCatalog` |\n\nThe compactView view.\n';
    const r = await run(
      tree0204('after', {
        [DECLARATION]: withFamily(
          'after',
          'toolCatalog',
          (row) => (row['normativeText'] = [TC, 'spec/v2/ext/toolCatalog/README.md']),
        ),
        'spec/v2/ext/toolCatalog/README.md': readme,
      }),
    );
    expect([r.exitCode, bucketOf(r, 'toolCatalog')]).toEqual([0, 'resolved']);
  });

  it('#11 upstream split units at blank lines, merging a MUST from a neighbouring bullet: list items are separate units', async () => {
    const text = tcText()
      .replace(/MUST|MAY/g, 'will')
      .replace(
        '## The catalog',
        '## The catalog\n\n- The toolCatalog list is public.\n- Hosts MUST sign every response.',
      );
    const r = await run(tree0204('after', { [TC]: text }));
    expect(ids(r)).toEqual(['home/no-obligation']);
  });

  it('#11 upstream lost heading scope under sub-headings: a sub-section inherits the section titled for the key', async () => {
    const text = tcText()
      .replace(/MUST|MAY/g, 'will')
      .replace('## The catalog', '## `toolCatalog`\n\n### Listing\n\nA host MUST serve GET /tools.\n\n## The catalog');
    const r = await run(tree0204('after', { [TC]: text }));
    expect(bucketOf(r, 'toolCatalog')).toBe('resolved');
  });

  it('#12 upstream counted keywords inside inline code: `MUST` in code is not an obligation', async () => {
    const r = await run(tree0204('after', { [TC]: tcText().replace(/MUST|MAY/g, '`MUST`') }));
    expect(ids(r)).toEqual(['home/no-obligation']);
  });

  it('#12 upstream put facet names into a RegExp unescaped: a facet with metacharacters is matched literally', async () => {
    const files = tree0204('after', {
      [DECLARATION]: withFamily(
        'after',
        'toolCatalog',
        (row) => (row['facets'] = ['sources', 'sessionLifecycle', 'compactView', 'a.b']),
      ),
    });
    const named = await run({ ...files, [TC]: `${tcText()}\nThe toolCatalog.a.b view.\n` });
    expect(ids(named)).toEqual([]);
    const unnamed = await run({ ...files, [TC]: `${tcText()}\nThe toolCatalog.aXb view.\n` });
    expect(ids(unnamed)).toEqual(['home/facet-uncovered', 'home/ratchet-grew']);
  });

  it('#13 upstream’s seams refusal used endsWith: only the exact file name is refused', async () => {
    const seams = '# Seams\n\n> **Status: Stable · v1.1.**\n\nA host MUST serve `toolCatalog`.\n';
    const exact = await run(
      tree0204('after', {
        [DECLARATION]: withFamily(
          'after',
          'toolCatalog',
          (row) => (row['normativeText'] = ['spec/v1/host-sample-test-seams.md']),
        ),
        'spec/v1/host-sample-test-seams.md': seams,
      }),
    );
    expect(ids(exact)).toEqual(['home/seams-catalog']);
    const other = await run(
      tree0204('after', {
        [DECLARATION]: withFamily(
          'after',
          'toolCatalog',
          (row) => (row['normativeText'] = ['spec/v1/my-host-sample-test-seams.md']),
        ),
        'spec/v1/my-host-sample-test-seams.md': seams,
      }),
    );
    expect(bucketOf(other, 'toolCatalog')).toBe('v1-dependent');
  });

  it('#13 upstream’s counts line omitted failing families, so the counts did not add up', async () => {
    const r = await run(
      tree0204('after', {
        [DECLARATION]: withFamily('after', 'forms', (row) => (row['normativeText'] = ['README.md'])),
        'README.md': 'x',
      }),
    );
    expect(lines(r)[1]).toBe('  72 core families: 30 resolved, 41 v1-dependent, 0 undeclared, 1 failing.');
  });

  it('#14 upstream ran v1Carried equality only when the EOS date was known', async () => {
    const files = withBaseline('after', (b) => (b['v1Carried'] = (b['v1Carried'] as string[]).slice(1)));
    const r = await run({ ...files, [EOS]: '{"endOfSupportNotBefore": null}' });
    expect(ids(r)).toEqual(['home/v1carried-missing']);
  });

  it('#15 upstream’s post-EOS fallback and banner comparison were unreachable: under --deadline after EOS a changed banner fails', async () => {
    const doc = 'spec/v1/doc-05.md';
    const r = await run(
      tree0204('after', { [doc]: rfc0204Tree('after').files[doc]!.replace('Stable · v1.1.', 'Deprecated.') }),
      { flags: ['--deadline'], today: '2026-12-04' },
    );
    expect(r.exitCode).toBe(1);
    expect(lines(r).filter((l) => l.includes('CHANGED')).length).toBeGreaterThan(0);
  });

  it('#16 upstream let an undeclared→v1 move pass, leaving undeclared stale-high', async () => {
    const r = await run(
      withBaseline('after', (b) => {
        b['undeclared'] = 1;
        b['v1Dependent'] = 40;
      }),
    );
    expect(lines(r).slice(-2)).toEqual([
      '  Improved: v1-dependent 40 -> 41, undeclared 1 -> 0.',
      '  Lower the baseline in docs/normative-home-baseline.json so the gain is held.',
    ]);
    expect(ids(r)).toEqual(['home/baseline-improved']);
  });

  it('#17 upstream silently disabled the ratchets without a baseline: a missing baseline exits 2', async () => {
    await expect(run(tree0204('after', { [BASELINE]: null }))).rejects.toThrow(InputError);
  });

  it('#17 upstream printed FAIL blocks to stdout and exited at the first: every block is printed and FAILED goes to stderr', async () => {
    const r = await run(
      withBaseline('after', (b) => {
        b['v1Carried'] = [...(b['v1Carried'] as string[]), 'forms'];
        b['v1Dependent'] = 45;
      }),
    );
    const out = render(r);
    expect(out.stdout.filter((l) => l.startsWith('  FAIL') || l.startsWith('  Improved'))).toEqual([
      '  FAIL — docs/normative-home-baseline.json `v1Carried` does not match the',
      '  Improved: v1-dependent 45 -> 41, undeclared 0 -> 0.',
    ]);
    expect(out.stdout.some((l) => l.includes('FAILED'))).toBe(false);
    expect(out.stderr.at(-1)).toBe('=== check-v2-normative-home FAILED — 2 error(s) ===');
  });
});
