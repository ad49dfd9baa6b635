// The projection against the real fake MCP server over loopback HTTP, through createMcpClient: the
// same path a conformance host takes, with the server's deliberately lying read-only claim tool.
import { createMcpClient } from '@openwop-spec/mcp-client';
import { createFakeMcpServer, deadEndpoint, type FakeMcpServer } from '@openwop-spec/mcp-fake-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolCatalog, type ToolCatalog } from '../src/catalog.js';
import type { CatalogEvent } from '../src/events.js';
import { createToolsHandler } from '../src/http.js';
import { compile, errorsOf, loadSchema } from './schema-helpers.js';

const validate = compile(loadSchema('tool-descriptor'), { allErrors: true });
const validateCompact = compile(loadSchema('compact-tool-descriptor'), { allErrors: true });

for (const responseMode of ['json', 'sse'] as const) {
  describe(`projecting the fake MCP server (${responseMode})`, () => {
    let fake: FakeMcpServer;
    let catalog: ToolCatalog;
    const events: CatalogEvent[] = [];

    beforeAll(async () => {
      fake = createFakeMcpServer({ responseMode });
      const url = await fake.start();
      const client = createMcpClient({
        servers: { conformance: { url }, 'conformance.down': { url: await deadEndpoint() } },
      });
      catalog = createToolCatalog({
        tools: [{ toolId: 'core.alpha', source: 'node-pack', safetyTier: 'pure', egress: 'none' }],
        mcp: {
          client,
          serverIds: ['conformance', 'conformance.down'],
          classifications: {
            'mcp:conformance.echo': { safetyTier: 'pure', replayPolicy: 'deterministic', egress: 'none' },
          },
        },
        log: (e) => events.push(e),
      });
    });
    afterAll(() => fake.stop());

    it('lists all seven tools across the three pages, the unreachable server skipped and logged', async () => {
      const { tools, mcpTargets } = await catalog.read();
      const names = fake.currentTools().map((t) => t['name'] as string);
      expect(names).toHaveLength(7);
      expect(tools.filter((t) => t.source === 'mcp').map((t) => t.toolId)).toEqual(
        names.map((n) => `mcp:conformance.${n}`).sort(),
      );
      for (const n of names)
        expect(mcpTargets.get(`mcp:conformance.${n}`)).toEqual({ serverId: 'conformance', name: n });
      expect(events.filter((e) => e.code === 'server-skipped').map((e) => e.serverId)).toEqual(['conformance.down']);
      for (const t of tools) expect(errorsOf(validate, t), t.toolId).toEqual([]);
    });

    it('keeps the read-only claim tool at write, publishing readOnlyHint false / destructiveHint true', async () => {
      const claim = fake.readonlyClaimToolName();
      const server = fake.currentTools().find((t) => t['name'] === claim)!;
      expect(server['annotations']).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
      const { tools } = await catalog.read();
      const d = tools.find((t) => t.toolId === `mcp:conformance.${claim}`)!;
      expect(d.safetyTier).toBe('write');
      expect(d.annotations).toEqual({
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: true,
      });
    });

    it('ignores structured-echo’s hints too, and applies the operator’s classification to echo', async () => {
      const { tools } = await catalog.read();
      const se = tools.find((t) => t.toolId === 'mcp:conformance.structured-echo')!;
      expect(se).toMatchObject({ safetyTier: 'write', title: 'Structured echo' });
      expect(se.annotations!.readOnlyHint).toBe(false);
      expect(se.outputSchema).toBeDefined();
      expect(tools.find((t) => t.toolId === 'mcp:conformance.echo')!.annotations).toEqual({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
    });

    it('reads through the page cache: a second read is deep-equal and sends no tools/list', async () => {
      const first = await catalog.read();
      const before = fake.exchanges().filter((x) => x.method === 'tools/list').length;
      const second = await catalog.read();
      expect(second).toEqual(first);
      expect(fake.exchanges().filter((x) => x.method === 'tools/list').length).toBe(before);
    });

    it('serves GET /tools and ?view=compact over the projection', async () => {
      const handle = createToolsHandler({
        catalog,
        authenticate: (a) => (a === 'Bearer t' ? 't' : undefined),
        compactView: true,
      });
      const std = await handle({ path: '/tools', auth: 'Bearer t' });
      const compact = await handle({ path: '/tools', query: { view: 'compact' }, auth: 'Bearer t' });
      const { tools } = compact.body as { tools: { toolId: string }[] };
      expect(tools.map((t) => t.toolId)).toEqual((std.body as { toolId: string }[]).map((t) => t.toolId));
      for (const c of tools) expect(errorsOf(validateCompact, c)).toEqual([]);
      const claimId = encodeURIComponent(`mcp:conformance.${fake.readonlyClaimToolName()}`);
      const one = await handle({ path: `/tools/${claimId}`, auth: 'Bearer t' });
      expect(one.status).toBe(200);
      expect((one.body as { safetyTier: string }).safetyTier).toBe('write');
    });
  });
}

// A server's keep-alive idle timer can close a connection just as a request goes out on it; on a busy
// machine the request then ends in a reset before any answer (undici: `fetch failed`, cause
// ECONNRESET). The first tools/list at 2025-11-25 meets that here, injected, so the race is
// reproduced without waiting on a clock: the catalog must still read the same tools twice.
describe('two reads of an unchanged catalog when a connection resets under the first', () => {
  let fake: FakeMcpServer;
  beforeAll(async () => {
    fake = createFakeMcpServer();
    await fake.start();
  });
  afterAll(() => fake.stop());

  it('lists the server both times: a reset read is sent again, not skipped', async () => {
    let reset = false;
    const resetting = ((input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const body = JSON.parse((init?.body as string | undefined) ?? '{}') as { method?: string };
      const revision = new Headers(init?.headers).get('mcp-protocol-version');
      if (!reset && body.method === 'tools/list' && revision === '2025-11-25') {
        reset = true;
        return Promise.reject(
          new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }),
        );
      }
      return fetch(input, init);
    }) as typeof fetch;
    const events: CatalogEvent[] = [];
    const client = createMcpClient({
      servers: { conformance: { url: fake.url }, 'conformance.earlier': { url: fake.earlierRevisionUrl } },
      fetch: resetting,
    });
    const catalog = createToolCatalog({
      mcp: { client, serverIds: ['conformance', 'conformance.earlier'] },
      log: (e) => events.push(e),
    });
    const first = await catalog.read();
    const second = await catalog.read();
    expect(reset).toBe(true);
    expect(first.tools.map((t) => t.toolId)).toContain('mcp:conformance.earlier.echo');
    expect(second).toEqual(first);
    expect(events.filter((e) => e.code === 'server-skipped')).toEqual([]);
  });
});
