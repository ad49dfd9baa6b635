#!/usr/bin/env node
// Sums the vitest JSON reports every package wrote (packages/*/.vitest-result.json) into one line,
// "N passed, N failed". A package whose tests exist but left no report counts as one failure.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
let passed = 0;
let failed = 0;
for (const name of readdirSync(join(root, 'packages')).sort()) {
  const dir = join(root, 'packages', name);
  const report = join(dir, '.vitest-result.json');
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    if (r.numFailedTestSuites > 0 && r.numFailedTests === 0) failed += r.numFailedTestSuites;
  } else if (existsSync(join(dir, 'test'))) {
    console.error(`no test report from packages/${name}`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
