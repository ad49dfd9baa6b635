import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '@openwop-spec/diagnostics';
import { daysBetween, isDate } from '../src/index.js';
import { BASELINE, EOS, cleanup, lines, rfc0204Tree, run, tree0204, withBaseline } from './helpers.js';

afterEach(cleanup);

async function inputError(files: Parameters<typeof run>[0], flags: string[] = []): Promise<InputError> {
  try {
    await run(files, { flags });
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error('expected an input error');
}

/** The after-tree with the baseline's raw text replaced. */
const rawBaseline = (text: string) => tree0204('after', { [BASELINE]: text });

describe('the baseline file format: a broken file is an input error (exit 2) at the value', () => {
  it.each([
    ['an unknown key', (b: Record<string, unknown>) => (b['v1Depdendent'] = 1), /unknown key "v1Depdendent"/, 73],
    [
      'a negative counter',
      (b: Record<string, unknown>) => (b['undeclared'] = -1),
      /undeclared must be an integer ≥ 0/,
      6,
    ],
    [
      'a fractional counter',
      (b: Record<string, unknown>) => (b['facetsUncovered'] = 0.5),
      /facetsUncovered must be an integer ≥ 0/,
      7,
    ],
    [
      'a string counter',
      (b: Record<string, unknown>) => (b['v1Dependent'] = '41'),
      /v1Dependent must be an integer ≥ 0/,
      5,
    ],
    [
      'a missing counter',
      (b: Record<string, unknown>) => delete b['facetsUncovered'],
      /facetsUncovered is required/,
      1,
    ],
    [
      'v1Carried not an array',
      (b: Record<string, unknown>) => (b['v1Carried'] = 'toolHooks'),
      /v1Carried is required \(an array/,
      30,
    ],
    ['v1Carried missing', (b: Record<string, unknown>) => delete b['v1Carried'], /v1Carried is required/, 1],
    [
      'a duplicate in v1Carried',
      (b: Record<string, unknown>) => (b['v1Carried'] as string[]).push('toolHooks'),
      /v1Carried lists "toolHooks" twice/,
      72,
    ],
    [
      'a non-string in v1Carried',
      (b: Record<string, unknown>) => (b['v1Carried'] as unknown[]).splice(1, 0, 7),
      /v1Carried must hold strings/,
      32,
    ],
    [
      'v1Banners not an object',
      (b: Record<string, unknown>) => (b['v1Banners'] = []),
      /v1Banners must be an object/,
      8,
    ],
    [
      'a v1Banners key outside spec/v1/',
      (b: Record<string, unknown>) => ((b['v1Banners'] as Record<string, string>)['spec/v2/core/x.md'] = 'x'),
      /v1Banners key "spec\/v2\/core\/x.md" is not a spec\/v1\/ path/,
      29,
    ],
    [
      'a non-string banner',
      (b: Record<string, unknown>) => ((b['v1Banners'] as Record<string, unknown>)['spec/v1/doc-01.md'] = 1),
      /must be the recorded banner line/,
      9,
    ],
    [
      't0 not a real date',
      (b: Record<string, unknown>) => (b['t0'] = '2026-02-30'),
      /t0 must be a real YYYY-MM-DD date/,
      3,
    ],
    ['openAtT0 negative', (b: Record<string, unknown>) => (b['openAtT0'] = -66), /openAtT0 must be an integer ≥ 0/, 4],
  ])('%s', async (_name, edit, message, line) => {
    const err = await inputError(withBaseline('after', edit));
    expect(err.message).toMatch(message);
    expect(err.location).toMatchObject({ file: BASELINE, start: { line } });
  });

  it('a non-object, invalid JSON or a duplicate key is an input error', async () => {
    expect((await inputError(rawBaseline('[]'))).message).toMatch(/must be a JSON object/);
    expect((await inputError(rawBaseline('{ "v1Dependent": 41,'))).message).toMatch(/is not valid JSON/);
    const dup = await inputError(rawBaseline('{"v1Dependent": 41, "undeclared": 0, "undeclared": 0}'));
    expect(dup.message).toMatch(/duplicate key "undeclared"/);
    expect(dup.location?.start).toMatchObject({ line: 1, column: 38 });
  });

  it('keys starting with $ are comments and v1Banners, t0 and openAtT0 are optional', async () => {
    const r = await run(
      withBaseline('after', (b) => {
        b['$schema'] = { any: ['thing'] };
        delete b['v1Banners'];
        delete b['t0'];
        delete b['openAtT0'];
      }),
    );
    expect(r.exitCode).toBe(0);
  });

  it('a missing baseline is an input error with the --write-baseline hint (upstream silently disabled the ratchets)', async () => {
    const err = await inputError(tree0204('after', { [BASELINE]: null }));
    expect(err.message).toBe(
      'docs/normative-home-baseline.json does not exist; run pnpm exec openwop-spec normative-home --write-baseline',
    );
  });

  it('validates every input before printing: a bad baseline exits 2 even when the predicate block would fail', async () => {
    const files = withBaseline('after', (b) => (b['undeclared'] = 'x'));
    files['spec/v2/core/tool-catalog.md'] = 'no marker';
    await inputError(files);
  });
});

describe('the EOS clock', () => {
  it.each([
    ['a missing file', null],
    ['a missing field', '{"$comment": "not decided"}'],
    ['a null date', '{"endOfSupportNotBefore": null}'],
  ])('%s means EOS unknown: no EOS line, the ratchets still run', async (_name, text) => {
    const r = await run(tree0204('after', { [EOS]: text }));
    expect([r.exitCode, lines(r).length, r.figures['eos']]).toEqual([0, 2, null]);
  });

  it.each([
    ['invalid JSON', '{"endOfSupportNotBefore": ', /is not valid JSON/],
    [
      'not a real date',
      '{"endOfSupportNotBefore": "2026-02-30"}',
      /endOfSupportNotBefore must be a real YYYY-MM-DD date or null/,
    ],
    ['a number', '{"endOfSupportNotBefore": 20261204}', /endOfSupportNotBefore must be a real/],
    ['not an object', '"2026-12-04"', /must be a JSON object/],
  ])('%s is an input error', async (_name, text, message) => {
    const err = await inputError(tree0204('after', { [EOS]: text }));
    expect(err.message).toMatch(message);
    expect(err.location?.file).toBe(EOS);
  });

  it('--today drives the day count, which may be negative', async () => {
    const r = await run(tree0204('after'), { today: '2026-12-10' });
    expect(lines(r)[2]).toBe('  v1 end-of-support not before 2026-12-04 — -6 day(s) from 2026-12-10.');
    expect(r.figures['eos']).toEqual({ date: '2026-12-04', days: -6 });
  });
});

describe('dates', () => {
  it('accepts only real YYYY-MM-DD calendar dates', () => {
    expect(['2026-12-04', '2024-02-29', '2000-01-01'].map(isDate)).toEqual([true, true, true]);
    expect(
      ['2026-02-30', '2025-02-29', '2026-13-01', '2026-1-01', '2026-12-04T00:00', 20261204, null].map(isDate),
    ).toEqual([false, false, false, false, false, false, false]);
  });
  it('counts whole days between dates, across DST-free UTC midnights', () => {
    expect(daysBetween('2026-09-22', '2026-12-04')).toBe(73);
    expect(daysBetween('2026-09-18', '2026-12-04')).toBe(77);
    expect(daysBetween('2026-12-04', '2026-09-22')).toBe(-73);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
  });
  it('the fixture baseline is the §2.8 one', () => {
    const b = rfc0204Tree('after').baseline;
    expect([b['v1Dependent'], b['undeclared'], b['facetsUncovered'], b['t0'], b['openAtT0']]).toEqual([
      41,
      0,
      0,
      '2026-09-18',
      66,
    ]);
    expect([(b['v1Carried'] as string[]).length, Object.keys(b['v1Banners'] as object).length]).toEqual([41, 20]);
  });
});
