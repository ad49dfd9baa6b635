import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '@openwop-spec/diagnostics';
import { DECLARATION_ORDER, v1Docs } from '../../families/test/rfc0204.js';
import {
  BASELINE,
  DECLARATION,
  EOS,
  baselineText,
  cleanup,
  ids,
  lines,
  render,
  rfc0204Tree,
  run,
  tree0204,
  withBaseline,
  withFamily,
} from './helpers.js';
import { allowedAt } from '../src/index.js';

afterEach(cleanup);

const DOC = 'spec/v1/doc-01.md';
const docKeys = (): string[] =>
  [...v1Docs('after')[DOC]!.keys].sort((a, b) => DECLARATION_ORDER.indexOf(a) - DECLARATION_ORDER.indexOf(b));
const OLD = '> **Status: Stable · v1.1.** Normative for doc-01.';
const NEW = '> **Status: Draft.** Normative for doc-01.';
const changedBanner = () =>
  tree0204('after', {
    [DOC]: rfc0204Tree('after').files[DOC]!.replace('**Status: Stable · v1.1.**', '**Status: Draft.**'),
  });
const changedLines = (): string[] =>
  docKeys().flatMap((k) => [
    `    ${k} -> ${DOC} (Status banner CHANGED since it was carried)`,
    `      was: ${OLD}`,
    `      now: ${NEW}`,
  ]);

/** The lines --deadline adds after the blocks it prints. */
const burnDownLines = (open: number, allowed: number, daysLeft: number, openAtT0 = 66): string[] => [
  `  burn-down: ${open} open, ${allowed} allowed at this point on the schedule (${openAtT0} at t0 2026-09-18).`,
  `    allowed = ceil(openAtT0 ${openAtT0} × ${daysLeft} day(s) left / 77 day(s) from t0 to 2026-12-04) = ${allowed}`,
];
const checkedLine = (lines: readonly string[]): string | undefined => lines.find((l) => l.startsWith('  --deadline ('));

/** Undeclares `n` resolved families and records them in the baseline so the ratchets hold. */
function withOpen(n: number, edit: (b: Record<string, unknown>) => void = () => undefined) {
  const keys = ['forms', 'webhooks', 'a2a'].slice(0, n);
  const decl = JSON.parse(rfc0204Tree('after').files[DECLARATION]!) as { families: Array<Record<string, unknown>> };
  for (const row of decl.families) if (keys.includes(row['key'] as string)) delete row['normativeText'];
  const b = structuredClone(rfc0204Tree('after').baseline);
  b['undeclared'] = n;
  edit(b);
  return tree0204('after', { [DECLARATION]: JSON.stringify(decl, null, 2), [BASELINE]: baselineText(b) });
}

describe('carried-target integrity', () => {
  it('without --deadline it does not run: a pull request never goes red on the calendar alone', async () => {
    const r = await run(changedBanner(), { today: '2027-01-01' });
    expect([r.exitCode, ids(r)]).toEqual([0, []]);
  });

  it('--deadline before EOS: a WARN preview with the banner CHANGED entries and was/now lines', async () => {
    const r = await run(changedBanner(), { flags: ['--deadline'] });
    expect(r.exitCode).toBe(0);
    expect(lines(r).slice(3)).toEqual([
      '',
      '  WARN — at v1 end-of-support the §D fallback would NOT cover:',
      ...changedLines(),
      ...burnDownLines(0, 63, 73),
      `  --deadline (as of 2026-09-22, before end-of-support 2026-12-04) checked: 41 carried famil(ies), 41 v1 home(s) in 20 document(s) against v1Banners — ${docKeys().length} not covered; burn-down 0 open ≤ 63 allowed.`,
    ]);
    expect(ids(r)).toEqual(docKeys().map(() => 'home/eos-preview'));
    const d = r.diagnostics[0]!;
    expect([d.file, d.related?.[0]?.file, d.related?.[0]?.start?.line]).toEqual([BASELINE, DOC, 3]);
    expect(d.message).toContain(`was: ${OLD}; now: ${NEW}`);
  });

  it('--deadline after EOS: the same entries are a FAIL block and errors (upstream could never reach this check)', async () => {
    const r = await run(changedBanner(), { flags: ['--deadline'], today: '2026-12-04' });
    expect(r.exitCode).toBe(1);
    expect(lines(r).slice(2)).toEqual([
      '  v1 end-of-support not before 2026-12-04 — 0 day(s) from 2026-12-04.',
      '',
      '  FAIL — v1 end-of-support (2026-12-04) has passed and the §D fallback does NOT cover:',
      ...changedLines(),
      `  --deadline (as of 2026-12-04, on or after end-of-support 2026-12-04) checked: 41 carried famil(ies), 41 v1 home(s) in 20 document(s) against v1Banners, undeclared and uncarried families — ${docKeys().length} not covered; burn-down ended at end-of-support.`,
    ]);
    expect(ids(r)).toEqual(docKeys().map(() => 'home/eos-not-covered'));
    expect(render(r).stderr.at(-1)).toBe(`=== check-v2-normative-home FAILED — ${docKeys().length} error(s) ===`);
  });

  it('after EOS with nothing to list, the §D fallback applies and the gate passes (upstream’s burn-down could never pass after EOS)', async () => {
    const r = await run(tree0204('after'), { flags: ['--deadline'], today: '2027-03-01' });
    expect(r.exitCode).toBe(0);
    expect(lines(r).slice(3)).toEqual([
      '',
      '  §D fallback applies: spec/v1/ is frozen but operative for the 41 carried famil(ies).',
      '  --deadline (as of 2027-03-01, on or after end-of-support 2026-12-04) checked: 41 carried famil(ies), 41 v1 home(s) in 20 document(s) against v1Banners, undeclared and uncarried families — all covered; burn-down ended at end-of-support.',
    ]);
  });

  it('a carried home with no banner, or with no recorded banner, is listed', async () => {
    const files = withBaseline('after', (b) => delete (b['v1Banners'] as Record<string, string>)['spec/v1/doc-02.md']);
    files[DOC] = rfc0204Tree('after').files[DOC]!.replace(`${OLD}\n`, '');
    const r = await run(files, { flags: ['--deadline'] });
    const doc2 = [...v1Docs('after')['spec/v1/doc-02.md']!.keys];
    expect(lines(r).filter((l) => l.startsWith('    ') && !l.startsWith('    allowed ='))).toEqual(
      DECLARATION_ORDER.filter((k) => docKeys().includes(k) || doc2.includes(k)).map((k) =>
        docKeys().includes(k)
          ? `    ${k} -> ${DOC} (no Status banner)`
          : `    ${k} -> spec/v1/doc-02.md (carried with no recorded banner — add it to v1Banners)`,
      ),
    );
  });

  it('after EOS the FAIL block also lists undeclared and uncarried families, in that order', async () => {
    const files = withOpen(1, (b) => {
      b['v1Carried'] = (b['v1Carried'] as string[]).filter((k) => k !== 'toolHooks');
    });
    const r = await run(files, { flags: ['--deadline'], today: '2026-12-05' });
    const block = lines(r).slice(
      lines(r).indexOf('  FAIL — v1 end-of-support (2026-12-04) has passed and the §D fallback does NOT cover:'),
    );
    expect(block.slice(0, 3)).toEqual([
      '  FAIL — v1 end-of-support (2026-12-04) has passed and the §D fallback does NOT cover:',
      '    forms (no declared home)',
      '    toolHooks (v1-dependent but not in v1Carried)',
    ]);
    expect(ids(r)).toEqual(['home/v1carried-missing', 'home/eos-not-covered', 'home/eos-not-covered']);
    expect(r.diagnostics[1]!.file).toBe(DECLARATION);
  });
});

describe('the burn-down', () => {
  it('allows ceil(openAtT0 × (E − T) / (E − t0)) open families on day T', () => {
    expect(allowedAt('2026-12-01', '2026-09-18', 66, '2026-12-04')).toBe(3);
    expect(allowedAt('2026-09-18', '2026-09-18', 66, '2026-12-04')).toBe(66);
    expect(allowedAt('2026-12-04', '2026-09-18', 66, '2026-12-04')).toBe(0);
  });

  it('prints allowed = ceil(openAtT0 × (E − T) / (E − t0)) and passes while open ≤ allowed', async () => {
    const r = await run(withOpen(1), { flags: ['--deadline'] });
    expect(lines(r).slice(2, -1)).toEqual([
      '  v1 end-of-support not before 2026-12-04 — 73 day(s) from 2026-09-22.',
      '  1 famil(ies) have NO declared home; 41 declare one that dies with v1.',
      ...burnDownLines(1, 63, 73),
    ]);
    expect(checkedLine(lines(r))).toMatch(/; burn-down 1 open ≤ 63 allowed\.$/);
    expect(r.exitCode).toBe(0);
  });

  it('fails behind the schedule with home/behind-burn-down at /openAtT0', async () => {
    const r = await run(withOpen(2), { flags: ['--deadline'], today: '2026-12-03' });
    expect(lines(r).slice(-5)).toEqual([
      ...burnDownLines(2, 1, 1),
      '',
      '  FAIL — behind the burn-down: 2 open, 1 allowed.',
      '  --deadline (as of 2026-12-03, before end-of-support 2026-12-04) checked: 41 carried famil(ies), 41 v1 home(s) in 20 document(s) against v1Banners — all would be covered; burn-down 2 open > 1 allowed.',
    ]);
    expect(r.diagnostics.map((d) => [d.ruleId, d.file, d.start?.line])).toEqual([
      ['home/behind-burn-down', BASELINE, 4],
    ]);
  });

  it('openAtT0 defaults to the current open', async () => {
    const r = await run(
      withOpen(2, (b) => delete b['openAtT0']),
      { flags: ['--deadline'], today: '2026-11-20' },
    );
    expect(lines(r)).toContain('  burn-down: 2 open, 1 allowed at this point on the schedule (2 at t0 2026-09-18).');
    expect(ids(r)).toEqual(['home/behind-burn-down']);
  });

  it('without --deadline: no burn-down and no --deadline line, at any date', async () => {
    for (const today of ['2026-09-22', '2026-12-03', '2027-01-01']) {
      const r = await run(withOpen(2), { today });
      expect(lines(r).some((l) => l.includes('burn-down') || l.startsWith('  --deadline'))).toBe(false);
    }
  });

  it('with nothing open it still prints the schedule: 0 open against what is allowed today', async () => {
    const r = await run(tree0204('after'), { flags: ['--deadline'], today: '2026-12-03' });
    expect(lines(r).slice(3, 5)).toEqual(burnDownLines(0, 1, 1));
    expect(r.exitCode).toBe(0);
  });

  it('without t0 the burn-down is not scheduled, and says why', async () => {
    const r = await run(
      withOpen(2, (b) => delete b['t0']),
      { flags: ['--deadline'], today: '2026-12-03' },
    );
    expect(lines(r)).toContain(`  burn-down: not scheduled — ${BASELINE} has no t0 (the date the schedule starts).`);
    expect(checkedLine(lines(r))).toMatch(/; burn-down not scheduled\.$/);
    expect(ids(r)).toEqual([]);
  });

  it('after EOS the burn-down no longer runs; the line says it ended', async () => {
    const r = await run(withOpen(2), { flags: ['--deadline'], today: '2026-12-05' });
    expect(lines(r).some((l) => l.startsWith('  burn-down'))).toBe(false);
    expect(checkedLine(lines(r))).toMatch(/; burn-down ended at end-of-support\.$/);
  });

  it('--deadline changes the output on both sides of end-of-support (a run that checks more says so)', async () => {
    for (const today of ['2026-10-01', '2026-12-03', '2026-12-04', '2027-06-30']) {
      const plain = lines(await run(tree0204('after'), { today }));
      const deadline = lines(await run(tree0204('after'), { flags: ['--deadline'], today }));
      expect(deadline, today).not.toEqual(plain);
      expect(checkedLine(deadline), today).toContain(
        `as of ${today}, ${today < '2026-12-04' ? 'before' : 'on or after'} end-of-support 2026-12-04`,
      );
    }
  });

  it('the figures carry what --deadline checked and the burn-down’s inputs', async () => {
    const before = await run(withOpen(1), { flags: ['--deadline'] });
    expect(before.figures['deadline']).toEqual({
      today: '2026-09-22',
      afterEos: false,
      carried: { families: 41, homes: 41, documents: 20, uncovered: 0 },
      burnDown: { open: 1, allowed: 63, openAtT0: 66, t0: '2026-09-18', daysLeft: 73, span: 77 },
    });
    const after = await run(withOpen(1), { flags: ['--deadline'], today: '2026-12-04' });
    expect(after.figures['deadline']).toMatchObject({ afterEos: true, burnDown: null });
    expect((await run(withOpen(1))).figures['deadline']).toBeUndefined();
  });

  it('figures.open is the burn-down’s open, with or without --deadline: undeclared, plus v1-dependent families not carried', async () => {
    // Carried v1-dependent families are not open: 41 of them, and the count is 0.
    expect((await run(tree0204('after'))).figures['open']).toBe(0);
    expect((await run(withOpen(2))).figures['open']).toBe(2);
    expect((await run(withOpen(2), { flags: ['--deadline'] })).figures['deadline']).toMatchObject({
      burnDown: { open: 2 },
    });
    // Dropping two families from v1Carried makes them open (the ratchet then fails too).
    const uncarried = await run(
      withOpen(1, (b) => (b['v1Carried'] = (b['v1Carried'] as string[]).slice(2))),
      { flags: ['--deadline'] },
    );
    expect(uncarried.figures['open']).toBe(3);
    expect(uncarried.figures['deadline']).toMatchObject({ burnDown: { open: 3 } });
  });

  it('with EOS unknown under --deadline: warning home/eos-unknown and no burn-down', async () => {
    const r = await run(
      withOpen(1, () => undefined),
      { flags: ['--deadline'] },
    );
    expect(r.exitCode).toBe(0);
    const unknown = await run({ ...withOpen(1), [EOS]: '{"endOfSupportNotBefore": null}' }, { flags: ['--deadline'] });
    expect(unknown.diagnostics.map((d) => [d.ruleId, d.severity, d.file, d.start?.line])).toEqual([
      ['home/eos-unknown', 'warning', EOS, 1],
    ]);
    expect(lines(unknown)).toContain(`  burn-down: not scheduled — the v1 end-of-support date is unknown (${EOS}).`);
    expect(checkedLine(lines(unknown))).toMatch(
      /^ {2}--deadline \(as of 2026-09-22; end-of-support date unknown\) checked: .*; burn-down not scheduled\.$/,
    );
    expect(r.diagnostics).toEqual([]);
  });

  it('E ≤ t0 under --deadline is an input error (exit 2); without --deadline it is not read', async () => {
    const files = tree0204('after', { [EOS]: '{"endOfSupportNotBefore": "2026-09-18"}' });
    await expect(run(files, { flags: ['--deadline'] })).rejects.toThrow(InputError);
    await expect(run(files, { flags: ['--deadline'] })).rejects.toThrow(
      /t0 2026-09-18 is not before the v1 end-of-support date 2026-09-18/,
    );
    expect((await run(files)).exitCode).toBe(0);
  });
});

describe('the informational open line', () => {
  it('appears only when E is known and something is open', async () => {
    expect(lines(await run(withOpen(2))).slice(3, 4)).toEqual([
      '  2 famil(ies) have NO declared home; 41 declare one that dies with v1.',
    ]);
    expect(lines(await run({ ...withOpen(2), [EOS]: '{}' })).some((l) => l.includes('famil(ies) have NO'))).toBe(false);
  });
  it('uses the family key from the declaration: undeclaring a v1 family opens it too', async () => {
    const files = tree0204('after', {
      [DECLARATION]: withFamily('after', 'toolHooks', (row) => delete row['normativeText']),
    });
    const r = await run(files);
    expect(lines(r)[3]).toBe('  1 famil(ies) have NO declared home; 40 declare one that dies with v1.');
  });
});
