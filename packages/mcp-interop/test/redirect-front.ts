// A redirecting front, the way a reverse proxy or a moved endpoint answers: a tiny loopback HTTP
// server that redirects by path and forwards `/final/mcp` to the MCP server behind it, streaming the
// answer back. It records every request it gets, so a test sees each hop's method, headers and body.
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FrontHop {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Front {
  /** The front's URL for `path`. */
  url(path: string): string;
  hops(): FrontHop[];
  close(): Promise<void>;
}

/**
 * Paths, all on one origin unless said:
 * - `/mcp`: 307 to `hop/mcp` (a relative Location), which 308s to `<origin>/final/mcp` (absolute);
 * - `/final/mcp`: forwarded to `target`;
 * - `/away/mcp`: 307 to `target` itself, another origin (another port);
 * - `/found/mcp`: 302 to `/final/mcp`, a status that lets a client turn the POST into a GET.
 */
export async function redirectingFront(target: string): Promise<Front> {
  const upstream = new URL(target);
  const log: FrontHop[] = [];
  let origin = '';
  const redirects: Record<string, () => [number, string]> = {
    '/mcp': () => [307, 'hop/mcp'],
    '/hop/mcp': () => [308, `${origin}/final/mcp`],
    '/away/mcp': () => [307, target],
    '/found/mcp': () => [302, '/final/mcp'],
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '/';
      log.push({ path, method: req.method ?? 'GET', headers: req.headers, body: body.toString('utf8') });
      const redirect = redirects[path];
      if (redirect !== undefined) {
        const [status, location] = redirect();
        res.writeHead(status, { Location: location }).end();
        return;
      }
      if (path !== '/final/mcp') {
        res.writeHead(404).end();
        return;
      }
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: upstream.pathname,
          method: req.method,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('error', () => res.socket?.end());
          res.on('close', () => answer.destroy());
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${origin}${path}`,
    hops: () => log,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
