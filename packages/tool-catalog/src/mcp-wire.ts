// The MCP 2026-07-28 shapes the projection reads (a subset of RUNTIME §2). Kept local until
// @openwop-spec/mcp-client exports its wire types.

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface Tool {
  name: string;
  title?: string;
  icons?: { src: string; mimeType?: string; sizes?: string[]; theme?: 'light' | 'dark' }[];
  description?: string;
  inputSchema: { $schema?: string; type: 'object'; [key: string]: unknown };
  outputSchema?: { $schema?: string; [key: string]: unknown };
  annotations?: ToolAnnotations;
  _meta?: Record<string, unknown>;
}

export interface ListToolsResult {
  tools: Tool[];
  nextCursor?: string;
  ttlMs: number;
  cacheScope: 'public' | 'private';
  resultType: string;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}
