// A copy of this repository's conformance package passes the gate, and breaking one of its helpers
// the way RFC 0204 had to fix turns it red.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createFixture } from '@openwop-spec/spec-tree/testing';
import type { Fixture } from '@openwop-spec/spec-tree/testing';
import { runScenarioMajors } from '../src/index.js';
import { found } from './helpers.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DIR = 'packages/conformance';

let fixture: Fixture | undefined;
afterEach(() => fixture?.remove());

/** A copy of the conformance package's gate inputs: config, manifest and every file under src/. */
function copyOfConformance(): Record<string, string> {
  const files: Record<string, string> = {
    'openwop-spec.config.json': JSON.stringify({ paths: { conformance: DIR } }),
  };
  for (const name of ['scenario-majors.config.json', 'scenario-majors.json'])
    files[`${DIR}/${name}`] = readFileSync(join(ROOT, DIR, name), 'utf8');
  for (const entry of readdirSync(join(ROOT, DIR, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[
      `${DIR}/${path
        .slice(join(ROOT, DIR).length + 1)
        .split('\\')
        .join('/')}`
    ] = readFileSync(path, 'utf8');
  }
  return files;
}

describe('a copy of this repository’s conformance package', () => {
  it('passes the gate (the baseline of the sabotage tests below)', async () => {
    fixture = createFixture(copyOfConformance());
    const result = await runScenarioMajors(fixture.tree(), 'check');
    expect(result.diagnostics).toEqual([]);
  });

  it('is not vacuous: a hard-coded /v1/tools in the real toolCatalog helper is reported there, with the major-2 files that reach it', async () => {
    const files = copyOfConformance();
    const lib = `${DIR}/src/lib/toolCatalog.ts`;
    const broken = files[lib]!.replace(
      'hostDriver().get(toolsPath(), options)',
      "hostDriver().get('/v1/tools', options)",
    );
    expect(broken).not.toBe(files[lib]);
    fixture = createFixture({ ...files, [lib]: broken });
    const result = await runScenarioMajors(fixture.tree(), 'check');
    const r2 = found(result, 'majors/v1-path');
    expect(r2).toHaveLength(1);
    expect(r2[0]!.file).toBe(lib);
    const related = result.diagnostics.find((d) => d.ruleId === 'majors/v1-path')!.related!.map((r) => r.file);
    expect(related.length).toBeGreaterThan(0);
    expect(related.every((f) => f.startsWith(`${DIR}/src/scenarios/`))).toBe(true);
    expect(result.exitCode).toBe(1);
  });

  it('is not vacuous: reading supported before the major-2 exit of toolCatalogGate is reported', async () => {
    const files = copyOfConformance();
    const lib = `${DIR}/src/lib/toolCatalog.ts`;
    const broken = files[lib]!.replace(
      "const cap = await readFamily('toolCatalog');",
      "const cap = await readFamily('toolCatalog');\n  if ((cap as { supported?: boolean } | undefined)?.supported === false) return null;",
    );
    expect(broken).not.toBe(files[lib]);
    fixture = createFixture({ ...files, [lib]: broken });
    const result = await runScenarioMajors(fixture.tree(), 'check');
    expect(found(result, 'majors/supported-gate').map((f) => f.file)).toEqual([lib]);
  });
});
