// Property tests check generated cases: a bounded, seeded number by default, so a run stays quick and
// a failing case comes back on every run; `pnpm test:deep` (OPENWOP_TEST_DEEP=1) checks a hundred
// times as many, continuing the same sequences.

/** How many generated cases a property test checks: `n`, or 100 × `n` under `pnpm test:deep`. */
export const cases = (n: number, env: NodeJS.ProcessEnv = process.env): number =>
  env['OPENWOP_TEST_DEEP'] === '1' ? n * 100 : n;

/** `rand(n)`: a pseudo-random integer in [0, n), the same sequence for the same seed. */
export function seeded(seed: number): (n: number) => number {
  let state = seed;
  return (n) => (state = (state * 1103515245 + 12345) % 2147483648) % n;
}
