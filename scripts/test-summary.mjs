#!/usr/bin/env node
// The test run's summary, in two roles:
// - a vitest reporter (root vitest.config.ts): counts every test of the run, fails the run on a skip
//   that no `expectedSkips` entry declares (or on an entry that covers no test), prints
//   "N passed, N failed, N skipped" last and keeps it in .vitest-summary.json;
// - a script (`node scripts/test-summary.mjs [summary.json]`, the last line of .ci/run): prints that
//   line again, or counts a failure when the run left no summary.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const defaultSummaryFile = `${root}.vitest-summary.json`;

/** `passed, failed, skipped` as the one summary line. */
export const summaryLine = ({ passed, failed, skipped }) => `${passed} passed, ${failed} failed, ${skipped} skipped`;

/** Whether the declaration `declared` (`file` or `file > test name prefix`) covers the test `key` (`file > full name`). */
const covers = (declared, key) =>
  key.startsWith(declared) && (declared.includes(' > ') || key.startsWith(`${declared} > `));

/**
 * Counts the run's tests: `modules` as `{ file, broken, tests: [{ fullName, state, note }] }` with
 * repository-relative files. A broken module (it did not load, or a hook threw) counts as one more
 * failure, and its skips, which follow from it, are not held to the declarations. `expectedSkips` holds
 * `{ reason, tests }`; a skip no declaration covers is `unexpected`, and a declaration that covers no
 * test of a module that ran is `stale`. Without `expectedSkips`, skips are only counted.
 */
export function summarize(modules, expectedSkips) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const unexpected = [];
  const declared = (expectedSkips ?? []).flatMap((e) => e.tests);
  const used = new Set();
  for (const { file, broken, tests } of modules) {
    if (broken) counts.failed += 1;
    for (const { fullName, state, note } of tests) {
      const key = `${file} > ${fullName}`;
      const covering = declared.filter((d) => covers(d, key));
      for (const d of covering) used.add(d);
      if (state === 'passed') counts.passed += 1;
      else if (state === 'failed') counts.failed += 1;
      else if (state === 'skipped') {
        counts.skipped += 1;
        if (expectedSkips && !broken && covering.length === 0) unexpected.push(note ? `${key} [${note}]` : key);
      }
    }
  }
  const ran = new Set(modules.map((m) => m.file));
  const stale = declared.filter((d) => ran.has(d.split(' > ')[0]) && !used.has(d));
  return { ...counts, unexpected, stale };
}

export default class TestSummaryReporter {
  constructor({ expectedSkips = [], summaryFile = defaultSummaryFile } = {}) {
    for (const e of expectedSkips) {
      if (typeof e.reason !== 'string' || e.reason.trim() === '' || !Array.isArray(e.tests) || e.tests.length === 0) {
        throw new Error(`an expectedSkips entry needs a reason and the tests it covers: ${JSON.stringify(e)}`);
      }
    }
    this.expectedSkips = expectedSkips;
    this.summaryFile = summaryFile;
    rmSync(summaryFile, { force: true });
  }

  onInit(vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules, unhandledErrors) {
    const modules = testModules.map((m) => ({
      file: relative(root, m.moduleId).split('\\').join('/'),
      broken: [m, ...m.children.allSuites()].some((s) => s.errors().length > 0),
      tests: [...m.children.allTests()].map((t) => ({ fullName: t.fullName, ...t.result() })),
    }));
    // A test name or line filter skips every other test: only a whole run is held to the declarations.
    const { testNamePattern, includeTaskLocation } = this.vitest.config;
    const filtered = Boolean(testNamePattern) || includeTaskLocation === true;
    const summary = summarize(modules, filtered ? undefined : this.expectedSkips);
    summary.failed += unhandledErrors.length;
    const log = this.vitest.logger;
    if (summary.unexpected.length > 0) {
      log.error(
        `\n${summary.unexpected.length} skip(s) that vitest.config.ts does not declare (expectedSkips), so the run fails:`,
      );
      for (const u of summary.unexpected) log.error(`  ${u}`);
      process.exitCode = 1;
    }
    if (summary.stale.length > 0) {
      log.error(
        `\n${summary.stale.length} expectedSkips declaration(s) in vitest.config.ts match no test, so the run fails:`,
      );
      for (const s of summary.stale) log.error(`  ${s}`);
      process.exitCode = 1;
    }
    writeFileSync(this.summaryFile, `${JSON.stringify(summary)}\n`);
    log.log(`\n${summaryLine(summary)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const summaryFile = process.argv[2] ?? defaultSummaryFile;
  if (existsSync(summaryFile)) {
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
    console.log(summaryLine(summary));
    process.exitCode = summary.failed > 0 || summary.unexpected.length > 0 || summary.stale.length > 0 ? 1 : 0;
  } else {
    console.error('no test summary: the test run did not finish');
    console.log(summaryLine({ passed: 0, failed: 1, skipped: 0 }));
    process.exitCode = 1;
  }
}
