// A loopback TCP forwarder: listens on a fixed port and pipes each connection to the fake's
// ephemeral port, so a live host configured before the suite starts can still reach the fake.
import { connect, createServer } from 'node:net';
import type { Socket } from 'node:net';

export interface Forwarder {
  port: number;
  close(): Promise<void>;
}

export async function forwardLoopback(listenPort: number, targetPort: number): Promise<Forwarder> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = address !== null && typeof address === 'object' ? address.port : listenPort;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
