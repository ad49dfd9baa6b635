// The host under test. Every RFC 0204 row is written once against this interface; the in-process
// reference host, a live host over HTTP and every mutant implement it, so one code path judges them
// all. The fixtures are specified in spec/v2/core/conformance.md § Conformance fixtures.

/** The v2 fixture: one node `mcp-client` (`core.conformance.mcp-client`) calling `ctx.mcp[method]`. */
export const V2_FIXTURE = 'conformance-mcp-client';
/** The v1 fixture: one node `mcp-invoke` (`core.conformance.mcp-invoke`) calling `invokeTool` on `conformance`/`echo`. */
export const V1_FIXTURE = 'conformance-mcp-tool-roundtrip';

/**
 * What the conformance fixture's node did: resolved (the value as on the event log), rejected (the
 * node.failed `payload.error`: its `code`, and its `details` when it has any), or could not run.
 */
export type Outcome =
  | { status: 'completed'; result: unknown }
  | { status: 'failed'; errorCode: string; details?: Record<string, unknown> }
  | { status: 'unsupported' };

/** Inputs of the v2 fixture `conformance-mcp-client` (node `core.conformance.mcp-client`). */
export interface McpClientInputs {
  method: 'callTool' | 'listTools' | 'readResource' | 'serverHealth';
  serverId: string;
  name?: string;
  arguments?: Record<string, unknown>;
  cursor?: string;
  uri?: string;
}

/**
 * The capability claims the rows gate on, as the host advertises them: `mcp` is present when the
 * host advertises the family (at major 1, `supported: true`), with `client` when it advertises
 * `mcp.client`.
 */
export interface HostCapabilities {
  /** `revisions`: the MCP revisions the host lists (`mcp.revisions`), when it says. */
  mcp?: { client?: true; revisions?: string[] };
  toolCatalog?: { sources?: string[]; compactView?: boolean };
}

export interface HttpAnswer {
  status: number;
  body: unknown;
}

export interface HostUnderTest {
  readonly label: string;
  /** The protocol major the host is driven at; absent when it offers both surfaces (the in-process host). */
  readonly major?: 1 | 2;
  capabilities(): Promise<HostCapabilities>;
  /** Runs the v2 fixture `conformance-mcp-client` once. */
  runMcpClient(i: McpClientInputs): Promise<Outcome>;
  /** Runs the v1 fixture: `invokeTool` on `conformance`/`echo` with `{ text }`. Absent: the host has no v1 leg. */
  runV1Invoke?(i: { text: string }): Promise<Outcome>;
  /** `GET /tools` (the standard view unless `view` says otherwise). */
  getTools(q?: { view?: string }): Promise<HttpAnswer>;
  /** `GET /tools/{toolId}`. */
  getTool(id: string, q?: { view?: string }): Promise<HttpAnswer>;
  /** Releases what the host holds (servers, sockets); optional, so any host may omit it. */
  close?(): Promise<void>;
}

/** Builds a host whose MCP server ids resolve to these URLs (serverId → url). */
export type HostFactory = (bindings: Record<string, string>) => Promise<HostUnderTest>;

/** `advisory-miss` only ever comes from an advisory (SHOULD) row. */
export type RowVerdict = 'pass' | 'fail' | 'inapplicable' | 'blocked' | 'advisory-miss';

/** Thrown by an adapter when it cannot observe the host at all (unreachable, run never terminal): the row is blocked. */
export class HostUnavailable extends Error {
  override readonly name = 'HostUnavailable';
}
