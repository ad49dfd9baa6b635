// Test helpers: a misbehaving loopback HTTP server, and a stubbed fetch that answers in-process.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawServer {
  url: string;
  /** Number of requests received. */
  hits(): number;
  close(): Promise<void>;
}

/** A loopback server whose handler gets the parsed JSON-RPC request (for its id). */
export async function rawServer(
  handler: (request: { id: number; method: string }, res: ServerResponse, req: IncomingMessage) => void,
): Promise<RawServer> {
  let hits = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      hits++;
      handler(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number; method: string }, res, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface SentRequest {
  url: string;
  headers: Headers;
  body: { jsonrpc: string; id: number; method: string; params: Record<string, unknown> };
}

/** A fetch that records each request and answers with `answer(body)`, parsed into a JSON Response. */
export function stubFetch(answer: (body: SentRequest['body'], index: number) => unknown): {
  fetch: typeof fetch;
  sent: SentRequest[];
} {
  const sent: SentRequest[] = [];
  const stub = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(init?.body as string) as SentRequest['body'];
    sent.push({ url: String(input instanceof Request ? input.url : input), headers: new Headers(init?.headers), body });
    const reply = answer(body, sent.length - 1);
    if (reply instanceof Response) return reply;
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch: stub, sent };
}

/** A fetch wrapper that records request bodies and passes through to the real fetch. */
export function recordingFetch(): { fetch: typeof fetch; bodies: SentRequest['body'][] } {
  const bodies: SentRequest['body'][] = [];
  const wrapped = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    bodies.push(JSON.parse(init?.body as string) as SentRequest['body']);
    return fetch(input, init);
  };
  return { fetch: wrapped, bodies };
}

/** Resolves to the rejection, failing the test if the promise resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection, got a resolution');
}

export const result = (id: number, value: Record<string, unknown>) => ({ jsonrpc: '2.0', id, result: value });
