// ctx.mcp against the loopback fake, in both response modes: results deep-equal the fake's record
// of what it sent, rejections only in the three classes.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  ALWAYS_ERROR_CONTENT,
  NONCE_META_KEY,
  TOOLS_PAGE_SIZE,
  createFakeMcpServer,
} from '@openwop-spec/mcp-fake-server';
import type { Exchange, FakeMcpServer } from '@openwop-spec/mcp-fake-server';
import { McpErrorResponse, McpServerNotFound, createMcpClient } from '../src/index.js';
import type { McpClient } from '../src/index.js';
import { recordingFetch, rejection } from './helpers.js';

const SECRET = 'Bearer s3cret-token-for-tests';

function only(exchanges: Exchange[], match: (e: Exchange) => boolean): Exchange {
  const found = exchanges.filter(match);
  expect(found).toHaveLength(1);
  return found[0]!;
}

const params = (e: Exchange) => e.params as Record<string, any>;

describe.each(['json', 'sse'] as const)('ctx.mcp against the fake (%s)', (responseMode) => {
  let fake: FakeMcpServer;
  let client: McpClient;
  let recorded: ReturnType<typeof recordingFetch>;

  beforeAll(async () => {
    fake = createFakeMcpServer({ responseMode, resources: true });
    const url = await fake.start();
    recorded = recordingFetch();
    client = createMcpClient({
      servers: {
        conformance: {
          url,
          // Host-config headers pass through, except the ones MCP 2026-07-28 forbids or we own.
          headers: {
            Authorization: SECRET,
            'Mcp-Session-Id': 'stale-session',
            'Last-Event-ID': '7',
            'Mcp-Method': 'evil',
          },
        },
      },
      fetch: recorded.fetch,
    });
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.reset();
    recorded.bodies.length = 0;
  });

  test('structured-echo resolves to the result as sent: resultType, _meta with serverInfo, no isError added', async () => {
    const nonce = 'c0ffee01';
    const value = await client.callTool({
      serverId: 'conformance',
      name: 'structured-echo',
      arguments: { nonce },
      idempotencyKey: 'run:1',
    });
    const sent = only(fake.exchanges(), (e) => e.method === 'tools/call' && params(e).arguments?.nonce === nonce);
    expect(isDeepStrictEqual(JSON.parse(JSON.stringify(value)), sent.result)).toBe(true);
    expect(value).toStrictEqual(sent.result);
    expect(value.resultType).toBe('complete');
    expect(value._meta?.['io.modelcontextprotocol/serverInfo']).toEqual({
      name: 'openwop-conformance-fake-mcp',
      version: '1.1.0',
    });
    expect(value._meta?.[NONCE_META_KEY]).toBe(nonce);
    expect(Object.hasOwn(value, 'isError')).toBe(false);
    expect(value.structuredContent).toEqual({ n: 7, nonce });
  });

  test('isError: true resolves, unaltered', async () => {
    const value = await client.callTool({ serverId: 'conformance', name: 'always-error', idempotencyKey: 'run:2' });
    const sent = only(fake.exchanges(), (e) => e.method === 'tools/call');
    expect(value).toStrictEqual(sent.result);
    expect(value.isError).toBe(true);
    expect(value.content).toEqual(ALWAYS_ERROR_CONTENT);
  });

  test('arguments go out only when an object; idempotencyKey never reaches the server', async () => {
    await client.callTool({ serverId: 'conformance', name: 'always-error', idempotencyKey: 'run:3' });
    await client.callTool({
      serverId: 'conformance',
      name: 'always-error',
      arguments: ['not', 'an', 'object'] as unknown as Record<string, unknown>,
      idempotencyKey: 'run:4',
    });
    for (const body of recorded.bodies) {
      expect(Object.keys(body.params).sort()).toEqual(['_meta', 'name']);
      expect(JSON.stringify(body)).not.toContain('run:');
    }
  });

  test('listTools returns one page unaltered, and forwards the cursor byte for byte', async () => {
    const first = await client.listTools({ serverId: 'conformance' });
    const firstSent = only(fake.exchanges(), (e) => e.method === 'tools/list' && !('cursor' in params(e)));
    expect(first).toStrictEqual(firstSent.result);
    expect(first.tools).toHaveLength(TOOLS_PAGE_SIZE);
    expect(first.nextCursor).toBe('fake-page:3');
    expect(first.ttlMs).toBe(60_000);
    expect(first.cacheScope).toBe('private');
    const echo = first.tools.find((tool) => tool.name === 'structured-echo');
    expect(echo?.outputSchema).toBeDefined();
    expect(echo?.annotations).toEqual({
      title: 'Echo, structured',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });

    const second = await client.listTools({ serverId: 'conformance', cursor: first.nextCursor! });
    const secondSent = only(fake.exchanges(), (e) => e.method === 'tools/list' && 'cursor' in params(e));
    expect(params(secondSent).cursor).toBe(first.nextCursor);
    expect(second).toStrictEqual(secondSent.result);
    expect(second.nextCursor).toBe('fake-page:6');
    expect(second.tools.map((tool) => tool.name)).toEqual([
      fake.readonlyClaimToolName(),
      'needs_input',
      'needs_input_loop',
    ]);
  });

  test('a cursor that is not a string is not sent', async () => {
    await client.listTools({ serverId: 'conformance', cursor: 3 as unknown as string });
    expect(Object.keys(recorded.bodies[0]!.params)).toEqual(['_meta']);
  });

  test('a bad cursor rejects with McpErrorResponse carrying the sent error unaltered', async () => {
    const err = await rejection(client.listTools({ serverId: 'conformance', cursor: 'fake-page:99' }));
    const sent = only(fake.exchanges(), (e) => e.method === 'tools/list');
    expect(err).toBeInstanceOf(McpErrorResponse);
    const mcpError = err as McpErrorResponse;
    expect(mcpError.code).toBe('mcp_error');
    expect(mcpError.httpStatus).toBe(200);
    expect(mcpError.error).toStrictEqual(sent.error);
    expect(mcpError.error).toEqual({ code: -32602, message: 'Invalid cursor' });
    expect(mcpError.serverId).toBe('conformance');
  });

  test('an unknown tool rejects with the server error (HTTP 200, -32602)', async () => {
    const err = (await rejection(
      client.callTool({ serverId: 'conformance', name: 'no-such-tool', idempotencyKey: 'k' }),
    )) as McpErrorResponse;
    expect(err).toBeInstanceOf(McpErrorResponse);
    expect(err.error).toStrictEqual(only(fake.exchanges(), () => true).error);
  });

  test('needs_input without the elicitation capability surfaces the 400 -32021 unaltered', async () => {
    const err = (await rejection(
      client.callTool({ serverId: 'conformance', name: 'needs_input', idempotencyKey: 'k' }),
    )) as McpErrorResponse;
    expect(err).toBeInstanceOf(McpErrorResponse);
    expect(err.httpStatus).toBe(400);
    expect(err.error).toStrictEqual(only(fake.exchanges(), () => true).error);
    expect(err.error.data).toEqual({ requiredCapabilities: { elicitation: {} } });
  });

  test('with clientCapabilities { elicitation }, needs_input asks, is declined, and completes; the pack never sees input_required', async () => {
    const asking = createMcpClient({
      servers: { conformance: { url: fake.url } },
      clientCapabilities: { elicitation: {} },
    });
    const value = await asking.callTool({ serverId: 'conformance', name: 'needs_input', idempotencyKey: 'k' });
    const [asked, answered] = fake.exchanges();
    expect((asked!.result as Record<string, unknown>).resultType).toBe('input_required');
    expect(params(answered!).inputResponses).toEqual({ who: { action: 'decline' } });
    expect(value).toStrictEqual(answered!.result);
    expect(value.resultType).toBe('complete');
    expect(params(asked!)._meta['io.modelcontextprotocol/clientCapabilities']).toEqual({ elicitation: {} });
  });

  test('readResource resolves to the ReadResourceResult unaltered; the uri rides in Mcp-Name', async () => {
    const value = await client.readResource({ serverId: 'conformance', uri: 'conformance://fixture/readme' });
    expect(value).toStrictEqual(only(fake.exchanges(), (e) => e.method === 'resources/read').result);
    expect(value.cacheScope).toBe('public');
    expect(fake.invocations()[0]!.headers['mcp-name']).toBe('conformance://fixture/readme');
  });

  test('an unknown serverId rejects with not_found and sends nothing', async () => {
    const err = await rejection(client.callTool({ serverId: 'no-such-0badf00d', name: 'echo', idempotencyKey: 'k' }));
    expect(err).toBeInstanceOf(McpServerNotFound);
    expect((err as McpServerNotFound).code).toBe('not_found');
    // A key inherited from Object.prototype is not a configured server either.
    expect(await rejection(client.listTools({ serverId: 'constructor' }))).toBeInstanceOf(McpServerNotFound);
    expect(recorded.bodies).toHaveLength(0);
    expect(fake.invocations()).toHaveLength(0);
  });

  test('headers: protocol version, Mcp-Method, Mcp-Name, both media types; never a session id or Last-Event-ID', async () => {
    await client.serverHealth({ serverId: 'conformance' });
    await client.listTools({ serverId: 'conformance' });
    await client.callTool({ serverId: 'conformance', name: 'echo', arguments: { text: 'hi' }, idempotencyKey: 'k' });
    const seen = fake.invocations();
    expect(seen.map((i) => i.method)).toEqual(['server/discover', 'tools/list', 'tools/call']);
    for (const invocation of seen) {
      const h = invocation.headers;
      expect(h['mcp-protocol-version']).toBe('2026-07-28');
      expect(invocation.revision).toBe('2026-07-28');
      expect(h['mcp-method']).toBe(invocation.method);
      expect(h['accept']).toBe('application/json, text/event-stream');
      expect(h['content-type']).toBe('application/json');
      expect(h['authorization']).toBe(SECRET);
      expect(h).not.toHaveProperty('mcp-session-id');
      expect(h).not.toHaveProperty('last-event-id');
    }
    expect(seen[0]!.headers).not.toHaveProperty('mcp-name');
    expect(seen[1]!.headers).not.toHaveProperty('mcp-name');
    expect(seen[2]!.headers['mcp-name']).toBe('echo');
  });

  test('to a 2026-07-28 server every request carries _meta and a fresh id; initialize is never sent', async () => {
    await client.serverHealth({ serverId: 'conformance' });
    await client.callTool({ serverId: 'conformance', name: 'echo', arguments: { text: 'a' }, idempotencyKey: 'k' });
    await client.callTool({ serverId: 'conformance', name: 'echo', arguments: { text: 'b' }, idempotencyKey: 'k' });
    const ids = recorded.bodies.map((body) => body.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const body of recorded.bodies) {
      expect(body.jsonrpc).toBe('2.0');
      expect(body.params._meta).toEqual({
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'openwop-spec-mcp-client', version: '0.1.0' },
        'io.modelcontextprotocol/clientCapabilities': {},
      });
    }
    expect(fake.invocations().some((i) => i.method === 'initialize' || i.method.startsWith('notifications/'))).toBe(
      false,
    );
  });

  test('a tool name that is not plain visible ASCII goes in the base64 sentinel form', async () => {
    for (const name of ['échø', ' echo', '=?base64?ZWNobw==?=']) {
      fake.reset();
      // The fake checks Mcp-Name against params.name after decoding: -32602 (unknown tool), not -32020.
      const err = (await rejection(
        client.callTool({ serverId: 'conformance', name, idempotencyKey: 'k' }),
      )) as McpErrorResponse;
      expect(err.error.code).toBe(-32602);
      expect(fake.invocations()[0]!.headers['mcp-name']).toBe(
        `=?base64?${Buffer.from(name, 'utf8').toString('base64')}?=`,
      );
    }
  });
});
