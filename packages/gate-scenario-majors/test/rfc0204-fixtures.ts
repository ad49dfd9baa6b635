// Compact versions of the conformance files RFC 0204 touches, before and after the RFC. They are fixture text, not modules: the gate parses them, nothing runs them.

const LIB = 'conformance/src/lib';

/** Helpers both versions share: the driver, the behaviour gate, discovery and the message helper. */
export const SHARED_LIB: Record<string, string> = {
  [`${LIB}/driver.ts`]: `export interface Response { status: number; json: unknown }
export const driver = {
  async get(path: string, _opts: { authenticated?: boolean } = {}): Promise<Response> {
    return send('GET', path);
  },
  async post(path: string, body: unknown): Promise<Response> {
    return send('POST', path, body);
  },
};
async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(new URL(path, process.env['OPENWOP_HOST_URL']), { method, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}
`,
  [`${LIB}/behavior-gate.ts`]: `export function behaviorGate(id: string, advertised: boolean): boolean {
  if (!advertised && process.env['OPENWOP_REQUIRE_BEHAVIOR'] === 'true') throw new Error(id + ' is required');
  return advertised;
}
`,
  [`${LIB}/discovery.ts`]: `import { driver } from './driver.js';
export async function readCapabilityFamily(name: string): Promise<Record<string, any> | undefined> {
  const res = await driver.get('/.well-known/openwop');
  return res.status === 200 ? (res.json as Record<string, any>)[name] : undefined;
}
`,
  [`${LIB}/requirement-ids.ts`]:
    'export const req = (id: string, ref: string, text: string): string => `${id} (${ref}): ${text}`;\n',
  [`${LIB}/major.ts`]: `export function targetMajor(): 1 | 2 {
  return process.env['OPENWOP_TARGET_MAJOR'] === '1' ? 1 : 2;
}
export function toolsPath(suffix = ''): string {
  return \`\${targetMajor() === 2 ? '' : '/v1'}/tools\${suffix}\`;
}
export function familyAdvertised(record: unknown): boolean {
  if (targetMajor() === 2) return typeof record === 'object' && record !== null;
  return (record as { supported?: unknown } | undefined)?.supported === true;
}
`,
};

/** lib/toolCatalog.ts before RFC 0204: two hard-coded /v1/ reads (and the seam, which is fine). */
export const PRE_TOOL_CATALOG_LIB = `/**
 * Helpers for the toolCatalog scenarios. Capability-gated on \`toolCatalog.supported\`.
 */
import { driver } from './driver.js';
import { readCapabilityFamily } from './discovery.js';

export async function readToolCatalogCap(): Promise<Record<string, any> | null> {
  const tc = await readCapabilityFamily('toolCatalog');
  return tc && typeof tc === 'object' ? tc : null;
}

export async function listTools(): Promise<Record<string, unknown>[] | null> {
  const res = await driver.get('/v1/tools');
  if (res.status === 404 || res.status === 405) return null;
  return (res.json as Record<string, unknown>[] | undefined) ?? [];
}

export async function getTool(toolId: string): Promise<{ status: number; descriptor: unknown }> {
  const res = await driver.get(\`/v1/tools/\${encodeURIComponent(toolId)}\`);
  return { status: res.status, descriptor: res.json };
}

export async function driveToolSession(body: { toolId?: string } = {}): Promise<unknown> {
  const res = await driver.post('/v1/host/sample/tools/session-run', body);
  return res.status === 404 ? null : res.json;
}
`;

/** lib/toolCatalog.ts after RFC 0204: toolCatalogGate resolves the major; paths via toolsPath. */
export const POST_TOOL_CATALOG_LIB = `/**
 * Helpers for the toolCatalog scenarios. At major 1 the gate is \`toolCatalog.supported\`; at
 * major 2 the presence of the record is the claim.
 */
import { driver } from './driver.js';
import { readCapabilityFamily } from './discovery.js';
import { targetMajor, toolsPath } from './major.js';

export async function toolCatalogGate(): Promise<Record<string, any> | null> {
  const cap = await readCapabilityFamily('toolCatalog');
  if (targetMajor() === 2) {
    if (!cap || typeof cap !== 'object') return null;
    return cap;
  }
  const on = cap?.supported === true;
  return on ? (cap as Record<string, any>) : null;
}

export async function listTools(): Promise<Record<string, unknown>[] | null> {
  const res = await driver.get(toolsPath());
  if (res.status === 404 || res.status === 405) return null;
  return (res.json as Record<string, unknown>[] | undefined) ?? [];
}

export async function getTool(toolId: string): Promise<{ status: number; descriptor: unknown }> {
  const res = await driver.get(toolsPath(\`/\${encodeURIComponent(toolId)}\`));
  return { status: res.status, descriptor: res.json };
}

export async function driveToolSession(body: { toolId?: string } = {}): Promise<unknown> {
  const res = await driver.post('/v1/host/sample/tools/session-run', body);
  return res.status === 404 ? null : res.json;
}
`;

/** tool-catalog-projection.test.ts before RFC 0204: one .supported gate, one /v1/ request. */
export const PRE_PROJECTION = `import { describe, it, expect } from 'vitest';
import { driver } from '../lib/driver.js';
import { behaviorGate } from '../lib/behavior-gate.js';
import { readToolCatalogCap, listTools, getTool } from '../lib/toolCatalog.js';
import { req } from '../lib/requirement-ids.js';

const ID = 'openwop.it.tool-catalog-projection';

describe('tool-catalog-projection (RFC 0078 §B/§F)', () => {
  it('lists descriptors, serves them by id, 404s unknown ids and is auth-gated', async () => {
    const cap = await readToolCatalogCap();
    if (!behaviorGate('openwop-tool-catalog', cap?.supported === true)) return;
    const unauth = await driver.get('/v1/tools', { authenticated: false });
    expect(unauth.status === 401, req(ID, 'tool-catalog.md §B', 'GET /v1/tools MUST require authentication')).toBe(true);
    const tools = await listTools();
    if (tools === null) return;
    const unknown = await getTool('__conformance_nonexistent_tool__');
    expect(unknown.status === 404, req(ID, 'tool-catalog.md §B', 'GET /v1/tools/{unknown} MUST 404')).toBe(true);
  });
});
`;

/** tool-catalog-projection.test.ts after RFC 0204: toolCatalogGate and toolsPath. */
export const POST_PROJECTION = `import { describe, it, expect } from 'vitest';
import { driver } from '../lib/driver.js';
import { behaviorGate } from '../lib/behavior-gate.js';
import { toolCatalogGate, listTools, getTool } from '../lib/toolCatalog.js';
import { toolsPath } from '../lib/major.js';
import { req } from '../lib/requirement-ids.js';

const ID = 'openwop.it.tool-catalog-projection';

describe('tool-catalog-projection (RFC 0078 §B/§F, RFC 0204)', () => {
  it('lists descriptors, serves them by id, 404s unknown ids and is auth-gated', async () => {
    const cap = await toolCatalogGate();
    if (!behaviorGate('openwop-tool-catalog', cap !== null)) return;
    const unauth = await driver.get(toolsPath(), { authenticated: false });
    expect(unauth.status === 401, req(ID, 'tool-catalog.md §B', 'GET /tools MUST require authentication')).toBe(true);
    const tools = await listTools();
    if (tools === null) return;
    const unknown = await getTool('__conformance_nonexistent_tool__');
    expect(unknown.status === 404, req(ID, 'tool-catalog.md §B', 'GET /v1/tools/{unknown} MUST 404')).toBe(true);
    const again = await listTools();
    expect(again, 'tools[] SHOULD read identically (advisory)').toEqual(tools);
  });
});
`;

/** The compact-projection scenario: both versions read the compact view through the helpers. */
export const PRE_COMPACT = `import { it, expect } from 'vitest';
import { driver } from '../lib/driver.js';
import { readToolCatalogCap } from '../lib/toolCatalog.js';

it('answers ?view=compact', async () => {
  const cap = await readToolCatalogCap();
  if (cap?.supported !== true || cap.compactView !== true) return;
  const res = await driver.get('/v1/tools?view=compact');
  expect(res.status).toBe(200);
});
`;

export const POST_COMPACT = `import { it, expect } from 'vitest';
import { driver } from '../lib/driver.js';
import { toolCatalogGate } from '../lib/toolCatalog.js';
import { toolsPath } from '../lib/major.js';

it('answers ?view=compact', async () => {
  const cap = await toolCatalogGate();
  if (!cap || cap['compactView'] !== true) return;
  const res = await driver.get(toolsPath('?view=compact'));
  expect(res.status).toBe(200);
});
`;

export const DESCRIPTOR_SHAPE = `import { it, expect } from 'vitest';

it('every descriptor example validates', () => {
  const examples: unknown[] = [];
  expect(Array.isArray(examples)).toBe(true);
});
`;

export const V2_MCP_CLIENT = `import { it, expect } from 'vitest';
import { driver } from '../lib/driver.js';
import { readCapabilityFamily } from '../lib/discovery.js';
import { familyAdvertised } from '../lib/major.js';

it('callTool resolves the CallToolResult unaltered', async () => {
  const mcp = await readCapabilityFamily('mcp');
  if (!familyAdvertised(mcp) || mcp?.['client'] !== true) return;
  const run = await driver.post('/runs', { workflowId: 'conformance-mcp-client', inputs: { method: 'serverHealth' } });
  expect(run.status).toBe(201);
});
`;

export const V2_ANNOTATIONS = `import { it, expect } from 'vitest';
import { listTools, toolCatalogGate } from '../lib/toolCatalog.js';

it('annotations are derived from the host fields', async () => {
  if (!(await toolCatalogGate())) return;
  for (const d of (await listTools()) ?? []) expect(typeof d).toBe('object');
});
`;

const V1_ONLY = `import { it, expect } from 'vitest';
import { driver } from '../lib/driver.js';
import { readCapabilityFamily } from '../lib/discovery.js';

it('lists agents', async () => {
  const cap = await readCapabilityFamily('agents');
  if (cap?.supported !== true) return;
  expect((await driver.get('/v1/agents')).status).toBe(200);
});
`;

const PLAIN = "import { it, expect } from 'vitest';\n\nit('holds', () => expect(1).toBe(1));\n";

/** The scenario files at RFC 0204's parent commit, and the config's two entries then. */
export const PRE_0204: Record<string, string> = {
  'agent-roster-shape.test.ts': V1_ONLY,
  'fixtures-valid.test.ts': PLAIN,
  'memory-attribution-replay-stable.test.ts': PLAIN,
  'tool-catalog-compact-projection.test.ts': PRE_COMPACT,
  'tool-catalog-projection.test.ts': PRE_PROJECTION,
  'tool-descriptor-shape.test.ts': DESCRIPTOR_SHAPE,
  'v2-run-list.test.ts': PLAIN,
};

export const PRE_0204_BOTH = ['fixtures-valid.test.ts', 'memory-attribution-replay-stable.test.ts'];

/** RFC 0204's change to the tree: three rewritten files and two new v2- files. */
export const POST_0204_CHANGES: Record<string, string> = {
  'tool-catalog-compact-projection.test.ts': POST_COMPACT,
  'tool-catalog-projection.test.ts': POST_PROJECTION,
  'v2-mcp-client-results.test.ts': V2_MCP_CLIENT,
  'v2-tool-catalog-annotations.test.ts': V2_ANNOTATIONS,
};

export const POST_0204_BOTH = [
  'fixtures-valid.test.ts',
  'memory-attribution-replay-stable.test.ts',
  {
    file: 'tool-catalog-compact-projection.test.ts',
    rfc: '0204',
    reason: 'gate via toolCatalogGate, paths via toolsPath',
  },
  { file: 'tool-catalog-projection.test.ts', rfc: '0204', reason: 'gate via toolCatalogGate, paths via toolsPath' },
  { file: 'tool-descriptor-shape.test.ts', rfc: '0204', reason: 'server-free schema check; host leg via toolsPath' },
];
