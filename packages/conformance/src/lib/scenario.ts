import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';
import type { TestContext } from 'vitest';
import { NO_HOST, hostConfig, requireBehavior, targetMajor } from './env.js';
import type { HostConfig } from './env.js';

/** The package's generated manifest: which majors each scenario file targets. */
const MANIFEST = new URL('../../scenario-majors.json', import.meta.url);

let majorsByFile: Record<string, number[]> | undefined;

/** The majors the manifest gives `file` (a scenario file name), or undefined when it is not listed. */
export function manifestMajors(file: string): number[] | undefined {
  majorsByFile ??= (JSON.parse(readFileSync(MANIFEST, 'utf8')) as { majors: Record<string, number[]> }).majors;
  return Object.hasOwn(majorsByFile, file) ? majorsByFile[file] : undefined;
}

/** Why the scenario at `moduleUrl` does not run at the target major, or undefined when it does. */
export function majorSkipReason(moduleUrl: string): string | undefined {
  const file = basename(fileURLToPath(moduleUrl));
  const majors = manifestMajors(file);
  const major = targetMajor();
  if (!majors) return `${file} is not in scenario-majors.json (run: pnpm exec openwop-spec scenario-majors --write)`;
  return majors.includes(major)
    ? undefined
    : `${file} targets major ${majors.join(', ')}; OPENWOP_TARGET_MAJOR is ${major}`;
}

/**
 * A scenario's top-level describe: skipped, with the reason in its title, when the manifest says
 * the file does not run at the target major. The manifest is the one source of that decision.
 */
export function describeScenario(moduleUrl: string, title: string, body: () => void): void {
  const reason = majorSkipReason(moduleUrl);
  if (reason) describe.skip(`${title} (skipped: ${reason})`, body);
  else describe(title, body);
}

/** The host under test, or a skip of the current test with the reason when none is configured. */
export function requireHost(ctx: TestContext): HostConfig {
  const host = hostConfig();
  if (!host) ctx.skip(NO_HOST);
  return host;
}

/**
 * Skips the current test as inapplicable when the host does not advertise what it needs, or fails
 * it under OPENWOP_REQUIRE_BEHAVIOR=true, where the family is part of the claimed profile.
 */
export function requireAdvertised(ctx: TestContext, advertised: boolean, what: string): void {
  if (advertised) return;
  if (requireBehavior()) throw new Error(`OPENWOP_REQUIRE_BEHAVIOR=true, but the host does not advertise ${what}`);
  ctx.skip(`inapplicable: the host does not advertise ${what}`);
}
