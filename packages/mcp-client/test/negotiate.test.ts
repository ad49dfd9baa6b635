// Revision negotiation against a scripted server: 2026-07-28 first, the fallback to an
// initialize-era revision with its own handshake, sessions, re-initialisation, re-probing, DELETE on
// close and stream resumption. The real SDK servers are exercised in interop.test.ts.
import { describe, expect, test } from 'vitest';
import { McpErrorResponse, McpTransportFailure, createMcpClient } from '../src/index.js';
import type { McpClientOptions } from '../src/index.js';
import { rejection } from './helpers.js';

interface Seen {
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

const URL = 'http://127.0.0.1:1/mcp';
const jsonReply = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const ok = (id: unknown, result: Record<string, unknown>, headers: Record<string, string> = {}) =>
  jsonReply({ jsonrpc: '2.0', id, result }, 200, headers);
const legacy400 = (id: unknown) =>
  jsonReply({ jsonrpc: '2.0', id, error: { code: -32000, message: 'Bad Request: Server not initialized' } }, 400);

/** A fetch that records every request (method, lower-cased headers, parsed body) and answers with `answer`. */
function scripted(answer: (seen: Seen, index: number) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = async (_input: unknown, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const entry = { method: init?.method ?? 'GET', headers, body };
    seen.push(entry);
    return answer(entry, seen.length - 1);
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

/** An initialize-era server: refuses 2026-07-28 framing with a non-2026 400, then runs a session. */
function legacyServer(
  options: {
    version?: string;
    sessions?: string[];
    deleteStatus?: number;
    onRequest?: (seen: Seen) => Response | undefined;
  } = {},
) {
  const sessions = [...(options.sessions ?? ['s-1', 's-2', 's-3'])];
  let live: string | undefined;
  return scripted((seen) => {
    const body = seen.body;
    if (seen.method === 'DELETE') return new Response(null, { status: options.deleteStatus ?? 200 });
    if (body?.['method'] === 'initialize') {
      live = sessions.shift();
      return ok(
        body['id'],
        {
          protocolVersion: options.version ?? '2025-11-25',
          capabilities: { tools: {} },
          serverInfo: { name: 'old', version: '1' },
        },
        live === undefined ? {} : { 'Mcp-Session-Id': live },
      );
    }
    if (seen.headers['mcp-method'] !== undefined) return legacy400(body?.['id']);
    if (live !== undefined && seen.headers['mcp-session-id'] !== live)
      return jsonReply({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }, 404);
    if (body?.['method'] === 'notifications/initialized') return new Response(null, { status: 202 });
    return (
      options.onRequest?.(seen) ?? ok(body?.['id'], { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] })
    );
  });
}

const client = (fetch: typeof globalThis.fetch, extra: Partial<McpClientOptions> = {}) =>
  createMcpClient({ servers: { s: { url: URL } }, fetch, ...extra });

const summary = (seen: Seen[]) =>
  seen.map(
    (s) =>
      `${s.method} ${(s.body?.['method'] as string | undefined) ?? ''} v=${s.headers['mcp-protocol-version'] ?? '-'} sid=${s.headers['mcp-session-id'] ?? '-'}`,
  );

describe('falling back to an initialize-era revision', () => {
  test('a non-2026 400 leads to initialize at 2025-11-25, notifications/initialized, then the call in the session', async () => {
    const server = legacyServer();
    const mcp = client(server.fetch);
    await expect(mcp.listTools({ serverId: 's' })).resolves.toStrictEqual({
      tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
    });
    expect(summary(server.seen)).toEqual([
      'POST tools/list v=2026-07-28 sid=-',
      'POST initialize v=- sid=-',
      'POST notifications/initialized v=2025-11-25 sid=s-1',
      'POST tools/list v=2025-11-25 sid=s-1',
    ]);
    const [, init, initialized, call] = server.seen;
    expect(init!.body!['params']).toStrictEqual({
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'openwop-spec-mcp-client', version: '0.1.0' },
    });
    expect(initialized!.body).toStrictEqual({ jsonrpc: '2.0', method: 'notifications/initialized' });
    // The older framing: no 2026-07-28 headers, no _meta written into the params.
    expect(call!.body!['params']).toStrictEqual({});
    expect(call!.headers['mcp-method']).toBeUndefined();
    expect(call!.headers['accept']).toBe('application/json, text/event-stream');

    // Remembered: the next call goes straight to the session.
    await mcp.callTool({ serverId: 's', name: 'echo', arguments: { text: 'hi' }, idempotencyKey: 'k' });
    expect(summary(server.seen).slice(4)).toEqual(['POST tools/call v=2025-11-25 sid=s-1']);
    expect(server.seen[4]!.body!['params']).toStrictEqual({ name: 'echo', arguments: { text: 'hi' } });
    expect(server.seen[4]!.headers['mcp-name']).toBeUndefined();
  });

  test('the server names its own revision: the session runs at it, and 2025-03-26 sends no version header', async () => {
    const server = legacyServer({ version: '2025-03-26' });
    await client(server.fetch).listTools({ serverId: 's' });
    expect(summary(server.seen).slice(2)).toEqual([
      'POST notifications/initialized v=- sid=s-1',
      'POST tools/list v=- sid=s-1',
    ]);
  });

  test('a server without sessions: no Mcp-Session-Id is invented', async () => {
    const server = legacyServer({ sessions: [] });
    await client(server.fetch).listTools({ serverId: 's' });
    expect(summary(server.seen).slice(1)).toEqual([
      'POST initialize v=- sid=-',
      'POST notifications/initialized v=2025-11-25 sid=-',
      'POST tools/list v=2025-11-25 sid=-',
    ]);
  });

  test('-32022 naming an older revision: the handshake runs at the newest one both sides have', async () => {
    const server = scripted((seen, index) => {
      const id = seen.body?.['id'];
      if (index === 0)
        return jsonReply(
          {
            jsonrpc: '2.0',
            id,
            error: {
              code: -32022,
              message: 'Unsupported',
              data: { supported: ['2025-06-18', '2024-11-05'], requested: '2026-07-28' },
            },
          },
          400,
        );
      if (seen.body?.['method'] === 'initialize')
        return ok(id, {
          protocolVersion: seen.body['params'] && (seen.body['params'] as Record<string, unknown>)['protocolVersion'],
          capabilities: {},
          serverInfo: { name: 'x', version: '1' },
        });
      if (id === undefined) return new Response(null, { status: 202 });
      return ok(id, { tools: [] });
    });
    await client(server.fetch).listTools({ serverId: 's' });
    expect((server.seen[1]!.body!['params'] as Record<string, unknown>)['protocolVersion']).toBe('2025-06-18');
    expect(summary(server.seen).slice(3)).toEqual(['POST tools/list v=2025-06-18 sid=-']);
  });

  test('2026-07-28 errors are never a reason to fall back: -32020, -32021, -32601 at 404, and -32022 with nothing in common', async () => {
    const errors = [
      { status: 400, error: { code: -32020, message: 'Header mismatch' } },
      {
        status: 400,
        error: { code: -32021, message: 'Missing capability', data: { requiredCapabilities: { elicitation: {} } } },
      },
      { status: 404, error: { code: -32601, message: 'Method not found' } },
      {
        status: 400,
        error: { code: -32022, message: 'Unsupported', data: { supported: ['2030-01-01'], requested: '2026-07-28' } },
      },
    ];
    for (const { status, error } of errors) {
      const server = scripted((seen) => jsonReply({ jsonrpc: '2.0', id: seen.body?.['id'], error }, status));
      const err = (await rejection(client(server.fetch).listTools({ serverId: 's' }))) as McpErrorResponse;
      expect(err).toBeInstanceOf(McpErrorResponse);
      expect(err.error).toStrictEqual(error);
      expect(server.seen).toHaveLength(1);
    }
  });

  test('an initialize answered with a revision this host does not negotiate: DELETE, then incompatible', async () => {
    const server = legacyServer({ version: '2024-11-05' });
    const err = (await rejection(client(server.fetch).listTools({ serverId: 's' }))) as McpTransportFailure;
    expect(err).toBeInstanceOf(McpTransportFailure);
    expect(err).toMatchObject({ reason: 'incompatible', supported: ['2024-11-05'] });
    expect(summary(server.seen).slice(1)).toEqual(['POST initialize v=- sid=-', 'DELETE  v=- sid=s-1']);
  });

  test('an initialize refused with the versions the server knows is retried once at one both sides have', async () => {
    const server = scripted((seen) => {
      const id = seen.body?.['id'];
      const params = seen.body?.['params'] as Record<string, unknown> | undefined;
      if (seen.headers['mcp-method'] !== undefined) return legacy400(id);
      if (seen.body?.['method'] === 'initialize' && params?.['protocolVersion'] !== '2025-03-26') {
        return jsonReply({
          jsonrpc: '2.0',
          id,
          error: { code: -32602, message: 'Unsupported protocol version', data: { supported: ['2025-03-26'] } },
        });
      }
      if (seen.body?.['method'] === 'initialize')
        return ok(id, { protocolVersion: '2025-03-26', capabilities: {}, serverInfo: { name: 'x', version: '1' } });
      if (id === undefined) return new Response(null, { status: 202 });
      return ok(id, { tools: [] });
    });
    await expect(client(server.fetch).listTools({ serverId: 's' })).resolves.toStrictEqual({ tools: [] });
    expect(server.seen.filter((s) => s.body?.['method'] === 'initialize')).toHaveLength(2);
  });

  test('revisions without 2026-07-28: straight to initialize; with only 2026-07-28: never', async () => {
    const old = legacyServer();
    await client(old.fetch, { revisions: ['2025-06-18', '2025-11-25'] }).listTools({ serverId: 's' });
    expect(summary(old.seen)[0]).toBe('POST initialize v=- sid=-');
    const modernOnly = legacyServer();
    const err = await rejection(client(modernOnly.fetch, { revisions: ['2026-07-28'] }).listTools({ serverId: 's' }));
    expect(err).toMatchObject({ code: 'mcp_error', httpStatus: 400 });
    expect(modernOnly.seen).toHaveLength(1);
  });

  test('revisions must be ones this client speaks', () => {
    expect(() => client(globalThis.fetch, { revisions: [] })).toThrow(RangeError);
    expect(() => client(globalThis.fetch, { revisions: ['2024-11-05'] })).toThrow(
      /not one of 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26/,
    );
  });
});

describe('sessions', () => {
  test('a 404 on the session starts a new one with a fresh initialize, and the call is sent again once', async () => {
    let expire = false;
    const server = legacyServer({
      onRequest: () => {
        if (!expire) return undefined;
        expire = false;
        return jsonReply({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }, 404);
      },
    });
    const mcp = client(server.fetch);
    await mcp.listTools({ serverId: 's' });
    expire = true;
    await expect(mcp.listTools({ serverId: 's' })).resolves.toHaveProperty('tools');
    expect(summary(server.seen).slice(4)).toEqual([
      'POST tools/list v=2025-11-25 sid=s-1',
      'POST initialize v=- sid=-',
      'POST notifications/initialized v=2025-11-25 sid=s-2',
      'POST tools/list v=2025-11-25 sid=s-2',
    ]);
  });

  test('a 400 inside the session means the server may have changed: 2026-07-28 is tried again', async () => {
    let upgraded = false;
    const server = scripted((seen, index) => {
      const id = seen.body?.['id'];
      if (upgraded)
        return seen.headers['mcp-method'] !== undefined ? ok(id, { resultType: 'complete', tools: [] }) : legacy400(id);
      if (seen.headers['mcp-method'] !== undefined) return legacy400(id);
      if (seen.body?.['method'] === 'initialize')
        return ok(id, { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'x', version: '1' } });
      if (id === undefined) return new Response(null, { status: 202 });
      if (index === 3) return ok(id, { tools: [] });
      return legacy400(id);
    });
    const mcp = client(server.fetch);
    await expect(mcp.listTools({ serverId: 's' })).resolves.toStrictEqual({ tools: [] });
    upgraded = true;
    await expect(mcp.listTools({ serverId: 's' })).resolves.toStrictEqual({ resultType: 'complete', tools: [] });
    expect(summary(server.seen).slice(4)).toEqual([
      'POST tools/list v=2025-11-25 sid=-',
      'POST tools/list v=2026-07-28 sid=-',
    ]);
  });

  test('a call gives up after three requests however the server answers', async () => {
    const server = scripted((seen) => {
      const id = seen.body?.['id'];
      if (seen.body?.['method'] === 'initialize')
        return ok(id, { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'x', version: '1' } });
      if (id === undefined) return new Response(null, { status: 202 });
      return legacy400(id);
    });
    const err = await rejection(client(server.fetch).listTools({ serverId: 's' }));
    expect(err).toMatchObject({ code: 'mcp_error', httpStatus: 400 });
    expect(server.seen.filter((s) => s.body?.['method'] === 'tools/list')).toHaveLength(3);
  });

  test('concurrent calls to an unknown server share one handshake', async () => {
    const server = legacyServer();
    const mcp = client(server.fetch);
    await Promise.all([1, 2, 3].map(() => mcp.listTools({ serverId: 's' })));
    expect(server.seen.filter((s) => s.body?.['method'] === 'initialize')).toHaveLength(1);
  });

  test('close() ends each session with DELETE; a 405 is fine; a server without a session gets none', async () => {
    const server = legacyServer();
    const mcp = client(server.fetch);
    await mcp.listTools({ serverId: 's' });
    await mcp.close();
    expect(summary(server.seen).at(-1)).toBe('DELETE  v=2025-11-25 sid=s-1');
    const refusing = legacyServer({ deleteStatus: 405 });
    const kept = client(refusing.fetch);
    await kept.listTools({ serverId: 's' });
    await expect(kept.close()).resolves.toBeUndefined();
    expect(refusing.seen.at(-1)!.method).toBe('DELETE');
    const stateless = legacyServer({ sessions: [] });
    const other = client(stateless.fetch);
    await other.listTools({ serverId: 's' });
    await other.close();
    expect(stateless.seen.map((s) => s.method)).not.toContain('DELETE');
  });

  test('a request that times out inside a session is followed by notifications/cancelled naming it', async () => {
    let cancelled: () => void;
    const seenCancel = new Promise<void>((resolve) => (cancelled = resolve));
    const server = legacyServer({
      onRequest: (seen) => {
        if (seen.body?.['method'] === 'notifications/cancelled') {
          cancelled();
          return new Response(null, { status: 202 });
        }
        return undefined;
      },
    });
    let callId: unknown;
    // The tools/list inside the session never answers; it settles only when the client gives up.
    const fetch = (async (input: string, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      if (body?.['method'] === 'tools/list' && new Headers(init?.headers).get('mcp-session-id') !== null) {
        callId = body['id'];
        return new Promise<Response>((_resolve, reject) =>
          init!.signal!.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      }
      return server.fetch(input, init);
    }) as typeof globalThis.fetch;
    const mcp = createMcpClient({ servers: { s: { url: URL, timeoutMs: 50 } }, fetch });
    expect(await rejection(mcp.listTools({ serverId: 's' }))).toMatchObject({ reason: 'timeout' });
    await seenCancel;
    const cancel = server.seen.find((s) => s.body?.['method'] === 'notifications/cancelled')!;
    expect(cancel.body!['params']).toStrictEqual({ requestId: callId, reason: 'timeout' });
    expect(cancel.headers['mcp-session-id']).toBe('s-1');
  });

  test('health of a live older server is reachable without discover; later probes ping inside the session', async () => {
    const server = legacyServer({
      onRequest: (seen) => (seen.body?.['method'] === 'ping' ? ok(seen.body['id'], {}) : undefined),
    });
    const mcp = client(server.fetch);
    await expect(mcp.serverHealth({ serverId: 's' })).resolves.toStrictEqual({ state: 'reachable' });
    await expect(mcp.serverHealth({ serverId: 's' })).resolves.toStrictEqual({ state: 'reachable' });
    expect(summary(server.seen)).toEqual([
      'POST server/discover v=2026-07-28 sid=-',
      'POST initialize v=- sid=-',
      'POST notifications/initialized v=2025-11-25 sid=s-1',
      'POST ping v=2025-11-25 sid=s-1',
    ]);
  });
});

describe('resuming an initialize-era event stream', () => {
  const sse = (text: string) => new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });

  test('a stream that ends after its priming event is resumed with GET and Last-Event-ID, after the retry wait', async () => {
    let pending: unknown;
    const server = legacyServer({
      onRequest: (seen) => {
        if (seen.method === 'GET') {
          return sse(
            `id: e-2\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: {} })}\n\nid: e-3\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: pending, result: { tools: [] } })}\n\n`,
          );
        }
        pending = seen.body?.['id'];
        return sse('id: e-1\nretry: 5\ndata: \n\n');
      },
    });
    const notes: unknown[] = [];
    const mcp = client(server.fetch, { onNotification: (_id, n) => notes.push(n) });
    await expect(mcp.listTools({ serverId: 's' })).resolves.toStrictEqual({ tools: [] });
    const resume = server.seen.at(-1)!;
    expect(resume.method).toBe('GET');
    expect(resume.headers).toMatchObject({
      'last-event-id': 'e-1',
      'mcp-session-id': 's-1',
      'mcp-protocol-version': '2025-11-25',
      accept: 'text/event-stream',
    });
    expect(notes).toHaveLength(1);
  });

  test('resumption stops after repeated streams bring nothing new (interrupted), and never without an event id', async () => {
    const server = legacyServer({ onRequest: () => sse('id: only\nretry: 0\ndata: \n\n') });
    const err = await rejection(client(server.fetch).listTools({ serverId: 's' }));
    expect(err).toMatchObject({ reason: 'interrupted' });
    expect(server.seen.filter((s) => s.method === 'GET')).toHaveLength(9);
    const plain = legacyServer({ onRequest: () => sse(': no id\n\n') });
    expect(await rejection(client(plain.fetch).listTools({ serverId: 's' }))).toMatchObject({ reason: 'interrupted' });
    expect(plain.seen.map((s) => s.method)).not.toContain('GET');
  });
});

describe('requests an initialize-era server sends on a response stream', () => {
  const event = (message: unknown) => new TextEncoder().encode(`data: ${JSON.stringify(message)}\n\n`);

  test('ping gets an empty result, everything else -32601, each its own POST in the session; then the call completes', async () => {
    const requests = [
      { jsonrpc: '2.0', id: 'srv-ping', method: 'ping' },
      { jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: { message: 'Who?', requestedSchema: {} } },
      { jsonrpc: '2.0', id: 8, method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } },
      { jsonrpc: '2.0', id: 9, method: 'roots/list' },
    ];
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    let callId: unknown;
    const answers: Seen[] = [];
    const server = legacyServer({
      onRequest: (seen) => {
        if (seen.body?.['method'] === 'tools/list') {
          callId = seen.body['id'];
          const body = new ReadableStream<Uint8Array>({
            start: (controller) => {
              stream = controller;
              for (const request of requests) controller.enqueue(event(request));
            },
          });
          return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
        }
        // The server holds the call's response until every request it sent is answered.
        answers.push(seen);
        if (answers.length === requests.length) {
          stream.enqueue(event({ jsonrpc: '2.0', id: callId, result: { tools: [] } }));
          stream.close();
        }
        return new Response(null, { status: 202 });
      },
    });
    await expect(client(server.fetch).listTools({ serverId: 's' })).resolves.toStrictEqual({ tools: [] });
    const notFound = (id: number) => ({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
    expect(answers.map((a) => a.body)).toStrictEqual([
      { jsonrpc: '2.0', id: 'srv-ping', result: {} },
      notFound(7),
      notFound(8),
      notFound(9),
    ]);
    for (const answer of answers) {
      expect(answer.method).toBe('POST');
      expect(answer.headers).toMatchObject({ 'mcp-session-id': 's-1', 'mcp-protocol-version': '2025-11-25' });
      expect(answer.headers['mcp-method']).toBeUndefined();
    }
  });

  test('a request in a 2025-03-26 batch answering the call is answered too', async () => {
    const server = legacyServer({
      version: '2025-03-26',
      onRequest: (seen) =>
        seen.body?.['method'] === 'tools/list'
          ? jsonReply([
              { jsonrpc: '2.0', id: 'srv-1', method: 'ping' },
              { jsonrpc: '2.0', id: seen.body['id'], result: { tools: [] } },
            ])
          : new Response(null, { status: 202 }),
    });
    await expect(client(server.fetch).listTools({ serverId: 's' })).resolves.toStrictEqual({ tools: [] });
    expect(server.seen.at(-1)!.body).toStrictEqual({ jsonrpc: '2.0', id: 'srv-1', result: {} });
  });
});
