/**
 * Tool descriptor wire shape (RFC 0078 §C, RFC 0204 §D.12) — both majors.
 *
 * Server-free: every corpus example under schemas/v2/examples validates against its schema, and
 * every invalid example fails on the keyword and instance path its .expect.json names (so an example
 * cannot pass by failing for an unrelated reason). With a host: every descriptor `GET /tools`
 * returns validates. Paths via toolsPath; the gate via toolCatalogGate.
 */
import { expect, it } from 'vitest';
import { listTools, toolCatalogGate } from '../lib/toolCatalog.js';
import { compileSchema, schemaExamples, v2SchemaPath } from '../lib/schemas.js';
import { describeScenario, requireAdvertised, requireHost } from '../lib/scenario.js';
import { req } from '../lib/requirements.js';

const ID = 'openwop.it.tool-descriptor-shape';

for (const schema of ['tool-descriptor', 'compact-tool-descriptor']) {
  describeScenario(import.meta.url, `${schema}.schema.json examples (server-free)`, () => {
    const path = v2SchemaPath(`${schema}.schema.json`);

    it.skipIf(!path)(
      `every valid example validates${path ? '' : ` (skipped: schemas/v2/${schema}.schema.json is not in the corpus yet)`}`,
      () => {
        const validate = compileSchema(path!);
        const examples = schemaExamples('valid', schema);
        expect(examples.length, `schemas/v2/examples/valid/${schema}/ holds examples`).toBeGreaterThan(0);
        for (const example of examples) {
          expect(
            validate(example.value),
            req(ID, `${schema}.schema.json`, `${example.name} MUST validate: ${JSON.stringify(validate.errors)}`),
          ).toBe(true);
        }
      },
    );

    it.skipIf(!path)(
      `every invalid example fails where its .expect.json says${path ? '' : ` (skipped: schemas/v2/${schema}.schema.json is not in the corpus yet)`}`,
      () => {
        const validate = compileSchema(path!);
        const examples = schemaExamples('invalid', schema);
        expect(examples.length, `schemas/v2/examples/invalid/${schema}/ holds examples`).toBeGreaterThan(0);
        for (const example of examples) {
          expect(validate(example.value), `${example.name} MUST NOT validate`).toBe(false);
          expect(example.expect, `${example.name} has an .expect.json`).toBeDefined();
          const hit = (validate.errors ?? []).some(
            (e) => e.keyword === example.expect!.keyword && e.instancePath === example.expect!.instancePath,
          );
          expect(
            hit,
            `${example.name} fails on ${example.expect!.keyword} at ${example.expect!.instancePath || '(root)'}; got ${JSON.stringify(validate.errors)}`,
          ).toBe(true);
        }
      },
    );
  });
}

describeScenario(import.meta.url, 'tool-descriptor-shape: the host serves schema-valid descriptors', () => {
  it('every descriptor GET /tools returns validates against tool-descriptor.schema.json', async (ctx) => {
    requireHost(ctx);
    requireAdvertised(ctx, (await toolCatalogGate()) !== null, 'toolCatalog');
    const path = v2SchemaPath('tool-descriptor.schema.json');
    if (!path) ctx.skip('schemas/v2/tool-descriptor.schema.json is not in the corpus yet');
    const validate = compileSchema(path!);
    const { status, tools } = await listTools();
    expect(status, req(ID, 'tool-catalog.md', 'GET /tools MUST answer 200 on a host that advertises toolCatalog')).toBe(
      200,
    );
    for (const tool of tools ?? []) {
      expect(
        validate(tool),
        req(
          ID,
          'tool-descriptor.schema.json',
          `${String(tool.toolId)} MUST validate: ${JSON.stringify(validate.errors)}`,
        ),
      ).toBe(true);
    }
  });
});
