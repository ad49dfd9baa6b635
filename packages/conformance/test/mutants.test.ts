// The sabotage proof: for each mutant, ALL rows run and the set of
// non-passing rows is exactly { mutant.row }. A second red row is a scoping bug in the mutant; no
// red row means the row is vacuous. The MATRIX.md table must match the in-process matrix; each host
// mutant's own row is judged again through HttpHost over a loopback HTTP front.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTANTS } from '../src/mutants/index.js';
import type { Mutant } from '../src/mutants/index.js';
import { ROWS } from '../src/rows/index.js';
import { nonPassing, runRows, startSuiteEnvironment } from '../src/run.js';
import type { RunReport, SuiteEnvironment } from '../src/run.js';
import { overHttp, reference } from './support/hosts.js';
import { REFRESH_COMMAND, currentMatrix, readMatrixDoc, spliceMatrix } from '../src/matrix-doc.js';

/** Each row's mutants, written out: the suite must carry exactly these. */
const EXPECTED: Record<string, string[]> = {
  'call-tool-verbatim': ['M-rewrap', 'M-strip-meta', 'M-drop-resulttype', 'M-default-iserror', 'M-wrong-mcp-name'],
  'call-tool-iserror-resolves': ['M-throw-on-iserror'],
  'list-tools-page': ['M-merge-pages', 'M-drop-cursor', 'M-drop-annotations', 'M-cached-list-tools'],
  'server-health': ['M-connected', 'M-health-session', 'M-unreachable-as-reachable'],
  'earlier-revision-unaltered': ['M-write-resulttype'],
  'earlier-revision-health': ['M-discover-only-health'],
  'earlier-era-fallback': ['M-no-fallback-on-discover', 'M-no-fallback'],
  'reserved-errors-no-fallback': ['M-fallback-on-32021', 'M-fallback-on-32020'],
  'transport-interrupted': ['M-interrupted-as-connect', 'M-stream-end-resolves'],
  'redirects-within-origin': ['M-redirect-as-get', 'M-follow-other-origin', 'M-follow-see-other'],
  'catalog-cross-principal': ['M-disclose-other-principal', 'M-forbidden-other-principal', 'M-not-yours-404'],
  'input-required-never-returned': [
    'M-pass-input-required',
    'M-ceiling-as-mcp-error',
    'M-ceiling-as-tool-error',
    'M-undeclared-elicitation',
  ],
  'read-resource-verbatim': ['M-contents-only', 'M-cached-resource'],
  'server-health-incompatible': ['M-incompatible-unreachable', 'M-32022-unreachable', 'M-unshared-reachable'],
  'server-health-fresh': ['M-stale-health'],
  'reject-unknown-server': ['M-undefined-unknown'],
  'mcp-error-unaltered': ['M-rewrite-mcp-error'],
  'call-unshared-rejects': ['M-incompatible-resolves'],
  'transport-failure-rejects': ['M-transport-no-reason', 'M-transport-as-tool-error'],
  'v1-raw-verbatim': ['M-rebuild-raw', 'M-v1-iserror-false'],
  'mcp-unclassified-write': ['M-copy-readonly'],
  'mcp-replay-not-from-hints': ['M-copy-idempotent'],
  'mcp-egress-not-from-hints': ['M-copy-openworld'],
  'annotations-derived': ['M-readonly-on-write', 'M-omit-openworld'],
  'catalog-toolids': ['M-duplicate-tool', 'M-undecoded-tool-id'],
  'mcp-toolid-scheme': ['M-toolid-slash', 'M-title-from-name', 'M-mcp-title-omitted', 'M-title-skips-annotations'],
  'catalog-views': [
    'M-unknown-view-compact',
    'M-compact-drops-tool',
    'M-compact-by-id-standard',
    'M-compact-keeps-input-schema',
  ],
  'catalog-read-only': ['M-catalog-calls-tool'],
  'annotations-schema': [
    'M-schema-delete-readOnlyHint-true',
    'M-schema-delete-readOnlyHint-false',
    'M-schema-delete-destructiveHint-true',
    'M-schema-delete-destructiveHint-false',
    'M-schema-delete-idempotentHint-true',
    'M-schema-delete-idempotentHint-false',
    'M-schema-delete-openWorldHint-false',
    'M-schema-delete-openWorldHint-true',
    'M-schema-drop-required',
    'M-schema-open-annotations',
  ],
  'catalog-order': ['M-locale-sort', 'M-unsorted'],
};

const MATRIX = fileURLToPath(new URL('../MATRIX.md', import.meta.url));

let env: SuiteEnvironment;
let referenceReport: RunReport;
const inProcess = new Map<string, Promise<RunReport>>();

/** The in-process run of one mutant, made once and shared by the tests that read it. */
function inProcessReport(mutant: Mutant): Promise<RunReport> {
  let report = inProcess.get(mutant.id);
  if (report === undefined) {
    report = runRows(mutant.wrap(reference()), env);
    inProcess.set(mutant.id, report);
  }
  return report;
}

beforeAll(async () => {
  env = await startSuiteEnvironment();
  referenceReport = await runRows(reference(), env);
});
afterAll(() => env.close());

describe('the mutant set', () => {
  it('is exactly the expected one, each aimed at a row that exists', () => {
    const actual: Record<string, string[]> = {};
    for (const m of MUTANTS) (actual[m.row] ??= []).push(m.id);
    expect(actual).toEqual(EXPECTED);
    expect(new Set(MUTANTS.map((m) => m.id)).size).toBe(MUTANTS.length);
  });

  it('covers every row', () => {
    for (const row of ROWS)
      expect(
        MUTANTS.some((m) => m.row === row.id),
        row.id,
      ).toBe(true);
  });

  it('refuses to decorate a host that is not the in-process reference', () => {
    const live = overHttp(reference(), 2);
    expect(() => MUTANTS.find((m) => m.id === 'M-rewrap')!.wrap(live)).toThrow(
      'M-rewrap decorates a seam of the in-process reference host',
    );
  });
});

describe('each mutant on the in-process host', () => {
  it('the reference passes every row (the baseline every mutant is measured against)', () => {
    expect(nonPassing(referenceReport), JSON.stringify(referenceReport.rows, null, 2)).toEqual([]);
  });

  for (const mutant of MUTANTS) {
    it(`${mutant.id} turns ${mutant.row} red and no other row`, async () => {
      const report = await inProcessReport(mutant);
      expect(
        report.rows.map((r) => r.id),
        'all rows ran',
      ).toEqual(ROWS.map((r) => r.id));
      expect(nonPassing(report), JSON.stringify(report.rows, null, 2)).toEqual([mutant.row]);
      const own = report.rows.find((r) => r.id === mutant.row)!;
      expect(own.verdict).toBe(own.advisory ? 'advisory-miss' : 'fail');
    });
  }
});

describe('each host mutant through HttpHost over a loopback HTTP front', () => {
  // The in-process runs prove each mutant reddens its own row and no other; this proves the
  // sabotage is seen the same way over the public API, so only the mutant's own row is run again.
  // The v1 leg exists only at major 1; every other row is a v2 row, judged at major 2.
  const majorFor = (m: Mutant): 1 | 2 => (m.row === 'v1-raw-verbatim' ? 1 : 2);

  for (const mutant of MUTANTS.filter((m) => m.seam !== 'schema text')) {
    it(`${mutant.id} gives ${mutant.row} the verdict it gives in process`, async () => {
      const row = ROWS.filter((r) => r.id === mutant.row);
      // One run at a time: rows pick the fake's exchanges made while they ran.
      const own = (await inProcessReport(mutant)).rows.find((r) => r.id === mutant.row)!;
      const http = await runRows(overHttp(mutant.wrap(reference()), majorFor(mutant)), env, row);
      // The verdict, not the reason: alone, the row may meet the sabotage at another step.
      expect(http.rows[0]!.verdict, http.rows[0]!.reason).toBe(own.verdict);
    });
  }
});

describe('the MATRIX.md matrix', () => {
  it(`is current (refresh: ${REFRESH_COMMAND})`, async () => {
    const current = readMatrixDoc(MATRIX);
    const wanted = spliceMatrix(current, await currentMatrix(referenceReport, inProcessReport));
    expect(
      current === wanted,
      `packages/conformance/MATRIX.md: the mutant matrix is stale or missing; run ${REFRESH_COMMAND}`,
    ).toBe(true);
  });
});
