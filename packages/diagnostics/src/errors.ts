import type { Point } from './model.js';
import { oneLine } from './text.js';

/** An input or usage error: the gate could not run (exit 2). Reported as one line, never a stack trace. */
export class InputError extends Error {
  constructor(
    message: string,
    readonly location?: { file: string; start?: Point },
  ) {
    super(message);
    this.name = 'InputError';
  }
}

/**
 * `openwop-spec <gate>: <message>` plus ` (<file>:<line>:<column>)` when a position is known, or
 * ` (<file>)` when only the file is. An empty gate gives `openwop-spec: <message>` (errors raised
 * before any gate was chosen, such as a missing root). Always exactly one line (GATES.md §0.3).
 */
export function formatInputError(gate: string, err: InputError): string {
  const loc = err.location;
  const where = !loc ? '' : loc.start ? ` (${loc.file}:${loc.start.line}:${loc.start.column})` : ` (${loc.file})`;
  return oneLine(`${prefix(gate)}: ${err.message}${where}`);
}

/** The one line that precedes a stack trace, and only for an internal bug (GATES.md §0.3). */
export function formatInternalError(gate: string): string {
  return `${prefix(gate)}: internal error (this is a bug)`;
}

function prefix(gate: string): string {
  return gate === '' ? 'openwop-spec' : `openwop-spec ${gate}`;
}
