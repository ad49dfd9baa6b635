import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Fixture } from '@openwop-spec/spec-tree/testing';
import type { SpecTree } from '@openwop-spec/spec-tree';
import { checkSchemas, compileSchemas } from '../src/index.js';
import { OPTIONS, check, fixture, found } from './helpers.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const DESCRIPTOR = 'schemas/v2/tool-descriptor.schema.json';
const COMPACT = 'schemas/v2/compact-tool-descriptor.schema.json';
const INVALID = 'schemas/v2/examples/invalid/tool-descriptor';

/** Every file under schemas/ and every *.schema.json under spec/, as the gate reads them. */
function corpus(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string, keep: (name: string) => boolean): void => {
    for (const entry of readdirSync(join(REPO, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path, keep);
      else if (keep(entry.name)) files[path] = readFileSync(join(REPO, path), 'utf8');
    }
  };
  walk('schemas', () => true);
  walk('spec', (name) => name.endsWith('.schema.json'));
  return files;
}

/** The invalid tool-descriptor example whose sidecar documents `keyword` at `instancePath`. */
function documentedCase(files: Record<string, string>, keyword: string, instancePath: string): string {
  const sidecar = Object.keys(files).find((p) => {
    if (!p.startsWith(`${INVALID}/`) || !p.endsWith('.expect.json')) return false;
    const e = JSON.parse(files[p]!) as { keyword?: string; instancePath?: string };
    return e.keyword === keyword && e.instancePath === instancePath;
  });
  expect(sidecar, `an invalid tool-descriptor example documented as "${keyword}" at ${instancePath}`).toBeDefined();
  return sidecar!.replace(/\.expect\.json$/, '.json');
}

type Json = Record<string, unknown>;
const descriptorOf = (files: Record<string, string>): Json => JSON.parse(files[DESCRIPTOR]!) as Json;
const annotationsOf = (schema: Json): Json => (schema['properties'] as Record<string, Json>)['annotations']!;

/**
 * The part of the corpus that judges one schema without a cross-file $ref: the schema and its valid
 * and invalid examples (a sabotage of it changes nothing else, and one schema compiles in a fraction
 * of the time all of them take).
 */
function partOf(files: Record<string, string>, schema: string): Record<string, string> {
  const name = schema.slice('schemas/v2/'.length, -'.schema.json'.length);
  const examples = [`schemas/v2/examples/valid/${name}/`, `schemas/v2/examples/invalid/${name}/`];
  return Object.fromEntries(
    Object.entries(files).filter(([p]) => p === schema || examples.some((e) => p.startsWith(e))),
  );
}

/** The tool descriptor's part of the real corpus in a fixture, its schema edited by `sabotage`. */
function sabotaged(sabotage: (schema: Json) => void): { fx: Fixture; files: Record<string, string> } {
  const files = partOf(corpus(), DESCRIPTOR);
  const schema = descriptorOf(files);
  sabotage(schema);
  return { fx: fixture({ ...files, [DESCRIPTOR]: `${JSON.stringify(schema, null, 2)}\n` }), files };
}

/** The allOf clause whose $comment starts with `prefix`. */
function clause(schema: Json, prefix: string): number {
  const i = (schema['allOf'] as Json[]).findIndex(
    (c) => typeof c['$comment'] === 'string' && c['$comment'].startsWith(prefix),
  );
  expect(i, `an allOf clause whose $comment starts with "${prefix}"`).toBeGreaterThanOrEqual(0);
  return i;
}

/** The unsabotaged copy, one tree for the file: its schemas are compiled once (the tree keeps them). */
let green: SpecTree | undefined;
const greenTree = (): SpecTree => (green ??= fixture(corpus()).tree());

describe('a copy of the corpus', () => {
  it('is green (the sabotage tests start from a green tree)', async () => {
    expect(found(await checkSchemas(greenTree(), OPTIONS))).toEqual([]);
  });

  it('is green in the part of it that each sabotaged schema with no cross-file $ref reads alone', async () => {
    for (const schema of [DESCRIPTOR, COMPACT]) {
      const part = partOf(corpus(), schema);
      expect(part[schema]).not.toMatch(/"\$ref": "[^#]/);
      expect(Object.keys(part).length).toBeGreaterThan(4);
      expect(found(await check(fixture(part))), schema).toEqual([]);
    }
  });
});

describe('sabotage of the corpus turns the gate red', () => {
  it('annotations without "required": the example with a missing hint passes', async () => {
    const { fx, files } = sabotaged((s) => delete annotationsOf(s)['required']);
    const file = documentedCase(files, 'required', '/annotations');
    expect(found(await check(fx))).toContainEqual({
      ruleId: 'schemas/invalid-example-passes',
      file,
      start: { line: 1, column: 1 },
    });
  });

  it('annotations open to extra members: the example with a title passes', async () => {
    const { fx, files } = sabotaged((s) => delete annotationsOf(s)['additionalProperties']);
    const file = documentedCase(files, 'additionalProperties', '/annotations');
    expect(found(await check(fx))).toContainEqual({
      ruleId: 'schemas/invalid-example-passes',
      file,
      start: { line: 1, column: 1 },
    });
  });

  it('exec without the host-extension clause: the exec example from another source passes', async () => {
    const { fx, files } = sabotaged((s) => (s['allOf'] as Json[]).splice(clause(s, 'exec is never'), 1));
    const result = await check(fx);
    const passing = found(result)
      .filter((d) => d.ruleId === 'schemas/invalid-example-passes')
      .map((d) => d.file);
    expect(passing).toContain(documentedCase(files, 'const', '/source'));
  });

  it('readOnlyHint mis-derived for write tiers: the read-only claim on a write tool no longer fails for its documented reason, and honest write tools fail', async () => {
    const { fx, files } = sabotaged((s) => {
      const then = (s['allOf'] as Json[])[clause(s, 'RFC 0204 table, readOnlyHint: false')]!['then'] as Json;
      (annotationsOf(then)['properties'] as Record<string, Json>)['readOnlyHint']!['const'] = true;
    });
    const result = await check(fx);
    const file = documentedCase(files, 'const', '/annotations/readOnlyHint');
    // The lying projection also says destructiveHint: false, which still fails, but no longer at readOnlyHint.
    expect(
      found(result)
        .filter((d) => d.file === file)
        .map((d) => d.ruleId),
    ).toEqual(['schemas/invalid-example-wrong-reason']);
    expect(found(result).map((d) => d.ruleId)).toContain('schemas/valid-example-fails');
  });

  it('a typo in a keyword: the schema no longer compiles', async () => {
    const { fx } = sabotaged((s) => {
      const ann = annotationsOf(s);
      ann['requird'] = ann['required'];
      delete ann['required'];
    });
    const result = await check(fx);
    expect(
      found(result)
        .filter((d) => d.file === DESCRIPTOR)
        .map((d) => d.ruleId),
    ).toEqual(['schemas/compile']);
    expect(result.diagnostics.find((d) => d.file === DESCRIPTOR)!.message).toContain('unknown keyword: "requird"');
  });

  it('the configurable schema renamed: every cross-file $ref to it is unresolved, at that $ref', async () => {
    const files = corpus();
    const target = 'schemas/v2/configurable.schema.json';
    const schema = JSON.parse(files[target]!) as Json;
    const [base, name] = [
      String(schema['$id']).slice(0, String(schema['$id']).lastIndexOf('/') + 1),
      'configurable.schema.json',
    ];
    const fx = fixture({
      ...files,
      [target]: files[target]!.replace(`"${base}${name}"`, `"${base}run-options.schema.json"`),
    });
    // Every schema whose $ref names the old file, with the position of that reference's value.
    const expected = Object.entries(files)
      .filter(([path]) => path.endsWith('.schema.json'))
      .flatMap(([file, text]) =>
        text.split('\n').flatMap((line, i) =>
          line.includes(`"$ref": "${name}"`)
            ? [
                {
                  ruleId: 'schemas/unresolved-ref',
                  file,
                  start: { line: i + 1, column: line.indexOf(`"${name}"`) + 1 },
                },
              ]
            : [],
        ),
      );
    expect(expected.length).toBeGreaterThan(0);
    expect(found(await check(fx)).filter((d) => d.ruleId === 'schemas/unresolved-ref')).toEqual(expected);
  });

  it('the compact subset no longer forbids anyOf: the nested-anyOf compact descriptor passes', async () => {
    const compact = COMPACT;
    const files = partOf(corpus(), compact);
    const schema = JSON.parse(files[compact]!) as {
      $defs: { compactNode: { propertyNames: { not: { enum: string[] } } } };
    };
    const forbidden = schema.$defs.compactNode.propertyNames.not.enum;
    expect(forbidden).toContain('anyOf');
    forbidden.splice(forbidden.indexOf('anyOf'), 1);
    const fx = fixture({ ...files, [compact]: JSON.stringify(schema, null, 2) });
    // The invalid compact examples that fail only for the anyOf they nest.
    const nesting = Object.keys(files).filter(
      (p) =>
        p.startsWith('schemas/v2/examples/invalid/compact-tool-descriptor/') &&
        !p.endsWith('.expect.json') &&
        files[p]!.includes('"anyOf"'),
    );
    expect(nesting.length).toBeGreaterThan(0);
    const passing = found(await check(fx)).filter((d) => d.ruleId === 'schemas/invalid-example-passes');
    expect(passing.map((d) => d.file)).toEqual(nesting.sort());
  });

  it('a sidecar pointing at the wrong member: the example fails for another reason', async () => {
    const files = partOf(corpus(), DESCRIPTOR);
    const file = documentedCase(files, 'required', '/annotations');
    const sidecar = file.replace(/\.json$/, '.expect.json');
    const fx = fixture({ ...files, [sidecar]: JSON.stringify({ keyword: 'required', instancePath: '' }) });
    expect(found(await check(fx))).toEqual([
      { ruleId: 'schemas/invalid-example-wrong-reason', file, start: { line: 1, column: 1 } },
    ]);
  });
});

describe('the RFC 0204 annotation table, encoded in tool-descriptor.schema.json', () => {
  const TIERS = ['pure', 'read', 'write', 'exec'] as const;
  const REPLAY = ['deterministic', 'idempotent', 'non-deterministic', undefined] as const;
  const EGRESS = ['none', 'safe-fetch', 'host-mediated', 'host-owned', undefined] as const;
  const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

  /** The table of tool-catalog.md, restated independently of the schema. */
  const derive = (tier: string, replay?: string, egress?: string) => ({
    readOnlyHint: tier === 'pure' || tier === 'read',
    destructiveHint: tier === 'write' || tier === 'exec',
    idempotentHint: replay === 'deterministic' || replay === 'idempotent',
    openWorldHint: egress !== 'none',
  });

  it('accepts the derived annotations for all 80 combinations, and rejects each single flipped hint at that hint', () => {
    const validate = compileSchemas(greenTree()).byFile.get(DESCRIPTOR)?.validate;
    expect(validate, `${DESCRIPTOR} compiles`).toBeDefined();
    let combinations = 0;
    let flips = 0;
    for (const tier of TIERS) {
      for (const replay of REPLAY) {
        for (const egress of EGRESS) {
          const descriptor = {
            toolId: `t.${tier}.${replay ?? 'absent'}.${egress ?? 'absent'}`,
            source: tier === 'exec' ? 'host-extension' : 'mcp',
            safetyTier: tier,
            title: tier, // every MCP descriptor carries its display name
            ...(replay !== undefined ? { replayPolicy: replay } : {}),
            ...(egress !== undefined ? { egress } : {}),
          };
          const annotations = derive(tier, replay, egress);
          expect(
            validate!({ ...descriptor, annotations }),
            `${descriptor.toolId}: ${JSON.stringify(validate!.errors)}`,
          ).toBe(true);
          combinations++;
          for (const hint of HINTS) {
            const flipped = { ...descriptor, annotations: { ...annotations, [hint]: !annotations[hint] } };
            expect(validate!(flipped), `${descriptor.toolId} with ${hint} flipped`).toBe(false);
            expect(validate!.errors).toContainEqual(
              expect.objectContaining({ keyword: 'const', instancePath: `/annotations/${hint}` }),
            );
            flips++;
          }
        }
      }
    }
    expect([combinations, flips]).toEqual([80, 320]);
  });
});
