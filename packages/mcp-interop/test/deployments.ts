// The MCP servers people run, started on 127.0.0.1 port 0 inside the test: the official SDK 1.x
// (stateless with JSON or SSE answers, with sessions, with sessions and an event store), the
// official `server-everything` over Streamable HTTP (its own entry point, in a child process), and
// the v2 server package. Each closes everything it opened.
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
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { Server as V2Server, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { FIXTURE_RESOURCES, callFixture, readFixture, toolsPage } from './fixture.js';

export interface Deployment {
  url: string;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

async function listen(handler: Handler): Promise<{ url: string; server: HttpServer }> {
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
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

/**
 * An SDK 1.x low-level server answering from the fixture; `slow` cuts its own stream first when it
 * can, and hands `cutting` a promise that settles once its answer has been stored for replay.
 */
function sdk1Server(cutting?: (stored: Promise<void>) => void): Sdk1Server {
  const server = new Sdk1Server(
    { name: 'interop-sdk1', version: '1.0.0' },
    { capabilities: { tools: {}, resources: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, (request) => toolsPage(request.params?.cursor) as never);
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
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
export async function sdk1Stateless(answer: 'json' | 'sse'): Promise<Deployment> {
  const { url, server } = await listen(async (req, res) => {
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: answer === 'json',
    });
    const mcp = sdk1Server();
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
export async function sdk1Sessions(options: { eventStore: boolean }): Promise<Deployment & { sessions(): number }> {
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
      await sdk1Server((stored) => cuts.push(stored)).connect(created);
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
export async function v2Server(): Promise<Deployment> {
  const handler = createMcpHandler(() => {
    const server = new V2Server(
      { name: 'interop-v2', version: '2.0.0' },
      { capabilities: { tools: {}, resources: {} } },
    );
    server.setRequestHandler('tools/list', (request) => toolsPage(request.params?.cursor) as never);
    server.setRequestHandler(
      'tools/call',
      (request) => callFixture(request.params.name, request.params.arguments ?? {}) as never,
    );
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
