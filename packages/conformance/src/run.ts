// Running the rows against one host. A suite environment holds the fake MCP server (its
// endpoints) and the dead address for a whole file: it is started once and never reset, so every
// row picks its exchange by method and a distinguishing param. The bindings are those of
// spec/v2/core/conformance.md § Conformance fixtures.
import { randomBytes } from 'node:crypto';
import {
  DROPS_PATH,
  EARLIER_REVISION_PATH,
  INCOMPATIBLE_REVISION_PATH,
  LEGACY_PATH,
  LEGACY_PROBE_PATH,
  MOVED_AWAY_PATH,
  MOVED_PATH,
  NO_CLAIM_PREFIX,
  READONLY_CLAIM_PREFIX,
  SEE_OTHER_PATH,
  STRICT_PATH,
  UNSHARED_REVISION_PATH,
  createFakeMcpServer,
  deadEndpoint,
  isLoopbackUrl,
} from '@openwop-spec/mcp-fake-server';
import type { FakeMcpServer } from '@openwop-spec/mcp-fake-server';
import { readDescriptorSchemaText } from './corpus.js';
import type { HostCapabilities, HostFactory, HostUnderTest, RowVerdict } from './host-under-test.js';
import { HostUnavailable } from './host-under-test.js';
import { loadResultSchemas } from './result-schemas.js';
import type { ResultSchemas } from './result-schemas.js';
import { LEGACY_PROBE_SERVER_ID, LEGACY_SERVER_ID } from './rows/earlier-era-fallback.js';
import { EARLIER_SERVER_ID } from './rows/earlier-revision.js';
import { MOVED_AWAY_SERVER_ID, MOVED_SERVER_ID, SEE_OTHER_SERVER_ID } from './rows/redirects-within-origin.js';
import { STRICT_SERVER_ID } from './rows/reserved-errors-no-fallback.js';
import { INCOMPATIBLE_SERVER_ID, UNSHARED_SERVER_ID } from './rows/server-health-incompatible.js';
import { DROPS_SERVER_ID } from './rows/transport-interrupted.js';
import { ROWS, REQUIREMENT_PREFIX } from './rows/index.js';
import type { Row, RowContext, RowResult } from './rows/index.js';
import { schemaTextSeamOf } from './seams.js';

export interface SuiteEnvironment {
  /**
   * The suite's MCP server: `resources/read` served, and a DiscoverResult `ttlMs` of 0, so each
   * serverHealth call must probe afresh.
   */
  fake: FakeMcpServer;
  /** serverId → url: FAKE_ENDPOINTS on the fake, `conformance.down` and `conformance-down` → the dead address. */
  bindings: Record<string, string>;
  /** The pristine descriptor schema text, read once. */
  schemaText: string;
  /** The corpus schemas of ctx.mcp results and rejections, compiled once. */
  schemas: ResultSchemas;
  close(): Promise<void>;
}

/**
 * The server ids bound to the fake, each to an endpoint path on its port (conformance.md §
 * Conformance fixtures): `conformance` (the fake itself), `conformance.earlier` (a 2025-11-25
 * server that answers 2026-07-28 with -32022), `conformance.incompatible` (a server of a revision no
 * current client negotiates, which answers server/discover with -32022), `conformance.unshared`
 * (one whose server/discover succeeds but lists no such revision), `conformance.legacy` and
 * `conformance.legacy-probe` (initialize-era servers with sessions: a 400 without a 2026-07-28
 * error, and -32601 to server/discover), `conformance.strict` (a 2026-07-28 server answering
 * -32020 and -32021), `conformance.moved`, `conformance.moved-away` and `conformance.see-other`
 * (a 307 within the origin, a 307 out of it, a 303) and `conformance.drops` (receives each request,
 * never answers it).
 */
export const FAKE_ENDPOINTS: Readonly<Record<string, string>> = Object.freeze({
  conformance: '/mcp',
  [EARLIER_SERVER_ID]: EARLIER_REVISION_PATH,
  [INCOMPATIBLE_SERVER_ID]: INCOMPATIBLE_REVISION_PATH,
  [UNSHARED_SERVER_ID]: UNSHARED_REVISION_PATH,
  [LEGACY_SERVER_ID]: LEGACY_PATH,
  [LEGACY_PROBE_SERVER_ID]: LEGACY_PROBE_PATH,
  [STRICT_SERVER_ID]: STRICT_PATH,
  [MOVED_SERVER_ID]: MOVED_PATH,
  [MOVED_AWAY_SERVER_ID]: MOVED_AWAY_PATH,
  [SEE_OTHER_SERVER_ID]: SEE_OTHER_PATH,
  [DROPS_SERVER_ID]: DROPS_PATH,
});

export interface SuiteEnvironmentOptions {
  /** Answer as text/event-stream instead of JSON. */
  responseMode?: 'json' | 'sse';
  /** Where schemas/ lives; the repository's by default. */
  schemasDir?: string;
}

/** Throws, naming the binding, when any bound URL's host is not loopback: the suite never leaves the machine. */
export function assertLoopbackBindings(bindings: Record<string, string>): void {
  for (const [serverId, url] of Object.entries(bindings)) {
    if (!isLoopbackUrl(url)) {
      throw new Error(
        `refusing to start: serverId "${serverId}" is bound to a URL whose host is not loopback (127.0.0.0/8, ::1, localhost)`,
      );
    }
  }
}

export async function startSuiteEnvironment(options: SuiteEnvironmentOptions = {}): Promise<SuiteEnvironment> {
  const schemaText = readDescriptorSchemaText(options.schemasDir);
  const schemas = loadResultSchemas(options.schemasDir);
  const fake = createFakeMcpServer({ responseMode: options.responseMode ?? 'json', resources: true, discoverTtlMs: 0 });
  const origin = new URL(await fake.start()).origin;
  const dead = await deadEndpoint();
  const bindings: Record<string, string> = { 'conformance.down': dead, 'conformance-down': dead };
  for (const [serverId, path] of Object.entries(FAKE_ENDPOINTS)) bindings[serverId] = origin + path;
  try {
    assertLoopbackBindings(bindings);
  } catch (err) {
    await fake.stop();
    throw err;
  }
  return { fake, bindings, schemaText, schemas, close: () => fake.stop() };
}

/** Points the fake's bindings at a forwarder on `port` (for a live host configured before the suite starts). */
export function forwardBindings(env: SuiteEnvironment, port: number): void {
  for (const [serverId, path] of Object.entries(FAKE_ENDPOINTS))
    env.bindings[serverId] = `http://127.0.0.1:${port}${path}`;
}

export interface RowReport {
  id: string;
  requirement: string;
  advisory: boolean;
  /** The security invariants the row tests (empty for most rows). */
  invariants: readonly string[];
  verdict: RowVerdict;
  reason: string;
}

export interface RunReport {
  host: string;
  rows: RowReport[];
}

/** The fake's two nonce tool names, whichever run listed them. */
const FAKE_NONCE_NAMES = new RegExp(`(${READONLY_CLAIM_PREFIX}|${NO_CLAIM_PREFIX})[0-9a-f]{8}`, 'g');

/** Strips what differs from run to run (the fake's tool nonces, the row's own nonces) out of a reason. */
function redact(text: string, nonces: readonly string[]): string {
  let out = text.replace(FAKE_NONCE_NAMES, '$1<nonce>');
  for (const nonce of nonces) out = out.split(nonce).join('<nonce>');
  return out;
}

async function judge(row: Row, ctx: RowContext): Promise<RowResult> {
  try {
    return await row.run(ctx);
  } catch (err) {
    if (err instanceof HostUnavailable) return { verdict: 'blocked', reason: err.message };
    // Anything else is the host answering something the row could not even read.
    return {
      verdict: 'fail',
      reason: `the row could not judge the host: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}

/** One host, built once, judging rows one at a time (a scenario file runs each row in its own test). */
export interface OpenRun {
  readonly label: string;
  judge(row: Row): Promise<RowReport>;
  close(): Promise<void>;
}

export interface RunOptions {
  /** The major the run targets; default: the host's own (`HostUnderTest.major`), else every row applies. */
  major?: 1 | 2;
}

/**
 * Builds the host `factory` makes for the environment's bindings and reads its capabilities once.
 * Refuses to start when any binding is not loopback.
 */
export async function openRun(
  factory: HostFactory,
  env: Pick<SuiteEnvironment, 'fake' | 'bindings' | 'schemaText' | 'schemas'>,
  options: RunOptions = {},
): Promise<OpenRun> {
  assertLoopbackBindings(env.bindings);
  const host: HostUnderTest = await factory({ ...env.bindings });
  let capabilities: HostCapabilities | undefined;
  let unavailable: string | undefined;
  try {
    capabilities = await host.capabilities();
  } catch (err) {
    if (!(err instanceof HostUnavailable)) {
      await host.close?.();
      throw err;
    }
    unavailable = err.message;
  }
  const shared: Omit<RowContext, 'nonce'> = {
    host,
    capabilities: capabilities ?? {},
    fake: env.fake,
    major: options.major ?? host.major,
    descriptorSchemaText: schemaTextSeamOf(factory)(env.schemaText),
    schemas: env.schemas,
  };
  return {
    label: host.label,
    async judge(row) {
      const nonces: string[] = [];
      const ctx: RowContext = {
        ...shared,
        nonce() {
          const nonce = randomBytes(8).toString('hex');
          nonces.push(nonce);
          return nonce;
        },
      };
      // A row of another major is inapplicable; a host whose discovery cannot be read blocks its
      // rows; the corpus row needs no host.
      const result: RowResult =
        ctx.major !== undefined && !row.majors.includes(ctx.major)
          ? {
              verdict: 'inapplicable',
              reason: `the row tests major ${row.majors.join(' and ')}; this run targets major ${ctx.major}`,
            }
          : unavailable !== undefined && row.corpus !== true
            ? { verdict: 'blocked', reason: `capabilities unreadable: ${unavailable}` }
            : await judge(row, ctx);
      return {
        id: row.id,
        requirement: REQUIREMENT_PREFIX + row.id,
        advisory: row.advisory,
        invariants: row.invariants ?? [],
        verdict: result.verdict,
        reason: redact(result.reason, nonces),
      };
    },
    close: async () => {
      await host.close?.();
    },
  };
}

/** Runs `rows` (every row by default) in order against one host. */
export async function runRows(
  factory: HostFactory,
  env: Pick<SuiteEnvironment, 'fake' | 'bindings' | 'schemaText' | 'schemas'>,
  rows: readonly Row[] = ROWS,
  options: RunOptions = {},
): Promise<RunReport> {
  const run = await openRun(factory, env, options);
  try {
    const reports: RowReport[] = [];
    for (const row of rows) reports.push(await run.judge(row));
    return { host: run.label, rows: reports };
  } finally {
    await run.close();
  }
}

/** The rows that did not pass, by id. */
export const nonPassing = (report: RunReport): string[] =>
  report.rows.filter((r) => r.verdict !== 'pass').map((r) => r.id);
