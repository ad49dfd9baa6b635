// The MCP servers people run, started on 127.0.0.1 port 0 inside the test: the official SDK 1.x
// (stateless with JSON or SSE answers, with sessions, with sessions and an event store), the
// official `server-everything` over Streamable HTTP (its own entry point, in a child process), and
// the v2 server package. Each closes everything it opened. Besides the fixture's tools, the SDK
// deployments answer the edge tools (`EDGE_TOOLS`), which misbehave as servers do.
import { AsyncLocalStorage } from 'node:async_hooks';
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Server as Sdk1Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import {
  CallToolRequestSchema,
  CreateMessageResultSchema,
  ElicitResultSchema,
  EmptyResultSchema,
  ListResourcesRequestSchema,
  ListRootsResultSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { Server as V2Server, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { FIXTURE_RESOURCES, callFixture, readFixture, toolsPage } from './fixture.js';

export interface Deployment {
  url: string;
  close(): Promise<void>;
}

/** Each edge tool the server started, by name, in order: proof that a call reached the server's code. */
export type EdgeLog = string[];

/**
 * Tools the fixture does not list, each a server misbehaving as real ones do:
 * - `drop` closes the HTTP connection of the request that carried the call, which it received;
 * - `drop-after-event` sends a log notification on the call's event stream, then closes it so;
 * - `asks` sends the client requests mid-call (ping, then elicitation, sampling and roots, which a
 *   client that declared no capabilities must refuse) and returns what each got;
 * - `asks-after-cut` cuts its event stream first (event-store deployment), so its ping and its
 *   answer reach the client on the resumed GET stream.
 */
export const EDGE_TOOLS = ['drop', 'drop-after-event', 'asks', 'asks-after-cut'] as const;

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** The HTTP exchange a server's code runs for, so the `drop` tools can close its connection. */
const inFlight = new AsyncLocalStorage<{ req: IncomingMessage; res: ServerResponse }>();

/**
 * Closes the connection of the HTTP exchange the current server code runs for: at once, or once
 * the response has handed the OS a chunk holding `marker` (so the client has what came before).
 * The returned promise never settles: the server never answers.
 */
function dropConnection(marker?: string): Promise<never> {
  const { req, res } = inFlight.getStore()!;
  if (marker === undefined) req.socket.destroy();
  else {
    const write = res.write.bind(res) as (chunk: unknown, done?: () => void) => boolean;
    res.write = ((chunk: unknown) =>
      Buffer.from(chunk as Uint8Array | string).includes(marker)
        ? write(chunk, () => req.socket.destroy())
        : write(chunk)) as typeof res.write;
  }
  return new Promise<never>(() => undefined);
}

async function listen(handler: Handler): Promise<{ url: string; server: HttpServer }> {
  const server = createServer((req, res) => {
    inFlight.run({ req, res }, () => {
      Promise.resolve(handler(req, res)).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, server };
}

const closeServer = (server: HttpServer) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

type Sdk1Extra = Parameters<Parameters<Sdk1Server['setRequestHandler']>[1]>[1];

/** The requests `asks` sends, with what it takes each answer to be. */
const ASKED = [
  { request: { method: 'ping' }, schema: EmptyResultSchema },
  {
    request: {
      method: 'elicitation/create',
      params: { message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
    },
    schema: ElicitResultSchema,
  },
  {
    request: {
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 8 },
    },
    schema: CreateMessageResultSchema,
  },
  { request: { method: 'roots/list' }, schema: ListRootsResultSchema },
] as const;

/** An edge tool's behaviour (SDK 1.x), or undefined for a fixture tool. */
async function sdk1Edge(name: string, extra: Sdk1Extra, log?: EdgeLog): Promise<Record<string, unknown> | undefined> {
  if (!(EDGE_TOOLS as readonly string[]).includes(name)) return undefined;
  log?.push(name);
  if (name === 'drop') return dropConnection();
  if (name === 'drop-after-event') {
    const dropped = dropConnection('notifications/message');
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'working' } });
    return dropped;
  }
  // After the cut only the ping: the point there is where the request and its answer travel.
  const asked = name === 'asks' ? ASKED : ASKED.slice(0, 1);
  if (name === 'asks-after-cut') extra.closeSSEStream!();
  const answers: Record<string, unknown> = {};
  for (const { request, schema } of asked) {
    try {
      answers[request.method] = { result: await extra.sendRequest(request, schema) };
    } catch (err) {
      answers[request.method] = { error: err instanceof McpError ? err.code : String(err) };
    }
  }
  return { content: [{ type: 'text', text: 'asked' }], structuredContent: answers };
}

/**
 * An SDK 1.x low-level server answering from the fixture and the edge tools; `slow` cuts its own
 * stream first when it can, and hands `cutting` a promise that settles once its answer has been
 * stored for replay.
 */
function sdk1Server(cutting?: (stored: Promise<void>) => void, log?: EdgeLog): Sdk1Server {
  // `logging`, so `drop-after-event` may send its log message.
  const server = new Sdk1Server(
    { name: 'interop-sdk1', version: '1.0.0' },
    { capabilities: { tools: {}, resources: {}, logging: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, (request) => toolsPage(request.params?.cursor) as never);
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const edge = await sdk1Edge(request.params.name, extra, log);
    if (edge !== undefined) return edge;
    if (request.params.name === 'slow' && extra.closeSSEStream !== undefined) {
      // Polling per 2025-11-25: the server drops the connection, the client resumes with Last-Event-ID.
      let stored!: () => void;
      cutting?.(new Promise<void>((resolve) => (stored = resolve)));
      extra.closeSSEStream();
      await new Promise((resolve) => setImmediate(resolve));
      // The SDK stores the answer in the microtasks after this handler returns (the in-memory event
      // store does no I/O), so the next turn of the event loop finds it stored.
      setImmediate(stored);
    }
    return callFixture(request.params.name, request.params.arguments ?? {});
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: FIXTURE_RESOURCES }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readFixture(request.params.uri) as never);
  return server;
}

/** SDK 1.x without sessions: a fresh server and transport per request, the documented stateless idiom. */
export async function sdk1Stateless(answer: 'json' | 'sse', log?: EdgeLog): Promise<Deployment> {
  const { url, server } = await listen(async (req, res) => {
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: answer === 'json',
    });
    const mcp = sdk1Server(undefined, log);
    res.on('close', () => void transport.close().then(() => mcp.close()));
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  });
  return { url, close: () => closeServer(server) };
}

/**
 * An event store that replays in the order events were stored. The SDK's example store orders by
 * event id, whose time part counts milliseconds and whose tail is random: a priming event and the
 * answer stored in the same millisecond could replay in either order, so the answer was sometimes
 * never replayed and the resumed call waited for its deadline.
 */
class OrderedEventStore implements EventStore {
  private readonly events: { id: string; streamId: string; message: JSONRPCMessage }[] = [];

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = `${streamId}_${this.events.length}`;
    this.events.push({ id, streamId, message });
    return Promise.resolve(id);
  }

  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return Promise.resolve(this.events.find((e) => e.id === eventId)?.streamId);
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const at = this.events.findIndex((e) => e.id === lastEventId);
    if (at < 0) return '';
    const { streamId } = this.events[at]!;
    for (const e of this.events.slice(at + 1)) if (e.streamId === streamId) await send(e.id, e.message);
    return streamId;
  }
}

/** SDK 1.x with sessions (one transport per session id), optionally with an event store (priming, resumption). */
export async function sdk1Sessions(options: {
  eventStore: boolean;
  log?: EdgeLog;
}): Promise<Deployment & { sessions(): number }> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  // A resume waits until every cut call's answer is stored, so the order the test proves is fixed:
  // answer stored, stream resumed, answer replayed. Whether a resume that races the store's write
  // gets its answer is the server's business, not the client's.
  const cuts: Promise<void>[] = [];
  const { url, server } = await listen(async (req, res) => {
    if (req.method === 'GET' && req.headers['last-event-id'] !== undefined) await Promise.all(cuts);
    const sessionId = req.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (transport === undefined && sessionId === undefined) {
      const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        ...(options.eventStore ? { eventStore: new OrderedEventStore(), retryInterval: 10 } : {}),
        onsessioninitialized: (id) => void transports.set(id, created),
        onsessionclosed: (id) => void transports.delete(id),
      });
      await sdk1Server((stored) => cuts.push(stored), options.log).connect(created);
      transport = created;
    }
    if (transport === undefined) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }));
      return;
    }
    await transport.handleRequest(req, res);
  });
  return {
    url,
    sessions: () => transports.size,
    close: async () => {
      await Promise.all([...transports.values()].map((t) => t.close()));
      await closeServer(server);
    },
  };
}

/** The v2 server package: `createMcpHandler` (2026-07-28, with its stateless fallback for older clients) behind the Node adapter. */
export async function v2Server(log?: EdgeLog): Promise<Deployment> {
  const handler = createMcpHandler(() => {
    const server = new V2Server(
      { name: 'interop-v2', version: '2.0.0' },
      { capabilities: { tools: {}, resources: {} } },
    );
    server.setRequestHandler('tools/list', (request) => toolsPage(request.params?.cursor) as never);
    server.setRequestHandler('tools/call', (request) => {
      if (request.params.name === 'drop') {
        log?.push('drop');
        return dropConnection();
      }
      return callFixture(request.params.name, request.params.arguments ?? {}) as never;
    });
    server.setRequestHandler('resources/list', () => ({ resources: FIXTURE_RESOURCES }));
    server.setRequestHandler('resources/read', (request) => readFixture(request.params.uri) as never);
    return server;
  });
  const { url, server } = await listen(toNodeHandler(handler));
  return {
    url,
    close: async () => {
      await handler.close();
      await closeServer(server);
    },
  };
}

/**
 * The official server-everything, run as published (`mcp-server-everything streamableHttp`) in a
 * child process with an empty environment. `everything-listen.cjs` makes its listen bind
 * 127.0.0.1 on port 0 and reports the port, since the server reads a fixed PORT and binds all
 * interfaces.
 */
export async function serverEverything(): Promise<Deployment> {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
  const preload = fileURLToPath(new URL('./everything-listen.cjs', import.meta.url));
  const child = fork(entry, ['streamableHttp'], {
    env: {},
    execArgv: ['--require', preload],
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`server-everything exited (${String(code)}) before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
