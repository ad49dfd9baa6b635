// An address nothing answers: a loopback port that was just bound and released, so a connection
// is refused at once and no test waits on a timeout (never a routable "black hole" IP).
import { createServer } from 'node:net';

export async function deadEndpoint(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  if (address === null || typeof address === 'string') throw new Error('deadEndpoint: no TCP port was bound');
  return `http://127.0.0.1:${address.port}/mcp`;
}
