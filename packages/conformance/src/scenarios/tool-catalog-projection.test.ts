/**
 * Portable tool catalog — the `GET /tools` projection (RFC 0078; v2 home tool-catalog.md, RFC 0204) — both
 * majors. Gate via toolCatalogGate (presence of the record at major 2, `supported` at major 1);
 * paths via toolsPath. Legs: authentication, the list (schema, vocabularies, content-free), by-id and
 * unknown-id 404, and the rows judged on the host src/lib/rfc0204.ts chooses: cross-principal
 * non-disclosure `.catalog-cross-principal` (a tool of another principal named by
 * OPENWOP_CROSS_PRINCIPAL_TOOL_ID on a live host) and the stable-order advisory row
 * `.catalog-order` (§D.13, a SHOULD: a miss is annotated, never a failure).
 */
import { expect, it } from 'vitest';
import { hostDriver } from '../lib/driver.js';
import { toolsPath } from '../lib/paths.js';
import { compileSchema, v2SchemaPath } from '../lib/schemas.js';
import { describeScenario, requireAdvertised, requireHost } from '../lib/scenario.js';
import { req } from '../lib/requirements.js';
import { rfc0204Rows } from '../lib/rfc0204.js';
import {
  SAFETY_TIERS,
  TOOL_CONTENT_FORBIDDEN,
  TOOL_SOURCES,
  getTool,
  listTools,
  toolCatalogGate,
} from '../lib/toolCatalog.js';

const ID = 'openwop.it.tool-catalog-projection';

describeScenario(import.meta.url, 'tool-catalog-projection (RFC 0078, RFC 0204)', () => {
  it('is auth-gated, lists valid content-free descriptors, serves by id and 404s unknown ids', async (ctx) => {
    requireHost(ctx);
    requireAdvertised(ctx, (await toolCatalogGate()) !== null, 'toolCatalog');

    const unauth = await hostDriver().get(toolsPath(), { authenticated: false });
    expect(
      unauth.status,
      req(ID, 'tool-catalog.md § The catalog', 'GET /tools MUST require authentication (401)'),
    ).toBe(401);

    const { status, tools } = await listTools();
    expect(status, req(ID, 'tool-catalog.md § The catalog', 'GET /tools MUST answer 200')).toBe(200);
    expect(
      Array.isArray(tools),
      req(
        ID,
        'tool-catalog.md § The catalog',
        'GET /tools MUST return a ToolDescriptor[], bare at major 2 and as { tools } at major 1',
      ),
    ).toBe(true);
    const path = v2SchemaPath('tool-descriptor.schema.json');
    const validate = path ? compileSchema(path) : undefined;
    for (const tool of tools!) {
      if (validate)
        expect(validate(tool), req(ID, 'tool-descriptor.schema.json', `${String(tool.toolId)} MUST validate`)).toBe(
          true,
        );
      expect(
        TOOL_SOURCES,
        req(ID, 'tool-catalog.md § The descriptor', 'source MUST be in the closed vocabulary'),
      ).toContain(tool.source);
      expect(
        SAFETY_TIERS,
        req(ID, 'tool-catalog.md § The descriptor', 'safetyTier MUST be pure|read|write|exec'),
      ).toContain(tool.safetyTier);
      for (const key of TOOL_CONTENT_FORBIDDEN)
        expect(
          Object.hasOwn(tool, key),
          req(ID, 'tool-catalog.md § The descriptor', `a descriptor MUST NOT carry ${key}`),
        ).toBe(false);
    }

    const first = tools!.find((t) => typeof t.toolId === 'string');
    if (first) {
      const one = await getTool(first.toolId as string);
      expect(one.status, req(ID, 'tool-catalog.md § The catalog', 'GET /tools/{toolId} MUST serve a listed tool')).toBe(
        200,
      );
      expect(
        one.descriptor?.toolId,
        req(ID, 'tool-catalog.md § The catalog', 'GET /tools/{toolId} MUST return the requested descriptor'),
      ).toBe(first.toolId);
    }
    const unknown = await getTool('__conformance_nonexistent_tool__');
    expect(unknown.status, req(ID, 'tool-catalog.md § The catalog', 'GET /tools/{unknown} MUST 404')).toBe(404);
  });

  // Rows `.mcp-toolid-scheme`, `.catalog-toolids`, `.catalog-cross-principal` and
  // `.catalog-read-only` (MUSTs), and `.catalog-order` (§D.13, a SHOULD: a miss is annotated as
  // advisory-miss, never a failure).
  rfc0204Rows([
    'mcp-toolid-scheme',
    'catalog-toolids',
    'catalog-cross-principal',
    'catalog-read-only',
    'catalog-order',
  ]);
});
