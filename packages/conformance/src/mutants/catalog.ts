// Mutants on the catalog: its classifications (rows mcp-unclassified-write, mcp-replay-not-from-hints,
// mcp-egress-not-from-hints), the descriptor post-processor (rows annotations-derived,
// catalog-toolids, mcp-toolid-scheme), the GET /tools handler (rows catalog-views,
// catalog-read-only, catalog-cross-principal, catalog-toolids, mcp-toolid-scheme), who may invoke what (row
// catalog-cross-principal) and the sort (row catalog-order, advisory).
import { isRecord } from '@openwop-spec/json';
import type { McpClient } from '@openwop-spec/mcp-client';
import { UNCLASSIFIED_MCP, mcpToolId } from '@openwop-spec/tool-catalog';
import type { Classification, ToolDescriptor } from '@openwop-spec/tool-catalog';
import { OTHER_PRINCIPAL_TOKEN } from '../adapters/in-process.js';
import { withHostSeams } from '../seams.js';
import type { ClassificationsSeam, ToolsHandler } from '../seams.js';
import type { ToolsResponse } from '@openwop-spec/tool-catalog';
import type { Mutant } from './mutant.js';

/**
 * What a naive bridge does: classifies every tool whose server claims `hint` (with the value
 * `claimed`) by `classify`. It reads the server's own pages, the way such a host would.
 */
const copyHint =
  (hint: string, claimed: boolean, classify: Classification): ClassificationsSeam =>
  async ({ base, client, serverIds }) => {
    const out: Record<string, Classification> = { ...base };
    for (const serverId of serverIds) {
      let cursor: string | undefined;
      try {
        do {
          const page = await client.listToolsPage(serverId, cursor);
          for (const tool of page.tools) {
            if (isRecord(tool.annotations) && tool.annotations[hint] === claimed) {
              out[mcpToolId(serverId, tool.name)] ??= { ...classify };
            }
          }
          cursor = page.nextCursor;
        } while (typeof cursor === 'string');
      } catch {
        // An unreachable server contributes nothing, as in the catalog itself.
      }
    }
    return out;
  };

const onHandler = (
  id: string,
  row: string,
  description: string,
  decorate: NonNullable<Parameters<typeof withHostSeams>[1]['toolsHandler']>,
): Mutant => ({
  id,
  row,
  seam: 'tools handler',
  description,
  wrap: (factory) => withHostSeams(factory, { toolsHandler: decorate }, id),
});

/** A handler that answers the compact list without its last tool. */
const dropLastCompact =
  (handle: ToolsHandler): ToolsHandler =>
  async (req) => {
    const answer = await handle(req);
    if (req.query?.['view'] !== 'compact' || !isRecord(answer.body) || !Array.isArray(answer.body['tools']))
      return answer;
    return { ...answer, body: { ...answer.body, tools: answer.body['tools'].slice(0, -1) } };
  };

/**
 * Answers a by-id 404 with `replace(answer)` when the same request, made by the other principal,
 * finds the tool: what a handler does that checks existence before authorization.
 */
const revealOtherPrincipal =
  (replace: (answer: ToolsResponse) => ToolsResponse) =>
  (handle: ToolsHandler): ToolsHandler =>
  async (req) => {
    const answer = await handle(req);
    if (answer.status !== 404 || req.path === '/tools') return answer;
    const theirs = await handle({ ...req, auth: `Bearer ${OTHER_PRINCIPAL_TOKEN}` });
    return theirs.status === 200 ? replace(answer) : answer;
  };

/** The display names a handler that skips annotations.title would give the conformance server's tools. */
async function titlesWithoutAnnotations(client: McpClient): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  let cursor: string | undefined;
  try {
    do {
      const page = await client.listToolsPage('conformance', cursor, { cache: true });
      for (const tool of page.tools)
        titles.set(mcpToolId('conformance', tool.name), typeof tool.title === 'string' ? tool.title : tool.name);
      cursor = page.nextCursor;
    } while (typeof cursor === 'string');
  } catch {
    // An unreachable server leaves its tools as the catalog titled them.
  }
  return titles;
}

const mapAnnotations =
  (alter: (d: ToolDescriptor, a: NonNullable<ToolDescriptor['annotations']>) => ToolDescriptor['annotations']) =>
  (descriptors: ToolDescriptor[]): ToolDescriptor[] =>
    descriptors.map((d) => (d.annotations === undefined ? d : { ...d, annotations: alter(d, d.annotations) }));

export const CATALOG_MUTANTS: readonly Mutant[] = [
  {
    id: 'M-copy-readonly',
    row: 'mcp-unclassified-write',
    seam: 'classifications',
    description: "fills classifications from the server's readOnlyHint (true → read)",
    wrap: (factory) =>
      withHostSeams(
        factory,
        { classifications: copyHint('readOnlyHint', true, { ...UNCLASSIFIED_MCP, safetyTier: 'read' }) },
        'M-copy-readonly',
      ),
  },
  {
    id: 'M-copy-idempotent',
    row: 'mcp-replay-not-from-hints',
    seam: 'classifications',
    description: "fills replayPolicy from the server's idempotentHint (true → idempotent); the tier stays write",
    wrap: (factory) =>
      withHostSeams(
        factory,
        { classifications: copyHint('idempotentHint', true, { ...UNCLASSIFIED_MCP, replayPolicy: 'idempotent' }) },
        'M-copy-idempotent',
      ),
  },
  {
    id: 'M-copy-openworld',
    row: 'mcp-egress-not-from-hints',
    seam: 'classifications',
    description: "fills egress from the server's openWorldHint (false → none); the tier stays write",
    wrap: (factory) =>
      withHostSeams(
        factory,
        { classifications: copyHint('openWorldHint', false, { ...UNCLASSIFIED_MCP, egress: 'none' }) },
        'M-copy-openworld',
      ),
  },
  {
    id: 'M-readonly-on-write',
    row: 'annotations-derived',
    seam: 'post-processor',
    description: 'publishes readOnlyHint: true on write tools',
    wrap: (factory) =>
      withHostSeams(
        factory,
        { postProcess: mapAnnotations((d, a) => (d.safetyTier === 'write' ? { ...a, readOnlyHint: true } : a)) },
        'M-readonly-on-write',
      ),
  },
  {
    id: 'M-omit-openworld',
    row: 'annotations-derived',
    seam: 'post-processor',
    description: 'omits openWorldHint',
    wrap: (factory) =>
      withHostSeams(
        factory,
        {
          postProcess: mapAnnotations((_d, a) => {
            const { openWorldHint: _omitted, ...rest } = a;
            return rest as ToolDescriptor['annotations'];
          }),
        },
        'M-omit-openworld',
      ),
  },
  {
    id: 'M-duplicate-tool',
    row: 'catalog-toolids',
    seam: 'post-processor',
    description: 'lists its first descriptor twice',
    wrap: (factory) =>
      withHostSeams(
        factory,
        { postProcess: (descriptors) => (descriptors.length === 0 ? descriptors : [descriptors[0]!, ...descriptors]) },
        'M-duplicate-tool',
      ),
  },
  onHandler(
    'M-undecoded-tool-id',
    'catalog-toolids',
    'looks GET /tools/{toolId} up by the path segment as received, without percent-decoding it',
    (handle) => (req) => {
      const at = req.path.indexOf('/tools/') + '/tools/'.length;
      if (at < '/tools/'.length) return handle(req);
      // The raw segment taken as the id: encoded once more, so the handler decodes it back to itself.
      return handle({ ...req, path: req.path.slice(0, at) + encodeURIComponent(req.path.slice(at)) });
    },
  ),
  {
    id: 'M-toolid-slash',
    row: 'mcp-toolid-scheme',
    seam: 'post-processor',
    description: 'lists MCP tools as mcp/<serverId>.<name>',
    wrap: (factory) =>
      withHostSeams(
        factory,
        {
          postProcess: (descriptors) =>
            descriptors.map((d) => (d.source === 'mcp' ? { ...d, toolId: d.toolId.replace(/^mcp:/, 'mcp/') } : d)),
        },
        'M-toolid-slash',
      ),
  },
  {
    id: 'M-title-from-name',
    row: 'mcp-toolid-scheme',
    seam: 'post-processor',
    description: "titles MCP tools by their name, ignoring the server's title",
    wrap: (factory) =>
      withHostSeams(
        factory,
        {
          postProcess: (descriptors) =>
            descriptors.map((d) =>
              d.source === 'mcp' ? { ...d, title: d.toolId.slice(d.toolId.indexOf('.') + 1) } : d,
            ),
        },
        'M-title-from-name',
      ),
  },
  {
    id: 'M-mcp-title-omitted',
    row: 'mcp-toolid-scheme',
    seam: 'post-processor',
    description: 'leaves title out of every MCP descriptor',
    wrap: (factory) =>
      withHostSeams(
        factory,
        {
          postProcess: (descriptors) =>
            descriptors.map((d) => {
              if (d.source !== 'mcp') return d;
              const { title: _omitted, ...rest } = d;
              return rest;
            }),
        },
        'M-mcp-title-omitted',
      ),
  },
  onHandler(
    'M-title-skips-annotations',
    'mcp-toolid-scheme',
    "titles an MCP tool by the server's title, else its name, skipping annotations.title",
    (handle, client) => async (req) => {
      const answer = await handle(req);
      if (answer.status !== 200) return answer;
      const titles = await titlesWithoutAnnotations(client);
      const retitle = (d: unknown): unknown =>
        isRecord(d) && typeof d['toolId'] === 'string' && titles.has(d['toolId'])
          ? { ...d, title: titles.get(d['toolId']) }
          : d;
      const body = answer.body;
      if (Array.isArray(body)) return { ...answer, body: body.map(retitle) };
      if (isRecord(body) && Array.isArray(body['tools']))
        return { ...answer, body: { ...body, tools: body['tools'].map(retitle) } };
      return { ...answer, body: retitle(body) };
    },
  ),
  {
    id: 'M-disclose-other-principal',
    row: 'catalog-cross-principal',
    seam: 'authorization',
    description: "lists and serves every tool to every principal, another tenant's too",
    wrap: (factory) => withHostSeams(factory, { mayInvoke: () => true }, 'M-disclose-other-principal'),
  },
  onHandler(
    'M-forbidden-other-principal',
    'catalog-cross-principal',
    "answers 403 for another principal's tool, where an unknown toolId gets 404",
    revealOtherPrincipal((answer) => ({
      ...answer,
      status: 403,
      body: { error: { code: 'forbidden', message: 'this tool belongs to another principal' } },
    })),
  ),
  onHandler(
    'M-not-yours-404',
    'catalog-cross-principal',
    "answers another principal's tool with a 404 of its own wording",
    revealOtherPrincipal((answer) => ({
      ...answer,
      body: { error: { code: 'not_found', message: 'this tool belongs to another principal' } },
    })),
  ),
  onHandler(
    'M-unknown-view-compact',
    'catalog-views',
    'answers every view parameter, unknown ones too, with the compact view',
    (handle) => (req) =>
      handle(req.query?.['view'] === undefined ? req : { ...req, query: { ...req.query, view: 'compact' } }),
  ),
  onHandler('M-compact-drops-tool', 'catalog-views', 'leaves the last tool out of the compact list', dropLastCompact),
  onHandler(
    'M-compact-by-id-standard',
    'catalog-views',
    'answers GET /tools/{toolId}?view=compact with the standard descriptor',
    (handle) => (req) => {
      const byId = req.query?.['view'] === 'compact' && !req.path.endsWith('/tools');
      return handle(byId ? { ...req, query: { ...req.query, view: undefined } } : req);
    },
  ),
  onHandler(
    'M-compact-keeps-input-schema',
    'catalog-views',
    "copies each tool's inputSchema into the compact list as is, outside the compact subset too",
    (handle) => async (req) => {
      const answer = await handle(req);
      if (req.query?.['view'] !== 'compact' || !isRecord(answer.body) || !Array.isArray(answer.body['tools']))
        return answer;
      const standard = await handle({ ...req, query: { ...req.query, view: undefined } });
      const schemas = new Map<unknown, unknown>();
      if (Array.isArray(standard.body))
        for (const d of standard.body)
          if (isRecord(d) && d['inputSchema'] !== undefined) schemas.set(d['toolId'], d['inputSchema']);
      const tools = answer.body['tools'].map((d: unknown) =>
        isRecord(d) && schemas.has(d['toolId']) ? { ...d, inputSchema: schemas.get(d['toolId']) } : d,
      );
      return { ...answer, body: { ...answer.body, tools } };
    },
  ),
  onHandler(
    'M-catalog-calls-tool',
    'catalog-read-only',
    'calls echo on the conformance server to check it is up before answering GET /tools',
    (handle, client) => async (req) => {
      await client
        .callTool({
          serverId: 'conformance',
          name: 'echo',
          arguments: { text: 'probe' },
          idempotencyKey: 'catalog-probe',
        })
        .catch(() => undefined);
      return handle(req);
    },
  ),
  {
    id: 'M-locale-sort',
    row: 'catalog-order',
    seam: 'sort',
    // The sabotage itself: a locale collation, which the order rule forbids.
    description: 'sorts with localeCompare',
    wrap: (factory) => withHostSeams(factory, { compare: (a, b) => a.localeCompare(b) }, 'M-locale-sort'),
  },
  {
    id: 'M-unsorted',
    row: 'catalog-order',
    seam: 'sort',
    description: 'keeps insertion order (a comparison that returns 0)',
    wrap: (factory) => withHostSeams(factory, { compare: () => 0 }, 'M-unsorted'),
  },
];
