import { isRecord } from '@openwop-spec/json';
import { hostDriver } from './driver.js';
import { targetMajor } from './env.js';

export type Family = Record<string, unknown>;

const DISCOVERY_PATH = '/.well-known/openwop';

let cached: Promise<unknown> | undefined;

/** The host's discovery document (read once per run), or undefined when it does not answer 200. */
export function readDiscovery(): Promise<unknown> {
  cached ??= hostDriver()
    .get(DISCOVERY_PATH)
    .then((res) => (res.status === 200 ? res.json : undefined));
  return cached;
}

/** One capability family from the document root (RFC 0073: root only, no `capabilities` wrapper). */
export function capabilityFamily(doc: unknown, key: string): unknown {
  if (!isRecord(doc)) return undefined;
  return doc[key];
}

export async function readFamily(key: string): Promise<unknown> {
  return capabilityFamily(await readDiscovery(), key);
}

/**
 * Whether a capability record claims its family. At major 2 the presence of the record is the
 * claim (`supported` does not exist there); at major 1 the record must say `supported: true`.
 */
export function familyAdvertised(record: unknown): record is Family {
  if (targetMajor() === 2) return isRecord(record);
  return isRecord(record) && record.supported === true;
}

/** The family's record when the host advertises it at the target major, else null. */
export async function gateFamily(key: string): Promise<Family | null> {
  const record = await readFamily(key);
  return familyAdvertised(record) ? record : null;
}

/** Forgets the cached discovery document (for tests that switch hosts). */
export function resetDiscovery(): void {
  cached = undefined;
}
