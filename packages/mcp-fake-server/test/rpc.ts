// A plain-fetch MCP request for the fake's own tests, so nothing here depends on the client under test.
export const V = '2026-07-28';
export const META = {
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': {},
};
export const ELICIT_META = { ...META, 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } };
export const SERVER_INFO = { name: 'openwop-conformance-fake-mcp', version: '1.1.0' };

export interface Sent {
  status: number;
  type: string | null;
  text: string;
  json: any;
}

let nextId = 1;

/** A well-formed 2026-07-28 request unless `headers` / `meta` override it. */
export async function rpc(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  options: { headers?: Record<string, string | undefined>; meta?: Record<string, unknown> | null } = {},
): Promise<Sent> {
  const name = method === 'resources/read' ? params.uri : params.name;
  const headers: Record<string, string> = {};
  const base: Record<string, string | undefined> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': V,
    'Mcp-Method': method,
    ...(typeof name === 'string' ? { 'Mcp-Name': name } : {}),
    ...options.headers,
  };
  for (const [key, value] of Object.entries(base)) if (value !== undefined) headers[key] = value;
  const body = {
    jsonrpc: '2.0',
    id: nextId++,
    method,
    params: options.meta === null ? params : { ...params, _meta: options.meta ?? META },
  };
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, type: response.headers.get('content-type'), text, json };
}
