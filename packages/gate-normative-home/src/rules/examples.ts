import { EXAMPLE_FILES, EXAMPLE_ROWS, EXAMPLE_V1_BANNER, exampleFamilyRow } from '@openwop-spec/diagnostics';
import type { ExampleEdit } from '@openwop-spec/diagnostics';

// What the rule examples share: files of the example repository (packages/cli/test/example-repository.ts,
// where toolCatalog is homed in spec/v2/core/tool-catalog.md and heartbeat is carried in spec/v1/) and
// the changes an author makes to it.

export { HEARTBEAT_MOVES, HEARTBEAT_V2 } from '@openwop-spec/diagnostics';
export const {
  declaration: DECLARATION,
  baseline: BASELINE,
  toolCatalog: TOOL_CATALOG,
  heartbeatV1: HEARTBEAT_V1,
} = EXAMPLE_FILES;
export const EOS_CLOCK = 'evidence/v1-end-of-support.json';
/** toolCatalog's and heartbeat's rows in the declaration. */
export const { toolCatalog: TOOL_CATALOG_ROW, heartbeat: HEARTBEAT_ROW } = EXAMPLE_ROWS;
/** heartbeat's recorded banner in the baseline's v1Banners. */
export const HEARTBEAT_BANNER = '/v1Banners/spec~1v1~1heartbeat.md';
/** spec/v1/heartbeat.md's Status banner, as the baseline records it. */
export const V1_BANNER = EXAMPLE_V1_BANNER;

/** A second home of toolCatalog: a document with `banner` as its Status line and `marker` as its reciprocal marker line. */
export function toolResults({
  banner = '> **Status: Draft · RFC 0204.**',
  marker = '> **Normative home:** `toolCatalog`.',
}: {
  banner?: string;
  marker?: string;
} = {}): string {
  return [
    '# Tool results',
    '',
    banner,
    ...(marker === '' ? [] : [marker]),
    '',
    '## Results',
    '',
    'A host advertising `toolCatalog` MUST return each tool’s result to the run that called it.',
    '',
  ].join('\n');
}

export const TOOL_RESULTS = 'spec/v2/core/tool-results.md';

/** Writes `text` (toolResults()) at `file` (TOOL_RESULTS) and lists `listed` as a further home of toolCatalog. */
export function secondHome(
  listed: string,
  { file = TOOL_RESULTS, text = toolResults() }: { file?: string; text?: string } = {},
): ExampleEdit[] {
  return [
    { file, write: text },
    { file: DECLARATION, set: `${TOOL_CATALOG_ROW}/normativeText/-`, to: listed },
  ];
}

/** A new core family row owned by RFC 0204, as the declaration writes one. */
export const familyRow = (key: string, over: Record<string, unknown> = {}): Record<string, unknown> =>
  exampleFamilyRow(key, { witness: 'claims-check', owningRfc: '0204', ...over });

/** The core home of the new family timers. */
export const TIMERS = 'spec/v2/core/timers.md';
export const TIMERS_TEXT = [
  '# Timers',
  '',
  '> **Status: Draft · RFC 0204.**',
  '> **Normative home:** `timers`.',
  '',
  '## `timers`',
  '',
  'A host advertising `timers` MUST fire each timer once.',
  '',
].join('\n');

/** The baseline after heartbeat's move, as `normative-home --write-baseline` banks it: nothing left in spec/v1/. */
export const MOVE_BANKED = {
  counter: { file: BASELINE, set: '/v1Dependent', to: 0 },
  banners: { file: BASELINE, set: '/v1Banners', to: {} },
  carried: { file: BASELINE, set: '/v1Carried', to: [] },
} as const satisfies Record<string, ExampleEdit>;
export const BANKED: readonly ExampleEdit[] = Object.values(MOVE_BANKED);

/** The end-of-support clock, dated `date` (null: not decided). */
export const eosClock = (date: string | null): ExampleEdit => ({
  file: EOS_CLOCK,
  write: `${JSON.stringify({ endOfSupportNotBefore: date }, null, 2)}\n`,
});
