// Where this repository keeps what the checks read.
import type { Repo } from './repo.js';

/** The folder the repository keeps its conformance suite in (openwop-spec.config.json), else the upstream layout's. */
export function conformanceDir(repo: Repo): string {
  if (repo.kind('openwop-spec.config.json') !== 'file') return 'conformance';
  const config = JSON.parse(repo.read('openwop-spec.config.json')) as { paths?: { conformance?: unknown } };
  return typeof config.paths?.conformance === 'string' ? config.paths.conformance : 'conformance';
}
