// serverHealth (RFC0204-RUNTIME §4.5): what `server/discover` said, cached no longer than its ttlMs.
// A down server is data, so every probe outcome resolves; only DiscoverResults are cached, so a
// recovery shows at once.
import { TtlCache } from './cache.js';
import type { McpServerHealth, McpServerHealthState } from './ctx.js';
import { McpClientError, McpErrorResponse } from './errors.js';
import { UNSUPPORTED_PROTOCOL_VERSION } from './wire.js';
import type { DiscoverResult, Result } from './wire.js';

export interface ProbeTarget {
  serverId: string;
  url: string;
  authContext?: string;
}

interface Outcome {
  state: McpServerHealthState;
  discover?: DiscoverResult;
}

/** Maps one probe's result to a health state against the revisions this host would negotiate. */
export function classifyDiscover(result: Result, revisions: readonly string[]): Outcome {
  const supported = result.supportedVersions;
  if (!Array.isArray(supported)) return { state: 'unreachable' };
  const shared = supported.some((version) => revisions.includes(version as string));
  return { state: shared ? 'reachable' : 'incompatible', discover: result as DiscoverResult };
}

export class HealthMonitor<T extends ProbeTarget> {
  private readonly cache = new TtlCache<DiscoverResult>();
  private readonly inFlight = new Map<string, Promise<Outcome>>();

  constructor(
    private readonly options: {
      /** The revisions this host negotiates; the first is the one probed. */
      revisions: readonly string[];
      now: () => number;
      /** Sends `server/discover` at the preferred revision. */
      discover: (target: T) => Promise<Result>;
    },
  ) {}

  async check(target: T): Promise<McpServerHealth> {
    const key = [target.serverId, target.url, this.options.revisions[0]];
    const cached = this.cache.get(key, target.authContext, this.options.now());
    if (cached !== undefined) return health({ state: classifyDiscover(cached, this.options.revisions).state, discover: cached });

    const flightKey = JSON.stringify([...key, target.authContext ?? null]);
    let flight = this.inFlight.get(flightKey);
    if (flight === undefined) {
      flight = this.probe(target, key).finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, flight);
    }
    return health(await flight);
  }

  private async probe(target: T, key: readonly unknown[]): Promise<Outcome> {
    let result: Result;
    try {
      result = await this.options.discover(target);
    } catch (err) {
      if (err instanceof McpErrorResponse && err.error.code === UNSUPPORTED_PROTOCOL_VERSION) return { state: 'incompatible' };
      if (err instanceof McpClientError) return { state: 'unreachable' };
      throw err;
    }
    const outcome = classifyDiscover(result, this.options.revisions);
    if (outcome.discover !== undefined) this.cache.set(key, outcome.discover, target.authContext, this.options.now());
    return outcome;
  }
}

/** Exactly `state`, plus `discover` when one was received; each caller gets its own copy. */
function health(outcome: Outcome): McpServerHealth {
  return outcome.discover === undefined
    ? { state: outcome.state }
    : { state: outcome.state, discover: structuredClone(outcome.discover) };
}
