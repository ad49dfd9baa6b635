import { INPUT_RULES } from '@openwop-spec/diagnostics';
import type { ExampleEdit, RuleDoc, RuleExample } from '@openwop-spec/diagnostics';
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

/** A link from a rule's page to the files every example starts from. */
const EXAMPLE_REPOSITORY = '[example repository](../../../packages/cli/test/example-repository.ts)';

/** The date every rule example runs at, so an example that reads the date means the same every day. */
export const EXAMPLE_TODAY = '2026-09-22';

/**
 * The command that runs a rule's example, at EXAMPLE_TODAY: `check` of the rule's gate (of every gate
 * for an input error), or the gate command the example names.
 */
export const exampleArgv = (gate: string, example: RuleExample): string[] => [
  ...(example.command !== undefined ? [example.command] : gate === 'input' ? ['check'] : ['check', gate]),
  '--today',
  EXAMPLE_TODAY,
  ...(example.args ?? []),
];

/** A fence longer than any backtick run in `text`, so an example cannot close it; `lang` names the syntax. */
function fenced(text: string, indent = '', lang = ''): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return [fence + lang, ...text.split('\n'), fence].map((line) => (line === '' ? line : indent + line));
}

/** The syntax of a file's text, by its extension, for a fenced block's info string. */
const LANGUAGE: Readonly<Record<string, string>> = { json: 'json', md: 'markdown', ts: 'ts', mjs: 'js', js: 'js' };
const languageOf = (file: string): string => LANGUAGE[/\.([a-z]+)$/.exec(file)?.[1] ?? ''] ?? '';

/** `text` as inline code, delimited by a backtick run longer than any inside it. */
function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** Past this many characters (or this long a line) a value is shown in part: an example may need a large file. */
const SHOWN = 600;
const LINE = 160;

/** A value as the docs show it: inline when it is one short line, else as a block under the list item. */
function shown(value: string, lang = ''): { inline?: string; block?: string[] } {
  // A file's final newline is not shown.
  const text = value.endsWith('\n') ? value.slice(0, -1) : value;
  if (text.length <= 60 && !text.includes('\n')) return { inline: code(text) };
  const cut = text.length > SHOWN || text.split('\n').some((line) => line.length > LINE);
  if (!cut) return { block: fenced(text, '  ', lang) };
  const part = text
    .slice(0, SHOWN)
    .split('\n')
    .map((line) => (line.length > LINE ? `${line.slice(0, LINE)}…` : line))
    .join('\n');
  return { block: fenced(`${part}\n… (${text.length.toLocaleString('en-US')} characters in all)`, '  ', lang) };
}

function describeEdit(edit: ExampleEdit): string[] {
  const file = code(edit.file);
  /** `lead` then the value: on the line when short (`inline` joins them), else as a block below. */
  const item = (lead: string, inline: string, value: string, lang: string): string[] => {
    const v = shown(value, lang);
    return v.inline !== undefined ? [`- ${lead} ${inline} ${v.inline}.`] : [`- ${lead}:`, '', ...v.block!, ''];
  };
  if ('write' in edit) {
    if (typeof edit.write === 'string') return item(`Write ${file}`, 'as', edit.write, languageOf(edit.file));
    const hex = [...edit.write.slice(0, 32)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    return [
      `- Write ${file} as the bytes ${code(hex)}${edit.write.length > 32 ? ` … (${edit.write.length} bytes)` : ''}.`,
    ];
  }
  if ('replace' in edit) {
    const from = shown(edit.replace);
    const to = shown(edit.with);
    if (from.inline !== undefined && (to.inline !== undefined || edit.with === ''))
      return [`- In ${file}, replace ${from.inline} with ${edit.with === '' ? 'nothing' : to.inline}.`];
    return [
      `- In ${file}, replace`,
      '',
      ...fenced(edit.replace, '  ', languageOf(edit.file)),
      '',
      '  with',
      '',
      ...fenced(edit.with, '  ', languageOf(edit.file)),
      '',
    ];
  }
  if ('set' in edit) return item(`In ${file}, set ${code(edit.set)}`, 'to', JSON.stringify(edit.to, null, 2), 'json');
  if ('unset' in edit) return [`- In ${file}, remove ${code(edit.unset)}.`];
  if ('symlink' in edit) return [`- Make ${file} a symbolic link to ${code(edit.symlink)}.`];
  return [`- Delete ${file}.`];
}

/** An example as the docs show it: what it shows, the edits to the example repository, the command. */
function renderExample(gate: string, example: RuleExample): string[] {
  const lines = [
    example.says,
    '',
    ...(example.edits.length === 0
      ? [`The ${EXAMPLE_REPOSITORY} as it is.`]
      : [`In the ${EXAMPLE_REPOSITORY}:`, '', ...example.edits.flatMap(describeEdit)]),
    '',
    `Run ${code(['openwop-spec', ...exampleArgv(gate, example)].join(' '))}.`,
  ];
  // A block item ends with a blank line of its own; one blank line between paragraphs is enough.
  return lines.filter((line, i) => line !== '' || lines[i - 1] !== '');
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
    ...renderExample(gate, doc.fail),
    '',
    '## Passes',
    '',
    ...renderExample(gate, doc.pass),
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
    'Each example is a few edits to the [example repository](../../packages/cli/test/example-repository.ts),',
    'a small spec repository that passes every gate, and the command that runs it. The examples are run',
    'by `packages/cli/test/rule-examples.test.ts`: a failing example must report its rule (at a file',
    'position when it names a file) and no other root cause, and a passing one must pass with no finding.',
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
