// Every TransportReason the transport can produce, over real loopback HTTP, plus the
// classification order of §4.1 and the no-secrets rule of §8.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { createFakeMcpServer, deadEndpoint } from '@openwop-spec/mcp-fake-server';
import {
  McpClientError,
  McpErrorResponse,
  McpServerNotFound,
  McpTransportFailure,
  createMcpClient,
  MAX_REDIRECTS,
  encodeHeaderValue,
} from '../src/index.js';
import type { McpServerConfig, TransportReason } from '../src/index.js';
import { rawServer, rejection, result, stubFetch } from './helpers.js';
import type { RawServer } from './helpers.js';

const SECRET = 'Bearer never-print-me-4711';
let servers: RawServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function serve(handler: Parameters<typeof rawServer>[0]): Promise<string> {
  const server = await rawServer(handler);
  servers.push(server);
  return server.url;
}

function clientFor(url: string, extra: Partial<McpServerConfig> = {}) {
  return createMcpClient({ servers: { s: { url, headers: { Authorization: SECRET }, ...extra } } });
}

/** Calls listTools and returns the transport failure it must reject with. */
async function transportFailure(url: string, extra: Partial<McpServerConfig> = {}): Promise<McpTransportFailure> {
  const err = await rejection(clientFor(url, extra).listTools({ serverId: 's' }));
  expect(err).toBeInstanceOf(McpTransportFailure);
  const failure = err as McpTransportFailure;
  expect(failure.code).toBe('mcp_transport');
  expect(failure.serverId).toBe('s');
  // The request that failed on the wire: the call itself, or the older revision's handshake a 400 leads to.
  expect(['tools/list', 'initialize']).toContain(failure.method);
  expect(failure.timeoutMs).toBe(extra.timeoutMs ?? 30_000);
  // The message alone says what failed where: method, server, reason, HTTP status and deadline.
  expect(failure.message.startsWith(`${failure.method} to MCP server "s" failed: ${failure.reason}`)).toBe(true);
  if (failure.httpStatus !== undefined) expect(failure.message).toContain(`(HTTP ${failure.httpStatus}):`);
  expect(failure.message.endsWith(`; deadline ${extra.timeoutMs ?? 30_000} ms`)).toBe(true);
  // §8: no secret, no URL, no request in any field of the error.
  const dump = JSON.stringify({ ...failure, message: failure.message, stack: failure.stack });
  expect(dump).not.toContain('never-print-me');
  expect(dump).not.toContain(url);
  return failure;
}

const json =
  (status: number, body: unknown, type = 'application/json') =>
  (res: ServerResponse) =>
    res.writeHead(status, { 'Content-Type': type }).end(typeof body === 'string' ? body : JSON.stringify(body));

describe('transport reasons', () => {
  test('connect: a closed loopback port', async () => {
    expect((await transportFailure(await deadEndpoint())).reason).toBe<TransportReason>('connect');
  });

  // What a busy process sees when a server's keep-alive idle timer closes the connection its
  // request just went out on: the connection ends before any answer.
  const closesFirst = (closes: number) =>
    serve(({ id }, res, req) => {
      if (closes-- > 0) req.socket.destroy();
      else
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(result(id, { resultType: 'complete', tools: [] })));
    });

  test('a read whose connection closes before any answer is sent once more, and resolves', async () => {
    const url = await closesFirst(1);
    expect(await clientFor(url).listTools({ serverId: 's' })).toEqual({ resultType: 'complete', tools: [] });
    expect(servers[0]!.hits()).toBe(2);
  });

  test('interrupted: a read is sent again only once', async () => {
    const url = await closesFirst(2);
    expect((await transportFailure(url)).reason).toBe('interrupted');
    expect(servers[0]!.hits()).toBe(2);
  });

  test('interrupted, not connect: tools/call whose connection closes after it was received is never sent again', async () => {
    const url = await closesFirst(1);
    const err = await rejection(clientFor(url).callTool({ serverId: 's', name: 'echo', idempotencyKey: 'k' }));
    expect(err).toMatchObject({ code: 'mcp_transport', reason: 'interrupted', method: 'tools/call' });
    expect((err as Error).message).toContain('the request may have been delivered');
    expect(servers[0]!.hits()).toBe(1);
  });

  test('interrupted: the connection breaks in the middle of a JSON body, with its status', async () => {
    const url = await serve((_req, res, raw) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
      res.write('{"jsonrpc":"2.0",', () => raw.socket.destroy());
    });
    expect(await transportFailure(url)).toMatchObject({ reason: 'interrupted', httpStatus: 200 });
  });

  test('connect only for failures of making the connection; any other error of fetch is interrupted', async () => {
    const failing = (cause: unknown) =>
      createMcpClient({
        servers: { s: { url: 'http://127.0.0.1:9/mcp' } },
        fetch: () => Promise.reject(new TypeError('fetch failed', { cause })),
      });
    const reasonOf = async (cause: unknown) =>
      (
        (await rejection(
          failing(cause).callTool({ serverId: 's', name: 'x', idempotencyKey: 'k' }),
        )) as McpTransportFailure
      ).reason;
    for (const code of [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'UND_ERR_CONNECT_TIMEOUT',
    ])
      expect(await reasonOf(Object.assign(new Error(code), { code }))).toBe('connect');
    for (const cause of [Object.assign(new Error('x'), { code: 'ECONNRESET' }), new Error('odd'), undefined])
      expect(await reasonOf(cause)).toBe('interrupted');
  });

  test('timeout: no answer at all', async () => {
    const url = await serve(() => undefined);
    expect((await transportFailure(url, { timeoutMs: 40 })).reason).toBe('timeout');
  });

  test('timeout: the deadline covers the whole stream, not just the headers', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(': still thinking\n\n');
    });
    expect((await transportFailure(url, { timeoutMs: 40 })).reason).toBe('timeout');
  });

  test('redirect: a 307 to another origin is refused, never followed (the target sees nothing)', async () => {
    const fake = createFakeMcpServer();
    const target = await fake.start();
    try {
      const url = await serve((_req, res) => res.writeHead(307, { Location: target }).end());
      const failure = await transportFailure(url);
      expect(failure.reason).toBe('redirect');
      expect(failure.httpStatus).toBe(307);
      expect(failure.message).toContain("leads out of the server's origin");
      expect(fake.invocations()).toHaveLength(0);
    } finally {
      await fake.stop();
    }
  });

  test('http_status: a non-2xx without a JSON-RPC error, and a 202', async () => {
    const plain = await serve((_req, res) => json(502, 'bad gateway', 'text/plain')(res));
    expect(await transportFailure(plain)).toMatchObject({ reason: 'http_status', httpStatus: 502 });
    const notRpc = await serve((_req, res) => json(400, { detail: 'nope' })(res));
    expect(await transportFailure(notRpc)).toMatchObject({ reason: 'http_status', httpStatus: 400 });
    const unparsable = await serve((_req, res) => json(500, '{oops')(res));
    expect(await transportFailure(unparsable)).toMatchObject({ reason: 'http_status', httpStatus: 500 });
    const accepted = await serve((_req, res) => res.writeHead(202).end());
    expect(await transportFailure(accepted)).toMatchObject({ reason: 'http_status', httpStatus: 202 });
  });

  test('http_status: a 204 carries no response (it is not a content-type problem)', async () => {
    const url = await serve((_req, res) => res.writeHead(204).end());
    expect(await transportFailure(url)).toMatchObject({ reason: 'http_status', httpStatus: 204 });
  });

  test('http_status 401 passes the WWW-Authenticate challenge on, and nothing of the request', async () => {
    const challenge =
      'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource", error="invalid_token"';
    const url = await serve((_req, res) =>
      res
        .writeHead(401, { 'WWW-Authenticate': challenge, 'Content-Type': 'application/json' })
        .end('{"error":"invalid_token"}'),
    );
    expect(await transportFailure(url)).toMatchObject({
      reason: 'http_status',
      httpStatus: 401,
      wwwAuthenticate: challenge,
    });
    const bare = await serve((_req, res) => res.writeHead(401).end());
    expect((await transportFailure(bare)).wwwAuthenticate).toBeUndefined();
  });

  test('too_large: a 256 KB response header is refused as too large, not as a connection failure', async () => {
    const url = await serve((_req, res) => res.writeHead(200, { 'X-Padding': 'a'.repeat(256 * 1024) }).end('{}'));
    expect((await transportFailure(url)).reason).toBe('too_large');
  });

  test('content_type: a 200 that is neither JSON nor an event stream', async () => {
    const url = await serve((req, res) => json(200, result(req.id, { resultType: 'complete' }), 'text/html')(res));
    expect(await transportFailure(url)).toMatchObject({ reason: 'content_type', httpStatus: 200 });
  });

  test('content type is matched without parameters and case-insensitively', async () => {
    const url = await serve((req, res) =>
      json(200, result(req.id, { resultType: 'complete', tools: [] }), 'Application/JSON; charset=utf-8')(res),
    );
    await expect(clientFor(url).listTools({ serverId: 's' })).resolves.toEqual({ resultType: 'complete', tools: [] });
  });

  test('bad_json: in a JSON body and in an SSE data field', async () => {
    const body = await serve((_req, res) => json(200, '{"jsonrpc":"2.0",')(res));
    expect((await transportFailure(body)).reason).toBe('bad_json');
    const sse = await serve((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/event-stream' }).end('data: {nope\n\n'),
    );
    expect((await transportFailure(sse)).reason).toBe('bad_json');
  });

  test('bad_envelope: wrong jsonrpc, a non-object result, both result and error, a batch, a bare notification', async () => {
    const bodies: ((id: number) => unknown)[] = [
      (id) => ({ jsonrpc: '1.0', id, result: {} }),
      (id) => ({ jsonrpc: '2.0', id, result: [1, 2] }),
      (id) => ({ jsonrpc: '2.0', id, result: null }),
      (id) => ({ jsonrpc: '2.0', id, result: {}, error: { code: 1, message: 'x' } }),
      (id) => [{ jsonrpc: '2.0', id, result: {} }],
      () => ({ jsonrpc: '2.0', method: 'notifications/progress' }),
      (id) => ({ jsonrpc: '2.0', id, error: { code: 'x', message: 1 } }),
    ];
    for (const make of bodies) {
      const url = await serve((req, res) => json(200, make(req.id))(res));
      expect((await transportFailure(url)).reason).toBe('bad_envelope');
    }
  });

  test('id_mismatch: a result, an error, or a stream response for another id', async () => {
    const wrongResult = await serve((req, res) => json(200, result(req.id + 1, { resultType: 'complete' }))(res));
    expect((await transportFailure(wrongResult)).reason).toBe('id_mismatch');
    const stringId = await serve((req, res) => json(200, result(String(req.id) as unknown as number, {}))(res));
    expect((await transportFailure(stringId)).reason).toBe('id_mismatch');
    const wrongError = await serve((req, res) =>
      json(200, { jsonrpc: '2.0', id: req.id + 1, error: { code: -32602, message: 'x' } })(res),
    );
    expect((await transportFailure(wrongError)).reason).toBe('id_mismatch');
    const missingId = await serve((_req, res) => json(200, { jsonrpc: '2.0', result: {} })(res));
    expect((await transportFailure(missingId)).reason).toBe('id_mismatch');
    const stream = await serve((req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'text/event-stream' })
        .end(`data: ${JSON.stringify(result(req.id + 5, {}))}\n\ndata: ${JSON.stringify(result(req.id, {}))}\n\n`),
    );
    expect((await transportFailure(stream)).reason).toBe('id_mismatch');
  });

  test('interrupted: the event stream closes before our response', async () => {
    const url = await serve((_req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'text/event-stream' })
        .end(
          `: hello\n\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: {} })}\n\n`,
        ),
    );
    expect(await transportFailure(url)).toMatchObject({ reason: 'interrupted', httpStatus: 200 });
  });

  test('interrupted: an event without its blank line is never dispatched', async () => {
    const url = await serve((req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/event-stream' }).end(`data: ${JSON.stringify(result(req.id, {}))}\n`),
    );
    expect((await transportFailure(url)).reason).toBe('interrupted');
  });

  test('too_large: counted while streaming, declared up front, and in an event stream', async () => {
    const chunked = await serve((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(' '.repeat(700));
      res.end(' '.repeat(700) + JSON.stringify(result(req.id, {})));
    });
    expect((await transportFailure(chunked, { maxResponseBytes: 1024 })).reason).toBe('too_large');
    const declared = await serve((req, res) => {
      const body = ' '.repeat(2000) + JSON.stringify(result(req.id, {}));
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
    });
    expect((await transportFailure(declared, { maxResponseBytes: 1024 })).reason).toBe('too_large');
    const sse = await serve((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end(`: ${'x'.repeat(2000)}\n\ndata: ${JSON.stringify(result(req.id, {}))}\n\n`);
    });
    expect((await transportFailure(sse, { maxResponseBytes: 1024 })).reason).toBe('too_large');
  });

  test('too_large: the default limit is 8 MiB, and a body just under it is fine', async () => {
    const limit = 8 * 1024 * 1024;
    const sized = (size: number) =>
      serve((req, res) => {
        const tail = JSON.stringify(result(req.id, { resultType: 'complete', tools: [] }));
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(' '.repeat(size - Buffer.byteLength(tail)) + tail);
      });
    expect((await transportFailure(await sized(limit + 1))).reason).toBe('too_large');
    await expect(clientFor(await sized(limit)).listTools({ serverId: 's' })).resolves.toEqual({
      resultType: 'complete',
      tools: [],
    });
  });
});

describe("redirects: 307 and 308 within the server's origin are followed, nothing else", () => {
  interface Hop {
    path: string;
    method: string;
    authorization: string | undefined;
    body: unknown;
  }
  /**
   * A server that redirects by path (`routes(origin)[path]` = status and Location) and answers
   * `tools/list` on any other path, recording what each hop received.
   */
  async function redirecting(routes: (origin: string) => Record<string, [number, string?]>) {
    const hops: Hop[] = [];
    let origin = '';
    const url = await serve((body, res, raw) => {
      hops.push({ path: raw.url!, method: raw.method!, authorization: raw.headers.authorization, body });
      const route = routes(origin)[raw.url!];
      if (route === undefined) return json(200, result(body.id, { resultType: 'complete', tools: [] }))(res);
      const [status, location] = route;
      res.writeHead(status, location === undefined ? {} : { Location: location }).end();
    });
    origin = new URL(url).origin;
    return { url, hops };
  }

  test('a 307 then a 308, relative and absolute: same method, body and headers at every hop', async () => {
    const front = await redirecting((origin) => ({ '/mcp': [307, 'moved'], '/moved': [308, `${origin}/final`] }));
    await expect(clientFor(front.url).listTools({ serverId: 's' })).resolves.toEqual({
      resultType: 'complete',
      tools: [],
    });
    expect(front.hops.map((h) => h.path)).toEqual(['/mcp', '/moved', '/final']);
    for (const hop of front.hops) {
      expect(hop).toMatchObject({ method: 'POST', authorization: SECRET });
      expect(hop.body).toStrictEqual(front.hops[0]!.body);
    }
  });

  test('301, 302 and 303 (which may turn a POST into a GET) are refused with their status', async () => {
    for (const status of [301, 302, 303]) {
      const front = await redirecting(() => ({ '/mcp': [status, '/final'] }));
      const failure = await transportFailure(front.url);
      expect(failure).toMatchObject({ reason: 'redirect', httpStatus: status });
      expect(failure.message).toContain('only 307 and 308 redirects');
      expect(front.hops.map((h) => h.path)).toEqual(['/mcp']);
    }
  });

  test(`a loop ends after ${MAX_REDIRECTS} redirects; a 307 without a Location is refused`, async () => {
    const loop = await redirecting(() => ({ '/mcp': [307, '/mcp'] }));
    const failure = await transportFailure(loop.url);
    expect(failure).toMatchObject({ reason: 'redirect', httpStatus: 307 });
    expect(failure.message).toContain(`more than ${MAX_REDIRECTS} redirects`);
    expect(loop.hops).toHaveLength(MAX_REDIRECTS + 1);
    const bare = await redirecting(() => ({ '/mcp': [308] }));
    expect((await transportFailure(bare.url)).message).toContain('no usable Location');
  });

  test('never to another scheme (https to http), and never with credentials in the Location', async () => {
    for (const [from, location] of [
      ['https://127.0.0.1:8443/mcp', 'http://127.0.0.1:8443/mcp'],
      ['http://127.0.0.1:8080/mcp', 'http://user:pass@127.0.0.1:8080/mcp'],
      ['http://127.0.0.1:8080/mcp', 'http://localhost:8080/mcp'],
    ] as const) {
      const stub = stubFetch(() => new Response(null, { status: 308, headers: { Location: location } }));
      const client = createMcpClient({ servers: { s: { url: from } }, fetch: stub.fetch });
      const err = (await rejection(client.listTools({ serverId: 's' }))) as McpTransportFailure;
      expect(err).toMatchObject({ reason: 'redirect', httpStatus: 308 });
      expect(err.message).not.toContain(location);
      expect(stub.sent.map((r) => r.url)).toEqual([from]);
    }
  });
});

describe('classification order (§4.1)', () => {
  test('a JSON-RPC error wins at any HTTP status: 400, 404, 500, and inside an event stream', async () => {
    for (const status of [400, 404, 500]) {
      const error = { code: -32603, message: 'internal', data: { status } };
      const url = await serve((req, res) => json(status, { jsonrpc: '2.0', id: req.id, error })(res));
      const err = (await rejection(clientFor(url).listTools({ serverId: 's' }))) as McpErrorResponse;
      expect(err).toBeInstanceOf(McpErrorResponse);
      expect(err.httpStatus).toBe(status);
      expect(err.error).toStrictEqual(error);
    }
    const url = await serve((_req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'text/event-stream' })
        .end(`data: ${JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } })}\n\n`),
    );
    const err = (await rejection(clientFor(url).listTools({ serverId: 's' }))) as McpErrorResponse;
    expect(err.error).toStrictEqual({ code: -32700, message: 'Parse error' });
  });

  test("an error response's message names method, server and HTTP status, and quotes the server's text shortened", async () => {
    const text = `${'x'.repeat(300)}\nsecond line`;
    const url = await serve((req, res) =>
      json(200, { jsonrpc: '2.0', id: req.id, error: { code: -32602, message: text } })(res),
    );
    const err = (await rejection(
      clientFor(url).callTool({ serverId: 's', name: 'echo', idempotencyKey: 'k' }),
    )) as McpErrorResponse;
    expect(err.error.message).toBe(text);
    expect(err.method).toBe('tools/call');
    expect(err.message).toBe(
      `tools/call to MCP server "s" was answered with JSON-RPC error -32602 (HTTP 200): "${'x'.repeat(200)}…"`,
    );
  });

  test('an error may omit its id, or send null', async () => {
    for (const id of [undefined, null]) {
      const url = await serve((_req, res) =>
        json(400, { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid Request' } })(res),
      );
      expect(await rejection(clientFor(url).listTools({ serverId: 's' }))).toBeInstanceOf(McpErrorResponse);
    }
  });

  test('the fake answers an unimplemented method with 404 -32601: that is an McpErrorResponse', async () => {
    const fake = createFakeMcpServer();
    const url = await fake.start();
    try {
      const err = (await rejection(
        createMcpClient({ servers: { s: { url } } }).readResource({
          serverId: 's',
          uri: 'conformance://fixture/readme',
        }),
      )) as McpErrorResponse;
      expect(err).toBeInstanceOf(McpErrorResponse);
      expect(err.httpStatus).toBe(404);
      expect(err.error).toStrictEqual(fake.exchanges()[0]!.error);
    } finally {
      await fake.stop();
    }
  });

  test('not_found comes first: nothing is fetched', async () => {
    const stub = stubFetch(() => {
      throw new Error('must not be called');
    });
    const client = createMcpClient({ servers: { s: { url: 'http://127.0.0.1:9/mcp' } }, fetch: stub.fetch });
    for (const call of [
      client.callTool({ serverId: 'x', name: 'echo', idempotencyKey: 'k' }),
      client.listTools({ serverId: 'x' }),
      client.readResource({ serverId: 'x', uri: 'u' }),
      client.serverHealth({ serverId: 'x' }),
      client.listToolsPage('x'),
    ]) {
      const err = await rejection(call);
      expect(err).toBeInstanceOf(McpServerNotFound);
      expect(err).toBeInstanceOf(McpClientError);
    }
    expect(stub.sent).toHaveLength(0);
  });
});

describe('event streams', () => {
  test('notifications go to onNotification, a server request is not answered at 2026-07-28, CRLF framing and multi-line data work', async () => {
    const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 0.5 } };
    const url = await serve((req, res) => {
      const final = JSON.stringify(result(req.id, { resultType: 'complete', tools: [], extra: 'kept' }), null, 1);
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
      res.write(': comment\r\n\r\n');
      res.write(`event: message\r\ndata: ${JSON.stringify(progress)}\r\n\r\n`);
      res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: 'srv-1', method: 'roots/list' })}\r\n\r\n`);
      res.write('event: other\ndata: {"ignored": true}\n\n');
      // The final response split over several data lines, with a line break split across writes.
      res.write(
        final
          .split('\n')
          .map((line) => `data: ${line}`)
          .join('\r'),
      );
      res.end('\r\n\r\n');
    });
    const seen: [string, unknown][] = [];
    const client = createMcpClient({
      servers: { s: { url } },
      onNotification: (serverId, n) => seen.push([serverId, n]),
    });
    await expect(client.listTools({ serverId: 's' })).resolves.toEqual({
      resultType: 'complete',
      tools: [],
      extra: 'kept',
    });
    expect(seen).toEqual([['s', progress]]);
    // 2026-07-28 has no server-to-client requests and no client responses: nothing is POSTed back.
    expect(servers[0]!.hits()).toBe(1);
  });

  test('the stream is closed once our response arrives, even if the server keeps it open', async () => {
    const url = await serve((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(result(req.id, { resultType: 'complete', tools: [] }))}\n\n`);
    });
    await expect(clientFor(url, { timeoutMs: 2_000 }).listTools({ serverId: 's' })).resolves.toEqual({
      resultType: 'complete',
      tools: [],
    });
  });

  test('a priming event (an id with empty data) is skipped, not parsed as JSON', async () => {
    const url = await serve((req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'text/event-stream' })
        .end(
          `id: prime\ndata: \n\nid: 2\ndata: ${JSON.stringify(result(req.id, { resultType: 'complete', tools: [] }))}\n\n`,
        ),
    );
    await expect(clientFor(url).listTools({ serverId: 's' })).resolves.toEqual({ resultType: 'complete', tools: [] });
  });

  test('a 2026-07-28 stream is never resumed: ending after its priming event is interrupted, with no GET', async () => {
    const methods: string[] = [];
    const url = await serve((_req, res, raw) => {
      methods.push(raw.method!);
      res.writeHead(200, { 'Content-Type': 'text/event-stream' }).end('id: prime\nretry: 0\ndata: \n\n');
    });
    expect((await transportFailure(url)).reason).toBe('interrupted');
    expect(methods).toEqual(['POST']);
  });

  test('a throwing onNotification does not fail the request', async () => {
    const url = await serve((req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'text/event-stream' })
        .end(
          `data: {"jsonrpc":"2.0","method":"notifications/message"}\n\ndata: ${JSON.stringify(result(req.id, { resultType: 'complete' }))}\n\n`,
        ),
    );
    const client = createMcpClient({
      servers: { s: { url } },
      onNotification: () => {
        throw new Error('listener bug');
      },
    });
    await expect(client.listTools({ serverId: 's' })).resolves.toEqual({ resultType: 'complete' });
  });
});

describe('unaltered, at the object level', () => {
  test('an older server without resultType: nothing is written in; unknown keys survive', async () => {
    const sent = { tools: [], nextCursor: 'n', 'x-unknown': { deep: [1, null] } };
    const { fetch } = stubFetch((body) => result(body.id, sent));
    const client = createMcpClient({ servers: { s: { url: 'http://127.0.0.1:1/mcp' } }, fetch });
    const value = await client.listTools({ serverId: 's' });
    expect(value).toStrictEqual(sent);
    expect(Object.hasOwn(value, 'resultType')).toBe(false);
  });

  test('an unknown resultType passes through', async () => {
    const sent = { resultType: 'future_kind', content: [] };
    const { fetch } = stubFetch((body) => result(body.id, sent));
    const client = createMcpClient({ servers: { s: { url: 'http://127.0.0.1:1/mcp' } }, fetch });
    await expect(client.callTool({ serverId: 's', name: 't', idempotencyKey: 'k' })).resolves.toStrictEqual(sent);
  });

  test('a structuredContent that breaks the outputSchema still resolves (no gatekeeping)', async () => {
    const sent = { resultType: 'complete', content: [], structuredContent: { n: 'not an integer' } };
    const { fetch } = stubFetch((body) => result(body.id, sent));
    const client = createMcpClient({ servers: { s: { url: 'http://127.0.0.1:1/mcp' } }, fetch });
    await expect(
      client.callTool({ serverId: 's', name: 'structured-echo', idempotencyKey: 'k' }),
    ).resolves.toStrictEqual(sent);
  });
});

describe('headers and configuration', () => {
  test('encodeHeaderValue: plain visible ASCII as is, everything else in the sentinel form', () => {
    expect(encodeHeaderValue('structured-echo')).toBe('structured-echo');
    expect(encodeHeaderValue('a b')).toBe('a b');
    expect(encodeHeaderValue('conformance://fixture/readme?x=1')).toBe('conformance://fixture/readme?x=1');
    expect(encodeHeaderValue('é')).toBe('=?base64?w6k=?=');
    expect(encodeHeaderValue(' lead')).toBe(`=?base64?${Buffer.from(' lead').toString('base64')}?=`);
    expect(encodeHeaderValue('trail ')).toBe(`=?base64?${Buffer.from('trail ').toString('base64')}?=`);
    expect(encodeHeaderValue('tab\there')).toBe(`=?base64?${Buffer.from('tab\there').toString('base64')}?=`);
    expect(encodeHeaderValue('=?base64?abc?=')).toBe(`=?base64?${Buffer.from('=?base64?abc?=').toString('base64')}?=`);
    expect(encodeHeaderValue('=?base64?abc')).toBe('=?base64?abc');
  });

  test('the request goes out as a POST with redirect "manual" and the owned headers', async () => {
    const { fetch, sent } = stubFetch((body) => result(body.id, { resultType: 'complete', content: [] }));
    const client = createMcpClient({
      servers: {
        s: {
          url: 'http://127.0.0.1:1/mcp',
          headers: { 'X-Tenant': 't1', accept: 'text/html', 'mcp-protocol-version': '1999' },
        },
      },
      fetch,
    });
    await client.callTool({ serverId: 's', name: 'echo', arguments: { text: 'x' }, idempotencyKey: 'k' });
    const headers = sent[0]!.headers;
    expect(headers.get('x-tenant')).toBe('t1');
    expect(headers.get('accept')).toBe('application/json, text/event-stream');
    expect(headers.get('mcp-protocol-version')).toBe('2026-07-28');
    expect(headers.get('mcp-name')).toBe('echo');
    expect(sent[0]!.body.method).toBe('tools/call');
  });

  test('bad options are refused at creation, without echoing the url', () => {
    expect(() => createMcpClient({ servers: { s: { url: 'ftp://user:pw@127.0.0.1/mcp' } } })).toThrow(
      /server "s" needs an absolute http\(s\) url/,
    );
    expect(() => createMcpClient({ servers: { s: { url: 'not a url' } } })).toThrow(TypeError);
    expect(() =>
      createMcpClient({ servers: { s: { url: 'http://127.0.0.1/mcp', headers: { 'Bad Name': 'x' } } } }),
    ).toThrow(/invalid header/);
    expect(() => createMcpClient({ servers: { s: { url: 'http://127.0.0.1/mcp', timeoutMs: 0 } } })).toThrow(
      RangeError,
    );
    expect(() =>
      createMcpClient({ servers: { s: { url: 'http://127.0.0.1/mcp', maxResponseBytes: Number.NaN } } }),
    ).toThrow(RangeError);
    expect(() => createMcpClient({ servers: {}, revisions: [] })).toThrow(RangeError);
    try {
      createMcpClient({ servers: { s: { url: 'ftp://user:pw@127.0.0.1/mcp' } } });
    } catch (err) {
      expect(String(err)).not.toContain('pw@');
    }
  });
});
