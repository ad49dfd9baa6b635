import { FORMATS, wrap } from '@openwop-spec/diagnostics';
import type { GateResult } from '@openwop-spec/diagnostics';
import type { CommandExample, Gate, GateOptions } from '@openwop-spec/gate-api';
import type { SpecTree } from '@openwop-spec/spec-tree';
import { CACHE_EXCLUSIVE, CACHE_OPTIONS } from './cache-options.js';
import { HELP } from './options.js';
import type { CommandPage, OptionSpec } from './options.js';

/** One gate run a command asks for: the gate, the label its lines carry, and the run. */
export interface GateJob {
  gate: Gate;
  label: string;
  run: () => Promise<GateResult>;
}

/** A command that runs gates: `check` and `gen`, plus each gate's upstream-named command. */
export interface GateRunCommand {
  name: string;
  summary: string;
  /** Its own flags, each with what it does. */
  flags: Readonly<Record<string, string>>;
  exclusive: readonly (readonly string[])[];
  examples: readonly CommandExample[];
  /** Gate ids as positionals (`check core-budget`). */
  takesGates: boolean;
  /** The gates it can run when none is named (`gen`: those that derive files). */
  runs: (gate: Gate) => boolean;
  jobs: (tree: SpecTree, gates: readonly Gate[], options: GateOptions) => GateJob[];
}

export function gateRunCommands(gates: readonly Gate[]): GateRunCommand[] {
  const list: GateRunCommand[] = [
    {
      name: 'check',
      summary: 'run the gates read-only (default: all)',
      flags: {
        '--deadline':
          'passed to normative-home (see openwop-spec normative-home --help): also apply the v1 end-of-support checks as of --today, and print the burn-down line and what it checked',
        '--watch':
          'stay running: check once, then after every save re-run only the gates that read a changed file and print their results and a one-line status (on a terminal, after clearing the screen). Ctrl-C stops.',
        '--fix':
          'apply the mechanical fixes the findings name (a near-miss marker, a missing facetsFrom, stale v1Carried or v1Banners entries, a missing or stale § stub in core/capabilities.md, the baseline when the ratchet improved, a stale generated file regenerated as gen would), each file written atomically and printed as a unified diff; then check again and report what remains. A fix whose value stands on an error it leaves is not made.',
        '--fix-dry-run':
          'print the unified diff --fix would apply, write nothing, and report the findings as check does',
      },
      exclusive: [['--fix', '--fix-dry-run', '--watch']],
      examples: [
        { command: 'openwop-spec check', does: 'run every gate; exit 1 when one fails' },
        {
          command: 'openwop-spec check normative-home core-budget --format json',
          does: 'run two gates and print one JSON document with their figures and findings',
        },
        { command: 'openwop-spec check --watch', does: 'keep checking while you edit the spec' },
        { command: 'openwop-spec check --fix-dry-run', does: 'show, as a diff, what --fix would change' },
      ],
      takesGates: true,
      runs: () => true,
      jobs: (tree, selected, options) =>
        selected.map((gate) => ({ gate, label: gate.id, run: () => gate.check(tree, options) })),
    },
    {
      name: 'gen',
      summary: 'regenerate the derived files of the gates that have any (default: all)',
      flags: {},
      exclusive: [],
      examples: [
        {
          command: 'openwop-spec gen',
          does: 'regenerate schemas/v2/capabilities.schema.json and the scenario-majors manifest, writing only files whose bytes change',
        },
        { command: 'openwop-spec gen declaration', does: 'regenerate only the capabilities schema' },
      ],
      takesGates: true,
      runs: (gate) => gate.write !== undefined,
      jobs: (tree, selected, options) =>
        selected
          .filter((g) => g.write !== undefined)
          .map((gate) => ({ gate, label: gate.id, run: () => gate.write!(tree, options) })),
    },
  ];
  for (const gate of gates) {
    for (const c of gate.commands) {
      list.push({
        name: c.name,
        summary: c.summary,
        flags: c.flags,
        exclusive: c.exclusive ?? [],
        examples: c.examples,
        takesGates: false,
        runs: (g) => g === gate,
        jobs: (tree, _selected, options) => [{ gate, label: c.name, run: () => c.run(tree, options) }],
      });
    }
  }
  return list;
}

/** The options every gate-running command accepts. */
export const SHARED_OPTIONS: readonly OptionSpec[] = [
  {
    name: '--root',
    value: 'DIR',
    help: 'the repository root (default: the nearest directory at or above the cwd holding pnpm-workspace.yaml or spec/v2/declaration.json)',
  },
  {
    name: '--today',
    value: 'YYYY-MM-DD',
    help: 'the current UTC date (default: OPENWOP_NORMATIVE_HOME_TODAY, else the clock); only normative-home reads it',
  },
  {
    name: '--format',
    value: 'FORMAT',
    choices: FORMATS,
    help: `${FORMATS.join(' | ')} (default: stylish; github when GITHUB_ACTIONS=true)`,
  },
  {
    name: '--fail-on',
    value: 'LEVEL',
    choices: ['error', 'warning'],
    help: 'error | warning: the lowest severity that fails a gate (default: error)',
  },
  { name: '--quiet', help: 'print only the findings that fail a gate, and the result lines' },
  {
    name: '--color',
    pair: '--no-color',
    help: 'force colour on or off (default: on a terminal; NO_COLOR and FORCE_COLOR are honoured)',
  },
  ...CACHE_OPTIONS,
  { name: '--debug', help: 'print the stack of an internal error' },
  HELP,
];

export const EXIT_CODES = wrap(
  'Exit codes: 0 every gate passed; 1 a gate failed; 2 the tool could not do its job (usage, input, internal error).',
  100,
);

/** `openwop-spec <command> --help` of a gate-running command, which is also the table its options are parsed by. */
export function commandPage(command: GateRunCommand, gates: readonly Gate[]): CommandPage {
  const grouped = new Set(command.exclusive.flat());
  const flagUsage = [
    ...command.exclusive.map((group) => `[${group.join(' | ')}]`),
    ...Object.keys(command.flags)
      .filter((f) => !grouped.has(f))
      .map((f) => `[${f}]`),
  ];
  return {
    name: command.name,
    usage: ['openwop-spec', command.name, ...(command.takesGates ? ['[gate...]'] : []), ...flagUsage, '[options]'].join(
      ' ',
    ),
    about: `${command.summary[0]!.toUpperCase()}${command.summary.slice(1)}.`,
    options: Object.entries(command.flags).map(([name, help]) => ({ name, help })),
    sections: command.takesGates
      ? [{ title: 'Gates', rows: gates.filter(command.runs).map((g) => [g.id, g.summary] as const) }]
      : [],
    shared: SHARED_OPTIONS,
    exclusive: [...command.exclusive, ['--color', '--no-color'], CACHE_EXCLUSIVE],
    positionals: command.takesGates,
    examples: command.examples,
    footer: EXIT_CODES,
  };
}
