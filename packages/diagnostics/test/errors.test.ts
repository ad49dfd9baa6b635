import { describe, expect, it } from 'vitest';
import { InputError, formatInputError, formatInternalError } from '../src/index.js';

describe('formatInputError', () => {
  const cases: Array<{ name: string; gate: string; err: InputError; line: string }> = [
    {
      name: 'file and position',
      gate: 'declaration',
      err: new InputError("duplicate key 'families'", {
        file: 'spec/v2/declaration.json',
        start: { line: 9, column: 3 },
      }),
      line: "openwop-spec declaration: duplicate key 'families' (spec/v2/declaration.json:9:3)",
    },
    {
      name: 'file only',
      gate: 'normative-home',
      err: new InputError('cannot read the baseline', { file: 'docs/normative-home-baseline.json' }),
      line: 'openwop-spec normative-home: cannot read the baseline (docs/normative-home-baseline.json)',
    },
    {
      name: 'no location',
      gate: 'core-budget',
      err: new InputError('--today 2026-02-30 is not a calendar date'),
      line: 'openwop-spec core-budget: --today 2026-02-30 is not a calendar date',
    },
    {
      name: 'no gate (before any gate was chosen)',
      gate: '',
      err: new InputError(
        'no repository root found above /tmp/x (looked for pnpm-workspace.yaml or spec/v2/declaration.json); pass --root',
      ),
      line: 'openwop-spec: no repository root found above /tmp/x (looked for pnpm-workspace.yaml or spec/v2/declaration.json); pass --root',
    },
    {
      name: 'a multi-line message stays one line',
      gate: 'schemas',
      err: new InputError('bad JSON:\r\nunexpected token\nat end', {
        file: 'schemas/v2/a.json',
        start: { line: 1, column: 2 },
      }),
      line: 'openwop-spec schemas: bad JSON: unexpected token at end (schemas/v2/a.json:1:2)',
    },
  ];
  it.each(cases)('$name', ({ gate, err, line }) => {
    expect(formatInputError(gate, err)).toBe(line);
  });

  it('is an Error with its own name and keeps the location', () => {
    const err = new InputError('x', { file: 'a.json' });
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('InputError');
    expect(err.message).toBe('x');
    expect(err.location).toEqual({ file: 'a.json' });
  });
});

describe('formatInternalError', () => {
  it('names the gate and says it is a bug', () => {
    expect(formatInternalError('schemas')).toBe('openwop-spec schemas: internal error (this is a bug)');
    expect(formatInternalError('')).toBe('openwop-spec: internal error (this is a bug)');
  });
});
