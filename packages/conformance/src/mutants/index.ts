// Every mutant of the RFC 0204 rows, each aimed at exactly one row.
import { CATALOG_MUTANTS } from './catalog.js';
import { CLIENT_OPTIONS_MUTANTS } from './client-options.js';
import type { Mutant } from './mutant.js';
import { PACK_PATH_MUTANTS } from './pack-path.js';
import { SCHEMA_MUTANTS } from './schema.js';
import { V1_ADAPTER_MUTANTS } from './v1-adapter.js';

export const MUTANTS: readonly Mutant[] = Object.freeze([
  ...PACK_PATH_MUTANTS,
  ...CLIENT_OPTIONS_MUTANTS,
  ...V1_ADAPTER_MUTANTS,
  ...CATALOG_MUTANTS,
  ...SCHEMA_MUTANTS,
]);

export { decorateCtx } from './mutant.js';
export type { Mutant, Seam } from './mutant.js';
export { TABLE_CLAUSES } from './schema.js';
