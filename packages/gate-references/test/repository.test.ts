// This repository beyond what the gate reads: the messages in every package's source cite only what
// resolves, and SECURITY/invariants.yaml agrees with the conformance suite. (The gate itself runs
// over the repository with every other gate: packages/cli/test/repo.test.ts.)
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { GATES } from '@openwop-spec/cli';
import { INPUT_RULES } from '@openwop-spec/diagnostics';
import { LineIndex, SpecTree } from '@openwop-spec/spec-tree';
import { Resolver, absentPaths, findCitations } from '../src/index.js';
import { checkInvariants, formatFindings } from './security-invariants.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Paths only messages name without the repository holding them (documents' are in the configuration's references.absent). */
const MESSAGE_ONLY_ABSENT: ReadonlyMap<string, string> = new Map([
  [
    '../../packages/cli/test/example-repository.ts',
    "docs/rules/README.md's link to the example repository, relative to that file, which rule-docs writes",
  ],
  [
    'conformance/scripts/generate-scenario-majors.mjs',
    "upstream's generator, named byte for byte in the scenario-majors manifest's $comment so a manifest it wrote stays current",
  ],
]);
const RULE_IDS: ReadonlySet<string> = new Set(
  [...INPUT_RULES, ...GATES.flatMap((gate) => gate.rules)].map((r) => r.id),
);

/** A prose string literal of a source file: a message, a rule's documentation, a requirement clause. */
interface Literal {
  text: string;
  offset: number;
}

/** The keys that make an object with a `file` one edit of a rule example (`ExampleEdit`). */
const EDIT_KEYS: ReadonlySet<string> = new Set(['write', 'replace', 'set', 'unset', 'remove', 'symlink']);

const propertyName = (node: ts.Node): string | undefined =>
  (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && ts.isIdentifier(node.name)
    ? node.name.text
    : undefined;

/**
 * A rule's `fail` or `pass` example, or one edit of an example wherever it is written (a catalogue
 * may build the edits its examples share beside them).
 */
function isExample(node: ts.Node): boolean {
  const name = propertyName(node);
  if (name === 'fail' || name === 'pass') return true;
  if (!ts.isObjectLiteralExpression(node)) return false;
  const keys = node.properties.map(propertyName);
  return keys.includes('file') && keys.some((k) => k !== undefined && EDIT_KEYS.has(k));
}

/**
 * The prose string literals of one TypeScript source. A literal without whitespace is an identifier
 * or a path the code uses, not prose, and a rule's examples (what they say and the edits that make
 * them) are illustrations.
 */
function literals(file: string, source: string): Literal[] {
  // Without parent pointers (a third of the parse's cost): an example is skipped where the walk meets it.
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, false);
  const out: Literal[] = [];
  const visit = (node: ts.Node): void => {
    if (isExample(node)) return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const start = node.getStart(sf);
      const text = source.slice(start, node.getEnd());
      if (/\s/.test(text)) out.push({ text, offset: start });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('this repository', () => {
  const tree = SpecTree.load(ROOT);
  // Reading and parsing every source that cites something is the set-up (about a second on a quiet machine).
  const findings: string[] = [];
  beforeAll(async () => {
    const under = (dir: string): string[] =>
      tree
        .list(dir)
        .filter((e) => !e.symlink)
        .flatMap((e) => (e.kind === 'dir' ? under(e.path) : e.name.endsWith('.ts') ? [e.path] : []));
    const resolver = new Resolver(
      tree,
      RULE_IDS,
      new Set([...absentPaths(tree).keys(), ...MESSAGE_ONLY_ABSENT.keys()]),
    );
    for (const file of tree.list('packages').flatMap((p) => under(`${p.path}/src`))) {
      const source = tree.text(file);
      // A literal cites only what its whole file does: a file that cites nothing is not parsed.
      if (!findCitations(source).some((c) => resolver.cites(c))) continue;
      const index = new LineIndex(source);
      for (const literal of literals(file, source)) {
        for (const c of findCitations(literal.text).filter((x) => resolver.cites(x))) {
          const problem = await resolver.problem(file, c, { start: index.point(literal.offset + c.offset) });
          if (problem) findings.push(`${file}:${problem.start?.line}:${problem.start?.column}  ${problem.message}`);
        }
      }
    }
  });

  it('cites in the messages of its packages only paths, sections and rule ids that resolve', () => {
    expect(findings).toEqual([]);
  });

  it('keeps SECURITY/invariants.yaml and the conformance suite in step', () => {
    expect(formatFindings(checkInvariants(tree))).toEqual([]);
  });
});
