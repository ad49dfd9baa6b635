// The v1 invokeTool shim (§4.6): raw IS the CallToolResult, isError === (raw.isError === true),
// and v1's failure codes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFakeMcpServer, deadEndpoint } from '@openwop-spec/mcp-fake-server';
import type { FakeMcpServer } from '@openwop-spec/mcp-fake-server';
import {
  McpErrorResponse,
  McpServerNotFound,
  McpTransportFailure,
  McpV1Error,
  createMcpClient,
  createV1Mcp,
  v1ErrorCode,
} from '../src/index.js';
import type { CallToolResult, CtxMcp } from '../src/index.js';
import { rejection } from './helpers.js';

describe('v1 invokeTool', () => {
  let fake: FakeMcpServer;
  let v1: ReturnType<typeof createV1Mcp>;
  beforeAll(async () => {
    fake = createFakeMcpServer();
    const client = createMcpClient({
      servers: { conformance: { url: await fake.start() }, down: { url: await deadEndpoint() } },
    });
    v1 = createV1Mcp(client);
  });
  afterAll(() => fake.stop());

  test('echo: raw deep-equals the exchange, isError is a boolean equal to raw.isError === true', async () => {
    fake.reset();
    const nonce = 'a1b2c3d4';
    const out = await v1.invokeTool({
      serverId: 'conformance',
      toolName: 'echo',
      args: { text: nonce },
      idempotencyKey: 'k',
    });
    expect(out.raw).toStrictEqual(fake.exchanges()[0]!.result);
    expect(out.isError).toBe(false);
    expect(out.isError).toBe(out.raw.isError === true);
    expect(out.result).toEqual([{ type: 'text', text: nonce }]);
  });

  test('structured-echo: result is structuredContent; raw has no isError yet isError is false', async () => {
    const out = await v1.invokeTool({
      serverId: 'conformance',
      toolName: 'structured-echo',
      args: { nonce: 'n' },
      idempotencyKey: 'k',
    });
    expect(out.result).toEqual({ n: 7, nonce: 'n' });
    expect(Object.hasOwn(out.raw, 'isError')).toBe(false);
    expect(out.isError).toBe(false);
  });

  test('always-error resolves with isError true', async () => {
    const out = await v1.invokeTool({ serverId: 'conformance', toolName: 'always-error', idempotencyKey: 'k' });
    expect(out.isError).toBe(true);
    expect(out.raw.isError).toBe(true);
  });

  test('raw is the very object callTool resolved to, never rebuilt', async () => {
    const value: CallToolResult = { resultType: 'complete', content: [], structuredContent: 0, isError: false };
    const stub: Pick<CtxMcp, 'callTool'> = { callTool: async () => value };
    const out = await createV1Mcp(stub).invokeTool({ serverId: 's', toolName: 't', idempotencyKey: 'k' });
    expect(out.raw).toBe(value);
    // `??` keeps a falsy structuredContent.
    expect(out.result).toBe(0);
  });

  test('v1 failure codes, with the v2 rejection as cause', async () => {
    const cases = [
      [{ serverId: 'nope', toolName: 'echo' }, 'mcp_server_not_found', McpServerNotFound],
      [{ serverId: 'conformance', toolName: 'no-such-tool' }, 'mcp_tool_not_found', McpErrorResponse],
      [{ serverId: 'conformance', toolName: 'needs_input' }, 'mcp_tool_invocation_failed', McpErrorResponse],
      [{ serverId: 'down', toolName: 'echo' }, 'mcp_server_disconnected', McpTransportFailure],
    ] as const;
    for (const [req, code, cause] of cases) {
      const err = (await rejection(v1.invokeTool({ ...req, idempotencyKey: 'k' }))) as McpV1Error;
      expect(err).toBeInstanceOf(McpV1Error);
      expect(err.code).toBe(code);
      expect(err.serverId).toBe(req.serverId);
      expect(err.cause).toBeInstanceOf(cause);
    }
  });

  test('v1ErrorCode maps only -32602 to mcp_tool_not_found', () => {
    expect(v1ErrorCode(new McpErrorResponse('s', { code: -32602, message: 'x' }, 200))).toBe('mcp_tool_not_found');
    expect(v1ErrorCode(new McpErrorResponse('s', { code: -32002, message: 'x' }, 200))).toBe(
      'mcp_tool_invocation_failed',
    );
  });

  test('a non-MCP failure is passed through untouched', async () => {
    const bug = new RangeError('bug');
    const stub: Pick<CtxMcp, 'callTool'> = {
      callTool: async () => {
        throw bug;
      },
    };
    expect(await rejection(createV1Mcp(stub).invokeTool({ serverId: 's', toolName: 't', idempotencyKey: 'k' }))).toBe(
      bug,
    );
  });
});
