// SECURITY/invariants.yaml and the conformance suite must agree: every scenario file an invariant's
// `tests` names exists and registers at least one requirement row whose record in the suite's
// requirements.json lists the invariant, and every invariant a record lists is declared. A test of
// this repository, not a gate rule: it reads how this repository's scenarios register their rows
// (the README says why).
import { posix } from 'node:path';
import { LineIndex } from '@openwop-spec/spec-tree';
import type { SpecTree } from '@openwop-spec/spec-tree';
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Node as YamlNode } from 'yaml';
import { compareCodeUnits } from '@openwop-spec/diagnostics';

/** Where a finding is: a repository-relative file and a 1-based line and column. */
export interface Finding {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** One line per finding, `file:line:column  message`, sorted by file, then position. */
export function formatFindings(findings: readonly Finding[]): string[] {
  return [...findings]
    .sort((a, b) => compareCodeUnits(a.file, b.file) || a.line - b.line || a.column - b.column)
    .map((f) => `${f.file}:${f.line}:${f.column}  ${f.message}`);
}

export const INVARIANTS_FILE = 'SECURITY/invariants.yaml';

interface Requirement {
  /** The row id: the requirement id's last dotted part. */
  row: string;
  scenario: string;
  invariants: string[];
  /** Where the record's `invariants` (else the record) starts in requirements.json. */
  offset: number;
}

/**
 * The row ids a scenario file registers: the string literals of its `rfc0204Rows([…])` call. A
 * scenario that registers rows another way registers none as far as this check can tell.
 */
export function registeredRows(source: string): string[] {
  const call = /rfc0204Rows\(\s*\[([^\]]*)\]/.exec(source);
  if (call === null) return [];
  return [...call[1]!.matchAll(/'([^']+)'|"([^"]+)"/g)].map((m) => m[1] ?? m[2]!);
}

/** The records of requirements.json, with where each one's invariants are. */
function requirements(tree: SpecTree, file: string): Requirement[] {
  if (tree.info(file).kind !== 'file') return [];
  const text = tree.text(file);
  const records = (JSON.parse(text) as { records?: unknown }).records;
  if (!Array.isArray(records)) return [];
  const out: Requirement[] = [];
  let from = 0;
  for (const item of records as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    if (typeof record['id'] !== 'string') continue;
    // Records are located by their id's text; an id appears once per record.
    const at = text.indexOf(JSON.stringify(record['id']), from);
    from = at < 0 ? from : at + 1;
    const invariants = Array.isArray(record['invariants'])
      ? record['invariants'].filter((i): i is string => typeof i === 'string')
      : [];
    const invariantsAt = invariants.length > 0 ? text.indexOf('"invariants"', from) : -1;
    out.push({
      row: record['id'].split('.').at(-1)!,
      scenario: typeof record['scenario'] === 'string' ? record['scenario'] : '',
      invariants,
      offset: invariantsAt >= 0 ? invariantsAt : Math.max(at, 0),
    });
  }
  return out;
}

const scalar = (node: unknown): string | undefined =>
  isScalar(node) && typeof node.value === 'string' ? node.value : undefined;

/** Every disagreement between the invariants file and the conformance suite at `root`. */
export function checkInvariants(tree: SpecTree): Finding[] {
  if (tree.info(INVARIANTS_FILE).kind !== 'file') return [];
  const text = tree.text(INVARIANTS_FILE);
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const findings: Finding[] = [];
  const at = (node: YamlNode | undefined, message: string) => {
    const { line, col } = lines.linePos(node?.range?.[0] ?? 0);
    findings.push({ file: INVARIANTS_FILE, line, column: col, message });
  };
  for (const error of doc.errors) {
    const { line, col } = lines.linePos(error.pos[0]);
    findings.push({
      file: INVARIANTS_FILE,
      line,
      column: col,
      message: `not valid YAML: ${error.message.split('\n')[0]}`,
    });
  }
  if (doc.errors.length > 0) return findings;

  const conformance = tree.paths.conformance;
  const requirementsFile = `${conformance}/requirements.json`;
  const records = requirements(tree, requirementsFile);
  const declared = new Set<string>();
  const list = isMap(doc.contents) ? doc.contents.get('invariants', true) : undefined;
  if (!isSeq(list)) {
    at(doc.contents ?? undefined, 'has no invariants list');
    return findings;
  }
  for (const item of list.items) {
    if (!isMap(item)) continue;
    const id = scalar(item.get('id', true));
    if (id === undefined) {
      at(item, 'an invariant without an id');
      continue;
    }
    declared.add(id);
    const tests = item.get('tests', true);
    for (const test of isSeq(tests) ? tests.items : []) {
      const path = scalar(test);
      if (path === undefined) continue;
      if (tree.info(path).kind !== 'file') {
        at(test as YamlNode, `${id}: tests names ${path}, which does not exist`);
        continue;
      }
      const registered = new Set(registeredRows(tree.text(path)));
      const name = posix.basename(path);
      const witnesses = records.filter(
        (r) => r.scenario === name && registered.has(r.row) && r.invariants.includes(id),
      );
      if (witnesses.length === 0) {
        at(
          test as YamlNode,
          `${id}: ${path} registers no row whose record in ${requirementsFile} lists the invariant (add "invariants": ["${id}"] to the record of the row that tests it)`,
        );
      }
    }
  }

  if (records.some((r) => r.invariants.some((i) => !declared.has(i)))) {
    const index = new LineIndex(tree.text(requirementsFile));
    for (const record of records) {
      for (const invariant of record.invariants.filter((i) => !declared.has(i))) {
        const { line, column } = index.point(record.offset);
        findings.push({
          file: requirementsFile,
          line,
          column,
          message: `${record.row} lists invariant ${invariant}, which ${INVARIANTS_FILE} does not declare`,
        });
      }
    }
  }
  return findings;
}
