// serverHealth: what `server/discover` said, cached no longer than its ttlMs,
// or, for a server of an initialize-era revision (which has no `server/discover`), whether its
// session answers. A down server is data, so every probe outcome resolves, hostile input included;
// only DiscoverResults are cached, so a recovery shows at once.
import { TtlCache } from './cache.js';
import { cloneJson } from '@openwop-spec/json';
import type { McpServerHealth, McpServerHealthState } from './ctx.js';
import { incompatibleReason } from './negotiate.js';
import type { ProbeOutcome } from './negotiate.js';
import { LATEST_PROTOCOL_VERSION } from './wire.js';
import type { DiscoverResult, Result } from './wire.js';

export interface ProbeTarget {
  serverId: string;
  url: string;
  authContext?: string;
}

interface Outcome {
  state: McpServerHealthState;
  discover?: DiscoverResult;
  reason?: string;
}

/** Maps one DiscoverResult to a health state against the revisions this host would negotiate. */
export function classifyDiscover(result: Result, revisions: readonly string[]): Outcome {
  const supported = result.supportedVersions;
  if (!Array.isArray(supported))
    return { state: 'unreachable', reason: 'the DiscoverResult has no supportedVersions array' };
  const shared = supported.some((version) => revisions.includes(version as string));
  return shared
    ? { state: 'reachable', discover: result as DiscoverResult }
    : { state: 'incompatible', discover: result as DiscoverResult, reason: incompatibleReason(supported, revisions) };
}

export class HealthMonitor<T extends ProbeTarget> {
  private readonly cache = new TtlCache<DiscoverResult>();
  private readonly inFlight = new Map<string, Promise<Outcome>>();

  constructor(
    private readonly options: {
      /** The revisions this host negotiates. */
      revisions: readonly string[];
      now: () => number;
      /** Probes the server: `server/discover`, or the initialize-era session. Never rejects. */
      probe: (target: T) => Promise<ProbeOutcome>;
    },
  ) {}

  async check(target: T): Promise<McpServerHealth> {
    const key = [target.serverId, target.url, LATEST_PROTOCOL_VERSION];
    const cached = this.cache.get(key, target.authContext, this.options.now());
    if (cached !== undefined) return health(classifyDiscover(cached, this.options.revisions));

    const flightKey = JSON.stringify([...key, target.authContext ?? null]);
    let flight = this.inFlight.get(flightKey);
    if (flight === undefined) {
      flight = this.probe(target, key).finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, flight);
    }
    return health(await flight);
  }

  private async probe(target: T, key: readonly unknown[]): Promise<Outcome> {
    const probed = await this.options.probe(target);
    if (probed.discover === undefined) return probed as Outcome;
    const outcome = classifyDiscover(probed.discover, this.options.revisions);
    if (outcome.discover !== undefined) this.cache.set(key, outcome.discover, target.authContext, this.options.now());
    return outcome;
  }
}

/** `state`, plus `discover` when one was received and `reason` when not reachable; each caller gets its own copy. */
function health(outcome: Outcome): McpServerHealth {
  const result: McpServerHealth = { state: outcome.state };
  if (outcome.discover !== undefined) result.discover = cloneJson(outcome.discover);
  if (outcome.reason !== undefined) result.reason = outcome.reason;
  return result;
}
