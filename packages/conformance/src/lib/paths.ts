import { targetMajor } from './env.js';

/**
 * Request paths that resolve the major: v1 hosts serve the API under `/v1`, v2 hosts at the root
 * (`spec/v2/path-manifest.json`). Every scenario that runs at major 2 builds its paths here.
 */
export function apiPath(path: string): string {
  if (!path.startsWith('/')) throw new Error(`an API path starts with "/": ${path}`);
  return `${targetMajor() === 2 ? '' : '/v1'}${path}`;
}

/** `GET /tools` (v2) or `GET /v1/tools` (v1), with an optional suffix such as `/{toolId}` or `?view=compact`. */
export function toolsPath(suffix = ''): string {
  return `${targetMajor() === 2 ? '' : '/v1'}/tools${suffix}`;
}

/** `/tools/{toolId}` with the id URL-encoded (toolIds carry `:` and `.`). */
export function toolPath(toolId: string, query = ''): string {
  return toolsPath(`/${encodeURIComponent(toolId)}${query}`);
}

/**
 * Host-sample seams keep their `/v1/…` spelling in scenario code; at major 2 the driver serves them
 * without the prefix. These are the only `/v1/` literals the scenario-majors lint accepts.
 */
export const SEAM_PREFIXES = ['/v1/host/sample/', '/v1/host/workspace/files', '/v1/packs-test/'] as const;

/** The path a seam request goes to at the target major (unchanged for every other path). */
export function seamPath(path: string): string {
  if (targetMajor() !== 2) return path;
  return SEAM_PREFIXES.some((prefix) => path.startsWith(prefix)) ? path.slice('/v1'.length) : path;
}
