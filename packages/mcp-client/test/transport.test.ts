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
  expect(failure.message).toBe(failure.reason);
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

  test('connect: a read is sent again only once', async () => {
    const url = await closesFirst(2);
    expect((await transportFailure(url)).reason).toBe('connect');
    expect(servers[0]!.hits()).toBe(2);
  });

  test('connect: tools/call is never sent again (it may have taken effect)', async () => {
    const url = await closesFirst(1);
    const err = await rejection(clientFor(url).callTool({ serverId: 's', name: 'echo', idempotencyKey: 'k' }));
    expect(err).toMatchObject({ code: 'mcp_transport', reason: 'connect' });
    expect(servers[0]!.hits()).toBe(1);
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

  test('redirect: refused, never followed (the target sees nothing)', async () => {
    const fake = createFakeMcpServer();
    const target = await fake.start();
    try {
      const url = await serve((_req, res) => res.writeHead(307, { Location: target }).end());
      const failure = await transportFailure(url);
      expect(failure.reason).toBe('redirect');
      expect(failure.httpStatus).toBe(307);
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

  test('stream_ended: the event stream closes before our response', async () => {
    const url = await serve((_req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'text/event-stream' })
        .end(
          `: hello\n\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: {} })}\n\n`,
        ),
    );
    expect((await transportFailure(url)).reason).toBe('stream_ended');
  });

  test('stream_ended: an event without its blank line is never dispatched', async () => {
    const url = await serve((req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/event-stream' }).end(`data: ${JSON.stringify(result(req.id, {}))}\n`),
    );
    expect((await transportFailure(url)).reason).toBe('stream_ended');
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
  test('notifications go to onNotification, server requests are ignored, CRLF framing and multi-line data work', async () => {
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

  test('a 2026-07-28 stream is never resumed: ending after its priming event is stream_ended, with no GET', async () => {
    const methods: string[] = [];
    const url = await serve((_req, res, raw) => {
      methods.push(raw.method!);
      res.writeHead(200, { 'Content-Type': 'text/event-stream' }).end('id: prime\nretry: 0\ndata: \n\n');
    });
    expect((await transportFailure(url)).reason).toBe('stream_ended');
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
