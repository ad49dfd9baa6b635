// The tests that run over a whole corpus: this repository's (repo.test.ts) and copies of it after a
// valid RFC-style change (rfc-change.test.ts). They assert only what holds for every corpus that
// passes its gates, never this corpus's figures.
import { expect, it } from 'vitest';
import { run } from './helpers.js';

export const TODAY = ['--today', '2026-09-22'];
const GATE_IDS = ['core-budget', 'normative-home', 'scenario-majors', 'declaration', 'schemas'];

interface Figures {
  homed: number;
  cap: number;
  counts: { core: number; resolved: number; v1Dependent: number; undeclared: number };
}

/** Each gate's figures from `check --format json` over `root`. */
export async function figures(root: string): Promise<Figures> {
  const out = await run(['check', 'core-budget', 'normative-home', '--format', 'json', ...TODAY], { cwd: root });
  const gates = (JSON.parse(out.stdout.join('\n')) as { gates: Record<string, { figures: Record<string, any> }> })
    .gates;
  return {
    homed: gates['core-budget']!.figures['homed'],
    cap: gates['core-budget']!.figures['cap'],
    counts: gates['normative-home']!.figures['counts'],
  };
}

export function everyGatePasses(root: () => string): void {
  it('passes every gate, and --format json prints one parseable document and nothing else on stdout', async () => {
    const out = await run(['check', '--format', 'json', ...TODAY], { cwd: root() });
    const doc = JSON.parse(out.stdout.join('\n')) as {
      ok: boolean;
      gates: Record<string, { exitCode: number }>;
      diagnostics: Array<{ severity: string }>;
    };
    expect(Object.keys(doc.gates)).toEqual(GATE_IDS);
    expect(doc.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(doc.ok).toBe(true);
    expect(out.code).toBe(0);
  });

  it('passes with --deadline before end-of-support too', async () => {
    expect((await run(['check', 'normative-home', '--deadline', ...TODAY], { cwd: root() })).code).toBe(0);
  });

  it('prints the upstream result lines, in their shape, the last one last', async () => {
    const out = await run(['check', ...TODAY], { cwd: root() });
    const f = await figures(root());
    const { core, resolved, v1Dependent, undeclared } = f.counts;
    expect(resolved + v1Dependent + undeclared).toBe(core);
    expect(out.stdout).toContain(
      `  ${core} core families: ${resolved} resolved, ${v1Dependent} v1-dependent, ${undeclared} undeclared.`,
    );
    expect(f.cap).toBe(25_000 + 200 * Math.max(0, f.homed - 9));
    expect(out.stdout).toContain(
      `  cap ${f.cap.toLocaleString('en-US')} = 25,000 + 200 x (${f.homed} homed - 9 at RFC 0190)`,
    );
    expect(
      out.stdout.some((l) =>
        /^=== check-core-budget OK — [\d,]+ \/ [\d,]+ words across \d+ document\(s\) ===$/.test(l),
      ),
    ).toBe(true);
    expect(out.stdout.at(-1)).toBe(`openwop-spec: ${GATE_IDS.length} of ${GATE_IDS.length} gates passed`);
  });
}
