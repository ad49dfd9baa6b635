// The `suite` command against a live host: the reference host (and a mutant) behind a loopback
// HTTP front, configured before the suite starts, reaching the suite's fake through --fake-port.
import { randomUUID } from 'node:crypto';
import { deadEndpoint, quietPort } from '@openwop-spec/mcp-fake-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_PRINCIPAL_TOOL_ID } from '../src/adapters/in-process.js';
import type { HostFactory, HostUnderTest } from '../src/host-under-test.js';
import { MUTANTS } from '../src/mutants/index.js';
import { ROWS } from '../src/rows/index.js';
import type { RowReport } from '../src/run.js';
import { SUITE_OPTIONS, exitReason, runSuite, suiteHelp } from '../src/suite.js';
import { serveHost } from './support/host-front.js';
import type { HostFront } from './support/host-front.js';
import { reference } from './support/hosts.js';
import { fakeBindings, io } from './support/suite-io.js';

/** A live host configured up front: the fake's server ids → its endpoints on 127.0.0.1:<port>, the down ids → a dead address. */
async function liveHost(factory: HostFactory, port: number, apiKey: string): Promise<HostFront> {
  const host = await factory(fakeBindings(port, await deadEndpoint()));
  return serveHost(host, { major: 2, apiKey });
}

describe('suite against the reference host over HTTP', () => {
  // One run, in a hook (a whole suite over HTTP is a hook's work), asserted by the tests below.
  let front: HostFront;
  let port: number;
  let code: number;
  const out = io();
  beforeAll(async () => {
    port = await quietPort();
    const key = randomUUID();
    front = await liveHost(reference(), port, key);
    const argv = ['--host', front.url, '--token', key, '--fake-port', String(port)];
    code = await runSuite([...argv, '--cross-principal-tool-id', OTHER_PRINCIPAL_TOOL_ID], out);
  });
  afterAll(() => front.close());

  it('passes every row and exits 0 (the v1 leg inapplicable at major 2)', () => {
    expect(code, out.stdout.join('\n')).toBe(0);
    expect(out.stdout.at(-1)).toBe('29 pass, 0 fail, 0 blocked, 1 inapplicable, 0 advisory-miss');
    expect(out.stdout.find((l) => l.includes('v1-raw-verbatim'))).toMatch(
      /inapplicable +the row tests major 1; this run targets major 2/,
    );
  });

  it('names on stderr each binding the host must make, and nothing else', () => {
    expect(out.stderr).toEqual([
      `suite: the host must bind conformance → http://127.0.0.1:${port}/mcp`,
      `suite: the host must bind conformance.earlier → http://127.0.0.1:${port}/mcp-2025-11-25`,
      `suite: the host must bind conformance.incompatible → http://127.0.0.1:${port}/mcp-2024-11-05`,
      `suite: the host must bind conformance.unshared → http://127.0.0.1:${port}/mcp-unshared`,
      `suite: the host must bind conformance.legacy → http://127.0.0.1:${port}/mcp-legacy`,
      `suite: the host must bind conformance.legacy-probe → http://127.0.0.1:${port}/mcp-legacy-probe`,
      `suite: the host must bind conformance.strict → http://127.0.0.1:${port}/mcp-strict`,
      `suite: the host must bind conformance.moved → http://127.0.0.1:${port}/mcp-moved`,
      `suite: the host must bind conformance.moved-away → http://127.0.0.1:${port}/mcp-moved-away`,
      `suite: the host must bind conformance.see-other → http://127.0.0.1:${port}/mcp-see-other`,
      `suite: the host must bind conformance.drops → http://127.0.0.1:${port}/mcp-drops`,
    ]);
  });
});

describe('suite', () => {
  let front: HostFront | undefined;
  afterEach(async () => {
    await front?.close();
    front = undefined;
  });

  it("reports a mutant's failing row as JSON and exits 1", async () => {
    const port = await quietPort();
    const key = randomUUID();
    front = await liveHost(MUTANTS.find((m) => m.id === 'M-strip-meta')!.wrap(reference()), port, key);
    const out = io({
      OPENWOP_HOST_URL: front.url,
      OPENWOP_HOST_TOKEN: key,
      OPENWOP_MCP_FAKE_SERVER_PORT: String(port),
    });
    // Its own row and one it leaves passing: that no other row turns red is the mutant matrix's proof.
    expect(await runSuite(['--format', 'json', '--row', 'call-tool-verbatim', '--row', 'server-health'], out)).toBe(1);
    const report = JSON.parse(out.stdout.join('\n')) as { rows: { id: string; verdict: string }[] };
    expect(report.rows.map((r) => [r.id, r.verdict])).toEqual([
      ['call-tool-verbatim', 'fail'],
      ['server-health', 'pass'],
    ]);
  });

  it('blocks every host row when the host cannot be reached, and exits 1', async () => {
    const out = io();
    const dead = new URL(await deadEndpoint());
    expect(await runSuite(['--host', `http://127.0.0.1:${dead.port}`], out)).toBe(1);
    expect(out.stdout.at(-1)).toBe('1 pass, 0 fail, 28 blocked, 1 inapplicable, 0 advisory-miss');
    expect(out.stderr).toContain(
      `suite: mcp-unclassified-write is blocked: capabilities unreadable: GET /.well-known/openwop did not answer`,
    );
  });

  it('fails the run when a security row is inapplicable, unless each is named by --allow-unverified', async () => {
    // A host advertising no tool catalog: the rows of tool-annotations-untrusted cannot apply.
    const bare: HostUnderTest = {
      label: 'no catalog',
      capabilities: async () => ({}),
      runMcpClient: async () => ({ status: 'unsupported' }),
      getTools: async () => ({ status: 404, body: null }),
      getTool: async () => ({ status: 404, body: null }),
    };
    const key = randomUUID();
    front = await serveHost(bare, { major: 2, apiKey: key });
    const security = [
      'mcp-unclassified-write',
      'mcp-replay-not-from-hints',
      'mcp-egress-not-from-hints',
      'annotations-derived',
    ];
    const refused = io();
    expect(await runSuite(['--host', front.url, '--token', key], refused)).toBe(1);
    expect(refused.stdout.at(-1)).toBe('1 pass, 0 fail, 0 blocked, 29 inapplicable, 0 advisory-miss');
    expect(refused.stderr.filter((l) => l.includes('security invariant'))).toEqual(
      security.map(
        (id) =>
          `suite: ${id} is inapplicable, and it tests the security invariant tool-annotations-untrusted: toolCatalog is not advertised`,
      ),
    );
    const allowed = io();
    const optOut = security.flatMap((id) => ['--allow-unverified', id]);
    expect(await runSuite(['--host', front.url, '--token', key, ...optOut], allowed)).toBe(0);
    const partly = io();
    expect(await runSuite(['--host', front.url, '--token', key, ...optOut.slice(2)], partly)).toBe(1);
  });

  it('--help prints the help made from the option table and exits 0, running nothing', async () => {
    const out = io();
    expect(await runSuite(['--help'], out)).toBe(0);
    expect(out.stdout).toEqual([suiteHelp()]);
    const help = suiteHelp();
    expect(help.split('\n')[0]).toBe('usage: suite --host <url> [options]');
    for (const [name, spec] of Object.entries(SUITE_OPTIONS)) {
      expect(help).toContain(`--${name}`);
      expect(help).toContain(spec.help);
      if ('env' in spec) expect(help).toContain(`[env ${spec.env}]`);
    }
    expect(out.stderr).toEqual([]);
  });

  it('exitReason: a failure always counts; blocked, and inapplicable on a security row, unless allowed', () => {
    const row = (verdict: RowReport['verdict'], invariants: string[] = []): RowReport => ({
      id: 'r',
      requirement: 'openwop.requirement.0204.r',
      advisory: false,
      invariants,
      verdict,
      reason: 'x',
    });
    const none = new Set<string>();
    const allow = new Set(['r']);
    expect(exitReason(row('fail'), allow)).toBe('failed');
    expect(exitReason(row('blocked'), none)).toBe('blocked');
    expect(exitReason(row('blocked'), allow)).toBeUndefined();
    expect(exitReason(row('inapplicable'), none)).toBeUndefined();
    expect(exitReason(row('inapplicable', ['inv']), none)).toBe(
      'inapplicable, and it tests the security invariant inv',
    );
    expect(exitReason(row('inapplicable', ['inv']), allow)).toBeUndefined();
    expect(exitReason(row('advisory-miss', ['inv']), none)).toBeUndefined();
    expect(exitReason(row('pass', ['inv']), none)).toBeUndefined();
  });

  it.each([
    [[], '--host <url> (or OPENWOP_HOST_URL) is required'],
    [['--host', 'ftp://x'], '--host must be an http(s) URL, not "ftp://x"'],
    [['--host', 'http://127.0.0.1:1', '--major', '3'], '--major must be 1 or 2, not "3"'],
    [['--host', 'http://127.0.0.1:1', '--fake-port', '70000'], '--fake-port must be a port number, not "70000"'],
    [['--host', 'http://127.0.0.1:1', '--format', 'xml'], '--format must be text or json, not "xml"'],
    [
      ['--host', 'http://127.0.0.1:1', '--allow-unverified', 'nope'],
      `--allow-unverified names no row: "nope" (rows: ${ROWS.map((r) => r.id).join(', ')})`,
    ],
  ])('exits 2 on %j with a one-line reason and the usage', async (argv, message) => {
    const out = io();
    expect(await runSuite(argv, out)).toBe(2);
    expect(out.stderr[0]).toBe(`suite: ${message}`);
    expect(out.stderr[1]).toMatch(/^usage: suite --host <url>/);
  });

  it('exits 2 on an unknown flag', async () => {
    const out = io();
    expect(await runSuite(['--host', 'http://127.0.0.1:1', '--bogus'], out)).toBe(2);
    expect(out.stderr[0]).toMatch(/^suite: Unknown option '--bogus'/);
  });
});
