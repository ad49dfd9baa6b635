// A recording loopback proxy: forwards every HTTP request to the server unchanged and keeps the
// bytes both ways, so a test compares what the client resolved with what was on the wire. It parses
// the wire on its own (a plain split on blank lines), independent of the client's parser.
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedExchange {
  method: string;
  headers: IncomingHttpHeaders;
  /** The parsed request body, if it had one. */
  body: Record<string, unknown> | undefined;
  status: number;
  contentType: string;
  /** Every JSON-RPC message the response carried, in order (one JSON body, or each event's data). */
  messages: unknown[];
}

export interface Recorder {
  url: string;
  exchanges(): RecordedExchange[];
  /** The `result` (or `error`) member the server sent for the request with this id, as sent. */
  answerTo(id: unknown): { result?: unknown; error?: unknown };
  /** The id the client gave the last request of `method` whose params match `match`. */
  lastId(method: string, match?: (params: Record<string, unknown>) => boolean): unknown;
  close(): Promise<void>;
}

/** The messages in a response body; only whole events count (the client may cut a stream short). */
function parseMessages(contentType: string, text: string): unknown[] {
  if (contentType.startsWith('application/json')) return text === '' ? [] : [JSON.parse(text)];
  if (!contentType.startsWith('text/event-stream')) return [];
  const messages: unknown[] = [];
  for (const block of text.split(/\r\n\r\n|\n\n|\r\r/).slice(0, -1)) {
    const data = block
      .split(/\r\n|\n|\r/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data !== '') messages.push(JSON.parse(data));
  }
  return messages;
}

export async function recordingProxy(target: string): Promise<Recorder> {
  const upstream = new URL(target);
  const log: RecordedExchange[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const entry: RecordedExchange = {
        method: req.method ?? 'GET',
        headers: req.headers,
        body: raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : undefined,
        status: 0,
        contentType: '',
        messages: [],
      };
      log.push(entry);
      const headers = { ...req.headers, host: upstream.host };
      const forward = httpRequest(
        { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
        (answer) => {
          entry.status = answer.statusCode ?? 0;
          entry.contentType = String(answer.headers['content-type'] ?? '');
          res.writeHead(entry.status, answer.headers);
          const received: Buffer[] = [];
          Object.defineProperty(entry, 'messages', {
            get: () => parseMessages(entry.contentType, Buffer.concat(received).toString('utf8')),
          });
          answer.on('data', (chunk: Buffer) => {
            received.push(chunk);
            res.write(chunk);
          });
          answer.on('end', () => res.end());
          // A server that drops its connection mid-answer: the client's connection ends with it, once
          // what came before has gone out (end, not destroy, which would discard unsent bytes).
          answer.on('error', () => res.socket?.end());
          // The client closes a stream once it has its answer; the server's side goes with it.
          res.on('close', () => answer.destroy());
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const messages = () =>
    log.flatMap((e) => e.messages.flatMap((m) => (Array.isArray(m) ? m : [m]))) as Record<string, unknown>[];
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    exchanges: () => log,
    answerTo(id) {
      const found = messages().find((m) => m['id'] === id && ('result' in m || 'error' in m));
      if (found === undefined) throw new Error(`no answer to request ${String(id)} was recorded`);
      return 'result' in found ? { result: found['result'] } : { error: found['error'] };
    },
    lastId(method, match = () => true) {
      const found = log
        .filter((e) => e.body?.['method'] === method && match((e.body['params'] ?? {}) as Record<string, unknown>))
        .at(-1);
      if (found === undefined) throw new Error(`no ${method} request was recorded`);
      return found.body!['id'];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
