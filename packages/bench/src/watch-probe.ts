#!/usr/bin/env node
import { appendFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GATES, watchGates } from '@openwop-spec/cli';
import type { ChangeSource } from '@openwop-spec/cli';
import type { GateResult } from '@openwop-spec/diagnostics';
import { SpecTree } from '@openwop-spec/spec-tree';

/**
 * Measures what `check --watch` does after one core document is edited: the tree stays loaded, the
 * edit arrives as a change event, and the time runs until the affected gates have reported. Runs in
 * its own process so the first (cold) run is a real one. Prints one JSON line.
 */
async function probe(root: string, edits: number): Promise<void> {
  const coreDir = join(root, 'spec', 'v2', 'core');
  const doc = readdirSync(coreDir)
    .filter((n) => n.endsWith('.md') && n !== 'capabilities.md' && !n.startsWith('overview'))
    .sort()[0]!;
  const path = `spec/v2/core/${doc}`;
  const original = readFileSync(join(root, ...path.split('/')));
  let emit: ((paths: string[]) => void) | undefined;
  const source: ChangeSource = {
    start: async (on) => void (emit = on),
    close: async () => undefined,
  };
  const controller = new AbortController();
  let notify: ((line: string) => void) | undefined;
  const t0 = performance.now();
  let initialMs = 0;
  const done = watchGates({
    tree: SpecTree.load(root),
    gates: GATES,
    run: async (tree, gates) => {
      const out: GateResult[] = [];
      for (const g of gates) {
        try {
          out.push(await g.check(tree, { today: '2026-09-22', flags: new Set() }));
        } catch (err) {
          // As the CLI does: a gate that cannot run is a failed result, not the end of the watch.
          out.push({
            gate: g.id,
            ok: false,
            exitCode: 2,
            summaryLine: String(err),
            printout: [],
            figures: {},
            diagnostics: [],
          });
        }
      }
      return out;
    },
    write: () => undefined,
    verdict: (r) => r.exitCode,
    log: (line) => {
      if (initialMs === 0) initialMs = performance.now() - t0;
      notify?.(line);
    },
    source,
    signal: controller.signal,
  });
  // The watch starts its source before the first run; edits are timed once that run has reported.
  while (!emit || initialMs === 0) await new Promise((r) => setTimeout(r, 1));
  const rechecks: Array<{ ms: number; gates: string[] }> = [];
  for (let i = 0; i < edits; i++) {
    const line = new Promise<string>((resolve) => (notify = resolve));
    appendFileSync(join(root, ...path.split('/')), `\nA host MUST keep edit ${i} of this document.\n`);
    const start = performance.now();
    emit([path]);
    const text = await line;
    const ms = performance.now() - start;
    rechecks.push({ ms, gates: (/re-ran (.*) in /.exec(text)?.[1] ?? '').split(', ').filter(Boolean) });
  }
  controller.abort();
  await done;
  writeFileSync(join(root, ...path.split('/')), original);
  process.stdout.write(JSON.stringify({ document: path, initialMs, rechecks }) + '\n');
}

const [root, edits] = process.argv.slice(2);
if (!root) {
  process.stderr.write('usage: watch-probe DIR [EDITS]\n');
  process.exitCode = 2;
} else {
  await probe(root, Number(edits ?? 5));
}
