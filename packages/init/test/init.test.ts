import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseJson } from '@openwop-spec/spec-tree';
import { createFixture } from '@openwop-spec/spec-tree/testing';
import type { Fixture, FixtureEntry } from '@openwop-spec/spec-tree/testing';
import { gate as declaration } from '@openwop-spec/gate-declaration';
import { gate as scenarioMajors } from '@openwop-spec/gate-scenario-majors';
import { applyInit, planInit } from '../src/index.js';
import type { PlannedFile } from '../src/index.js';
import {
  CODED_METADATA,
  RECORD_BASE,
  SIX_ENTRIES,
  TWO_ENTRIES,
  generatorScript,
  json,
  schemaWithField,
  snapshot,
  upstreamFigures,
  upstreamTree,
} from './upstream-tree.js';

const fixtures: Fixture[] = [];
afterEach(() => {
  for (const f of fixtures.splice(0)) f.remove();
});
/** The upstream tree without some of its files. */
const without = (tree: Record<string, FixtureEntry>, ...paths: string[]): Record<string, FixtureEntry> =>
  Object.fromEntries(Object.entries(tree).filter(([p]) => !paths.includes(p)));
const fixture = (files: Record<string, FixtureEntry>): Fixture => {
  const f = createFixture(files);
  fixtures.push(f);
  return f;
};

const CONFIG = 'conformance/scenario-majors.config.json';
const UPSTREAM_TEXT = upstreamTree()['schemas/v2/capabilities.schema.json'] as string;
const BASE = 'spec/v2/capability-record.base.json';
const metadataFile = (key: string): string => `spec/v2/metadata/${key}.schema.json`;
const brief = (files: readonly PlannedFile[]) => files.map((f) => `${f.action} ${f.path}`);
const parsed = (files: readonly PlannedFile[], path: string): Record<string, unknown> =>
  JSON.parse(files.find((f) => f.path === path)!.content!) as Record<string, unknown>;
const OPTIONS = { today: '2026-09-22', flags: new Set<string>() };

describe('planInit on an upstream-layout tree', () => {
  it('plans the scenario-majors config, the record base and the metadata shapes the generator kept in code; no openwop-spec.config.json', async () => {
    const f = fixture(upstreamTree());
    const before = snapshot(f.root);
    const plan = await planInit(f.root);
    expect(snapshot(f.root)).toEqual(before);
    expect(brief(plan.files)).toEqual([
      `create ${CONFIG}`,
      `create ${BASE}`,
      `create ${metadataFile('protocolVersions')}`,
      `create ${metadataFile('preferredVersion')}`,
      `create ${metadataFile('protocolVersion')}`,
      `create ${metadataFile('extensions')}`,
    ]);
    expect(plan.warnings).toEqual([]);
  });

  it('bothMajors: the files the manifest runs at both majors, with the RFC and reason of the paragraph naming each', async () => {
    const plan = await planInit(fixture(upstreamTree(SIX_ENTRIES)).root);
    expect(parsed(plan.files, CONFIG)['bothMajors']).toEqual(
      [...SIX_ENTRIES]
        .sort((a, b) => (a.file < b.file ? -1 : 1))
        .map((e) => ({ file: e.file, rfc: e.rfc, reason: `RFC ${e.rfc}: ${e.reason}` })),
    );
    expect(plan.files[0]!.from).toBe(
      '6 bothMajors entries: the files conformance/scenario-majors.json runs at both majors; 6 RFC number(s) and reason(s) from the comments of conformance/scripts/generate-scenario-majors.mjs',
    );
  });

  it('the record base is what every record shares; a metadata shape file only where seeding from v1 would not reproduce the committed shape', async () => {
    const plan = await planInit(fixture(upstreamTree()).root);
    const base = parsed(plan.files, BASE);
    expect({ properties: base['properties'], allOf: base['allOf'] }).toEqual(RECORD_BASE);
    expect(Object.keys(base)).toEqual(['$comment', 'properties', 'allOf']);
    for (const key of Object.keys(CODED_METADATA)) {
      const shape = parsed(plan.files, metadataFile(key));
      expect(shape['$id']).toBe(`https://openwop.dev/spec/v2/metadata-${key}.schema.json`);
      const { $schema: _s, $id: _i, $comment: _c, ...rest } = shape;
      expect(rest).toEqual(CODED_METADATA[key]);
    }
    // implementation is the v1 property plus the seeding marker: the generator reproduces it unaided.
    expect(plan.files.map((f) => f.path)).not.toContain(metadataFile('implementation'));
  });

  it('after init the manifest is fresh and the declaration regenerates the committed schema byte for byte', async () => {
    for (const entries of [TWO_ENTRIES, SIX_ENTRIES]) {
      const f = fixture(upstreamTree(entries));
      applyInit(await planInit(f.root));
      const majors = await scenarioMajors.check(f.tree(), OPTIONS);
      const decl = await declaration.check(f.tree(), OPTIONS);
      expect(majors.summaryLine).toBe(upstreamFigures(entries)[3]);
      expect(decl.diagnostics).toEqual([]);
      expect([...decl.report.map((l) => l.text), decl.summaryLine]).toEqual(upstreamFigures(entries).slice(4, 6));
    }
  });
});

describe('writing: atomic, once, never over an existing file', () => {
  it('creates every planned file; a second plan keeps them all and a second apply changes no byte', async () => {
    const f = fixture(upstreamTree());
    const created = applyInit(await planInit(f.root));
    expect(created.every((c) => c.action === 'create')).toBe(true);
    const after = snapshot(f.root);
    for (const c of created) expect(after[c.path]).toBe(c.content);
    expect(Object.keys(after).filter((p) => p.endsWith('.tmp'))).toEqual([]);
    const again = await planInit(f.root);
    expect(again.files.map((x) => x.action)).toEqual(created.map(() => 'keep'));
    applyInit(again);
    expect(snapshot(f.root)).toEqual(after);
  });

  it('keeps an existing file as it is, whatever it holds', async () => {
    const f = fixture({ ...upstreamTree(), [CONFIG]: '{"bothMajors": []}\n' });
    const plan = await planInit(f.root);
    expect(plan.files[0]).toEqual({ path: CONFIG, action: 'keep', from: 'it exists' });
    applyInit(plan);
    expect(readFileSync(join(f.root, CONFIG), 'utf8')).toBe('{"bothMajors": []}\n');
  });

  it('a file that appears between the plan and the write is kept, not replaced', async () => {
    const f = fixture(upstreamTree());
    const plan = await planInit(f.root);
    f.write({ [BASE]: 'mine\n' });
    const done = applyInit(plan);
    expect(done.find((d) => d.path === BASE)).toEqual({
      path: BASE,
      action: 'keep',
      from: 'it appeared while init ran',
    });
    expect(readFileSync(join(f.root, BASE), 'utf8')).toBe('mine\n');
  });
});

describe('the layout: openwop-spec.config.json only where it differs from the default', () => {
  const relocated = (): Record<string, FixtureEntry> =>
    Object.fromEntries(
      Object.entries(upstreamTree()).map(([p, v]) => [p.startsWith('conformance/') ? `packages/${p}` : p, v]),
    );

  it('a conformance package kept in packages/conformance is recorded, and the other files are planned there', async () => {
    const plan = await planInit(fixture(relocated()).root);
    expect(brief(plan.files).slice(0, 2)).toEqual([
      'create openwop-spec.config.json',
      'create packages/conformance/scenario-majors.config.json',
    ]);
    expect(parsed(plan.files, 'openwop-spec.config.json')['paths']).toEqual({ conformance: 'packages/conformance' });
  });

  it('an existing openwop-spec.config.json is kept and its paths are used', async () => {
    const f = fixture({
      ...relocated(),
      'openwop-spec.config.json': json({ paths: { conformance: 'packages/conformance' } }),
    });
    const plan = await planInit(f.root);
    expect(brief(plan.files).slice(0, 2)).toEqual([
      'keep openwop-spec.config.json',
      'create packages/conformance/scenario-majors.config.json',
    ]);
  });

  it('two candidate folders: an input error asking for the config, and nothing is planned', async () => {
    const tree = relocated();
    const f = fixture({
      ...tree,
      'tools/conformance/scenario-majors.json': tree['packages/conformance/scenario-majors.json']!,
    });
    await expect(planInit(f.root)).rejects.toMatchObject({
      name: 'InputError',
      message:
        'cannot tell which folder holds the conformance part of the corpus (packages/conformance, tools/conformance); write openwop-spec.config.json with paths.conformance, then run init again',
    });
  });
});

describe('what the tree commits decides; what it does not say is asked for, never invented', () => {
  it('files no comment explains get rfc 0000 and a reason saying so, and a warning lists them', async () => {
    const tree = upstreamTree(SIX_ENTRIES);
    const script = (tree['conformance/scripts/generate-scenario-majors.mjs'] as string).replace(
      /^\/\/ RFC 0204:.*\n(\/\/(?! RFC).*\n)*/gm,
      '',
    );
    const plan = await planInit(fixture({ ...tree, 'conformance/scripts/generate-scenario-majors.mjs': script }).root);
    const entries = parsed(plan.files, CONFIG)['bothMajors'] as Array<{ file: string; rfc: string; reason: string }>;
    const unexplained = entries.filter((e) => e.rfc === '0000').map((e) => e.file);
    expect(unexplained).toEqual([
      'tool-catalog-compact-projection.test.ts',
      'tool-catalog-projection.test.ts',
      'tool-descriptor-shape.test.ts',
    ]);
    expect(entries.find((e) => e.rfc === '0000')!.reason).toMatch(
      /^migrated by openwop-spec init from conformance\/scripts\/generate-scenario-majors\.mjs; say which RFC/,
    );
    expect(plan.warnings).toEqual([
      `${CONFIG}: fill in the RFC number and reason of ${unexplained.join(', ')} (no comment in conformance/scripts/generate-scenario-majors.mjs names them)`,
    ]);
  });

  it('a comment that gives a reason but no RFC number: the reason is kept, rfc 0000, and a warning asks for the number', async () => {
    const script =
      "const BOTH_MAJORS = [\n  'fixtures-valid.test.ts', // checks the suite's own fixtures\n  'runs-replay-stable.test.ts', // RFC 0171: gates via gateFamily\n];\n";
    const plan = await planInit(
      fixture({ ...upstreamTree(), 'conformance/scripts/generate-scenario-majors.mjs': script }).root,
    );
    expect(parsed(plan.files, CONFIG)['bothMajors']).toEqual([
      { file: 'fixtures-valid.test.ts', rfc: '0000', reason: "checks the suite's own fixtures" },
      { file: 'runs-replay-stable.test.ts', rfc: '0171', reason: 'RFC 0171: gates via gateFamily' },
    ]);
    expect(plan.warnings).toEqual([
      `${CONFIG}: fill in the RFC number of fixtures-valid.test.ts (their comment names no RFC)`,
    ]);
  });

  it('without a generator, every entry is marked for filling in', async () => {
    const plan = await planInit(
      fixture(without(upstreamTree(), 'conformance/scripts/generate-scenario-majors.mjs')).root,
    );
    expect((parsed(plan.files, CONFIG)['bothMajors'] as Array<{ rfc: string }>).map((e) => e.rfc)).toEqual([
      '0000',
      '0000',
    ]);
    expect(plan.warnings[0]).toMatch(
      /\(there is no conformance\/scripts\/generate-scenario-majors\.mjs with comments to read them from\)$/,
    );
  });

  it('the manifest decides which files run at both majors; a generator entry it does not run at both is reported, not carried over', async () => {
    const tree = upstreamTree();
    const script = generatorScript([
      ...TWO_ENTRIES,
      { file: 'a2a-card.test.ts', rfc: '0300', reason: 'a2a-card is major-aware.' },
    ]);
    const plan = await planInit(fixture({ ...tree, 'conformance/scripts/generate-scenario-majors.mjs': script }).root);
    expect((parsed(plan.files, CONFIG)['bothMajors'] as Array<{ file: string }>).map((e) => e.file)).toEqual(
      TWO_ENTRIES.map((e) => e.file),
    );
    expect(plan.warnings).toEqual([
      `conformance/scripts/generate-scenario-majors.mjs lists a2a-card.test.ts, which conformance/scenario-majors.json does not run at both majors; not carried over (regenerate the manifest, then add them to ${CONFIG} if they belong)`,
    ]);
  });

  it('without a manifest, the list in the generator is used', async () => {
    const plan = await planInit(fixture(without(upstreamTree(), 'conformance/scenario-majors.json')).root);
    expect((parsed(plan.files, CONFIG)['bothMajors'] as Array<{ file: string }>).map((e) => e.file)).toEqual(
      TWO_ENTRIES.map((e) => e.file),
    );
    expect(plan.files[0]!.from).toMatch(
      /^2 bothMajors entries: the list in conformance\/scripts\/generate-scenario-majors\.mjs \(there is no conformance\/scenario-majors\.json\)/,
    );
  });
});

describe('input errors: exit 2 material, raised before anything is written', () => {
  const expectError = async (
    files: Record<string, FixtureEntry | null>,
    expected: Record<string, unknown>,
  ): Promise<void> => {
    const f = fixture(upstreamTree());
    f.write(files);
    const before = snapshot(f.root);
    await expect(planInit(f.root)).rejects.toMatchObject({ name: 'InputError', ...expected });
    expect(snapshot(f.root)).toEqual(before);
  };

  it('records that disagree on the record base: every disagreeing pointer is named', async () => {
    const text = schemaWithField('tools', 'since', { type: 'string' });
    await expectError(
      { 'schemas/v2/capabilities.schema.json': text },
      {
        message: expect.stringMatching(
          /^cannot create spec\/v2\/capability-record\.base\.json: the records of schemas\/v2\/capabilities\.schema\.json disagree on the record base at \/properties\/tools\/properties\/since;/,
        ),
        location: {
          file: 'schemas/v2/capabilities.schema.json',
          start: parseJson(text, 'x').locate('/properties/tools/properties/since').start,
        },
      },
    );
  });

  it('records that lack a base field altogether, or no record of a core family at all', async () => {
    const schema = JSON.parse(UPSTREAM_TEXT) as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
    };
    for (const key of ['runs', 'tools', 'ledger']) delete schema.properties[key]!.properties!['until'];
    await expectError(
      { 'schemas/v2/capabilities.schema.json': json(schema) },
      {
        message:
          'cannot create spec/v2/capability-record.base.json: the records of schemas/v2/capabilities.schema.json have no properties.until',
      },
    );
    for (const key of ['runs', 'tools', 'ledger']) delete schema.properties[key];
    await expectError(
      { 'schemas/v2/capabilities.schema.json': json(schema) },
      {
        message:
          'cannot create spec/v2/capability-record.base.json: schemas/v2/capabilities.schema.json holds no record of a core family to copy it from',
      },
    );
  });

  it('no committed schema to copy the record base from', async () => {
    await expectError(
      { 'schemas/v2/capabilities.schema.json': null },
      {
        message:
          'cannot create spec/v2/capability-record.base.json: schemas/v2/capabilities.schema.json does not exist, and init copies it from that committed schema',
      },
    );
  });

  it('a manifest that is not JSON, or whose majors are not arrays of majors, at the position of the mistake', async () => {
    await expectError(
      { 'conformance/scenario-majors.json': '{\n  "majors": {,}\n}\n' },
      { location: { file: 'conformance/scenario-majors.json', start: expect.objectContaining({ line: 2 }) } },
    );
    await expectError(
      { 'conformance/scenario-majors.json': json({ majors: { 'a.test.ts': [3] } }) },
      {
        message:
          'conformance/scenario-majors.json: a.test.ts must map to an array of majors (1 and/or 2); init reads from it which files run at both majors',
        location: { file: 'conformance/scenario-majors.json', start: expect.objectContaining({ line: 3, column: 18 }) },
      },
    );
  });
});
