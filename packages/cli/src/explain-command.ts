import { nearest } from '@openwop-spec/diagnostics';
import type { Gate } from '@openwop-spec/gate-api';
import type { Io } from './main.js';
import { HELP, commandArgs } from './options.js';
import type { CommandPage } from './options.js';
import { renderRuleDoc, everyRule } from './rule-docs.js';

export const EXPLAIN = {
  name: 'explain',
  summary: 'what a rule id catches, with a failing and a passing example, and the fix',
  page: {
    name: 'explain',
    usage: 'openwop-spec explain <rule-id | gate>...',
    about:
      'Prints the documentation of a rule id, the last word of every finding: what it catches, a failing and a passing example, and how to fix it — the text of docs/rules/<rule-id>.md, from the same catalogue the gate reports from. Given a gate id (or input, for the input errors every gate shares), lists that gate’s rule ids with what each catches.',
    options: [HELP],
    positionals: true,
    examples: [
      { command: 'openwop-spec explain home/unclaimed', does: 'what home/unclaimed catches and how to fix it' },
      { command: 'openwop-spec explain normative-home', does: 'every rule id the normative-home gate can report' },
    ],
  } satisfies CommandPage,
};

/** `openwop-spec explain`: a rule's documentation, or a gate's rule list. */
export function explainCommand(argv: readonly string[], io: Io, gates: readonly Gate[]): number {
  const fail = (message: string): number => {
    io.stderr(`openwop-spec: ${message}; see openwop-spec explain --help`);
    return 2;
  };
  const args = commandArgs(io, EXPLAIN.page, argv);
  if (typeof args === 'number') return args;
  if (args.positionals.length === 0)
    return fail('explain needs a rule id or a gate id (e.g. openwop-spec explain home/unclaimed)');
  const catalogue = everyRule(gates);
  const groups = ['input', ...gates.map((g) => g.id)];
  const pages: string[][] = [];
  for (const name of args.positionals) {
    const entry = catalogue.find((e) => e.doc.id === name);
    if (entry) {
      pages.push(renderRuleDoc(entry));
    } else if (groups.includes(name)) {
      const rules = catalogue.filter((e) => e.gate === name);
      const width = Math.max(...rules.map((e) => e.doc.id.length));
      pages.push([
        `Rule ids of ${name === 'input' ? 'the input errors' : `the ${name} gate`} (openwop-spec explain <rule-id> for one):`,
        '',
        ...rules.map((e) => `  ${e.doc.id.padEnd(width)}  ${e.doc.severity.padEnd(7)}  ${e.doc.summary}`),
      ]);
    } else {
      const hint = nearest(name, [...catalogue.map((e) => e.doc.id), ...groups]);
      return fail(`unknown rule id "${name}"${hint ? ` (did you mean ${hint}?)` : ''}`);
    }
  }
  for (const [i, page] of pages.entries()) for (const line of i > 0 ? ['', ...page] : page) io.stdout(line);
  return 0;
}
