// Choosing the recorded exchange a row compares against: by method plus one distinguishing
// param, the latest match (optionally only among those recorded since a given point). The fake is
// never reset within a file, so earlier runs stay in the log.
import { isRecord } from '@openwop-spec/json';
import type { Exchange, FakeMcpServer } from '@openwop-spec/mcp-fake-server';

export const paramsOf = (x: Exchange): Record<string, unknown> => (isRecord(x.params) ? x.params : {});
export const argumentsOf = (x: Exchange): Record<string, unknown> => {
  const args = paramsOf(x)['arguments'];
  return isRecord(args) ? args : {};
};

export function latestExchange(
  fake: FakeMcpServer,
  method: string,
  match: (x: Exchange) => boolean,
  since = 0,
): Exchange | undefined {
  const log = fake.exchanges();
  for (let i = log.length - 1; i >= since; i--) {
    const x = log[i]!;
    if (x.method === method && match(x)) return x;
  }
  return undefined;
}

/** How many exchanges the fake has recorded; a row notes it before a run to see what the run sent. */
export const exchangeCount = (fake: FakeMcpServer): number => fake.exchanges().length;
