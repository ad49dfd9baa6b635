import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, copyCorpus } from '../../spec-tree/test/corpus-copy.js';
import { corpusCache, everyGatePasses, runOn } from './corpus-suite.js';
import type { Fixture } from './helpers.js';

// The repository and the copy share one fact cache: the copy's runs parse only the file each test breaks.
const cache = corpusCache();
afterAll(() => cache.remove());

// The only tests over this repository's own corpus; everything else runs on a fixture or a copy.
describe('every gate on this repository', () => {
  everyGatePasses(() => REPO_ROOT, cache);
});

describe('bad input through the CLI (a copy of the corpus, one file broken)', () => {
  let fx: Fixture;
  beforeAll(() => {
    fx = copyCorpus();
  });
  afterAll(() => fx.remove());
  const decl = (): string => join(fx.root, 'spec/v2/declaration.json');
  const check = (...argv: string[]) => runOn(fx.root, cache, argv);

  it('the copy passes the gates these tests break before it is broken', async () => {
    expect((await check('check', 'core-budget', 'normative-home', 'declaration')).code).toBe(0);
  });

  it('a declaration with a syntax error exits 2 with its line and column, and no stack trace', async () => {
    const good = readFileSync(decl(), 'utf8');
    try {
      writeFileSync(decl(), good.replace('"families": [', '"families": [,'));
      const line = good.slice(0, good.indexOf('"families": [')).split('\n').length;
      const column = good.split('\n')[line - 1]!.indexOf('[') + 2;
      const out = await check('check', 'normative-home');
      expect(out).toMatchObject({
        code: 2,
        stderr: [
          // At the stray comma, in words, as a diagnostic; then the gate says it could not run.
          `spec/v2/declaration.json:${line}:${column}  error  spec/v2/declaration.json is not valid JSON: missing value before \`,\`  input/invalid-json`,
          `openwop-spec normative-home: could not run — input error at spec/v2/declaration.json:${line}:${column} (input/invalid-json)`,
        ],
      });
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
      const out = await check('check-declaration');
      expect(out.code).toBe(1);
      expect(out.stderr).toContain(
        `spec/v2/declaration.json:${at.length}:${at.at(-1)!.length + 11}  error  ${out.stderr.find((l) => l.includes('colour'))!.split('  error  ')[1]}`,
      );
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
      const out = await check('check', 'core-budget');
      expect(out).toMatchObject({
        code: 2,
        stderr: [
          'spec/v2/core/runs.md:3:5  error  spec/v2/core/runs.md is not valid UTF-8 (first bad byte 0xFF at offset 12)  input/invalid-utf8',
          expect.stringMatching(/could not run/),
        ],
      });
    } finally {
      writeFileSync(path, good);
    }
  });

  it('a BOM and CRLF line ends in a home change no verdict', async () => {
    const path = join(fx.root, 'spec/v2/core/tool-catalog.md');
    const good = readFileSync(path, 'utf8');
    try {
      const clean = await check('check', 'normative-home');
      writeFileSync(path, '\uFEFF' + good.replace(/\n/g, '\r\n'));
      const out = await check('check', 'normative-home', 'core-budget');
      expect(out.code).toBe(0);
      expect(out.stdout).toContain(clean.stdout.find((l) => / core families: /.test(l)));
    } finally {
      writeFileSync(path, good);
    }
  });
});
