import { INPUT_RULES } from '@openwop-spec/diagnostics';
import type { RuleDoc } from '@openwop-spec/diagnostics';
import type { Gate } from '@openwop-spec/gate-api';

/**
 * Where the repository is published. A rule's documentation link is its file under this base, so
 * `DOCS_BASE + ruleDocPath(id)` resolves wherever the repository's tree is served.
 */
export const DOCS_BASE = 'https://openwop.dev/tooling/openwop-spec/';

/** A rule id and who emits it: a gate id, or `input` for the input errors every gate shares. */
export interface RuleEntry {
  doc: RuleDoc;
  gate: string;
}

/** Every rule id the tool can emit, each with its documentation: the input errors, then each gate's. */
export function everyRule(gates: readonly Gate[]): RuleEntry[] {
  return [
    ...INPUT_RULES.map((doc) => ({ doc, gate: 'input' })),
    ...gates.flatMap((g) => g.rules.map((doc) => ({ doc, gate: g.id }))),
  ];
}

/** The repository path of a rule's documentation: `home/unclaimed` → `docs/rules/home/unclaimed.md`. */
export const ruleDocPath = (id: string): string => `docs/rules/${id}.md`;

/** The link the output gives for a rule (SARIF `helpUri`, JSON `helpUri`). */
export const ruleDocUri = (id: string): string => `${DOCS_BASE}${ruleDocPath(id)}`;

/** A fence longer than any backtick run in `text`, so an example cannot close it. */
function fenced(text: string): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return [fence, ...text.split('\n'), fence];
}

/**
 * A rule's documentation, as `openwop-spec explain <id>` prints it and `docs/rules/<id>.md` holds
 * it: what it catches, a failing and a passing example, the fix, and where the gate's semantics are.
 */
export function renderRuleDoc({ doc, gate }: RuleEntry): string[] {
  const where =
    gate === 'input'
      ? 'Reported by any gate that cannot read an input it needs (exit 2), once per run: see [packages/diagnostics/README.md](../../../packages/diagnostics/README.md).'
      : `Reported by the \`${gate}\` gate: see [packages/gate-${gate}/README.md](../../../packages/gate-${gate}/README.md).`;
  return [
    `# \`${doc.id}\``,
    '',
    `Severity: ${doc.severity}. ${where}`,
    '',
    '## What it catches',
    '',
    doc.summary,
    '',
    '## Fails',
    '',
    ...fenced(doc.fail),
    '',
    '## Passes',
    '',
    ...fenced(doc.pass),
    '',
    '## Fix',
    '',
    doc.fix,
  ];
}

/** `docs/rules/README.md`: every rule id, linked to its file, with its gate, severity and what it catches. */
function renderIndex(catalogue: readonly RuleEntry[]): string[] {
  return [
    '# Rule ids',
    '',
    'Every finding names one of these rule ids. Each file says what the rule catches, gives a failing',
    'and a passing example, and the fix; `openwop-spec explain <rule-id>` prints the same text. The',
    "files are generated from the gates' rule catalogues by `pnpm rule-docs`; edit the catalogue, not the file.",
    '',
    '| rule id | gate | severity | what it catches |',
    '|---|---|---|---|',
    ...catalogue.map(
      ({ doc, gate }) =>
        `| [\`${doc.id}\`](${doc.id}.md) | ${gate} | ${doc.severity} | ${doc.summary.replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`,
    ),
  ];
}

/** Every generated documentation file under docs/rules/, keyed by repository path, with its bytes. */
export function ruleDocFiles(gates: readonly Gate[]): Map<string, string> {
  const catalogue = everyRule(gates);
  const files = new Map(catalogue.map((entry) => [ruleDocPath(entry.doc.id), renderRuleDoc(entry).join('\n') + '\n']));
  files.set('docs/rules/README.md', renderIndex(catalogue).join('\n') + '\n');
  return files;
}
