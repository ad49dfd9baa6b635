import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusFiles } from '../src/generate.js';
import { countWords } from '@openwop-spec/gate-core-budget';
import { parseGenArgs } from '../src/gen-corpus.js';

const digest = (files: Map<string, string>): string => {
  const h = createHash('sha256');
  for (const [path, content] of files) h.update(`${path}\0${content}\0`);
  return h.digest('hex');
};

const under = (files: Map<string, string>, prefix: string, suffix = ''): string[] =>
  [...files.keys()].filter((p) => p.startsWith(prefix) && p.endsWith(suffix));

describe('gen-corpus determinism', () => {
  // One scale-1 corpus that each test compares with another generation (each about 0.4 s).
  let a: Map<string, string>;
  beforeAll(() => {
    a = corpusFiles({ scale: 1, seed: 's1' }).files;
  });

  it('gives identical bytes for the same scale and seed', () => {
    const b = corpusFiles({ scale: 1, seed: 's1' }).files;
    expect([...a.keys()]).toEqual([...b.keys()]);
    expect(digest(a)).toBe(digest(b));
  });

  it('gives different bytes for another seed, in the prose, not only the file list', () => {
    const c = corpusFiles({ scale: 1, seed: 's2' }).files;
    expect(digest(c)).not.toBe(digest(a));
    const declaration = 'spec/v2/declaration.json';
    expect(c.get(declaration)).not.toBe(a.get(declaration));
  });

  it('lists files in code-unit order', () => {
    const keys = [...a.keys()];
    expect(keys).toEqual([...keys].sort());
  });
});

describe('scale-1 shape matches upstream today', () => {
  const { model, files } = corpusFiles({ scale: 1 });
  const declaration = JSON.parse(files.get('spec/v2/declaration.json')!) as {
    families: Array<{ key: string; anchor: string; kind?: string; normativeText?: string[]; facetsFrom?: string }>;
  };
  const live = declaration.families.filter((f) => f.kind === 'family');
  const core = live.filter((f) => f.anchor === 'core');

  it('declares 72 core families (31 homed in spec/v2/core, 41 v1-dependent) and 13 ext families', () => {
    expect(core).toHaveLength(72);
    expect(core.filter((f) => f.normativeText?.[0]?.startsWith('spec/v2/core/'))).toHaveLength(31);
    expect(core.filter((f) => f.normativeText?.[0]?.startsWith('spec/v1/'))).toHaveLength(41);
    expect(live.filter((f) => f.anchor === 'ext')).toHaveLength(13);
    expect(new Set(live.map((f) => f.key)).size).toBe(live.length);
  });

  it('has 31 v2 core documents of about 25,000 words under the cap, and 74 v1 documents of about 200,000 words', () => {
    const coreDocs = under(files, 'spec/v2/core/', '.md');
    expect(coreDocs).toHaveLength(31);
    const coreWords = coreDocs.reduce((n, p) => n + countWords(files.get(p)!), 0);
    expect(coreWords).toBeGreaterThan(23_000);
    expect(coreWords).toBeLessThanOrEqual(25_000 + 200 * (31 - 9));
    const v1 = under(files, 'spec/v1/', '.md');
    expect(v1).toHaveLength(74);
    const v1Words = v1.reduce((n, p) => n + countWords(files.get(p)!), 0);
    expect(v1Words).toBeGreaterThan(185_000);
    expect(v1Words).toBeLessThan(215_000);
  });

  it('has 18 ext READMEs and 16 facet schemas, each cited by exactly one facetsFrom', () => {
    expect(under(files, 'spec/v2/ext/', '/README.md')).toHaveLength(18);
    const facets = under(files, 'spec/v2/facets/', '.schema.json');
    expect(facets).toHaveLength(16);
    expect(
      core
        .map((f) => f.facetsFrom)
        .filter(Boolean)
        .sort(),
    ).toEqual(facets);
  });

  it('has 575 scenario files, 138 targeting major 2 (15 both majors), and 40 lib modules', () => {
    expect(under(files, 'conformance/src/scenarios/', '.test.ts')).toHaveLength(575);
    expect(under(files, 'conformance/src/lib/', '.ts')).toHaveLength(40);
    const manifest = JSON.parse(files.get('conformance/scenario-majors.json')!) as {
      counts: Record<string, number>;
      majors: Record<string, number[]>;
    };
    expect(manifest.counts).toEqual({ files: 575, v1: 452, v2: 138 });
    expect(Object.values(manifest.majors).filter((m) => m.length === 2)).toHaveLength(15);
    const config = JSON.parse(files.get('conformance/scenario-majors.config.json')!) as {
      bothMajors: Array<{ file: string }>;
    };
    expect(config.bothMajors).toHaveLength(15);
    for (const { file } of config.bothMajors) expect(files.has(`conformance/src/scenarios/${file}`)).toBe(true);
  });

  it('writes realistic markdown: headings, tables, lists, fences, links, banners and markers', () => {
    const text = under(files, 'spec/', '.md')
      .map((p) => files.get(p)!)
      .join('\n');
    for (const pattern of [
      /^## /m,
      /^### § `/m,
      /^\| --- \| --- \|/m,
      /^- \S/m,
      /^1\. \S/m,
      /^```json$/m,
      /^```ts$/m,
      /\]\(#[a-z-]+\)/,
      /^> \*\*Status: /m,
      /^> \*\*Normative home:\*\* `/m,
      /^> \*\*Note:\*\* /m,
    ]) {
      expect(text).toMatch(pattern);
    }
  });

  it('plans one home per core family and a baseline that matches the plan', () => {
    expect(model.families.filter((f) => f.anchor === 'core' && !f.home)).toEqual([]);
    const baseline = JSON.parse(files.get('docs/normative-home-baseline.json')!) as {
      v1Dependent: number;
      v1Carried: string[];
      v1Banners: Record<string, string>;
    };
    expect(baseline.v1Dependent).toBe(41);
    expect(baseline.v1Carried).toEqual(
      core.filter((f) => f.normativeText?.[0]?.startsWith('spec/v1/')).map((f) => f.key),
    );
    expect(Object.keys(baseline.v1Banners)).toHaveLength(20);
  });
});

describe('scale N', () => {
  it('multiplies families, documents and scenario files, and keeps the core under the cap', () => {
    const { files } = corpusFiles({ scale: 2 });
    const declaration = JSON.parse(files.get('spec/v2/declaration.json')!) as {
      families: Array<{ kind?: string; anchor: string }>;
    };
    expect(declaration.families.filter((f) => f.kind === 'family' && f.anchor === 'core')).toHaveLength(144);
    expect(under(files, 'spec/v1/', '.md')).toHaveLength(148);
    expect(under(files, 'conformance/src/scenarios/', '.test.ts')).toHaveLength(1150);
    const coreWords = under(files, 'spec/v2/core/', '.md').reduce((n, p) => n + countWords(files.get(p)!), 0);
    expect(coreWords).toBeLessThanOrEqual(25_000 + 200 * (93 - 9));
  });

  it('rejects bad arguments', () => {
    const lines: string[] = [];
    const quiet = { stdout: (l: string) => void lines.push(l), stderr: (l: string) => void lines.push(l) };
    expect(parseGenArgs(['--scale', '0', '--out', 'x'], quiet)).toBe(2);
    expect(parseGenArgs(['--scale', '2', '--out', 'x', '--bogus'], quiet)).toBe(2);
    expect(lines).toEqual([
      'gen-corpus: --scale (a positive whole number up to 9999) and --out are required; see gen-corpus --help',
      'gen-corpus: unknown option --bogus; see gen-corpus --help',
    ]);
    expect(parseGenArgs(['--scale', '2', '--out', 'x', '--seed', 'q'])).toEqual({ scale: 2, out: 'x', seed: 'q' });
  });
});
