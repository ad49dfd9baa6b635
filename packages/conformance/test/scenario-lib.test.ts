// The scenario helpers of src/lib against a loopback fake host: the major each one resolves, the
// requests it sends, and what it reads back.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpDriver, hostDriver } from '../src/lib/driver.js';
import { familyAdvertised, gateFamily, resetDiscovery } from '../src/lib/discovery.js';
import { hostConfig, targetMajor } from '../src/lib/env.js';
import { apiPath, seamPath, toolPath, toolsPath } from '../src/lib/paths.js';
import { majorSkipReason, manifestMajors } from '../src/lib/scenario.js';
import { listTools, toolCatalogGate } from '../src/lib/toolCatalog.js';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/** What the fake host answers, changed per test; every request is recorded. */
const host = {
  discovery: {} as Record<string, unknown>,
  runNode: {
    type: 'node.completed',
    payload: { nodeId: 'mcp-client', outputs: { result: { state: 'reachable' } } },
  } as Record<string, unknown>,
  knownWorkflows: new Set(['conformance-mcp-client']),
  /** Serve each major's list in the other major's shape. */
  swapToolsShape: false,
  seen: [] as Seen[],
};

function answer(res: ServerResponse, status: number, body?: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  const url = req.url ?? '';
  host.seen.push({ method: req.method ?? '', url, authorization: req.headers.authorization, body });
  const path = url.replace(/^\/mount/, '');
  if (path === '/.well-known/openwop') return answer(res, 200, host.discovery);
  if (/^(\/v1)?\/tools(\?|$)/.test(path)) {
    if (!req.headers.authorization) return answer(res, 401);
    // v2 serves the bare array, v1 the { tools } envelope.
    const tools = [{ toolId: 'core.alpha', source: 'node-pack', safetyTier: 'read' }];
    return answer(res, 200, path.startsWith('/v1/') !== host.swapToolsShape ? { tools } : tools);
  }
  if (/^(\/v1)?\/runs$/.test(path) && req.method === 'POST') {
    const { workflowId } = JSON.parse(body) as { workflowId: string };
    return host.knownWorkflows.has(workflowId) ? answer(res, 201, { runId: 'run-1' }) : answer(res, 404);
  }
  if (/^(\/v1)?\/runs\/run-1$/.test(path)) return answer(res, 200, { runId: 'run-1', status: 'completed' });
  if (/^(\/v1)?\/runs\/run-1\/events\/poll\?timeout=1$/.test(path))
    return answer(res, 200, { events: [{ type: 'run.started', payload: {} }, host.runNode] });
  return answer(res, 404);
}

let server: Server;
let base: string;
const saved = { ...process.env };

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env['OPENWOP_HOST_URL'] = base;
  process.env['OPENWOP_HOST_TOKEN'] = 'test-token';
});

afterAll(async () => {
  process.env = saved;
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  delete process.env['OPENWOP_TARGET_MAJOR'];
  host.seen = [];
  host.discovery = {};
  host.swapToolsShape = false;
  resetDiscovery();
});

const atMajor = (major: '1' | '2') => {
  process.env['OPENWOP_TARGET_MAJOR'] = major;
};

describe('env', () => {
  it('the target major defaults to 2 and accepts only 1 or 2', () => {
    expect(targetMajor()).toBe(2);
    atMajor('1');
    expect(targetMajor()).toBe(1);
    process.env['OPENWOP_TARGET_MAJOR'] = '3';
    expect(() => targetMajor()).toThrow('OPENWOP_TARGET_MAJOR must be 1 or 2, not "3"');
  });

  it('the host comes from OPENWOP_HOST_URL, which must be an http(s) URL', () => {
    expect(hostConfig()).toEqual({ url: new URL(base), token: 'test-token' });
    process.env['OPENWOP_HOST_URL'] = 'ftp://h.example';
    expect(() => hostConfig()).toThrow('OPENWOP_HOST_URL must be http(s), not ftp:');
    process.env['OPENWOP_HOST_URL'] = 'not a url';
    expect(() => hostConfig()).toThrow('OPENWOP_HOST_URL is not a URL');
    process.env['OPENWOP_HOST_URL'] = '';
    expect(hostConfig()).toBeUndefined();
    process.env['OPENWOP_HOST_URL'] = base;
  });
});

describe('paths resolve the major', () => {
  it('v2 serves the API at the root, v1 under /v1', () => {
    expect([apiPath('/runs'), toolsPath(), toolsPath('?view=compact'), toolPath('mcp:conformance.echo')]).toEqual([
      '/runs',
      '/tools',
      '/tools?view=compact',
      '/tools/mcp%3Aconformance.echo',
    ]);
    atMajor('1');
    expect([apiPath('/runs'), toolsPath(), toolsPath('?view=compact'), toolPath('mcp:conformance.echo')]).toEqual([
      '/v1/runs',
      '/v1/tools',
      '/v1/tools?view=compact',
      '/v1/tools/mcp%3Aconformance.echo',
    ]);
    expect(() => apiPath('runs')).toThrow('an API path starts with "/"');
  });

  it('seam paths drop /v1 at major 2 only', () => {
    expect(seamPath('/v1/host/sample/tools/session-run')).toBe('/host/sample/tools/session-run');
    expect(seamPath('/v1/host/workspace/files/a.txt')).toBe('/host/workspace/files/a.txt');
    expect(seamPath('/v1/packs-test/x')).toBe('/packs-test/x');
    expect(seamPath('/v1/tools')).toBe('/v1/tools');
    atMajor('1');
    expect(seamPath('/v1/host/sample/tools/session-run')).toBe('/v1/host/sample/tools/session-run');
  });
});

describe('the driver', () => {
  it('sends the bearer token unless a request is unauthenticated, and rewrites seams at major 2', async () => {
    const driver = hostDriver();
    expect((await driver.get('/tools')).status).toBe(200);
    expect((await driver.get('/tools', { authenticated: false })).status).toBe(401);
    await driver.post('/v1/host/sample/tools/session-run', { toolId: 'x' });
    expect(host.seen.map((s) => [s.method, s.url, s.authorization])).toEqual([
      ['GET', '/tools', 'Bearer test-token'],
      ['GET', '/tools', undefined],
      ['POST', '/host/sample/tools/session-run', 'Bearer test-token'],
    ]);
    expect(host.seen[2]!.body).toBe('{"toolId":"x"}');
  });

  it('joins paths under a base URL that has a path of its own', async () => {
    const driver = new HttpDriver({ url: new URL(`${base}/mount`) });
    const res = await driver.get('/.well-known/openwop');
    expect(res.status).toBe(200);
    expect(host.seen.map((s) => s.url)).toEqual(['/mount/.well-known/openwop']);
  });
});

describe('family gates', () => {
  it('familyAdvertised: presence at major 2, supported: true at major 1', () => {
    expect([
      familyAdvertised({}),
      familyAdvertised({ supported: false }),
      familyAdvertised(undefined),
      familyAdvertised(null),
    ]).toEqual([true, true, false, false]);
    atMajor('1');
    expect([
      familyAdvertised({}),
      familyAdvertised({ supported: false }),
      familyAdvertised({ supported: true }),
    ]).toEqual([false, false, true]);
  });

  it('toolCatalogGate and gateFamily read the discovery root', async () => {
    host.discovery = { toolCatalog: { sources: ['mcp'] }, memory: { supported: true } };
    expect(await toolCatalogGate()).toEqual({ sources: ['mcp'] });
    expect(await gateFamily('memory')).toEqual({ supported: true });
    expect(await gateFamily('a2a')).toBeNull();
    resetDiscovery();
    atMajor('1');
    expect(await toolCatalogGate()).toBeNull();
    expect(await gateFamily('memory')).toEqual({ supported: true });
  });

  it('listTools reads the bare array of GET /tools at major 2 and the { tools } of GET /v1/tools at major 1', async () => {
    const tools = [{ toolId: 'core.alpha', source: 'node-pack', safetyTier: 'read' }];
    expect((await listTools()).tools).toEqual(tools);
    atMajor('1');
    expect((await listTools()).tools).toEqual(tools);
    expect(host.seen.map((s) => s.url)).toEqual(['/tools', '/v1/tools']);
  });

  it("listTools refuses the other major's shape: { tools } at major 2, a bare array at major 1", async () => {
    host.swapToolsShape = true;
    expect(await listTools()).toEqual({ status: 200, tools: null });
    atMajor('1');
    expect(await listTools()).toEqual({ status: 200, tools: null });
  });
});

describe('manifest-driven selection', () => {
  it('a scenario runs at the majors scenario-majors.json gives it', () => {
    const url = (name: string) => new URL(`../src/scenarios/${name}`, import.meta.url).href;
    expect(manifestMajors('v2-mcp-client-results.test.ts')).toEqual([2]);
    expect(majorSkipReason(url('tool-catalog-projection.test.ts'))).toBeUndefined();
    expect(majorSkipReason(url('a2a-agent-card.test.ts'))).toBe(
      'a2a-agent-card.test.ts targets major 1; OPENWOP_TARGET_MAJOR is 2',
    );
    atMajor('1');
    expect(majorSkipReason(url('v2-mcp-client-results.test.ts'))).toBe(
      'v2-mcp-client-results.test.ts targets major 2; OPENWOP_TARGET_MAJOR is 1',
    );
    expect(majorSkipReason(url('a2a-agent-card.test.ts'))).toBeUndefined();
    expect(majorSkipReason(url('unlisted.test.ts'))).toMatch(/^unlisted\.test\.ts is not in scenario-majors\.json/);
  });
});
