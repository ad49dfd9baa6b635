/**
 * The compact tool view (RFC 0112; v2 home RFC 0204) — both majors. A host advertising
 * `toolCatalog.compactView` answers `?view=compact` on both endpoints with CompactToolDescriptors
 * (the list as `{ tools }`) carrying exactly the standard view's toolId set. Gate via
 * toolCatalogGate; paths via toolsPath.
 */
import { expect, it } from 'vitest';
import { compileSchema, v2SchemaPath } from '../lib/schemas.js';
import { describeScenario, requireAdvertised, requireHost } from '../lib/scenario.js';
import { req } from '../lib/requirements.js';
import { getCompactTool, listCompactTools, listTools, toolCatalogGate } from '../lib/toolCatalog.js';
import { rfc0204Rows } from '../lib/rfc0204.js';

const ID = 'openwop.it.tool-catalog-compact-projection';

describeScenario(import.meta.url, 'tool-catalog-compact-projection (RFC 0112, RFC 0204)', () => {
  it('?view=compact lists the same toolIds as compact descriptors, and serves one by id', async (ctx) => {
    requireHost(ctx);
    const cap = await toolCatalogGate();
    requireAdvertised(ctx, cap !== null && cap['compactView'] === true, 'toolCatalog.compactView');

    const standard = await listTools();
    const compact = await listCompactTools();
    expect(compact.status, req(ID, 'tool-catalog.md', 'GET /tools?view=compact MUST answer 200 with { tools }')).toBe(
      200,
    );
    expect(compact.tools, req(ID, 'tool-catalog.md', 'the compact list MUST be { tools: [...] }')).not.toBeNull();
    const ids = (list: { toolId?: unknown }[] | null) => (list ?? []).map((t) => String(t.toolId)).sort();
    expect(
      ids(compact.tools),
      req(ID, 'tool-catalog.md', 'the compact view MUST carry the standard view’s toolId set'),
    ).toEqual(ids(standard.tools));

    const path = v2SchemaPath('compact-tool-descriptor.schema.json');
    const validate = path ? compileSchema(path) : undefined;
    for (const tool of compact.tools!) {
      if (validate)
        expect(
          validate(tool),
          req(ID, 'compact-tool-descriptor.schema.json', `${String(tool.toolId)} MUST validate`),
        ).toBe(true);
      expect(
        Object.hasOwn(tool, 'annotations'),
        req(ID, 'RFC 0204 open question 1', 'a compact descriptor carries no annotations'),
      ).toBe(false);
    }

    const first = compact.tools!.find((t) => typeof t.toolId === 'string');
    if (first) {
      const one = await getCompactTool(first.toolId as string);
      expect(one.status, req(ID, 'tool-catalog.md', 'GET /tools/{toolId}?view=compact MUST serve the tool')).toBe(200);
      expect(one.descriptor?.toolId).toBe(first.toolId);
    }
  });

  // Row `.catalog-views`: the compact view and every other view against the standard one.
  rfc0204Rows(['catalog-views']);
});
