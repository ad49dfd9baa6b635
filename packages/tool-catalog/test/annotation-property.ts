// The annotation-table property (RFC 0204 §D.12), as a function so that the sabotage test can run it against a broken schema.
// The expected table is written out as literals: it must not be computed by the code under test.
import { isDeepStrictEqual } from 'node:util';
import type { ValidateFunction } from '@openwop-spec/spec-tree';
import { annotationsOf } from '../src/annotations.js';
import type { Egress, ReplayPolicy, SafetyTier, ToolDescriptor } from '../src/descriptor.js';

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
type Hints = Record<(typeof HINTS)[number], boolean>;

/** safetyTier → [readOnlyHint, destructiveHint]. */
const TIER: Record<SafetyTier, [boolean, boolean]> = {
  pure: [true, false],
  read: [true, false],
  write: [false, true],
  exec: [false, true],
};
/** replayPolicy (absent first) → idempotentHint. */
const REPLAY: [ReplayPolicy | undefined, boolean][] = [
  [undefined, false],
  ['deterministic', true],
  ['idempotent', true],
  ['non-deterministic', false],
];
/** egress (absent first) → openWorldHint. */
const EGRESS: [Egress | undefined, boolean][] = [
  [undefined, true],
  ['none', false],
  ['safe-fetch', true],
  ['host-mediated', true],
  ['host-owned', true],
];

export interface Combination {
  bare: ToolDescriptor;
  expected: Hints;
}

/** The 80 combinations: 4 tiers × (absent + 3 replay policies) × (absent + 4 egress values). */
export function combinations(): Combination[] {
  const out: Combination[] = [];
  for (const [tier, [readOnlyHint, destructiveHint]] of Object.entries(TIER) as [SafetyTier, [boolean, boolean]][]) {
    for (const [replay, idempotentHint] of REPLAY) {
      for (const [egress, openWorldHint] of EGRESS) {
        const bare: ToolDescriptor = {
          toolId: `x-host-conformance.t-${tier}-${replay ?? 'none'}-${egress ?? 'none'}`,
          source: tier === 'exec' ? 'host-extension' : 'mcp',
          safetyTier: tier,
          // An MCP descriptor always carries its display name.
          title: `t-${tier}-${replay ?? 'none'}-${egress ?? 'none'}`,
        };
        if (replay !== undefined) bare.replayPolicy = replay;
        if (egress !== undefined) bare.egress = egress;
        out.push({ bare, expected: { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } });
      }
    }
  }
  return out;
}

/** The named negative of RFC 0204 §D.12: a write tool that repeats a server's read-only claim. */
export const NAMED_NEGATIVE = {
  toolId: 'mcp:conformance.readonly-claim',
  source: 'mcp',
  safetyTier: 'write',
  title: 'readonly-claim',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
};

/** Every way the property fails against `validate`; empty means the property holds. */
export function propertyFailures(validate: ValidateFunction): string[] {
  const failures: string[] = [];
  const must = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
  };
  for (const { bare, expected } of combinations()) {
    const id = bare.toolId;
    must(isDeepStrictEqual(annotationsOf(bare), expected), `${id}: annotationsOf differs from the table`);
    must(validate(bare), `${id}: bare descriptor rejected`);
    must(validate({ ...bare, annotations: expected }), `${id}: correctly annotated descriptor rejected`);
    for (const hint of HINTS) {
      must(
        !validate({ ...bare, annotations: { ...expected, [hint]: !expected[hint] } }),
        `${id}: ${hint} flipped accepted`,
      );
      const omitted: Partial<Hints> = { ...expected };
      delete omitted[hint];
      must(!validate({ ...bare, annotations: omitted }), `${id}: ${hint} omitted accepted`);
    }
    must(!validate({ ...bare, annotations: { ...expected, title: 'x' } }), `${id}: annotations.title accepted`);
  }
  must(!validate(NAMED_NEGATIVE), 'the named negative (write + readOnlyHint: true) accepted');
  return failures;
}
