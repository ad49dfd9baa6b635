// The tools and resources the SDK deployments serve, as plain data, so the SDK 1.x and v2 low-level
// servers answer from one definition. Every content kind a CallToolResult can carry is here.

type Json = Record<string, unknown>;

export interface FixtureTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Json;
  outputSchema?: Json;
  annotations?: Json;
}

/** A 1×1 PNG and a short WAV header, base64: real media types, tiny bodies. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=';

export const README_URI = 'fixture://interop/readme';
export const BLOB_URI = 'fixture://interop/blob';

export const FIXTURE_TOOLS: readonly FixtureTool[] = [
  {
    name: 'structured',
    title: 'Structured',
    description: 'Doubles n; claims to be read-only (an untrusted hint).',
    inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    outputSchema: { type: 'object', properties: { doubled: { type: 'number' } }, required: ['doubled'] },
    annotations: {
      title: 'Double it',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  },
  { name: 'fails', description: 'Always a tool error, reported inside the result.', inputSchema: { type: 'object' } },
  {
    name: 'media',
    description: 'Image, audio, an embedded resource and a resource link.',
    inputSchema: { type: 'object' },
  },
  {
    name: 'slow',
    description: 'Answers after its event stream was cut (resumable deployments only).',
    inputSchema: { type: 'object' },
  },
  {
    name: 'plain',
    description: 'Text only, no annotations.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  },
];

/** tools/list pages of two, with an opaque cursor, so every deployment pages. */
export function toolsPage(cursor: unknown): Json {
  const offset = typeof cursor === 'string' && /^p:\d+$/.test(cursor) ? Number(cursor.slice(2)) : 0;
  const page: Json = { tools: FIXTURE_TOOLS.slice(offset, offset + 2) };
  if (offset + 2 < FIXTURE_TOOLS.length) page['nextCursor'] = `p:${offset + 2}`;
  return page;
}

export function callFixture(name: string, args: Json): Json {
  switch (name) {
    case 'structured': {
      const doubled = Number(args['n']) * 2;
      return { content: [{ type: 'text', text: JSON.stringify({ doubled }) }], structuredContent: { doubled } };
    }
    case 'fails':
      return { content: [{ type: 'text', text: 'it failed, as designed' }], isError: true };
    case 'media':
      return {
        content: [
          { type: 'image', data: PNG, mimeType: 'image/png', annotations: { audience: ['user'], priority: 0.5 } },
          { type: 'audio', data: WAV, mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: README_URI, mimeType: 'text/markdown', text: '# Interop\n' } },
          { type: 'resource_link', uri: BLOB_URI, name: 'blob', mimeType: 'application/octet-stream' },
        ],
      };
    case 'slow':
      return { content: [{ type: 'text', text: 'delivered on the resumed stream' }] };
    default:
      return { content: [{ type: 'text', text: String((args['text'] as string | undefined) ?? '') }] };
  }
}

export const FIXTURE_RESOURCES = [
  { uri: README_URI, name: 'readme', mimeType: 'text/markdown' },
  { uri: BLOB_URI, name: 'blob', mimeType: 'application/octet-stream' },
];

export function readFixture(uri: string): Json {
  return uri === README_URI
    ? { contents: [{ uri, mimeType: 'text/markdown', text: '# Interop\n' }] }
    : { contents: [{ uri, mimeType: 'application/octet-stream', blob: PNG }] };
}
