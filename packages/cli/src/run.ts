import {
  InputError,
  formatCouldNotRun,
  gateExitCode,
  inputDiagnostic,
  shouldColor,
  writeOutput,
} from '@openwop-spec/diagnostics';
import type { FailOn, Format, GateResult, RuleDoc } from '@openwop-spec/diagnostics';
import type { Gate, GateOptions } from '@openwop-spec/gate-api';
import type { SpecTree } from '@openwop-spec/spec-tree';
import type { GateJob } from './commands.js';
import type { Io } from './main.js';
import type { ParsedArgs } from './options.js';
import { everyRule, ruleDocUri } from './rule-docs.js';
import { VERSION } from './version.js';

function failed(gate: Gate, summaryLine: string): GateResult {
  return { gate: gate.id, ok: false, exitCode: 2, summaryLine, printout: [], figures: {}, diagnostics: [] };
}

/** A gate stopped by an input error: the error is its diagnostic (reported once per run), and its result line points at it. */
export function couldNotRun(gate: Gate, label: string, err: InputError): GateResult {
  return { ...failed(gate, formatCouldNotRun(label, err)), diagnostics: [inputDiagnostic(gate.id, err)] };
}

/** A defect, not a user error: one line naming it a bug; the stack is kept for --debug. */
function internalError(label: string, gate: Gate, err: unknown, debug: boolean, stacks: string[]): GateResult {
  const message = err instanceof Error ? err.message : String(err);
  if (debug) stacks.push(`openwop-spec ${label}: ${err instanceof Error && err.stack ? err.stack : message}`);
  return {
    ...failed(gate, `openwop-spec ${label}: internal error (this is a bug)`),
    printout: [
      {
        text: `openwop-spec ${label}: ${message}${debug ? '' : ' (run again with --debug for the stack)'}`,
        stream: 'stderr',
      },
    ],
  };
}

/** Runs a command's gate jobs one after another; an error in one becomes its result, never a throw. */
export class GateRunner {
  private readonly stacks: string[] = [];

  constructor(
    private readonly jobs: (tree: SpecTree, gates: readonly Gate[], options: GateOptions) => GateJob[],
    private readonly options: GateOptions,
    private readonly io: Io,
    private readonly debug: boolean,
  ) {}

  async run(tree: SpecTree, gates: readonly Gate[]): Promise<GateResult[]> {
    const jobs = this.jobs(tree, gates, this.options);
    const results: GateResult[] = new Array<GateResult>(jobs.length);
    for (const [i, job] of jobs.entries()) {
      try {
        results[i] = await job.run();
      } catch (err) {
        results[i] =
          err instanceof InputError
            ? couldNotRun(job.gate, job.label, err)
            : internalError(job.label, job.gate, err, this.debug, this.stacks);
      }
      // Each gate keeps what it derived as facts; collecting the parse trees it dropped before the
      // next gate allocates keeps a cold run's peak memory down.
      if (tree.dropSyntaxTrees() > 0) this.io.collectGarbage?.();
    }
    return results;
  }

  /** Prints the stacks of the internal errors so far (only under --debug). */
  printStacks(): void {
    for (const stack of this.stacks.splice(0)) for (const line of stack.split('\n')) this.io.stderr(line);
  }
}

/** How a run's results are written: the format and policies its options chose. */
export interface OutputWriter {
  format: Format;
  failOn: FailOn;
  write: (results: readonly GateResult[]) => number;
  verdict: (result: GateResult) => 0 | 1 | 2;
}

export function outputWriter(io: Io, args: ParsedArgs, gates: readonly Gate[]): OutputWriter {
  const format = (args.values.get('--format') ??
    (io.env['GITHUB_ACTIONS'] === 'true' ? 'github' : 'stylish')) as Format;
  const failOn = (args.values.get('--fail-on') ?? 'error') as FailOn;
  const rules = new Map<string, RuleDoc>(everyRule(gates).map(({ doc }) => [doc.id, doc]));
  const color = shouldColor({
    ...(args.flags.has('--color') ? { flag: true } : args.flags.has('--no-color') ? { flag: false } : {}),
    isTTY: io.isTTY ?? false,
    env: io.env,
  });
  return {
    format,
    failOn,
    verdict: (result) => gateExitCode(result, failOn),
    write: (results) =>
      writeOutput(
        results,
        {
          format,
          failOn,
          quiet: args.flags.has('--quiet'),
          color,
          root: args.values.get('--root') ?? '.',
          rules,
          helpUri: (id) => (rules.has(id) ? ruleDocUri(id) : undefined),
          tool: { name: 'openwop-spec', version: VERSION, informationUri: 'https://openwop.dev/tooling/openwop-spec' },
        },
        io,
      ),
  };
}
