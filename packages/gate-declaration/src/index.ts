export { gate, runCheckDeclaration, runGenerator } from './gate.js';
export {
  ANNOTATION_KEYWORDS,
  buildCapabilities,
  render,
  originOf,
  OUTPUT_DESCRIPTION,
  OUTPUT_ID,
  OUTPUT_TITLE,
  RESERVED_FACETS,
  SEEDED_FROM,
} from './build.js';
export type { BuildOutput, Counts, Origin } from './build.js';
export { checkGenerated, writeGenerated, built, FIX_COMMAND, MAX_STALE_FINDINGS } from './generate.js';
export type { GeneratorOutcome } from './generate.js';
export { checkDeclarationRules, floorFile, FAMILY_FIELDS, PROFILE_FIELDS } from './check.js';
export { loadInputs, VERSION_PATTERN } from './inputs.js';
export type { BuildInput, RecordBase, Source } from './inputs.js';
export { seedNode, seedFamily, V1_ONLY } from './seed.js';
export { layoutOf } from './layout.js';
export type { Layout } from './layout.js';
export { rules, GATE_ID } from './rules.js';
