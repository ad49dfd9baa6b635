// An address nothing answers, and a port free to listen on later. Both come from below the kernel's
// ephemeral range: a port there is never handed out by listen(0) or taken by an outgoing connection,
// so a port released now stays unclaimed while a run goes on (one from listen(0), released, could be
// the next server's, anywhere on the machine). A connection to it is refused at once, so no test waits
// on a timeout (never a routable "black hole" IP).
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The low end of the ephemeral range (Linux says it; elsewhere it starts at 32768 or above). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 20_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/** A loopback port below the ephemeral range that nothing listens on now (bound once to be sure, then released). */
export async function quietPort(): Promise<number> {
  const low = ephemeralLow();
  for (;;) {
    const port = 10_000 + randomInt(low - 10_000);
    const server = createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!bound) continue;
    await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    return port;
  }
}

/** An MCP endpoint URL on a quiet port: every connection to it is refused. */
export async function deadEndpoint(): Promise<string> {
  return `http://127.0.0.1:${await quietPort()}/mcp`;
}
