// The host under test. Every RFC 0204 row is written once against this interface; the in-process
// reference host, a live host over HTTP and every mutant implement it, so one code path judges them
// all. The fixtures are specified in spec/v2/core/conformance.md § Conformance fixtures.

/** The v2 fixture: one node `mcp-client` (`core.conformance.mcp-client`) calling `ctx.mcp[method]`. */
export const V2_FIXTURE = 'conformance-mcp-client';
/** The v1 fixture: one node `mcp-invoke` (`core.conformance.mcp-invoke`) calling `invokeTool` on `conformance`/`echo`. */
export const V1_FIXTURE = 'conformance-mcp-tool-roundtrip';

/**
 * What the conformance fixture's node did: resolved (the value as on the event log), rejected (the
 * node.failed `payload.error`: its `code`, its `message` and its `details`, each when present), or
 * could not run.
 */
export type Outcome =
  | { status: 'completed'; result: unknown }
  | { status: 'failed'; errorCode: string; message?: string; details?: Record<string, unknown> }
  | { status: 'unsupported' };

/** Inputs of the v1 fixture `conformance-mcp-tool-roundtrip` (node `core.conformance.mcp-invoke`). */
export interface V1InvokeInputs {
  text: string;
  /** The tool on `conformance`; the fixture's default is `echo`. */
  toolName?: string;
}

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
  /**
   * `revisions`: the MCP revisions the host lists (`mcp.revisions`); `features`: the optional MCP
   * features it implements (`mcp.features`; `elicitation` there is how a host declares it); each
   * when it says.
   */
  mcp?: { client?: true; revisions?: string[]; features?: string[] };
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
  /**
   * The toolId of a tool another principal may invoke and the suite's caller may not
   * (OPENWOP_CROSS_PRINCIPAL_TOOL_ID); absent when the operator names none.
   */
  readonly crossPrincipalToolId?: string;
  capabilities(): Promise<HostCapabilities>;
  /** Runs the v2 fixture `conformance-mcp-client` once. */
  runMcpClient(i: McpClientInputs): Promise<Outcome>;
  /** Runs the v1 fixture: `invokeTool` on `conformance`/`toolName` (default `echo`) with `{ text }`. Absent: the host has no v1 leg. */
  runV1Invoke?(i: V1InvokeInputs): Promise<Outcome>;
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
