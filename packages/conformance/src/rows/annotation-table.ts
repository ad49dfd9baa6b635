// The suite's own copy of RFC 0204 §D.12's table, written out as literals: the expected annotations
// are never computed by the implementation under test.

export const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
export type Hints = Record<(typeof HINTS)[number], boolean>;

/** safetyTier → [readOnlyHint, destructiveHint]. */
export const TIER_HINTS: Readonly<Record<string, readonly [boolean, boolean]>> = {
  pure: [true, false],
  read: [true, false],
  write: [false, true],
  exec: [false, true],
};
/** replayPolicy (absent first) → idempotentHint. */
export const REPLAY_HINTS: readonly (readonly [string | undefined, boolean])[] = [
  [undefined, false],
  ['deterministic', true],
  ['idempotent', true],
  ['non-deterministic', false],
];
/** egress (absent first) → openWorldHint. */
export const EGRESS_HINTS: readonly (readonly [string | undefined, boolean])[] = [
  [undefined, true],
  ['none', false],
  ['safe-fetch', true],
  ['host-mediated', true],
  ['host-owned', true],
];

/** The four hints for a descriptor's host-assigned fields; `undefined` when a field is outside the vocabulary. */
export function expectedHints(d: {
  safetyTier?: unknown;
  replayPolicy?: unknown;
  egress?: unknown;
}): Hints | undefined {
  const tier = typeof d.safetyTier === 'string' ? TIER_HINTS[d.safetyTier] : undefined;
  const replay = REPLAY_HINTS.find(([v]) => v === d.replayPolicy);
  const egress = EGRESS_HINTS.find(([v]) => v === d.egress);
  if (tier === undefined || replay === undefined || egress === undefined) return undefined;
  return { readOnlyHint: tier[0], destructiveHint: tier[1], idempotentHint: replay[1], openWorldHint: egress[1] };
}
