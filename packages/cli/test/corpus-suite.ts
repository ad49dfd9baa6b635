// The tests that run over a whole corpus: this repository's (repo.test.ts) and copies of it after a
// valid RFC-style change (rfc-change.test.ts). They assert only what holds for every corpus that
// passes its gates, never this corpus's figures.
import { beforeAll, expect, it } from 'vitest';
import { createFixture, run, warmCorpusCache } from './helpers.js';
import type { Captured } from './helpers.js';

export const TODAY = ['--today', '2026-09-22'];
/** The gates that read only the corpus, which a copy of it holds. */
export const CORPUS_GATES = ['core-budget', 'normative-home', 'scenario-majors', 'declaration', 'schemas'];
/** Every gate: the references gate also resolves what the documents cite outside the corpus (packages, RFCs). */
export const ALL_GATES = [...CORPUS_GATES, 'references'];

/**
 * A fact cache in a temporary folder for one test file's runs over a corpus and its copies, starting
 * from the corpus facts the global setup warmed. They hold the same documents and the cache is keyed
 * by content, so a run parses only what a test changed; cache.test.ts proves a warm run prints what a
 * cold one does.
 */
export function corpusCache(): { argv: string[]; remove: () => void } {
  const dir = createFixture({});
  warmCorpusCache('in-process', dir.root);
  return { argv: ['--cache-location', dir.root], remove: dir.remove };
}

/** The CLI in-process over the corpus at `root`, on TODAY, with `cache`. */
export const runOn = (root: string, cache: { argv: string[] }, argv: string[]): Promise<Captured> =>
  run([...argv, ...TODAY, ...cache.argv], { cwd: root });

interface Figures {
  homed: number;
  cap: number;
  counts: { core: number; resolved: number; v1Dependent: number; undeclared: number };
}

/** Each gate's figures from `check --format json` over `root`. */
export async function figures(root: string, cache: { argv: string[] }): Promise<Figures> {
  const out = await runOn(root, cache, ['check', 'core-budget', 'normative-home', '--format', 'json']);
  const gates = (JSON.parse(out.stdout.join('\n')) as { gates: Record<string, { figures: Record<string, any> }> })
    .gates;
  return {
    homed: gates['core-budget']!.figures['homed'],
    cap: gates['core-budget']!.figures['cap'],
    counts: gates['normative-home']!.figures['counts'],
  };
}

export function everyGatePasses(
  root: () => string,
  cache: { argv: string[] },
  gates: readonly string[] = ALL_GATES,
): void {
  // Every gate once, before the tests (the schemas gate caches nothing: it alone takes about a second).
  let json: Captured;
  beforeAll(async () => {
    json = await runOn(root(), cache, ['check', ...gates, '--format', 'json']);
  });

  it('passes every gate, and --format json prints one parseable document and nothing else on stdout', () => {
    const doc = JSON.parse(json.stdout.join('\n')) as {
      ok: boolean;
      gates: Record<string, { exitCode: number }>;
      diagnostics: Array<{ severity: string }>;
    };
    expect(Object.keys(doc.gates)).toEqual(gates);
    expect(doc.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(doc.ok).toBe(true);
    expect(json.code).toBe(0);
  });

  it('passes with --deadline before end-of-support too', async () => {
    expect((await runOn(root(), cache, ['check', 'normative-home', '--deadline'])).code).toBe(0);
  });

  // The two gates whose lines it reads (whether every gate passes is the JSON test's to say).
  it('prints the upstream result lines, in their shape, the last one last', async () => {
    const out = await runOn(root(), cache, ['check', 'core-budget', 'normative-home']);
    const f = await figures(root(), cache);
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
    expect(out.stdout.at(-1)).toBe('openwop-spec: 2 of 2 gates passed');
  });
}
