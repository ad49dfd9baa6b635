import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFixture, run } from './helpers.js';
import type { Fixture } from './helpers.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const CORPUS = ['spec', 'schemas', 'docs', 'evidence', 'openwop-spec.config.json', 'pnpm-workspace.yaml'];
const CONFORMANCE = ['src', 'scenario-majors.config.json', 'scenario-majors.json', 'requirements.json'];
const TODAY = ['--today', '2026-09-22'];

/** A copy of this repository's corpus, so each test can break one file without touching the real one. */
function corpusCopy(): Fixture {
  const fx = createFixture({});
  for (const p of CORPUS) cpSync(join(repoRoot, p), join(fx.root, p), { recursive: true });
  for (const p of CONFORMANCE) cpSync(join(repoRoot, 'packages/conformance', p), join(fx.root, 'packages/conformance', p), { recursive: true });
  return fx;
}

describe('every gate on this repository', () => {
  it('passes, and --format json prints one parseable document and nothing else on stdout', async () => {
    const out = await run(['check', '--format', 'json', ...TODAY], { cwd: repoRoot });
    const doc = JSON.parse(out.stdout.join('\n')) as { ok: boolean; gates: Record<string, { exitCode: number }>; diagnostics: unknown[] };
    expect(Object.keys(doc.gates)).toEqual(['core-budget', 'normative-home', 'scenario-majors', 'declaration', 'schemas']);
    expect(doc.ok).toBe(true);
    expect(out.code).toBe(0);
  });

  it('prints the upstream result lines, the last one last', async () => {
    const out = await run(['check', ...TODAY], { cwd: repoRoot });
    expect(out.stdout).toContain('  72 core families: 31 resolved, 41 v1-dependent, 0 undeclared.');
    expect(out.stdout.some((l) => /^=== check-core-budget OK — [\d,]+ \/ 29,400 words across \d+ document\(s\) ===$/.test(l))).toBe(true);
    expect(out.stdout.at(-1)).toBe('openwop-spec: 5 of 5 gates passed');
  });
});

describe('bad input through the CLI (a copy of the corpus, one file broken)', () => {
  let fx: Fixture;
  beforeAll(() => {
    fx = corpusCopy();
  });
  afterAll(() => fx.remove());
  const decl = (): string => join(fx.root, 'spec/v2/declaration.json');

  it('the copy passes before it is broken', async () => {
    expect((await run(['check', ...TODAY], { cwd: fx.root })).code).toBe(0);
  });

  it('a declaration with a syntax error exits 2 with its line and column, and no stack trace', async () => {
    const good = readFileSync(decl(), 'utf8');
    try {
      writeFileSync(decl(), good.replace('"families": [', '"families": [,'));
      const line = good.slice(0, good.indexOf('"families": [')).split('\n').length;
      const out = await run(['check', 'normative-home', ...TODAY], { cwd: fx.root });
      expect(out.code).toBe(2);
      expect(out.stderr).toHaveLength(1);
      expect(out.stderr[0]).toMatch(new RegExp(`^openwop-spec normative-home: spec/v2/declaration\\.json is not valid JSON: .* \\(spec/v2/declaration\\.json:${line}:\\d+\\)$`));
    } finally {
      writeFileSync(decl(), good);
    }
  });

  it('a declaration that fails its schema is a diagnostic at the offending value', async () => {
    const good = readFileSync(decl(), 'utf8');
    try {
      const broken = good.replace('"witness": "seam-gated"', '"witness": "seam-gated", "colour": "blue"');
      writeFileSync(decl(), broken);
      const at = broken.slice(0, broken.indexOf('"colour"')).split('\n');
      const out = await run(['check-declaration', ...TODAY], { cwd: fx.root });
      expect(out.code).toBe(1);
      expect(out.stderr).toContain(`spec/v2/declaration.json:${at.length}:${at.at(-1)!.length + 11}  error  ${out.stderr.find((l) => l.includes('colour'))!.split('  error  ')[1]}`);
      expect(out.stderr.find((l) => l.includes('colour'))).toMatch(/unknown property "colour".*declaration\/schema$/);
    } finally {
      writeFileSync(decl(), good);
    }
  });

  it('a core document with invalid UTF-8 exits 2 naming the file and line', async () => {
    const path = join(fx.root, 'spec/v2/core/runs.md');
    const good = readFileSync(path);
    try {
      writeFileSync(path, Buffer.concat([Buffer.from('# Runs\n\nbad '), Buffer.from([0xff]), good]));
      const out = await run(['check', 'core-budget', ...TODAY], { cwd: fx.root });
      expect(out).toMatchObject({ code: 2, stderr: [expect.stringMatching(/^openwop-spec core-budget: spec\/v2\/core\/runs\.md is not valid UTF-8 .*\(spec\/v2\/core\/runs\.md:3:1\)$/)] });
    } finally {
      writeFileSync(path, good);
    }
  });

  it('a BOM and CRLF line ends in a home change no verdict', async () => {
    const path = join(fx.root, 'spec/v2/core/tool-catalog.md');
    const good = readFileSync(path, 'utf8');
    try {
      writeFileSync(path, '\uFEFF' + good.replace(/\n/g, '\r\n'));
      const out = await run(['check', 'normative-home', 'core-budget', ...TODAY], { cwd: fx.root });
      expect(out.code).toBe(0);
      expect(out.stdout).toContain('  72 core families: 31 resolved, 41 v1-dependent, 0 undeclared.');
    } finally {
      writeFileSync(path, good);
    }
  });
});
