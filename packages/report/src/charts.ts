import { View, parse } from 'vega';
import { compile } from 'vega-lite';
import type { TopLevelSpec } from 'vega-lite';
import { formatGrouped } from '@openwop-spec/diagnostics';
import { BUCKETS } from './model.js';
import type { ReportData } from './model.js';

/** A chart: its Vega-Lite specification and the sentence that stands in for it. */
export interface Chart {
  id: string;
  title: string;
  /** The text alternative: what the chart shows, in words. */
  alt: string;
  spec: TopLevelSpec;
}

type Logger = NonNullable<NonNullable<Parameters<typeof compile>[1]>['logger']>;

/** Vega-Lite only warns about a spec it has to drop parts of; here that is a defect, not a note. */
const strict: Logger = {
  level(): Logger {
    return strict;
  },
  error(...args: readonly unknown[]): Logger {
    throw new Error(`vega-lite: ${args.join(' ')}`);
  },
  warn(...args: readonly unknown[]): Logger {
    throw new Error(`vega-lite: ${args.join(' ')}`);
  },
  info(): Logger {
    return strict;
  },
  debug(): Logger {
    return strict;
  },
};

/**
 * Renders a chart to an SVG string at generation time: Vega-Lite compiles the spec to Vega, and a
 * headless Vega view (no canvas, no DOM) draws it. Text widths are Vega's estimate, so the bytes do
 * not depend on the fonts installed.
 */
export async function renderSvg(chart: Chart): Promise<string> {
  const view = new View(parse(compile(chart.spec, { logger: strict, config: CONFIG }).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Type sizes that stay legible when the page is printed or the SVG scales down. */
const CONFIG = {
  font: 'sans-serif',
  title: { fontSize: 15, subtitleFontSize: 12, subtitleColor: '#444' },
  axis: { labelFontSize: 12, titleFontSize: 12, labelLimit: 260 },
  legend: { labelFontSize: 12 },
  text: { fontSize: 12 },
} as const;

const WIDTH = 560;
const BLUE = '#4c78a8';
export const BUCKET_COLOURS: Readonly<Record<(typeof BUCKETS)[number], string>> = {
  resolved: '#3a8a3a',
  'v1-dependent': '#e08a1e',
  undeclared: '#c0392b',
  failing: '#7d3c98',
};
const dayTime = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const plural = (n: number, one: string, many: string): string => `${formatGrouped(n)} ${n === 1 ? one : many}`;

export function budgetTotalChart(b: NonNullable<ReportData['budget']>): Chart {
  const parts = [
    { part: 'words', value: Math.min(b.total, b.cap) },
    { part: 'over the cap', value: Math.max(0, b.total - b.cap) },
    { part: 'headroom', value: Math.max(0, b.headroom) },
  ].map((p, order) => ({ ...p, order, kernel: 'spec/v2/core/', alt: `${p.part}: ${formatGrouped(p.value)}` }));
  const alt = `The core documents hold ${plural(b.total, 'word', 'words')} against a cap of ${formatGrouped(b.cap)}: ${
    b.headroom >= 0
      ? `${formatGrouped(b.headroom)} words of headroom`
      : `${formatGrouped(-b.headroom)} words over the cap`
  }.`;
  return {
    id: 'chart-budget-total',
    title: 'Core budget: total against the cap',
    alt,
    spec: {
      title: { text: 'Core budget: total against the cap', subtitle: `cap ${formatGrouped(b.cap)} = ${b.formula}` },
      description: alt,
      width: WIDTH,
      height: 36,
      layer: [
        {
          data: { values: parts },
          mark: { type: 'bar' },
          encoding: {
            x: {
              field: 'value',
              type: 'quantitative',
              stack: 'zero',
              title: 'words',
              scale: { domainMax: Math.max(b.cap, b.total) },
            },
            y: { field: 'kernel', type: 'nominal', title: 'measured' },
            color: {
              field: 'part',
              type: 'nominal',
              title: null,
              scale: { domain: ['words', 'over the cap', 'headroom'], range: [BLUE, '#c0392b', '#dde6ef'] },
              legend: { orient: 'bottom' },
            },
            order: { field: 'order' },
            description: { field: 'alt' },
          },
        },
        {
          data: { values: [{ cap: b.cap, alt: `cap: ${formatGrouped(b.cap)}` }] },
          mark: { type: 'rule', color: '#000', strokeWidth: 2 },
          encoding: { x: { field: 'cap', type: 'quantitative' }, description: { field: 'alt' } },
        },
      ],
    },
  };
}

export function budgetDocumentsChart(b: NonNullable<ReportData['budget']>): Chart {
  const values = b.rows.map((r) => ({
    document: r.label,
    words: r.words,
    alt: `${r.label}: ${formatGrouped(r.words)} words`,
  }));
  const largest = b.rows[0];
  const alt = `${plural(b.rows.length, 'document', 'documents')} in the core budget${largest ? `; the largest is ${largest.label} with ${plural(largest.words, 'word', 'words')}` : ''}.`;
  const y = { field: 'document', type: 'nominal', sort: null, title: 'document' } as const;
  return {
    id: 'chart-budget-documents',
    title: 'Words per core document',
    alt,
    spec: {
      title: {
        text: 'Words per core document',
        subtitle: `total ${formatGrouped(b.total)} of the ${formatGrouped(b.cap)}-word cap`,
      },
      description: alt,
      width: WIDTH,
      height: { step: 18 },
      data: { values },
      layer: [
        {
          mark: { type: 'bar', color: BLUE },
          encoding: { y, x: { field: 'words', type: 'quantitative', title: 'words' }, description: { field: 'alt' } },
        },
        {
          mark: { type: 'text', align: 'left', dx: 3, aria: false },
          encoding: {
            y,
            x: { field: 'words', type: 'quantitative' },
            text: { field: 'words', type: 'quantitative', format: ',' },
          },
        },
      ],
    },
  };
}

export function familiesChart(f: NonNullable<ReportData['families']>): Chart {
  const values = BUCKETS.map((bucket) => ({
    bucket,
    families: f.counts[bucket],
    alt: `${bucket}: ${plural(f.counts[bucket], 'family', 'families')}`,
  }));
  const alt = `${plural(f.rows.length, 'core family', 'core families')}: ${BUCKETS.map((b) => `${f.counts[b]} ${b}`).join(', ')}.`;
  const x = { field: 'bucket', type: 'nominal', sort: [...BUCKETS], title: 'bucket', axis: { labelAngle: 0 } } as const;
  return {
    id: 'chart-families',
    title: 'Core families by bucket',
    alt,
    spec: {
      title: 'Core families by bucket',
      description: alt,
      width: { step: 90 },
      height: 200,
      data: { values },
      layer: [
        {
          mark: { type: 'bar' },
          encoding: {
            x,
            y: { field: 'families', type: 'quantitative', title: 'families' },
            color: {
              field: 'bucket',
              type: 'nominal',
              scale: { domain: [...BUCKETS], range: BUCKETS.map((b) => BUCKET_COLOURS[b]) },
              legend: null,
            },
            description: { field: 'alt' },
          },
        },
        {
          mark: { type: 'text', dy: -6, aria: false },
          encoding: {
            x,
            y: { field: 'families', type: 'quantitative' },
            text: { field: 'families', type: 'quantitative' },
          },
        },
      ],
    },
  };
}

const LEGEND = {
  orient: 'bottom',
  direction: 'vertical',
  symbolType: 'stroke',
  symbolStrokeWidth: 2,
  labelLimit: 0,
} as const;
/** One series per meaning, each named by what it counts. */
const OPEN = 'open: no v2 home and not carried (what the schedule bounds)';
const ALLOWED = 'open allowed by the schedule';
const UNHOMED = 'without a v2 home, carried or not';

/** A line chart's series told apart twice, by colour and by dash (readable printed in grey). */
function seriesEncoding(domain: readonly string[], colors: readonly string[], dashes: readonly (readonly number[])[]) {
  const scale = (range: readonly unknown[]) =>
    ({ field: 'series', type: 'nominal', title: null, scale: { domain, range }, legend: LEGEND }) as const;
  return { color: scale(colors), strokeDash: scale(dashes) } as const;
}

/** The last of each day's points (the page's table lists every commit): one mark per day, none hidden under another. */
export function lastPerDay<T extends { day: string }>(points: readonly T[]): T[] {
  const byDay = new Map<string, T>();
  for (const p of points) byDay.set(p.day, p);
  return [...byDay.values()];
}

/** At most this many date labels on a time axis. */
const DATE_TICKS = 10;

/**
 * A UTC time axis over exactly the days given, so the points spread over the chart's width. Its
 * ticks fall on whole days, a whole number of days apart: a span of a few days would otherwise be
 * ticked every few hours, each tick labelled with the same date.
 */
const timeAxis = (span: { start: string; end: string } | undefined) => {
  const days = span ? (dayTime(span.end) - dayTime(span.start)) / 86_400_000 : 0;
  return {
    field: 'time',
    type: 'temporal',
    scale: {
      type: 'utc',
      ...(span && days > 0 && { domain: [dayTime(span.start), dayTime(span.end)], nice: false }),
    },
    title: 'date (UTC)',
    axis: {
      format: '%Y-%m-%d',
      labelAngle: -30,
      labelOverlap: 'greedy',
      tickCount: { interval: 'day', step: Math.max(1, Math.ceil(days / DATE_TICKS)) },
    },
  } as const;
};

export function burnDownChart(d: ReportData['burnDown']): Chart {
  // The allowed line bounds the gate's open count; families without a v2 home include the carried
  // v1-dependent ones, which the gate does not count until they lose their carry.
  const points = lastPerDay(d.points).flatMap((p, index) => [
    {
      series: OPEN,
      time: dayTime(p.day),
      index,
      families: p.open,
      alt: `${p.label} (${p.day}): ${plural(p.open, 'open family', 'open families')}${p.allowed !== undefined ? `, ${p.allowed} allowed` : ''}`,
    },
    {
      series: UNHOMED,
      time: dayTime(p.day),
      index,
      families: p.unhomed,
      alt: `${p.label} (${p.day}): ${plural(p.unhomed, 'family', 'families')} without a v2 home`,
    },
  ]);
  // The schedule from where the chart starts: a sample before the first point would fall outside it.
  const allowed = d.allowed
    .filter((a) => d.span === undefined || a.day >= d.span.start)
    .map((a) => ({
      series: ALLOWED,
      time: dayTime(a.day),
      families: a.allowed,
      alt: `allowed on ${a.day}: ${a.allowed}`,
    }));
  const last = d.points.at(-1);
  const alt = [
    d.points.length === 0
      ? 'No measured point.'
      : `${plural(d.points.length, 'point', 'points')}; the latest, ${last!.label} on ${last!.day}, has ${plural(last!.open, 'open family', 'open families')}${last!.allowed !== undefined ? ` against ${last!.allowed} allowed` : ''} and ${plural(last!.unhomed, 'family', 'families')} without a v2 home.`,
    d.eos && d.t0 && d.openAtT0 !== undefined
      ? `The allowed line falls from ${d.openAtT0} on ${d.t0} to 0 on ${d.eos}, the v1 end of support.`
      : 'There is no allowed line.',
  ].join(' ');
  const x = timeAxis(d.span);
  const domain = [OPEN, ALLOWED, UNHOMED];
  const series = seriesEncoding(
    domain,
    [BLUE, '#666', '#c07a1a'],
    [
      [1, 0],
      [6, 4],
      [2, 2],
    ],
  );
  return {
    id: 'chart-burn-down',
    title: 'Burn-down to v1 end of support',
    alt,
    spec: {
      title: {
        text: 'Burn-down to v1 end of support',
        ...(d.span && {
          subtitle: `${d.span.start} to ${d.span.end}: the measured commits, today and the end of the schedule`,
        }),
      },
      description: alt,
      width: WIDTH,
      height: 260,
      layer: [
        ...(allowed.length > 0
          ? [
              {
                data: { values: allowed },
                mark: { type: 'line' as const, point: { filled: false, size: 30 } },
                encoding: {
                  x,
                  y: { field: 'families', type: 'quantitative' as const, title: 'families' },
                  ...series,
                  description: { field: 'alt' },
                },
              },
            ]
          : []),
        {
          data: { values: points },
          mark: { type: 'line', point: { filled: true, size: 50 } },
          encoding: {
            x,
            y: { field: 'families', type: 'quantitative', title: 'families' },
            order: { field: 'index' },
            ...series,
            description: { field: 'alt' },
          },
        },
      ],
    },
  };
}

const WORDS = 'words measured';
const CAP = 'cap';

export function budgetHistoryChart(b: NonNullable<ReportData['budget']>): Chart {
  const shown = lastPerDay(b.history);
  const values = shown.flatMap((p, index) => [
    {
      series: WORDS,
      time: dayTime(p.day),
      index,
      value: p.words,
      alt: `${p.label} (${p.day}): ${plural(p.words, 'word', 'words')}`,
    },
    {
      series: CAP,
      time: dayTime(p.day),
      index,
      value: p.cap,
      alt: `${p.label} (${p.day}): cap ${formatGrouped(p.cap)}`,
    },
  ]);
  const first = b.history[0]!;
  const last = b.history.at(-1)!;
  const alt = `${plural(b.history.length, 'point', 'points')} from ${first.day} to ${last.day}: the kernel went from ${plural(first.words, 'word', 'words')} to ${formatGrouped(last.words)}, and the cap from ${formatGrouped(first.cap)} to ${formatGrouped(last.cap)}.`;
  const domain = [WORDS, CAP];
  const series = seriesEncoding(
    domain,
    [BLUE, '#000'],
    [
      [1, 0],
      [6, 3],
    ],
  );
  return {
    id: 'chart-budget-history',
    title: 'Core budget over time',
    alt,
    spec: {
      title: { text: 'Core budget over time', subtitle: 'words measured and the cap, at each commit and today' },
      description: alt,
      width: WIDTH,
      height: 200,
      data: { values },
      mark: { type: 'line', point: { filled: true, size: 40 } },
      encoding: {
        x: timeAxis({ start: first.day, end: last.day }),
        y: { field: 'value', type: 'quantitative', title: 'words', scale: { zero: true } },
        order: { field: 'index' },
        ...series,
        description: { field: 'alt' },
      },
    },
  };
}

export function majorsChart(m: NonNullable<ReportData['majors']>): Chart {
  const groups = [
    { group: 'v1 only', files: m.v1Only },
    { group: 'both majors', files: m.both },
    { group: 'v2 only', files: m.v2Only },
  ].map((g) => ({ ...g, alt: `${g.group}: ${plural(g.files, 'file', 'files')}` }));
  const alt = `${plural(m.files, 'scenario file', 'scenario files')}: ${groups.map((g) => `${g.files} ${g.group}`).join(', ')}.`;
  const x = { field: 'group', type: 'nominal', sort: null, title: 'protocol major', axis: { labelAngle: 0 } } as const;
  return {
    id: 'chart-majors',
    title: 'Scenario files per protocol major',
    alt,
    spec: {
      title: 'Scenario files per protocol major',
      description: alt,
      width: { step: 110 },
      height: 200,
      data: { values: groups },
      layer: [
        {
          mark: { type: 'bar', color: BLUE },
          encoding: {
            x,
            y: { field: 'files', type: 'quantitative', title: 'scenario files' },
            description: { field: 'alt' },
          },
        },
        {
          mark: { type: 'text', dy: -6, aria: false },
          encoding: { x, y: { field: 'files', type: 'quantitative' }, text: { field: 'files', type: 'quantitative' } },
        },
      ],
    },
  };
}
