import { writeFileSync } from 'node:fs';

/**
 * Preloaded into a measured child (`node --import probe.js …`): at exit it writes the process's own
 * CPU time and peak RSS to the file named by OPENWOP_BENCH_PROBE, so the harness gets the child's
 * rusage without a platform-specific /usr/bin/time.
 */
const target = process.env['OPENWOP_BENCH_PROBE'];
if (target) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(
      target,
      JSON.stringify({ userMs: u.userCPUTime / 1000, systemMs: u.systemCPUTime / 1000, maxRssKiB: u.maxRSS }),
    );
  });
}
