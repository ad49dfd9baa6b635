// A live host for HttpHost to drive: the run API, discovery and GET /tools served on loopback in
// front of any HostUnderTest (here the in-process reference host and its mutants), so the rows can
// be judged over the same HTTP surface a real host offers. Test support only.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isRecord } from '@openwop-spec/json';
import type { HostFactory, HostUnderTest, McpClientInputs, Outcome } from '../../src/host-under-test.js';
import { V1_FIXTURE, V2_FIXTURE } from '../../src/host-under-test.js';
import { withSuiteSeamsOf } from '../../src/seams.js';

const METHODS = new Set(['callTool', 'listTools', 'readResource', 'serverHealth']);

interface Run {
  status: string;
  events: unknown[];
}

/** The fixture node's inputs with its defaults (method serverHealth, serverId conformance). */
function fixtureInputs(raw: Record<string, unknown>): McpClientInputs | undefined {
  const method = raw['method'] ?? 'serverHealth';
  if (typeof method !== 'string' || !METHODS.has(method)) return undefined;
  const i: McpClientInputs = {
    method: method as McpClientInputs['method'],
    serverId: typeof raw['serverId'] === 'string' ? raw['serverId'] : 'conformance',
  };
  if (typeof raw['name'] === 'string') i.name = raw['name'];
  if (isRecord(raw['arguments'])) i.arguments = raw['arguments'];
  if (typeof raw['cursor'] === 'string') i.cursor = raw['cursor'];
  if (typeof raw['uri'] === 'string') i.uri = raw['uri'];
  return i;
}

/** The fixture node's terminal event and the run's, with `nodeId` on the envelope as events.md has it. */
function eventsOf(nodeId: string, out: Outcome): Run {
  if (out.status === 'completed') {
    const outputs = out.result === undefined ? {} : { result: out.result };
    return {
      status: 'completed',
      events: [
        { type: 'node.completed', nodeId, payload: { outputs } },
        { type: 'run.completed', payload: {} },
      ],
    };
  }
  const code = out.status === 'failed' ? out.errorCode : 'unsupported';
  const error = {
    code,
    message: out.status === 'failed' ? (out.message ?? code) : code,
    ...(out.status === 'failed' && out.details !== undefined ? { details: out.details } : {}),
  };
  return {
    status: 'failed',
    events: [
      { type: 'node.failed', nodeId, payload: { error } },
      { type: 'run.failed', payload: {} },
    ],
  };
}

export interface HostFront {
  url: string;
  close(): Promise<void>;
}

/** Serves `host` on 127.0.0.1. A run finishes before POST /runs answers, so the first poll sees it terminal. */
export async function serveHost(host: HostUnderTest, options: { major: 1 | 2; apiKey: string }): Promise<HostFront> {
  const prefix = options.major === 1 ? '/v1' : '';
  const runs = new Map<string, Run>();

  async function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
  ): Promise<[number, unknown]> {
    if (method === 'GET' && path === '/.well-known/openwop') {
      const caps = await host.capabilities();
      const mark = (r: object | undefined) =>
        r === undefined ? undefined : options.major === 1 ? { ...r, supported: true } : r;
      return [200, { mcp: mark(caps.mcp), toolCatalog: mark(caps.toolCatalog) }];
    }
    if (!path.startsWith(`${prefix}/`)) return [404, { error: { code: 'not_found' } }];
    const rest = path.slice(prefix.length);
    const view = query.get('view');
    const q = view === null ? undefined : { view };
    if (method === 'GET' && rest === '/tools') {
      const r = await host.getTools(q);
      return [r.status, r.body];
    }
    if (method === 'GET' && rest.startsWith('/tools/')) {
      const r = await host.getTool(decodeURIComponent(rest.slice('/tools/'.length)), q);
      return [r.status, r.body];
    }
    if (method === 'POST' && rest === '/runs') {
      const workflowId = isRecord(body) ? body['workflowId'] : undefined;
      const inputs = isRecord(body) && isRecord(body['inputs']) ? body['inputs'] : {};
      let run: Run;
      if (workflowId === V2_FIXTURE) {
        const i = fixtureInputs(inputs);
        run =
          i === undefined
            ? eventsOf('mcp-client', { status: 'failed', errorCode: 'invalid_input' })
            : eventsOf('mcp-client', await host.runMcpClient(i));
      } else if (workflowId === V1_FIXTURE && host.runV1Invoke !== undefined) {
        const text = typeof inputs['text'] === 'string' ? inputs['text'] : '';
        const toolName = typeof inputs['toolName'] === 'string' ? inputs['toolName'] : 'echo';
        run = eventsOf('mcp-invoke', await host.runV1Invoke({ text, toolName }));
      } else {
        return [404, { error: { code: 'workflow_not_found' } }];
      }
      const runId = randomUUID();
      runs.set(runId, run);
      return [201, { runId }];
    }
    const m = /^\/runs\/([^/]+)(\/events\/poll)?$/.exec(rest);
    if (method === 'GET' && m !== null) {
      const runId = decodeURIComponent(m[1]!);
      const run = runs.get(runId);
      if (run === undefined) return [404, { error: { code: 'not_found' } }];
      return m[2] === undefined ? [200, { runId, status: run.status }] : [200, { events: run.events }];
    }
    return [404, { error: { code: 'not_found' } }];
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://front.invalid');
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload ?? null));
      };
      if (url.pathname !== '/.well-known/openwop' && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        send(401, { error: { code: 'unauthenticated' } });
        return;
      }
      let body: unknown;
      try {
        body = chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        send(400, { error: { code: 'bad_json' } });
        return;
      }
      route(req.method ?? 'GET', url.pathname, url.searchParams, body).then(
        ([status, payload]) => send(status, payload),
        () => send(500, { error: { code: 'internal' } }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** `inner`'s host behind a front, driven by `drive` (an HttpHost factory for the front's URL); suite seams carry over. */
export function behindFront(
  inner: HostFactory,
  major: 1 | 2,
  drive: (url: string, apiKey: string) => HostFactory,
): HostFactory {
  return withSuiteSeamsOf(inner, async (bindings) => {
    const host = await inner(bindings);
    const apiKey = randomUUID();
    const front = await serveHost(host, { major, apiKey });
    const outer = await drive(front.url, apiKey)(bindings);
    return {
      ...outer,
      // What an operator tells the suite about the host it fronts.
      ...(host.crossPrincipalToolId === undefined ? {} : { crossPrincipalToolId: host.crossPrincipalToolId }),
      async close() {
        await outer.close?.();
        await front.close();
        await host.close?.();
      },
    };
  });
}
