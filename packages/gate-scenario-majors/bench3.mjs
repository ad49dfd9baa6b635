import { readFileSync, readdirSync, mkdtempSync, mkdirSync, writeFileSync, cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
const conf = '/work/main/packages/conformance';
const sources = readdirSync(join(conf, 'src/scenarios')).map((n) => readFileSync(join(conf, 'src/scenarios', n), 'utf8'));
const files = Array.from({ length: 126 }, (_, i) => sources[i % sources.length]);
const root = mkdtempSync(join(tmpdir(), 'majors-bench-'));
cpSync(join(conf, 'src/lib'), join(root, 'conformance/src/lib'), { recursive: true });
mkdirSync(join(root, 'conformance/src/scenarios'), { recursive: true });
writeFileSync(join(root, 'conformance/scenario-majors.config.json'), '{"bothMajors": []}');
for (const [i, s] of files.entries()) writeFileSync(join(root, `conformance/src/scenarios/v2-s${String(i).padStart(3, '0')}.test.ts`), s);
const { SpecTree } = await import('@openwop-spec/spec-tree');
const { runScenarioMajors } = await import('./dist/index.js');
for (let k = 0; k < 3; k++) {
  const t2 = performance.now();
  await runScenarioMajors(SpecTree.load(root), 'check');
  console.log(`gate over 126 major-2 files: ${(performance.now() - t2).toFixed(1)} ms`);
}
rmSync(root, { recursive: true, force: true });
