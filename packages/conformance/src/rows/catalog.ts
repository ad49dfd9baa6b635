// Reading GET /tools for the catalog rows. The standard view is a bare ToolDescriptor[]
// (tool-catalog.md § The catalog); only the compact view is wrapped in { tools }.
import { isRecord } from '@openwop-spec/json';
import { NO_CLAIM_PREFIX, READONLY_CLAIM_PREFIX } from '@openwop-spec/mcp-fake-server';
import type { HostUnderTest } from '../host-under-test.js';

export type Descriptor = Record<string, unknown>;

export async function readTools(
  host: HostUnderTest,
): Promise<{ tools: Descriptor[] } | { problem: string; status: number }> {
  const r = await host.getTools();
  if (r.status !== 200) return { problem: `GET /tools answered ${r.status}`, status: r.status };
  if (!Array.isArray(r.body))
    return {
      problem: 'GET /tools did not answer a bare ToolDescriptor[] (tool-catalog.md § The catalog)',
      status: r.status,
    };
  if (!r.body.every(isRecord)) return { problem: 'GET /tools listed an entry that is not an object', status: r.status };
  return { tools: r.body };
}

export const toolIdOf = (d: Descriptor): string =>
  typeof d['toolId'] === 'string' ? d['toolId'] : String(d['toolId']);

/** The fake's claim tool as a catalog lists it, with a twin to compare it with. */
export interface ClaimPair {
  claim: Descriptor;
  twin: Descriptor | undefined;
}

const nameOf = (d: Descriptor): string =>
  `${typeof d['toolId'] === 'string' ? d['toolId'] : ''} ${typeof d['title'] === 'string' ? d['title'] : ''}`;

/**
 * The `source: "mcp"` descriptors of the fake's claim tool, each with a twin: the one of its own
 * nonce when listed, else any. Matched by prefix, never by this run's nonce alone: a catalog that
 * legally serves earlier pages (within their ttlMs, with no consistency across pages) may list an
 * earlier run's claim tool or twin, and every claim tool and twin is the same tool, unclassifiable.
 */
export function claimPairs(tools: readonly Descriptor[]): ClaimPair[] {
  const mcp = tools.filter((d) => d['source'] === 'mcp');
  const nonceAfter = (prefix: string, d: Descriptor): string | undefined =>
    new RegExp(`${prefix}([0-9a-f]{8})`).exec(nameOf(d))?.[1];
  const twins = mcp.filter((d) => nonceAfter(NO_CLAIM_PREFIX, d) !== undefined);
  const pairs: ClaimPair[] = [];
  for (const claim of mcp) {
    const nonce = nonceAfter(READONLY_CLAIM_PREFIX, claim);
    if (nonce === undefined) continue;
    pairs.push({ claim, twin: twins.find((d) => nonceAfter(NO_CLAIM_PREFIX, d) === nonce) ?? twins[0] });
  }
  return pairs;
}

/** Why a catalog row about the fake's tools cannot run: the host does not project `conformance`. */
export const NOT_PROJECTED =
  'no source "mcp" descriptor names the fake\'s claim tool: the host does not project conformance into its catalog (conformance.md § Conformance fixtures)';
