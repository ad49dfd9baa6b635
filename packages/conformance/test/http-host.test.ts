// HttpHost's reading of a live host, on a stubbed fetch: discovery at each major, the run API, and
// the ways a run cannot be observed (each a HostUnavailable, so the row is blocked, never failed).
import { describe, expect, it } from 'vitest';
import { capabilitiesFromDiscovery, httpHost } from '../src/adapters/http.js';
import { HostUnavailable } from '../src/host-under-test.js';

type Route = (method: string, path: string, body: unknown) => [number, unknown] | undefined;

function stubFetch(route: Route): { fetch: typeof fetch; calls: string[]; versions: (string | undefined)[] } {
  const calls: string[] = [];
  const versions: (string | undefined)[] = [];
  const fetchStub = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    versions.push((init?.headers as Record<string, string> | undefined)?.['OpenWOP-Version']);
    const answer = route(
      method,
      url.pathname + url.search,
      init?.body === undefined ? undefined : JSON.parse(init.body as string),
    );
    if (answer === undefined) throw new TypeError('fetch failed');
    return new Response(JSON.stringify(answer[1]), {
      status: answer[0],
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetch: fetchStub, calls, versions };
}

describe('capabilitiesFromDiscovery', () => {
  it('at major 2, takes the presence of a family record as the claim', () => {
    expect(
      capabilitiesFromDiscovery({ mcp: { client: true }, toolCatalog: { sources: ['mcp', 7], compactView: true } }, 2),
    ).toEqual({
      mcp: { client: true },
      toolCatalog: { sources: ['mcp'], compactView: true },
    });
    expect(capabilitiesFromDiscovery({ mcp: { revisions: ['2026-07-28'] }, toolCatalog: {} }, 2)).toEqual({
      mcp: { revisions: ['2026-07-28'] },
      toolCatalog: {},
    });
    expect(capabilitiesFromDiscovery(null, 2)).toEqual({});
    expect(capabilitiesFromDiscovery({ mcp: { client: true, features: ['tools', 'elicitation', 3] } }, 2)).toEqual({
      mcp: { client: true, features: ['tools', 'elicitation'] },
    });
  });

  it('at major 1, needs supported: true', () => {
    expect(capabilitiesFromDiscovery({ toolCatalog: { supported: false, sources: ['mcp'] } }, 1)).toEqual({});
    expect(capabilitiesFromDiscovery({ toolCatalog: { supported: true, sources: ['mcp'] } }, 1)).toEqual({
      toolCatalog: { sources: ['mcp'] },
    });
    expect(capabilitiesFromDiscovery({ mcp: { supported: false } }, 1)).toEqual({});
    expect(capabilitiesFromDiscovery({ mcp: { supported: true } }, 1)).toEqual({ mcp: {} });
  });
});

describe('httpHost', () => {
  const run =
    (status: string, events: unknown[]): Route =>
    (method, path) => {
      if (method === 'POST' && path === '/runs') return [201, { runId: 'r/1' }];
      if (path === '/runs/r%2F1') return [200, { status }];
      if (path === '/runs/r%2F1/events/poll?timeout=1') return [200, { events }];
      return undefined;
    };

  it('reads node.completed outputs.result of node mcp-client, and sends the discovery version header at major 2', async () => {
    const events = [
      { type: 'node.completed', payload: { nodeId: 'other', outputs: { result: 'no' } } },
      { type: 'node.completed', payload: { nodeId: 'mcp-client', outputs: { result: { state: 'reachable' } } } },
    ];
    let versionHeader: string | undefined;
    const { fetch, calls } = stubFetch(run('completed', events));
    const host = await httpHost({
      baseUrl: 'http://127.0.0.1:1/',
      apiKey: 'k',
      fetch: async (input, init) => {
        if (String(input instanceof Request ? input.url : input).endsWith('/.well-known/openwop')) {
          versionHeader = (init?.headers as Record<string, string>)['OpenWOP-Version'];
          return new Response('{"mcp":{"client":true}}', { status: 200 });
        }
        return fetch(input, init);
      },
    })({});
    expect(await host.capabilities()).toEqual({ mcp: { client: true } });
    expect(versionHeader).toBe('2.0');
    expect(await host.runMcpClient({ method: 'serverHealth', serverId: 'conformance' })).toEqual({
      status: 'completed',
      result: { state: 'reachable' },
    });
    expect(calls).toEqual(['POST /runs', 'GET /runs/r%2F1', 'GET /runs/r%2F1/events/poll?timeout=1']);
    expect(host).not.toHaveProperty('runV1Invoke');
  });

  it('finds the node by the envelope nodeId too (events.md), and reads node.failed error.code and details', async () => {
    const events = [
      { type: 'node.failed', nodeId: 'other', payload: { error: { code: 'no' } } },
      {
        type: 'node.failed',
        nodeId: 'mcp-client',
        payload: {
          error: { code: 'mcp_error', message: 'm', details: { error: { code: -32602, message: 'Unknown tool' } } },
        },
      },
    ];
    const { fetch } = stubFetch(run('failed', events));
    const host = await httpHost({ baseUrl: 'http://127.0.0.1:1', fetch })({});
    expect(host.major).toBe(2);
    expect(await host.runMcpClient({ method: 'callTool', serverId: 'conformance', name: 'x' })).toEqual({
      status: 'failed',
      errorCode: 'mcp_error',
      message: 'm',
      details: { error: { code: -32602, message: 'Unknown tool' } },
    });
  });

  it('sends OpenWOP-Version: 2.0 on every request at major 2 (a host answers a bare path in its preferredVersion), none at major 1', async () => {
    const fixture = run('completed', [{ type: 'node.completed', nodeId: 'mcp-client', payload: { outputs: {} } }]);
    const v2 = stubFetch((method, path, body) => (path.startsWith('/tools') ? [200, []] : fixture(method, path, body)));
    const host = await httpHost({ baseUrl: 'http://127.0.0.1:1', fetch: v2.fetch })({});
    await host.runMcpClient({ method: 'serverHealth', serverId: 'conformance' });
    await host.getTools();
    await host.getTool('a');
    expect(v2.calls).toEqual([
      'POST /runs',
      'GET /runs/r%2F1',
      'GET /runs/r%2F1/events/poll?timeout=1',
      'GET /tools',
      'GET /tools/a',
    ]);
    expect(v2.versions).toEqual(Array(5).fill('2.0'));
    const v1 = stubFetch((_m, path) => [200, { path }]);
    const old = await httpHost({ baseUrl: 'http://127.0.0.1:1', major: 1, fetch: v1.fetch })({});
    await old.getTools();
    expect(v1.calls).toEqual(['GET /v1/tools']);
    expect(v1.versions).toEqual([undefined]);
  });

  it('reads node.failed error.code, and prefixes /v1 with a v1 leg at major 1 (its tool as the toolName input)', async () => {
    const bodies: unknown[] = [];
    const { fetch, calls } = stubFetch((method, path, body) => {
      if (method === 'POST' && path === '/v1/runs') {
        bodies.push(body);
        return [201, { runId: 'a' }];
      }
      if (path === '/v1/runs/a') return [200, { status: 'failed' }];
      if (path === '/v1/runs/a/events/poll?timeout=1')
        return [
          200,
          {
            events: [
              { type: 'node.failed', payload: { nodeId: 'mcp-invoke', error: { code: 'mcp_server_not_found' } } },
            ],
          },
        ];
      return undefined;
    });
    const host = await httpHost({ baseUrl: 'http://127.0.0.1:1', major: 1, fetch })({});
    expect(await host.runV1Invoke!({ text: 'x', toolName: 'always-error' })).toEqual({
      status: 'failed',
      errorCode: 'mcp_server_not_found',
    });
    expect(calls[0]).toBe('POST /v1/runs');
    expect(bodies[0]).toEqual({
      workflowId: 'conformance-mcp-tool-roundtrip',
      inputs: { text: 'x', toolName: 'always-error' },
    });
  });

  it('answers unsupported when POST /runs is 404 (the fixture is not installed)', async () => {
    const { fetch } = stubFetch(() => [404, { error: { code: 'workflow_not_found' } }]);
    const host = await httpHost({ baseUrl: 'http://127.0.0.1:1', fetch })({});
    expect(await host.runMcpClient({ method: 'serverHealth', serverId: 'conformance' })).toEqual({
      status: 'unsupported',
    });
  });

  it.each<[string, Route, string]>([
    ['a refused run', () => [500, {}], 'POST /runs for conformance-mcp-client answered 500'],
    ['a run that never ends', run('running', []), 'did not reach a terminal status within 20 ms'],
    [
      'an event log without the node',
      run('completed', [{ type: 'run.completed', payload: {} }]),
      'no node.completed or node.failed',
    ],
    ['a host that does not answer', () => undefined, 'POST /runs did not answer'],
  ])('throws HostUnavailable on %s', async (_what, route, message) => {
    const { fetch } = stubFetch(route);
    const host = await httpHost({ baseUrl: 'http://127.0.0.1:1', fetch, pollIntervalMs: 1, runTimeoutMs: 20 })({});
    const outcome = host.runMcpClient({ method: 'serverHealth', serverId: 'conformance' });
    await expect(outcome).rejects.toBeInstanceOf(HostUnavailable);
    await expect(outcome).rejects.toThrow(message);
  });

  it('reads GET /tools and GET /tools/{toolId} with the view and an encoded id', async () => {
    const { fetch, calls } = stubFetch((_m, path) => [200, { path }]);
    const host = await httpHost({ baseUrl: 'http://127.0.0.1:1', fetch })({});
    expect(await host.getTools({ view: 'compact' })).toEqual({ status: 200, body: { path: '/tools?view=compact' } });
    await host.getTool('mcp:x.y z');
    expect(calls.at(-1)).toBe('GET /tools/mcp%3Ax.y%20z');
  });
});
