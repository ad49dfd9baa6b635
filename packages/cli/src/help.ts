import { wrap } from '@openwop-spec/diagnostics';
import type { OptionSpec } from './options.js';

/** One example invocation and what it does. */
export interface Example {
  command: string;
  does: string;
}

/** What `openwop-spec <command> --help` prints. */
export interface HelpPage {
  usage: string;
  /** What the command does, as prose (wrapped when printed). */
  about: string;
  /** The command's own options; printed before the shared ones. */
  options: readonly OptionSpec[];
  /** Extra sections (e.g. the gate list), each a title and its rows. */
  sections?: ReadonlyArray<{ title: string; rows: ReadonlyArray<readonly [string, string]> }>;
  /** Options every command of this kind shares; listed after the command's own. */
  shared?: readonly OptionSpec[];
  examples: readonly Example[];
  /** Lines printed last (the exit codes). */
  footer?: readonly string[];
}

const WIDTH = 100;
const COLUMN = 22;

/** `  name    description` rows, the description wrapped and aligned at one column. */
function table(rows: ReadonlyArray<readonly [string, string]>): string[] {
  const out: string[] = [];
  for (const [name, text] of rows) {
    const body = wrap(text, WIDTH - COLUMN);
    const head = `  ${name}`;
    if (head.length >= COLUMN - 1) out.push(head);
    else out.push(head.padEnd(COLUMN) + (body.shift() ?? ''));
    for (const l of body) out.push(' '.repeat(COLUMN) + l);
  }
  return out;
}

/** An option's help row: `--root DIR`, `--color, --no-color`. */
const optionRow = (o: OptionSpec): readonly [string, string] => [
  [o.value ? `${o.name} ${o.value}` : o.name, ...(o.pair ? [o.pair] : [])].join(', '),
  o.help,
];

export function renderHelp(page: HelpPage): string[] {
  const out = [`Usage: ${page.usage}`, '', ...wrap(page.about, WIDTH)];
  const section = (title: string, rows: ReadonlyArray<readonly [string, string]>): void => {
    if (rows.length > 0) out.push('', `${title}:`, ...table(rows));
  };
  section('Options', page.options.map(optionRow));
  for (const s of page.sections ?? []) section(s.title, s.rows);
  section('Shared options', (page.shared ?? []).map(optionRow));
  out.push('', 'Examples:');
  for (const e of page.examples) out.push(`  ${e.command}`, ...wrap(e.does, WIDTH - 6).map((l) => `      ${l}`));
  if (page.footer) out.push('', ...page.footer);
  return out;
}
