// The suite against a host written from the spec alone (support/spec-host.ts), configured once,
// before any run, as an outside implementer configures one: it passes every row twice in a row
// (it lists 2025-11-25 too, so the earlier-revision rows apply; only the v1 leg does not), its
// security rows applicable both times (its catalog keeps the first run's tools/list pages
// within their ttlMs, which is legal, so the second run judges the first run's tools); it passes
// the same way when it prefers 1.x for a request without OpenWOP-Version; and each flaw that
// breaks one rule fails its row with a reason naming the JSON path and the expected value.
import { randomUUID } from 'node:crypto';
import { deadEndpoint, quietPort } from '@openwop-spec/mcp-fake-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROWS } from '../src/rows/index.js';
import { runSuite } from '../src/suite.js';
import { OTHER_TENANT_TOOL_ID, startSpecHost } from './support/spec-host.js';
import type { SpecHost, SpecHostFlaw, SpecHostOptions } from './support/spec-host.js';
import { fakeBindings, io } from './support/suite-io.js';

const SECURITY_ROWS = ROWS.filter((r) => (r.invariants ?? []).length > 0).map((r) => r.id);
/** The row this host is not asked to pass: it has no v1 leg. */
const INAPPLICABLE = ['v1-raw-verbatim'];

/** A spec host whose bindings point at the suite's fake on a port chosen now, and the arguments that run the suite on it. */
async function configured(options: Partial<SpecHostOptions> = {}): Promise<{ host: SpecHost; argv: string[] }> {
  const port = await quietPort();
  const token = randomUUID();
  const host = await startSpecHost({ bindings: fakeBindings(port, await deadEndpoint()), token, ...options });
  return {
    host,
    argv: [
      '--host',
      host.url,
      '--token',
      token,
      '--fake-port',
      String(port),
      '--cross-principal-tool-id',
      OTHER_TENANT_TOOL_ID,
    ],
  };
}

/** Each row's verdict, from the suite's text lines. */
function verdicts(stdout: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of stdout) {
    const m = /^ {2}(\S+) +(\S+) {2}/.exec(line);
    if (m !== null) out[m[1]!] = m[2]!;
  }
  return out;
}

const expected = Object.fromEntries(ROWS.map((r) => [r.id, INAPPLICABLE.includes(r.id) ? 'inapplicable' : 'pass']));

describe('a host written from the spec alone, run twice', () => {
  let host: SpecHost;
  let argv: string[];
  const first = io();
  const second = io();
  const codes: number[] = [];
  beforeAll(async () => {
    ({ host, argv } = await configured());
    codes.push(await runSuite(argv, first));
  });
  // The second run, in its own hook: a whole suite run is a hook's work.
  beforeAll(async () => {
    codes.push(await runSuite(argv, second));
  });
  afterAll(() => host.close());

  it('passes every row that applies on the first run, the security rows among them, and exits 0', () => {
    expect(verdicts(first.stdout), first.stdout.join('\n')).toEqual(expected);
    for (const id of SECURITY_ROWS) expect(verdicts(first.stdout)[id], id).toBe('pass');
    expect(codes[0]).toBe(0);
  });

  it("gives every row the same verdict on the second run, with the first run's tools still in its catalog", () => {
    expect(verdicts(second.stdout), second.stdout.join('\n')).toEqual(expected);
    expect(codes[1]).toBe(0);
  });
});

describe('the same host preferring 1.x for a request without OpenWOP-Version', () => {
  let host: SpecHost;
  const out = io();
  let code: number;
  beforeAll(async () => {
    const c = await configured({ preferredVersion: '1.0' });
    host = c.host;
    code = await runSuite(c.argv, out);
  });
  afterAll(() => host.close());

  it('passes the same rows: the suite names the major on every request to a v2 surface', () => {
    expect(verdicts(out.stdout), out.stdout.join('\n')).toEqual(expected);
    expect(code).toBe(0);
  });
});

describe('the same host with one flaw', () => {
  const cases: [SpecHostFlaw, string, string][] = [
    [
      'health-member',
      'server-health',
      'run A: $.session is "open", expected absent: no member but state, discover, reason (mcp-server-health.schema.json)',
    ],
    [
      'copy-replay',
      'mcp-replay-not-from-hints',
      'mcp:conformance.conformance_readonly_claim_<nonce>: $.replayPolicy is "idempotent", expected absent, as for its twin mcp:conformance.conformance_no_claim_<nonce>, which claims nothing: the host took replayPolicy from the server\'s idempotentHint',
    ],
    [
      'copy-egress',
      'mcp-egress-not-from-hints',
      'mcp:conformance.conformance_readonly_claim_<nonce>: $.egress is "none", expected absent, as for its twin mcp:conformance.conformance_no_claim_<nonce>, which claims nothing: the host took egress from the server\'s openWorldHint',
    ],
    [
      'rewrap',
      'call-tool-verbatim',
      'the resolved value is not the recorded CallToolResult: $._meta is missing; expected an object',
    ],
    [
      'cache-list-tools',
      'list-tools-page',
      'call 2: $ is a page the server sent before the call began; expected the answer to a tools/list sent for this call (ctx.mcp.listTools never answers from a cache)',
    ],
  ];
  it.each(cases)('%s fails %s, naming the JSON path and the expected value', async (flaw, row, reason) => {
    const { host, argv } = await configured({ flaw });
    try {
      const out = io();
      expect(await runSuite([...argv, '--row', row], out), out.stderr.join('\n')).toBe(1);
      expect(out.stdout.find((l) => l.startsWith(`  ${row} `))).toBe(`  ${row}  fail           ${reason}`);
    } finally {
      await host.close();
    }
  });
});
