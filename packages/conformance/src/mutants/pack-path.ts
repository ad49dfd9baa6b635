// Mutants on the CtxMcp handed to the v2 fixture node (the ctx.mcp rows). The catalog reads
// through listToolsPage and the v1 leg through its own adapter, so none of these reach them.
import {
  INTERNAL_ERROR,
  McpErrorResponse,
  McpTransportFailure,
  UNSUPPORTED_PROTOCOL_VERSION,
} from '@openwop-spec/mcp-client';
import type {
  CallToolResult,
  CtxMcp,
  ListToolsResult,
  McpServerHealth,
  ReadResourceResult,
} from '@openwop-spec/mcp-client';
import { isRecord } from '@openwop-spec/json';
import { EARLIER_SERVER_ID } from '../rows/earlier-revision.js';
import { withHostSeams } from '../seams.js';
import type { Bindings } from '../seams.js';
import { decorateCtx } from './mutant.js';
import type { Mutant } from './mutant.js';

function onCtx(
  id: string,
  row: string,
  description: string,
  patch: (mcp: CtxMcp, bindings: Bindings) => Partial<CtxMcp>,
): Mutant {
  return {
    id,
    row,
    seam: 'ctx.mcp',
    description,
    wrap: (factory) =>
      withHostSeams(factory, { ctxMcp: (mcp, bindings) => decorateCtx(mcp, patch(mcp, bindings)) }, id),
  };
}

/**
 * One 2026-07-28 request sent as is, with the elicitation capability declared (as the reference
 * host declares it): its parsed JSON body, or undefined when no JSON came back.
 */
async function postOnce(url: string, method: string, params: Record<string, unknown>, name?: string): Promise<unknown> {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  };
  try {
    const res = await fetch(url, {
      method: 'POST',
      // Like the reference client, it follows no redirect on its own.
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(name === undefined ? {} : { 'mcp-name': name }),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }),
    });
    return (await res.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What a host without MRTR does: sends tools/call once and hands the pack whatever result comes
 * back, input_required included. Anything but a JSON result (an error answer, an unreachable
 * server) falls back to the reference client, so only the row about input_required can see the
 * difference.
 */
async function callOnce(url: string, req: Parameters<CtxMcp['callTool']>[0]): Promise<CallToolResult | undefined> {
  const params = { name: req.name, ...(req.arguments === undefined ? {} : { arguments: req.arguments }) };
  const body = (await postOnce(url, 'tools/call', params, req.name)) as { result?: CallToolResult } | undefined;
  return body?.result;
}

/**
 * Alters a successful callTool result of the `conformance` server. Scoped to `isError !== true`:
 * the always-error result carries `_meta` too, and these mutants belong to call-tool-verbatim
 * alone; the earlier-revision server's results have a row of their own.
 */
function alterSuccess(id: string, description: string, alter: (r: CallToolResult) => unknown): Mutant {
  return onCtx(id, 'call-tool-verbatim', description, (mcp) => ({
    async callTool(req) {
      const r = await mcp.callTool(req);
      return r.isError === true || req.serverId !== 'conformance' ? r : (alter(r) as CallToolResult);
    },
  }));
}

const without = <T extends object>(value: T, key: string): T => {
  const copy = { ...value } as Record<string, unknown>;
  delete copy[key];
  return copy as T;
};

/** A cache of one method's answers per request key, kept a minute whatever the result's ttlMs says. */
function minuteCache<Req, Res>(
  key: (req: Req) => string,
  call: (req: Req) => Promise<Res>,
): (req: Req) => Promise<Res> {
  const kept = new Map<string, Promise<Res>>();
  return (req) => {
    const k = key(req);
    let answer = kept.get(k);
    if (answer === undefined) {
      answer = call(req);
      kept.set(k, answer);
      void answer.catch(() => kept.delete(k));
    }
    return answer.then((r) => structuredClone(r));
  };
}

export const PACK_PATH_MUTANTS: readonly Mutant[] = [
  alterSuccess('M-rewrap', 'resolves { result: structuredContent }', (r) => ({ result: r.structuredContent })),
  alterSuccess('M-strip-meta', 'drops _meta from the result', (r) => without(r, '_meta')),
  alterSuccess('M-drop-resulttype', 'drops resultType from the result', (r) => without(r, 'resultType')),
  alterSuccess('M-default-iserror', 'adds isError: false when the server sent none', (r) => ({ isError: false, ...r })),
  onCtx('M-throw-on-iserror', 'call-tool-iserror-resolves', 'rejects when the result has isError: true', (mcp) => ({
    async callTool(req) {
      const r = await mcp.callTool(req);
      if (r.isError === true)
        throw new McpErrorResponse(req.serverId, { code: INTERNAL_ERROR, message: 'tool error' }, 200);
      return r;
    },
  })),
  onCtx('M-merge-pages', 'list-tools-page', 'follows nextCursor and returns every tool with no cursor', (mcp) => ({
    async listTools(req) {
      if (req.cursor !== undefined) return mcp.listTools(req);
      const first = await mcp.listTools(req);
      const tools = [...first.tools];
      let cursor = first.nextCursor;
      while (typeof cursor === 'string') {
        const next: ListToolsResult = await mcp.listTools({ serverId: req.serverId, cursor });
        tools.push(...next.tools);
        cursor = next.nextCursor;
      }
      return { ...without(first, 'nextCursor'), tools };
    },
  })),
  onCtx('M-drop-cursor', 'list-tools-page', "never forwards the pack's cursor", (mcp) => ({
    listTools: (req) => mcp.listTools({ serverId: req.serverId }),
  })),
  onCtx('M-drop-annotations', 'list-tools-page', 'strips annotations from every listed tool', (mcp) => ({
    async listTools(req) {
      const page = await mcp.listTools(req);
      return { ...page, tools: page.tools.map((t) => without(t, 'annotations')) };
    },
  })),
  onCtx(
    'M-cached-list-tools',
    'list-tools-page',
    'answers listTools from a page kept a minute, whatever its ttlMs',
    (mcp) => ({
      listTools: minuteCache(
        (req) => JSON.stringify([req.serverId, req.cursor ?? null]),
        (req) => mcp.listTools(req),
      ),
    }),
  ),
  // The two below add their member for the conformance server only: the rows of the other
  // health bindings would see it too, and each mutant belongs to one row.
  onCtx('M-connected', 'server-health', 'adds status: "connected"', (mcp) => ({
    async serverHealth(req) {
      const h = await mcp.serverHealth(req);
      return req.serverId === 'conformance' ? ({ ...h, status: 'connected' } as McpServerHealth) : h;
    },
  })),
  onCtx('M-health-session', 'server-health', 'adds session: "open"', (mcp) => ({
    async serverHealth(req) {
      const h = await mcp.serverHealth(req);
      return req.serverId === 'conformance' ? ({ ...h, session: 'open' } as McpServerHealth) : h;
    },
  })),
  onCtx('M-unreachable-as-reachable', 'server-health', 'reports a server it cannot reach as reachable', (mcp) => ({
    async serverHealth(req) {
      const h = await mcp.serverHealth(req);
      return h.state === 'unreachable' ? { state: 'reachable' } : h;
    },
  })),
  // The two below act on conformance.earlier only: earlier-era-fallback judges the results and
  // health of its own initialize-era servers, and each mutant belongs to one row.
  onCtx(
    'M-write-resulttype',
    'earlier-revision-unaltered',
    'writes resultType: "complete" into a result that has none',
    (mcp) => ({
      async callTool(req) {
        const r = await mcp.callTool(req);
        return Object.hasOwn(r, 'resultType') || req.serverId !== EARLIER_SERVER_ID
          ? r
          : ({ ...(r as object), resultType: 'complete' } as CallToolResult);
      },
    }),
  ),
  onCtx(
    'M-discover-only-health',
    'earlier-revision-health',
    'reports unreachable when no DiscoverResult came (no older-revision health)',
    (mcp) => ({
      async serverHealth(req) {
        const health = await mcp.serverHealth(req);
        return health.discover === undefined && health.state === 'reachable' && req.serverId === EARLIER_SERVER_ID
          ? { state: 'unreachable' }
          : health;
      },
    }),
  ),
  onCtx(
    'M-pass-input-required',
    'input-required-never-returned',
    'sends tools/call once and resolves its answer, input_required included',
    (mcp, bindings) => ({
      async callTool(req) {
        const url = bindings[req.serverId];
        return (url === undefined ? undefined : await callOnce(url, req)) ?? mcp.callTool(req);
      },
    }),
  ),
  onCtx(
    'M-contents-only',
    'read-resource-verbatim',
    "resolves only { contents } of the ReadResourceResult (v1's shape)",
    (mcp) => ({
      async readResource(req) {
        const r = await mcp.readResource(req);
        return { contents: r.contents } as ReadResourceResult;
      },
    }),
  ),
  onCtx(
    'M-incompatible-unreachable',
    'server-health-incompatible',
    'reports an incompatible server as unreachable',
    (mcp) => ({
      async serverHealth(req) {
        const h = await mcp.serverHealth(req);
        return h.state === 'incompatible' ? { state: 'unreachable' } : h;
      },
    }),
  ),
  onCtx(
    'M-32022-unreachable',
    'server-health-incompatible',
    'reports a server that answered server/discover with -32022 as unreachable (the RFC text before Clarification 2)',
    (mcp) => ({
      async serverHealth(req) {
        const h = await mcp.serverHealth(req);
        return h.state === 'incompatible' && h.discover === undefined ? { state: 'unreachable' } : h;
      },
    }),
  ),
  onCtx(
    'M-unshared-reachable',
    'server-health-incompatible',
    'reports every server whose server/discover succeeded as reachable, shared revision or not',
    (mcp) => ({
      async serverHealth(req) {
        const h = await mcp.serverHealth(req);
        return h.discover === undefined ? h : { state: 'reachable', discover: h.discover };
      },
    }),
  ),
  onCtx(
    'M-cached-resource',
    'read-resource-verbatim',
    'answers readResource from a result kept a minute, whatever its ttlMs',
    (mcp) => ({
      readResource: minuteCache(
        (req) => JSON.stringify([req.serverId, req.uri]),
        (req) => mcp.readResource(req),
      ),
    }),
  ),
  onCtx('M-stale-health', 'server-health-fresh', 'keeps the first health of each server, whatever its ttlMs', (mcp) => {
    const first = new Map<string, Promise<McpServerHealth>>();
    return {
      serverHealth(req) {
        if (!first.has(req.serverId)) first.set(req.serverId, mcp.serverHealth(req));
        return first.get(req.serverId)!.then((h) => structuredClone(h));
      },
    };
  }),
  onCtx('M-undefined-unknown', 'reject-unknown-server', 'resolves undefined for an unknown serverId', (mcp) => ({
    async callTool(req) {
      try {
        return await mcp.callTool(req);
      } catch (err) {
        if ((err as { code?: unknown }).code === 'not_found') return undefined as unknown as CallToolResult;
        throw err;
      }
    },
  })),
  onCtx(
    'M-rewrite-mcp-error',
    'mcp-error-unaltered',
    "replaces the server's JSON-RPC error with its own internal error",
    (mcp) => ({
      async callTool(req) {
        try {
          return await mcp.callTool(req);
        } catch (err) {
          // The conformance server only: call-unshared-rejects has its own servers' errors to judge.
          if (err instanceof McpErrorResponse && req.serverId === 'conformance')
            throw new McpErrorResponse(
              req.serverId,
              { code: INTERNAL_ERROR, message: 'MCP server error' },
              err.httpStatus,
            );
          throw err;
        }
      },
    }),
  ),
  onCtx(
    'M-incompatible-resolves',
    'call-unshared-rejects',
    'resolves a call the server refused with -32022 as a tool error (isError: true)',
    (mcp) => ({
      async callTool(req) {
        try {
          return await mcp.callTool(req);
        } catch (err) {
          if (err instanceof McpErrorResponse && err.error.code === UNSUPPORTED_PROTOCOL_VERSION) {
            return {
              resultType: 'complete',
              content: [{ type: 'text', text: 'MCP server speaks no shared revision' }],
              isError: true,
            };
          }
          throw err;
        }
      },
    }),
  ),
  onCtx(
    'M-transport-no-reason',
    'transport-failure-rejects',
    'rejects a transport failure without saying why (no details.reason)',
    (mcp) => ({
      async callTool(req) {
        try {
          return await mcp.callTool(req);
        } catch (err) {
          if (err instanceof McpTransportFailure && err.reason === 'connect')
            throw Object.assign(new Error('MCP server unreachable'), { code: 'mcp_transport' });
          throw err;
        }
      },
    }),
  ),
  onCtx(
    'M-no-fallback-on-discover',
    'earlier-era-fallback',
    'reads any error to server/discover but -32022 as unreachable, -32601 included: never falls back on it',
    (mcp, bindings) => ({
      async serverHealth(req) {
        const url = bindings[req.serverId];
        const body = url === undefined ? undefined : await postOnce(url, 'server/discover', {});
        const error = isRecord(body) && isRecord(body['error']) ? body['error'] : undefined;
        return error === undefined || error['code'] === UNSUPPORTED_PROTOCOL_VERSION
          ? mcp.serverHealth(req)
          : { state: 'unreachable', reason: `mcp_error ${String(error['code'])}` };
      },
    }),
  ),
  onCtx(
    'M-interrupted-as-connect',
    'transport-interrupted',
    'reports a connection that broke after the request was sent as connect, as if nothing had been sent',
    (mcp) => ({
      async callTool(req) {
        try {
          return await mcp.callTool(req);
        } catch (err) {
          if (err instanceof McpTransportFailure && err.reason === 'interrupted')
            throw new McpTransportFailure(req.serverId, 'connect', undefined, { method: 'tools/call' });
          throw err;
        }
      },
    }),
  ),
  onCtx(
    'M-ceiling-as-mcp-error',
    'input-required-never-returned',
    'rejects a call stopped at the round ceiling as an MCP error the server never sent',
    (mcp) => ({
      async callTool(req) {
        try {
          return await mcp.callTool(req);
        } catch (err) {
          if (err instanceof McpTransportFailure && err.reason === 'mrtr_rounds_exceeded')
            throw new McpErrorResponse(req.serverId, { code: INTERNAL_ERROR, message: 'too many input rounds' }, 200);
          throw err;
        }
      },
    }),
  ),
  onCtx(
    'M-stream-end-resolves',
    'transport-interrupted',
    'takes the end of a response stream for the end of the answer: a stream that ended before its response resolves an empty result',
    (mcp) => ({
      async callTool(req) {
        try {
          return await mcp.callTool(req);
        } catch (err) {
          // An answer had begun (it has a status): the stream, not the connection, ended early.
          if (err instanceof McpTransportFailure && err.reason === 'interrupted' && err.httpStatus !== undefined)
            return { resultType: 'complete', content: [] };
          throw err;
        }
      },
    }),
  ),
  onCtx(
    'M-transport-as-tool-error',
    'transport-failure-rejects',
    'resolves an unreachable server as a tool error (isError: true)',
    (mcp) => ({
      async callTool(req) {
        try {
          return await mcp.callTool(req);
        } catch (err) {
          if (err instanceof McpTransportFailure && err.reason === 'connect') {
            return {
              resultType: 'complete',
              content: [{ type: 'text', text: 'MCP server unreachable' }],
              isError: true,
            };
          }
          throw err;
        }
      },
    }),
  ),
  onCtx(
    'M-ceiling-as-tool-error',
    'input-required-never-returned',
    'resolves a call stopped at the round ceiling as a tool error (isError: true)',
    (mcp) => ({
      async callTool(req) {
        try {
          return await mcp.callTool(req);
        } catch (err) {
          if (err instanceof McpTransportFailure && err.reason === 'mrtr_rounds_exceeded') {
            return {
              resultType: 'complete',
              content: [{ type: 'text', text: 'the server kept asking for input' }],
              isError: true,
            };
          }
          throw err;
        }
      },
    }),
  ),
];
