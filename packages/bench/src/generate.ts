import { mkdirSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LIB_NAMES, planCorpus } from './model.js';
import type { CorpusModel, Family } from './model.js';
import { Prng } from './prng.js';
import {
  baseline,
  declaration,
  declarationSchema,
  endOfSupport,
  facetFile,
  metadataFiles,
  recordBase,
  requirements,
  scenarioMajors,
  scenarioMajorsConfig,
  schemaExamples,
  v1Schema,
} from './render-json.js';
import { capabilities, coreHome, coreOverview, extReadme, v1Doc } from './render-markdown.js';
import { libModule, scenarioFile } from './render-scenarios.js';
import { compareCodeUnits } from '@openwop-spec/diagnostics';

export interface CorpusOptions {
  scale: number;
  seed?: string;
}

export const DEFAULT_SEED = 'openwop';

/**
 * Every file of the corpus except the generated capabilities schema, as repository path →
 * content, in code-unit order. Pure: the same (scale, seed) gives the same map.
 */
export function corpusFiles(options: CorpusOptions): { model: CorpusModel; files: Map<string, string> } {
  const seed = options.seed ?? DEFAULT_SEED;
  const model = planCorpus(options.scale, seed);
  const rng = new Prng(`openwop-bench-text:${seed}`);
  const byKey = new Map<string, Family>(model.families.map((f) => [f.key, f]));
  const out: Array<[string, string]> = [
    ['spec/v2/declaration.json', declaration(model)],
    ['spec/v2/declaration.schema.json', declarationSchema()],
    ['spec/v2/capability-record.base.json', recordBase()],
    ['spec/v2/core/capabilities.md', capabilities(model, rng.fork('capabilities'))],
    ['schemas/capabilities.schema.json', v1Schema(model)],
    ['docs/normative-home-baseline.json', baseline(model)],
    ['evidence/v1-end-of-support.json', endOfSupport()],
    ['conformance/requirements.json', requirements(model)],
    ['conformance/scenario-majors.config.json', scenarioMajorsConfig(model)],
    ['conformance/scenario-majors.json', scenarioMajors(model)],
    // Upstream keeps its generator, which the generated schema's $comment names.
    ['scripts/generate-from-declaration.mjs', "// Upstream's generator; openwop-spec declaration replaces it.\n"],
    ...metadataFiles(),
    ...schemaExamples(),
  ];
  for (const f of model.families)
    if (f.facetSource === 'file') out.push([`spec/v2/facets/${f.key}.schema.json`, facetFile(f)]);
  // Each document draws from its own stream, keyed by its path, so files are independent.
  for (const d of model.coreDocs) {
    const r = rng.fork(d.path);
    out.push([d.path, d.homes.length ? coreHome(d, byKey, r) : coreOverview(d, r)]);
  }
  for (const d of model.v1Docs) out.push([d.path, v1Doc(d, byKey, rng.fork(d.path))]);
  for (const d of model.extReadmes) out.push([d.path, extReadme(d, byKey, rng.fork(d.path))]);
  for (const lib of model.libs) {
    const index = LIB_NAMES.indexOf(lib.replace(/-r\d+$/, ''));
    out.push([`conformance/src/lib/${lib}.ts`, libModule(lib, index, rng.fork(lib))]);
  }
  for (const s of model.scenarios) out.push([`conformance/src/scenarios/${s.file}`, scenarioFile(s, rng.fork(s.file))]);
  out.sort((a, b) => compareCodeUnits(a[0], b[0]));
  const files = new Map<string, string>();
  for (const [path, content] of out) {
    if (files.has(path)) throw new Error(`generator defect: ${path} produced twice`);
    files.set(path, content);
  }
  return { model, files };
}

/**
 * Writes the corpus into `out`, which must be missing or empty (never mixes with other files), then
 * runs the declaration gate's writer in-process to derive schemas/v2/capabilities.schema.json.
 */
export async function writeCorpus(
  out: string,
  options: CorpusOptions,
): Promise<{ model: CorpusModel; files: number; generated: boolean }> {
  if (existsSync(out) && readdirSync(out).length > 0)
    throw new Error(`${out} is not empty; gen-corpus writes only into a new or empty directory`);
  const { model, files } = corpusFiles(options);
  try {
    for (const [path, content] of files) {
      const abs = join(out, ...path.split('/'));
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, content);
    }
    const generated = await deriveCapabilitiesSchema(out);
    return { model, files: files.size + (generated ? 1 : 0), generated };
  } catch (err) {
    rmSync(out, { recursive: true, force: true });
    throw err;
  }
}

/** Runs the declaration gate's writer on the tree; false while the gate has no writer yet. */
async function deriveCapabilitiesSchema(root: string): Promise<boolean> {
  const { SpecTree } = await import('@openwop-spec/spec-tree');
  const { gate } = await import('@openwop-spec/gate-declaration');
  if (!gate.write) return false;
  const result = await gate.write(SpecTree.load(root), { today: '2026-09-22', flags: new Set(['--write']) });
  if (result.exitCode !== 0) {
    const problems = result.diagnostics.map((d) => `${d.file ?? ''}:${d.start?.line ?? 1}  ${d.ruleId}  ${d.message}`);
    throw new Error(`the declaration gate refused the generated corpus: ${result.summaryLine}\n${problems.join('\n')}`);
  }
  return true;
}
