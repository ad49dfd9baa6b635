import type { CorpusPaths } from '@openwop-spec/spec-tree';

/**
 * The class of a canonical home path (first matching row):
 * `declaration-site` (spec/v2/core/capabilities.md), `core`, `ext`, `schema` (schemas/v2/ or
 * spec/v2/facets/), `v1`, `rfc` (RFCS/), or `other` (anything else, refused as not a home).
 */
export type HomeClass = 'declaration-site' | 'core' | 'ext' | 'schema' | 'v1' | 'rfc' | 'other';

/** Prose classes: read as markdown and checked by §2.3. */
export const PROSE_CLASSES: ReadonlySet<HomeClass> = new Set(['core', 'ext', 'v1']);

/** The class prefixes, built from the configured corpus paths (RFCS/ is not relocatable). */
export interface ClassPrefixes {
  declarationSite: string;
  core: string;
  ext: string;
  schemas: readonly string[];
  v1: string;
  rfc: string;
}

export function classPrefixes(paths: CorpusPaths): ClassPrefixes {
  return {
    declarationSite: `${paths.spec}/v2/core/capabilities.md`,
    core: `${paths.spec}/v2/core/`,
    ext: `${paths.spec}/v2/ext/`,
    schemas: [`${paths.schemas}/v2/`, `${paths.spec}/v2/facets/`],
    v1: `${paths.spec}/v1/`,
    rfc: 'RFCS/',
  };
}

export function homeClass(path: string, p: ClassPrefixes): HomeClass {
  if (path === p.declarationSite) return 'declaration-site';
  if (path.startsWith(p.core)) return 'core';
  if (path.startsWith(p.ext)) return 'ext';
  if (p.schemas.some((s) => path.startsWith(s))) return 'schema';
  if (path.startsWith(p.v1)) return 'v1';
  if (path.startsWith(p.rfc)) return 'rfc';
  return 'other';
}

/** The extension a home of this class must have; undefined for refused classes. */
export function requiredExtension(cls: HomeClass): string | undefined {
  if (cls === 'schema') return '.json';
  return PROSE_CLASSES.has(cls) ? '.md' : undefined;
}

/** The file name of a repository path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
