// Every RFC 0204 row passes on the reference implementation: in process (MCP over loopback HTTP to
// the fake, JSON and SSE), and behind a loopback HTTP front driven by HttpHost at both majors.
// Also the verdict paths a conforming reference never takes: the gates, blocked runs and the
// loopback refusal, on stub hosts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostFactory, HostUnderTest } from '../src/host-under-test.js';
import { HostUnavailable } from '../src/host-under-test.js';
import { ROWS } from '../src/rows/index.js';
import type { Row } from '../src/rows/index.js';
import { firstDifference } from '../src/rows/compare.js';
import { runRows, startSuiteEnvironment } from '../src/run.js';
import type { RunReport, SuiteEnvironment } from '../src/run.js';
import { overHttp, reference } from './support/hosts.js';

const verdicts = (r: RunReport) => Object.fromEntries(r.rows.map((row) => [row.id, row.verdict]));
const allPass = Object.fromEntries(ROWS.map((r) => [r.id, 'pass']));
/** The rows judged on GET /tools alone, whatever the fixture does. */
const CATALOG_ROWS = new Set([
  'mcp-unclassified-write',
  'mcp-replay-not-from-hints',
  'mcp-egress-not-from-hints',
  'annotations-derived',
  'mcp-toolid-scheme',
]);

describe('reference host', () => {
  let env: SuiteEnvironment;
  beforeAll(async () => {
    env = await startSuiteEnvironment();
  });
  afterAll(() => env.close());

  it('passes every row in process; catalog-order is a pass, not an advisory-miss', async () => {
    const report = await runRows(reference(), env);
    expect(report.rows.map((r) => r.id)).toEqual(ROWS.map((r) => r.id));
    expect(verdicts(report), JSON.stringify(report.rows, null, 2)).toEqual(allPass);
    expect(report.rows.find((r) => r.id === 'catalog-order')!.verdict).toBe('pass');
  });

  it('judges non-vacuously: the catalog rows saw annotated descriptors, the claim tool and several tools; MRTR ran', async () => {
    const report = await runRows(reference(), env);
    const reason = (id: string) => report.rows.find((r) => r.id === id)!.reason;
    expect(reason('input-required-never-returned')).toMatch(/^the host answered every input_required round itself/);
    expect(reason('server-health-fresh')).toBe('2 calls, each answered by its own probe');
    expect(reason('annotations-derived')).toMatch(/^10 annotated descriptors/);
    expect(reason('mcp-unclassified-write')).toMatch(/^1 descriptor\(s\) of the claim tool/);
    expect(reason('mcp-replay-not-from-hints')).toBe('1 pair(s): the claim changed no replayPolicy');
    expect(reason('mcp-egress-not-from-hints')).toBe('1 pair(s): the claim changed no egress');
    expect(reason('server-health-incompatible')).toMatch(/^incompatible for both/);
    expect(reason('catalog-views')).toMatch(/^the compact view holds the 10 standard toolIds/);
    expect(reason('catalog-order')).toMatch(/^10 tools/);
  });

  it('gives the same reasons on a second run (no nonces, ports or run ids in them)', async () => {
    const a = await runRows(reference(), env);
    const b = await runRows(reference(), env);
    expect(b.rows).toEqual(a.rows);
  });

  it('passes every row behind HttpHost at major 2, the v1 leg inapplicable there', async () => {
    const report = await runRows(overHttp(reference(), 2), env);
    expect(verdicts(report), JSON.stringify(report.rows, null, 2)).toEqual({
      ...allPass,
      'v1-raw-verbatim': 'inapplicable',
    });
    expect(report.host).toBe('HttpHost (major 2)');
  });

  it('behind HttpHost at major 1, passes the v1 leg and the corpus row; every major-2 row is inapplicable', async () => {
    const report = await runRows(overHttp(reference(), 1), env);
    const v2Only = Object.fromEntries(ROWS.filter((r) => !r.majors.includes(1)).map((r) => [r.id, 'inapplicable']));
    expect(verdicts(report), JSON.stringify(report.rows, null, 2)).toEqual({ ...allPass, ...v2Only });
    expect(Object.keys(v2Only)).toContain('catalog-order');
    expect(report.rows.find((r) => r.id === 'catalog-order')!.reason).toBe(
      'the row tests major 2; this run targets major 1',
    );
  });
});

describe('reference host against a fake answering text/event-stream', () => {
  let env: SuiteEnvironment;
  beforeAll(async () => {
    env = await startSuiteEnvironment({ responseMode: 'sse' });
  });
  afterAll(() => env.close());

  it('passes every row', async () => {
    const report = await runRows(reference(), env);
    expect(verdicts(report), JSON.stringify(report.rows, null, 2)).toEqual(allPass);
  });
});

describe('verdicts the reference never earns', () => {
  let env: SuiteEnvironment;
  beforeAll(async () => {
    env = await startSuiteEnvironment();
  });
  afterAll(() => env.close());

  const stub =
    (overrides: Partial<HostUnderTest>): HostFactory =>
    async () => ({
      label: 'stub',
      capabilities: async () => ({ mcp: { client: true }, toolCatalog: { sources: ['mcp'] } }),
      runMcpClient: async () => ({ status: 'unsupported' }),
      getTools: async () => ({ status: 200, body: [] }),
      getTool: async () => ({ status: 404, body: null }),
      ...overrides,
    });

  it('refuses to start when a binding is not loopback, before building the host', async () => {
    let built = false;
    const factory: HostFactory = async (b) => {
      built = true;
      return stub({})(b);
    };
    await expect(
      runRows(factory, { ...env, bindings: { ...env.bindings, conformance: 'http://192.0.2.1/mcp' } }),
    ).rejects.toThrow('refusing to start: serverId "conformance" is bound to a URL whose host is not loopback');
    expect(built).toBe(false);
  });

  it('makes the ctx.mcp rows inapplicable without mcp.client, the v1 leg without mcp, and the catalog rows without toolCatalog', async () => {
    const report = await runRows(
      stub({ capabilities: async () => ({}), runV1Invoke: async () => ({ status: 'unsupported' }) }),
      env,
    );
    expect(verdicts(report)).toEqual({
      ...Object.fromEntries(ROWS.map((r) => [r.id, 'inapplicable'])),
      'annotations-schema': 'pass',
    });
    expect(report.rows.find((r) => r.id === 'v1-raw-verbatim')!.reason).toBe(
      'the host does not advertise mcp, so it exposes no v1 ctx.mcp.invokeTool',
    );
  });

  it('makes the earlier-revision rows inapplicable when mcp.revisions lists only 2026-07-28, blocked when unbound', async () => {
    const rows = ['earlier-revision-unaltered', 'earlier-revision-health', 'earlier-era-fallback'];
    const modernOnly = await runRows(
      stub({ capabilities: async () => ({ mcp: { client: true, revisions: ['2026-07-28'] } }) }),
      env,
      ROWS.filter((r) => rows.includes(r.id)),
    );
    expect(verdicts(modernOnly)).toEqual({
      'earlier-revision-unaltered': 'inapplicable',
      'earlier-revision-health': 'inapplicable',
      'earlier-era-fallback': 'inapplicable',
    });
    const unbound = stub({
      capabilities: async () => ({ mcp: { client: true, revisions: ['2026-07-28', '2025-11-25'] } }),
      runMcpClient: async () => ({ status: 'failed', errorCode: 'not_found' }),
    });
    const report = await runRows(
      unbound,
      env,
      ROWS.filter((r) => rows.includes(r.id)),
    );
    expect(report.rows.map((r) => [r.verdict, r.reason])).toEqual([
      ['blocked', 'the host has no conformance.earlier binding'],
      ['blocked', 'the host has no conformance.earlier binding'],
      ['blocked', 'the host has no conformance.legacy binding'],
    ]);
  });

  it('blocks the ctx.mcp rows when the host does not run the fixture', async () => {
    const capabilities = async () => ({
      mcp: { client: true as const, revisions: ['2026-07-28', '2025-11-25'] },
      toolCatalog: { sources: ['mcp'] },
    });
    const report = await runRows(stub({ capabilities, runV1Invoke: async () => ({ status: 'unsupported' }) }), env);
    const fixtureRows = ROWS.filter(
      (r) => r.corpus !== true && !r.id.startsWith('catalog-') && !CATALOG_ROWS.has(r.id),
    );
    expect(fixtureRows).toHaveLength(19);
    for (const { id } of fixtureRows) expect(verdicts(report)[id], id).toBe('blocked');
  });

  it('blocks the rows whose server id the host has not bound', async () => {
    const report = await runRows(
      stub({ runMcpClient: async () => ({ status: 'failed', errorCode: 'not_found' }) }),
      env,
    );
    for (const id of [
      'server-health-incompatible',
      'transport-failure-rejects',
      'call-unshared-rejects',
      'reserved-errors-no-fallback',
      'transport-interrupted',
      'redirects-within-origin',
    ])
      expect(verdicts(report)[id], id).toBe('blocked');
    // A not_found that carries a message is the rejection the row wants.
    const named = await runRows(
      stub({ runMcpClient: async () => ({ status: 'failed', errorCode: 'not_found', message: 'no such server' }) }),
      env,
      ROWS.filter((r) => r.id === 'reject-unknown-server'),
    );
    expect(verdicts(named)['reject-unknown-server']).toBe('pass');
    // Without one it is not the node.failed error errors.md defines.
    expect(report.rows.find((r) => r.id === 'reject-unknown-server')!.reason).toBe(
      'payload.error: $.message is missing; it is required (mcp-rejection.schema.json)',
    );
  });

  it('leaves input-required-never-returned inapplicable for a host that declares no elicitation (the server refused with -32021)', async () => {
    const refused = {
      status: 'failed' as const,
      errorCode: 'mcp_error',
      details: { error: { code: -32021, message: 'Missing required client capability' } },
    };
    const report = await runRows(stub({ runMcpClient: async () => refused }), env);
    expect(verdicts(report)['input-required-never-returned']).toBe('inapplicable');
  });

  it("on an empty catalog: the rows about the fake's tools blocked (conformance not projected), the rest inapplicable", async () => {
    const report = await runRows(stub({}), env);
    for (const id of [
      'mcp-unclassified-write',
      'mcp-replay-not-from-hints',
      'mcp-egress-not-from-hints',
      'mcp-toolid-scheme',
    ])
      expect(verdicts(report)[id], id).toBe('blocked');
    for (const id of ['annotations-derived', 'catalog-toolids', 'catalog-views', 'catalog-order'])
      expect(verdicts(report)[id], id).toBe('inapplicable');
  });

  it('fails a value the server never sent: a host that answers from a stub instead of calling the fake', async () => {
    const canned = {
      resultType: 'complete',
      content: [{ type: 'text', text: 'ok' }],
      structuredContent: { n: 7, nonce: 'x' },
    };
    const report = await runRows(stub({ runMcpClient: async () => ({ status: 'completed', result: canned }) }), env);
    const row = report.rows.find((r) => r.id === 'call-tool-verbatim')!;
    expect(row.verdict).toBe('fail');
    expect(row.reason).toContain('the host resolved something the server never sent');
  });

  it('blocks every host row, not the corpus row, when discovery cannot be read', async () => {
    const report = await runRows(
      stub({
        capabilities: async () => {
          throw new HostUnavailable('GET /.well-known/openwop answered 503');
        },
      }),
      env,
    );
    for (const row of report.rows) {
      expect(row.verdict, row.id).toBe(row.id === 'annotations-schema' ? 'pass' : 'blocked');
    }
    expect(report.rows[0]!.reason).toBe('capabilities unreadable: GET /.well-known/openwop answered 503');
  });

  it('fails the catalog rows on a GET /tools wrapped as { tools } (the standard view is a bare array)', async () => {
    const tools = [{ toolId: 'a', source: 'node-pack', safetyTier: 'pure' }];
    const report = await runRows(stub({ getTools: async () => ({ status: 200, body: { tools } }) }), env);
    const row = report.rows.find((r) => r.id === 'annotations-derived')!;
    expect(row).toMatchObject({
      verdict: 'fail',
      reason: 'GET /tools did not answer a bare ToolDescriptor[] (tool-catalog.md § The catalog)',
    });
  });

  it('reports a catalog miss as advisory-miss, never fail', async () => {
    const tools = [
      { toolId: 'b', source: 'node-pack', safetyTier: 'pure' },
      { toolId: 'a', source: 'node-pack', safetyTier: 'pure' },
    ];
    const report = await runRows(stub({ getTools: async () => ({ status: 200, body: tools }) }), env);
    const row = report.rows.find((r) => r.id === 'catalog-order')!;
    expect(row).toMatchObject({ verdict: 'advisory-miss', advisory: true });
    expect(row.reason).toBe('"b" is listed before "a"; code-unit order puts it after');
  });
});

describe('firstDifference', () => {
  it('names the first differing path in code-unit key order and what was expected there', () => {
    expect(firstDifference({ a: 1 }, { a: 1 })).toBeUndefined();
    expect(firstDifference({ b: 1 }, { a: 1, b: 1 })).toBe('$.a is missing; expected 1');
    expect(firstDifference({ a: 1, Z: 2 }, { a: 1 })).toBe('$.Z is 2, expected absent');
    expect(firstDifference({ t: [1, 2] }, { t: [1] })).toBe('$.t has 2 items, expected 1');
    expect(firstDifference({ t: [{ x: 'mine' }] }, { t: [{ x: 'other' }] })).toBe(
      '$.t[0].x is "mine", expected "other"',
    );
    expect(firstDifference({ 'a/b': null }, { 'a/b': {} })).toBe('$["a/b"] is null, expected an object');
    expect(firstDifference(undefined, {})).toBe('$ is missing; expected an object');
    expect(firstDifference({ s: 'x'.repeat(80) }, { s: 'y' })).toBe(`$.s is "${'x'.repeat(58)}…, expected "y"`);
    expect(firstDifference([], [1], '$.tools')).toBe('$.tools has 0 items, expected 1');
  });

  it("the run redacts every nonce a row drew, and the fake's tool nonces, from the reasons", async () => {
    const env = await startSuiteEnvironment();
    try {
      const leaky: Row = {
        id: 'call-tool-verbatim',
        rfc: '§A.3',
        advisory: false,
        majors: [2],
        summary: "reports its own nonce and the fake's tool names",
        run: async (ctx) => ({
          verdict: 'fail',
          reason: `${ctx.nonce()} ${env.fake.readonlyClaimToolName()} ${env.fake.noClaimToolName()}`,
        }),
      };
      const report = await runRows(reference(), env, [leaky]);
      expect(report.rows[0]!.reason).toBe('<nonce> conformance_readonly_claim_<nonce> conformance_no_claim_<nonce>');
    } finally {
      await env.close();
    }
  });
});
