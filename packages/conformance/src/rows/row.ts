// What a requirement row is, what it sees, and the verdict helpers every row shares.
import { isRecord } from '@openwop-spec/json';
import type { FakeMcpServer } from '@openwop-spec/mcp-fake-server';
import type { HostCapabilities, HostUnderTest, Outcome, RowVerdict } from '../host-under-test.js';
import type { ResultSchemaName, ResultSchemas } from '../result-schemas.js';

export const REQUIREMENT_PREFIX = 'openwop.requirement.0204.';

export interface RowContext {
  host: HostUnderTest;
  /** The capabilities the host advertised at the start of the run. */
  capabilities: HostCapabilities;
  /** The suite's fake MCP server; every ctx.mcp row's expected value comes from its recordings. */
  fake: FakeMcpServer | undefined;
  /** The protocol major the run targets; undefined when the host offers both (every row applies). */
  major: 1 | 2 | undefined;
  /** The text of schemas/v2/tool-descriptor.schema.json, as the corpus row is to compile it. */
  descriptorSchemaText: string;
  /** The corpus schemas of ctx.mcp results and rejections. */
  schemas: ResultSchemas;
  /** A fresh random token for this row; the run redacts it from the row's reason. */
  nonce(): string;
}

export interface RowResult {
  verdict: RowVerdict;
  /** Why; deterministic text (no nonces, ports or run ids), so a matrix of results is reproducible. */
  reason: string;
}

export interface Row {
  /** The short id; the requirement id is REQUIREMENT_PREFIX + id. */
  id: string;
  /** The RFC 0204 section the row tests. */
  rfc: string;
  /** A SHOULD: a miss is `advisory-miss`, never `fail`. */
  advisory: boolean;
  /** The protocol majors whose contract the row tests; at any other major it is inapplicable. */
  majors: readonly (1 | 2)[];
  /** A corpus row tests the repository's files and needs no host. */
  corpus?: true;
  /** The row's expected value is the suite fake's recording, so the host must reach this run's fake. */
  needsFake?: true;
  /** The security invariants (SECURITY/invariants.yaml) the row tests; the suite will not call such a row unverified silently. */
  invariants?: readonly string[];
  summary: string;
  run(ctx: RowContext): Promise<RowResult>;
}

export const pass = (reason: string): RowResult => ({ verdict: 'pass', reason });
export const fail = (reason: string): RowResult => ({ verdict: 'fail', reason });
export const inapplicable = (reason: string): RowResult => ({ verdict: 'inapplicable', reason });
export const blocked = (reason: string): RowResult => ({ verdict: 'blocked', reason });
export const advisoryMiss = (reason: string): RowResult => ({ verdict: 'advisory-miss', reason });

/** The gate of every ctx.mcp row: `mcp.client` advertised and the fake running. */
export function mcpGate(ctx: RowContext): { fake: FakeMcpServer } | RowResult {
  if (ctx.capabilities.mcp?.client !== true) {
    return inapplicable('mcp.client is not advertised: the host exposes no ctx.mcp to pack code (RFC 0204 §A.1)');
  }
  if (ctx.fake === undefined) return blocked('the suite fake MCP server never started');
  return { fake: ctx.fake };
}

/** The gate of every catalog row: `toolCatalog` advertised. */
export function catalogGate(ctx: RowContext): RowResult | undefined {
  if (ctx.capabilities.toolCatalog === undefined) return inapplicable('toolCatalog is not advertised');
  return undefined;
}

/** The `details` a rejection carried, or an empty object. */
export const detailsOf = (out: Outcome): Record<string, unknown> =>
  out.status === 'failed' && isRecord(out.details) ? out.details : {};

/** What a rejection's details say, for a reason: ` (-32020 "Header mismatch: …")` or ` (connect)`. */
export function detailText(out: Extract<Outcome, { status: 'failed' }>): string {
  const details = isRecord(out.details) ? out.details : {};
  const error = details['error'];
  if (isRecord(error)) return ` (${String(error['code'])} ${JSON.stringify(error['message'])})`;
  return typeof details['reason'] === 'string' ? ` (${details['reason']})` : '';
}

/** A completed run's value, or the verdict a run that did not complete earns. */
export function completedValue(out: Outcome, what: string): { value: unknown } | RowResult {
  if (out.status === 'unsupported') return blocked(`${what}: the host does not run the fixture`);
  if (out.status === 'failed')
    return fail(`${what}: the run failed with ${out.errorCode}${detailText(out)}; it MUST complete`);
  return { value: out.result };
}

export const isResult = (x: object): x is RowResult => 'verdict' in x;

/** A failure when `value` does not validate against the named corpus schema; `what` says whose value it is. */
export function schemaFailure(
  ctx: RowContext,
  name: ResultSchemaName,
  value: unknown,
  what: string,
): RowResult | undefined {
  const problem = ctx.schemas.check(name, value);
  return problem === undefined ? undefined : fail(`${what}: ${problem}`);
}

/** A rejection as node.failed records its `payload.error` (errors.md): code, message and details when present. */
export const rejectionOf = (out: Extract<Outcome, { status: 'failed' }>): Record<string, unknown> => ({
  code: out.errorCode,
  ...(out.message === undefined ? {} : { message: out.message }),
  ...(out.details === undefined ? {} : { details: out.details }),
});
