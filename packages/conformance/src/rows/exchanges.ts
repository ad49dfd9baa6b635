// Reading a recorded exchange a row compares against (the fake's latestExchange picks it: by method
// plus one distinguishing param, optionally only among those recorded since a given point). The
// fake is never reset within a file, so earlier runs stay in the log.
import { isRecord } from '@openwop-spec/json';
import type { Exchange } from '@openwop-spec/mcp-fake-server';

/** The params of a recorded exchange or invocation. */
export const paramsOf = (x: Pick<Exchange, 'params'>): Record<string, unknown> => (isRecord(x.params) ? x.params : {});
export const argumentsOf = (x: Pick<Exchange, 'params'>): Record<string, unknown> => {
  const args = paramsOf(x)['arguments'];
  return isRecord(args) ? args : {};
};
