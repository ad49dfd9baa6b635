import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** How this repository runs the CLI: its workspace's bin, through pnpm (the parity lines name it so). */
export const WORKSPACE_RUNNER = 'pnpm exec openwop-spec';
/** How a repository that installed the npm package runs it (npx finds the local install, else fetches it). */
export const PACKAGE_RUNNER = 'npx openwop-spec';

/**
 * The words that run the CLI where the module at `moduleUrl` is installed: `npx openwop-spec` when
 * the package.json nearest to it is a published package's (the npm package `pnpm package` writes),
 * `pnpm exec openwop-spec` when it is one of this repository's private workspace packages (built,
 * bundled into the bin, or run from source by the tests).
 */
export function runnerOf(moduleUrl: string): string {
  for (let dir = dirname(fileURLToPath(moduleUrl)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file))
      return (JSON.parse(readFileSync(file, 'utf8')) as { private?: boolean }).private === true
        ? WORKSPACE_RUNNER
        : PACKAGE_RUNNER;
    if (dirname(dir) === dir) return PACKAGE_RUNNER;
  }
}

let runner: string | undefined;

/**
 * `args` as a command line that works where this code runs, for every message that tells the user
 * to run one (`command('scenario-majors --write')`). The one place that decides the prefix.
 */
export function command(args: string): string {
  runner ??= runnerOf(import.meta.url);
  return `${runner} ${args}`;
}
