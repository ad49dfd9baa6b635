// Where a mutant can reach the reference implementation without a flag in any production package.
// Host seams exist only on the in-process host, which builds the client,
// the v1 adapter and the catalog itself; the schema-text seam sits in the suite and works with
// any host, because `.annotations-schema` is a corpus test.
import type { CtxMcp, McpClient, McpClientOptions, V1Mcp } from '@openwop-spec/mcp-client';
import type {
  Classification,
  Compare,
  DescriptorPostProcessor,
  ToolDescriptor,
  ToolsRequest,
  ToolsResponse,
} from '@openwop-spec/tool-catalog';
import type { HostFactory } from './host-under-test.js';

/** Computes the operator classifications the catalog is built with. */
export type ClassificationsSeam = (input: {
  base: Readonly<Record<string, Classification>>;
  client: McpClient;
  serverIds: readonly string[];
}) => Promise<Record<string, Classification>>;

/** The MCP server bindings (serverId → url) the host was built with. */
export type Bindings = Readonly<Record<string, string>>;

/** The host's `GET /tools` handler. */
export type ToolsHandler = (req: ToolsRequest) => Promise<ToolsResponse>;

export interface HostSeams {
  /** Decorates the CtxMcp handed to the v2 fixture node (never the catalog's page reader, never the v1 adapter). */
  ctxMcp?: (mcp: CtxMcp, bindings: Bindings) => CtxMcp;
  /** Decorates the v1 `invokeTool` adapter handed to the v1 fixture node. */
  v1?: (v1: V1Mcp) => V1Mcp;
  /** Replaces how the `classifications` input of the catalog is computed. */
  classifications?: ClassificationsSeam;
  /** The catalog's descriptor post-processor. */
  postProcess?: DescriptorPostProcessor;
  /** The catalog's toolId order. */
  compare?: Compare;
  /** Decorates the `GET /tools` handler (the client is the host's, for a handler that misuses it). */
  toolsHandler?: (handle: ToolsHandler, client: McpClient) => ToolsHandler;
  /** Rewrites the options the host's MCP client is created with. */
  clientOptions?: (options: McpClientOptions) => McpClientOptions;
  /** Whether a principal may invoke a tool in its tenant: what the catalog lists to it and serves by id. */
  mayInvoke?: (principal: string, tool: ToolDescriptor) => boolean;
}

/** Rewrites the text of schemas/v2/tool-descriptor.schema.json before the corpus row compiles it. */
export type SchemaTextSeam = (text: string) => string;

interface Registered {
  /** Present on factories the in-process host built: rebuilds the factory with these seams. */
  rebuild?: (seams: HostSeams) => HostFactory;
  hostSeams?: HostSeams;
  schemaText?: SchemaTextSeam;
}

const registry = new WeakMap<HostFactory, Registered>();

/** Called by the in-process adapter for every factory it returns. */
export function registerInProcess(
  factory: HostFactory,
  seams: HostSeams,
  rebuild: (seams: HostSeams) => HostFactory,
): void {
  registry.set(factory, { ...registry.get(factory), rebuild, hostSeams: seams });
}

/** The schema-text seam a factory carries (identity when none). */
export function schemaTextSeamOf(factory: HostFactory): SchemaTextSeam {
  return registry.get(factory)?.schemaText ?? ((text) => text);
}

function compose<T, A extends unknown[]>(
  inner: ((x: T, ...rest: A) => T) | undefined,
  outer: ((x: T, ...rest: A) => T) | undefined,
): ((x: T, ...rest: A) => T) | undefined {
  if (inner === undefined) return outer;
  if (outer === undefined) return inner;
  return (x, ...rest) => outer(inner(x, ...rest), ...rest);
}

/**
 * A factory whose in-process host has `patch` applied on top of its current seams. Throws when the
 * factory is not an in-process host: a live host has no seam a suite could reach.
 */
export function withHostSeams(factory: HostFactory, patch: HostSeams, by: string): HostFactory {
  const entry = registry.get(factory);
  if (entry?.rebuild === undefined || entry.hostSeams === undefined) {
    throw new TypeError(`${by} decorates a seam of the in-process reference host; this factory is not one`);
  }
  const current = entry.hostSeams;
  const merged: HostSeams = { ...current };
  const ctxMcp = compose(current.ctxMcp, patch.ctxMcp);
  const v1 = compose(current.v1, patch.v1);
  const toolsHandler = compose(current.toolsHandler, patch.toolsHandler);
  if (ctxMcp !== undefined) merged.ctxMcp = ctxMcp;
  if (v1 !== undefined) merged.v1 = v1;
  if (toolsHandler !== undefined) merged.toolsHandler = toolsHandler;
  for (const key of ['classifications', 'postProcess', 'compare', 'clientOptions', 'mayInvoke'] as const) {
    if (patch[key] === undefined) continue;
    if (current[key] !== undefined) throw new TypeError(`${by}: the ${key} seam is already taken`);
    Object.assign(merged, { [key]: patch[key] });
  }
  const rebuilt = entry.rebuild(merged);
  if (entry.schemaText !== undefined) registry.set(rebuilt, { ...registry.get(rebuilt), schemaText: entry.schemaText });
  return rebuilt;
}

/** A factory that builds the same host, with the descriptor schema's text rewritten for the corpus row. */
export function withSchemaText(factory: HostFactory, transform: SchemaTextSeam): HostFactory {
  const entry = registry.get(factory);
  const wrapped: HostFactory = (bindings) => factory(bindings);
  const schemaText = entry?.schemaText === undefined ? transform : (text: string) => transform(entry.schemaText!(text));
  registry.set(wrapped, { ...entry, schemaText });
  return wrapped;
}

/** Gives `to`, a factory that wraps `from` (e.g. behind an HTTP front), the suite seams `from` carries. */
export function withSuiteSeamsOf(from: HostFactory, to: HostFactory): HostFactory {
  const schemaText = registry.get(from)?.schemaText;
  if (schemaText !== undefined) registry.set(to, { ...registry.get(to), schemaText });
  return to;
}
