// The reference client at the edges real servers show, against servers built with the official MCP
// SDKs on 127.0.0.1: a redirecting front, a connection dropped after the request was delivered,
// requests the server sends in the middle of a call, and what each failure's message says.
import { afterEach, describe, expect, test } from 'vitest';
import { McpTransportFailure, createMcpClient } from '@openwop-spec/mcp-client';
import type { McpClient } from '@openwop-spec/mcp-client';
import { deadEndpoint } from '@openwop-spec/mcp-fake-server';
import { sdk1Sessions, sdk1Stateless, v2Server } from './deployments.js';
import type { Deployment, EdgeLog } from './deployments.js';
import { recordingProxy } from './recorder.js';
import type { Recorder } from './recorder.js';
import { redirectingFront } from './redirect-front.js';
import type { Front } from './redirect-front.js';

const SERVER = 'edge';
/** Long enough that no test here ever waits on it: a deadline measures the machine. */
const DEADLINE = 300_000;
const TOKEN = 'Bearer edge-token';

let opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of opened.reverse()) await thing.close();
  opened = [];
});

function clientFor(url: string, onNotification?: (serverId: string, n: unknown) => void): McpClient {
  const client = createMcpClient({
    servers: { [SERVER]: { url, headers: { Authorization: TOKEN }, timeoutMs: DEADLINE, discoverTimeoutMs: DEADLINE } },
    ...(onNotification === undefined ? {} : { onNotification }),
  });
  opened.push(client);
  return client;
}

/** Starts a deployment behind a recording proxy (and, if asked, a redirecting front); closes all after the test. */
async function start(
  deploy: () => Promise<Deployment>,
  withFront = false,
): Promise<{ recorder: Recorder; front?: Front; url: string }> {
  const deployment = await deploy();
  opened.push(deployment);
  const recorder = await recordingProxy(deployment.url);
  opened.push(recorder);
  if (!withFront) return { recorder, url: recorder.url };
  const front = await redirectingFront(recorder.url);
  opened.push(front);
  return { recorder, front, url: front.url('/mcp') };
}

async function failure(promise: Promise<unknown>): Promise<McpTransportFailure> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(McpTransportFailure);
  return err as McpTransportFailure;
}

const call = (client: McpClient, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ serverId: SERVER, name, arguments: args, idempotencyKey: `k-${name}` });

describe('redirects: a same-origin 307 and 308 are followed, at either era', () => {
  test.each([
    { name: 'the v2 server package', revision: '2026-07-28', deploy: () => v2Server(), methods: ['POST'] },
    {
      name: 'SDK 1.x with sessions',
      revision: '2025-11-25',
      deploy: () => sdk1Sessions({ eventStore: false }),
      methods: ['DELETE', 'POST'],
    },
  ])('$name ($revision): every request takes both hops with its method, headers and body', async (setup) => {
    const { recorder, front, url } = await start(setup.deploy, true);
    const client = clientFor(url);
    expect((await client.serverHealth({ serverId: SERVER })).state).toBe('reachable');
    const called = await call(client, 'structured', { n: 4 });
    expect(called).toStrictEqual(recorder.answerTo(recorder.lastId('tools/call')).result);
    await client.close();

    // One request at a time here, so the front saw each as three hops in a row.
    const hops = front!.hops();
    expect(hops.length % 3).toBe(0);
    for (let i = 0; i < hops.length; i += 3) {
      const [first, second, third] = hops.slice(i, i + 3) as [(typeof hops)[0], (typeof hops)[0], (typeof hops)[0]];
      expect([first.path, second.path, third.path]).toEqual(['/mcp', '/hop/mcp', '/final/mcp']);
      for (const hop of [second, third]) {
        expect(hop.method).toBe(first.method);
        expect(hop.body).toBe(first.body);
        for (const header of ['authorization', 'mcp-session-id', 'mcp-protocol-version', 'mcp-method', 'content-type'])
          expect(hop.headers[header]).toBe(first.headers[header]);
      }
      expect(first.headers['authorization']).toBe(TOKEN);
    }
    expect([...new Set(hops.map((h) => h.method))].sort()).toEqual(setup.methods);
    const calls = recorder.exchanges().filter((e) => e.body?.['method'] === 'tools/call');
    expect(calls.map((e) => e.headers['mcp-protocol-version'])).toEqual([setup.revision]);
  });
});

describe('redirects the client does not follow fail `redirect`, and nothing reaches the server', () => {
  test('a 307 to another origin (the server itself, on its own port)', async () => {
    const { recorder, front } = await start(() => v2Server(), true);
    const err = await failure(call(clientFor(front!.url('/away/mcp')), 'structured', { n: 1 }));
    expect(err).toMatchObject({ reason: 'redirect', httpStatus: 307, method: 'tools/call', serverId: SERVER });
    expect(err.message).toBe(
      `tools/call to MCP server "edge" failed: redirect (HTTP 307): the redirect leads out of the server's origin; not followed; deadline ${DEADLINE} ms`,
    );
    expect(recorder.exchanges()).toEqual([]);
  });

  test('a 302, which lets a client turn the POST into a GET', async () => {
    const { recorder, front } = await start(() => v2Server(), true);
    const err = await failure(call(clientFor(front!.url('/found/mcp')), 'structured', { n: 1 }));
    expect(err).toMatchObject({ reason: 'redirect', httpStatus: 302 });
    expect(err.message).toContain('only 307 and 308 redirects within the server');
    expect(front!.hops().map((h) => h.path)).toEqual(['/found/mcp']);
    expect(recorder.exchanges()).toEqual([]);
  });
});

describe('a connection dropped after the request was delivered is `interrupted`, never `connect`', () => {
  test.each([
    { name: 'the v2 server package', revision: '2026-07-28', deploy: (log: EdgeLog) => v2Server(log) },
    {
      name: 'SDK 1.x stateless, JSON answers',
      revision: '2025-11-25',
      deploy: (log: EdgeLog) => sdk1Stateless('json', log),
    },
  ])('$name ($revision): the tool ran once, the call is not sent again, the client goes on', async (setup) => {
    const log: EdgeLog = [];
    const { url } = await start(() => setup.deploy(log));
    const client = clientFor(url);
    const err = await failure(call(client, 'drop'));
    expect(err).toMatchObject({ code: 'mcp_transport', reason: 'interrupted', method: 'tools/call', serverId: SERVER });
    expect(err.httpStatus).toBeUndefined();
    expect(err.message).toBe(
      `tools/call to MCP server "edge" failed: interrupted: the connection or the response stream broke after the request was sent, before its response arrived; the request may have been delivered; deadline ${DEADLINE} ms`,
    );
    expect(log).toEqual(['drop']);
    expect((await call(client, 'structured', { n: 3 })).structuredContent).toStrictEqual({ doubled: 6 });
  });

  test('SDK 1.x with sessions: the event stream breaks after a notification, with its HTTP status', async () => {
    const log: EdgeLog = [];
    const { url } = await start(() => sdk1Sessions({ eventStore: false, log }));
    const notes: unknown[] = [];
    const err = await failure(
      call(
        clientFor(url, (_id, n) => notes.push(n)),
        'drop-after-event',
      ),
    );
    expect(err).toMatchObject({ reason: 'interrupted', httpStatus: 200 });
    expect(err.message).toContain('interrupted (HTTP 200): ');
    expect(notes).toEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'working' } },
    ]);
    expect(log).toEqual(['drop-after-event']);
  });

  test('by contrast, a port nothing listens on is `connect`: nothing was sent', async () => {
    const err = await failure(call(clientFor(await deadEndpoint()), 'drop'));
    expect(err).toMatchObject({ reason: 'connect', httpStatus: undefined });
    expect(err.message).toBe(
      `tools/call to MCP server "edge" failed: connect: the server could not be reached; nothing was sent; deadline ${DEADLINE} ms`,
    );
  });
});

describe('requests the server sends mid-call are answered, so the call completes', () => {
  test('SDK 1.x with sessions, on the POST stream: ping gets {}, elicitation, sampling and roots -32601', async () => {
    const { recorder, url } = await start(() => sdk1Sessions({ eventStore: false }));
    const result = await call(clientFor(url), 'asks');
    expect(result.structuredContent).toStrictEqual({
      ping: { result: {} },
      'elicitation/create': { error: -32601 },
      'sampling/createMessage': { error: -32601 },
      'roots/list': { error: -32601 },
    });
    expect(result).toStrictEqual(recorder.answerTo(recorder.lastId('tools/call')).result);
    const answers = recorder.exchanges().filter((e) => e.body !== undefined && !('method' in e.body));
    const session = recorder
      .exchanges()
      .filter((e) => e.body?.['method'] === 'tools/call')
      .at(-1)!.headers['mcp-session-id'];
    expect(session).toEqual(expect.any(String));
    expect(
      answers.map((e) => [e.method, e.status, e.headers['mcp-session-id'], e.headers['mcp-protocol-version']]),
    ).toEqual(Array.from({ length: 4 }, () => ['POST', 202, session, '2025-11-25']));
    const asked = recorder
      .exchanges()
      .flatMap((e) => e.messages)
      .filter(
        (m): m is Record<string, unknown> =>
          typeof (m as Record<string, unknown>)['method'] === 'string' && 'id' in (m as object),
      );
    expect(answers.map((e) => e.body!['id'])).toEqual(asked.map((m) => m['id']));
    expect(answers[0]!.body).toStrictEqual({ jsonrpc: '2.0', id: asked[0]!['id'], result: {} });
    expect(answers[1]!.body).toStrictEqual({
      jsonrpc: '2.0',
      id: asked[1]!['id'],
      error: { code: -32601, message: 'Method not found' },
    });
  });

  test('SDK 1.x with an event store: a ping sent after the server cut the stream comes on the resumed GET', async () => {
    const { recorder, url } = await start(() => sdk1Sessions({ eventStore: true }));
    const result = await call(clientFor(url), 'asks-after-cut');
    expect(result.structuredContent).toStrictEqual({ ping: { result: {} } });
    const resumed = recorder.exchanges().filter((e) => e.method === 'GET' && e.headers['last-event-id'] !== undefined);
    const ping = resumed.flatMap((e) => e.messages).find((m) => (m as Record<string, unknown>)['method'] === 'ping') as
      | Record<string, unknown>
      | undefined;
    expect(ping).toBeDefined();
    const answer = recorder.exchanges().find((e) => e.body?.['id'] === ping!['id'] && e.body?.['method'] === undefined);
    expect(answer).toMatchObject({
      method: 'POST',
      status: 202,
      body: { jsonrpc: '2.0', id: ping!['id'], result: {} },
    });
  });
});
