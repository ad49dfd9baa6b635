import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The suite's workflow fixtures (`src/fixtures/*.json`), which a host under test installs. */
const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

export interface WorkflowFixture {
  file: string;
  value: unknown;
}

/** Every fixture file, parsed, in code-unit order of file name; a parse error names the file. */
export function readFixtures(): WorkflowFixture[] {
  return readdirSync(FIXTURES_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const text = readFileSync(`${FIXTURES_DIR}${file}`, 'utf8');
      try {
        return { file, value: JSON.parse(text) as unknown };
      } catch (err) {
        throw new Error(`src/fixtures/${file} is not valid JSON: ${(err as Error).message}`);
      }
    });
}

const NODE_ID = /^[a-z][a-z0-9-]*$/;
const CONFORMANCE_TYPE = /^core\.conformance\.[a-z][a-z0-9-]*$/;

/**
 * The structural problems of one fixture (empty when it is well formed): its id matches its file,
 * it names its majors, it has a manual trigger, unique node ids, conformance-reserved node types,
 * and `after` edges that name earlier nodes.
 */
export function fixtureProblems(fixture: WorkflowFixture): string[] {
  const problems: string[] = [];
  const value: unknown = fixture.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['the fixture is not a JSON object'];
  const v = value as Record<string, unknown>;
  if (v['workflowId'] !== fixture.file.replace(/\.json$/, ''))
    problems.push(`workflowId ${JSON.stringify(v['workflowId'])} does not match the file name`);
  const majors = v['majors'];
  if (!Array.isArray(majors) || majors.length === 0 || !majors.every((m) => m === 1 || m === 2))
    problems.push('majors must be a non-empty list of 1 and 2');
  const trigger = v['trigger'] as Record<string, unknown> | undefined;
  if (trigger?.['type'] !== 'manual') problems.push('trigger.type must be "manual"');
  const nodes = Array.isArray(v['nodes']) ? (v['nodes'] as Record<string, unknown>[]) : [];
  if (nodes.length === 0) problems.push('nodes must be a non-empty list');
  const seen = new Set<string>();
  for (const [i, node] of nodes.entries()) {
    const id = node['id'];
    if (typeof id !== 'string' || !NODE_ID.test(id)) problems.push(`nodes[${i}].id must match ${NODE_ID}`);
    else if (seen.has(id)) problems.push(`nodes[${i}].id ${id} is repeated`);
    if (typeof node['typeId'] !== 'string' || !CONFORMANCE_TYPE.test(node['typeId']))
      problems.push(`nodes[${i}].typeId must be a conformance-reserved type (core.conformance.*)`);
    for (const dep of Array.isArray(node['after']) ? node['after'] : []) {
      if (typeof dep !== 'string' || !seen.has(dep))
        problems.push(`nodes[${i}].after names ${JSON.stringify(dep)}, which is not an earlier node`);
    }
    if (typeof id === 'string') seen.add(id);
  }
  return problems;
}

/** Whether a fixture is installed at the major under test. */
export function fixtureTargets(fixture: WorkflowFixture, major: 1 | 2): boolean {
  const majors = (fixture.value as { majors?: unknown }).majors;
  return Array.isArray(majors) && majors.includes(major);
}
