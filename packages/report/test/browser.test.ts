// Opens a generated report in a real headless Chromium (Debian's package, driven by playwright-core)
// and reads what a person would see from the rendered DOM. There is no skip: where Chromium cannot
// start, the test fails with the command that installs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { gate as coreBudget } from '@openwop-spec/gate-core-budget';
import { gate as normativeHome } from '@openwop-spec/gate-normative-home';
import { DEFAULT_PATHS, SpecTree } from '@openwop-spec/spec-tree';
import { buildReport, collectHistory, renderHtml } from '../src/index.js';
import { EOS, KEYS, T0, coreDoc, coreWords, expectedAllowed, importHistory, repo, wc } from './fixture.js';
import type { Repo } from './fixture.js';

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TODAY = '2026-11-20';
/** A commit subject far wider than its table cell. */
const LONG_SUBJECT = `beta and gamma move out of v1: ${'each gets a core document that claims it and states its obligations; '.repeat(4)}done`;
/** The working tree's state: four families homed in v2, epsilon still in v1. */
const CORE_NOW = ['alpha', 'beta', 'gamma', 'delta'];

let r: Repo;
let url: string;
/** The commits, oldest first, with the families each leaves without a v2 home. */
const commits: Array<{ day: string; unhomed: number; sha: string }> = [];

beforeAll(async () => {
  r = repo();
  const steps = [
    { core: [], day: '2026-09-20', unhomed: 5, subject: 'all five in v1' },
    { core: ['alpha'], day: '2026-10-10', unhomed: 4, subject: 'alpha moves out of v1' },
    { core: ['alpha', 'beta', 'gamma'], day: '2026-11-01', unhomed: 2, subject: LONG_SUBJECT },
  ];
  const shas = importHistory(
    r,
    steps.map((s) => ({ state: { core: s.core }, day: s.day, subject: s.subject })),
  );
  steps.forEach((s, i) => commits.push({ day: s.day, unhomed: s.unhomed, sha: shas[i]! }));
  r.put({ core: CORE_NOW });

  const tree = SpecTree.load(r.root);
  const options = { today: TODAY, flags: new Set<string>() };
  const results = [await coreBudget.check(tree, options), await normativeHome.check(tree, options)];
  const history = await collectHistory(r.root, DEFAULT_PATHS, { limit: 30, env: process.env });
  const file = join(r.root, 'report.html');
  writeFileSync(file, await renderHtml(buildReport({ today: TODAY, results, history }), { linkBase: '' }));
  url = pathToFileURL(file).href;
});

afterAll(async () => {
  await (await launching?.catch(() => undefined))?.close();
  r.remove();
});

let launching: Promise<Browser> | undefined;
/**
 * Chromium, started once on a fresh temporary profile (launch() gives it its own --user-data-dir).
 * Each test awaits it, so a browser that cannot start fails every test with the fix.
 */
function browser(): Promise<Browser> {
  launching ??= chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS }).catch((err: unknown) => {
    const first = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    throw new Error(
      `Chromium could not start from ${CHROMIUM} (${first}); install it with: apt-get install -y chromium`,
    );
  });
  return launching;
}

interface Opened {
  page: Page;
  requests: string[];
  errors: string[];
}

async function open(javaScriptEnabled = true): Promise<Opened> {
  const context = await (await browser()).newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  context.on('request', (req) => requests.push(req.url()));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { page, requests, errors };
}

/** The page most tests read (they only read it): loaded once, after Chromium starts, in a hook of its own. */
let shared: Opened;
beforeAll(async () => {
  shared = await open();
});

const labels = (page: Page, selector: string): Promise<string[]> =>
  page.locator(selector).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));

describe('the report in Chromium', () => {
  it('draws one bar per core document with its word count, and the cap', async () => {
    const { page } = shared;
    const expected = CORE_NOW.map((k) => ({ label: `core/${k}.md`, words: wc(coreDoc(k, coreWords(k))) })).sort(
      (a, b) => b.words - a.words,
    );
    const bars = await labels(page, '#chart-budget-documents [aria-roledescription="bar"]');
    expect(bars).toEqual(expected.map((e) => `${e.label}: ${e.words} words`));
    // The numbers table beside the chart says the same.
    const rows = await page
      .locator('#budget .chart-row:nth-of-type(2) table tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual(expected.map((e) => [e.label, String(e.words)]));
    // Four homed families are fewer than nine, so the cap is the base 25,000.
    expect(await labels(page, '#chart-budget-total [aria-roledescription="rule mark"]')).toEqual(['cap: 25,000']);
    expect(await page.locator('#chart-budget-total svg text', { hasText: 'cap 25,000' }).count()).toBe(1);
  });

  it('lists one row per core family with its bucket, and the bucket chart counts them', async () => {
    const { page } = shared;
    const rows = await page
      .locator('#families tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [
          tr.querySelector('td code')?.textContent,
          tr.getAttribute('data-bucket'),
          tr.querySelector('.bucket')?.textContent,
        ]),
      );
    expect(rows).toEqual(
      KEYS.map((k) => [
        k,
        CORE_NOW.includes(k) ? 'resolved' : 'v1-dependent',
        CORE_NOW.includes(k) ? 'resolved' : 'v1-dependent',
      ]),
    );
    expect(await labels(page, '#chart-families [aria-roledescription="bar"]')).toEqual([
      'resolved: 4 families',
      'v1-dependent: 1 family',
      'undeclared: 0 families',
      'failing: 0 families',
    ]);
    // alpha's home: where its marker claims it (line 4 of the core document).
    expect(await page.locator('#families tbody tr').first().locator('td').nth(2).locator('a').textContent()).toBe(
      'spec/v2/core/alpha.md:4',
    );
  });

  it('draws the burn-down from the git history: a point per commit and today, and the allowed line', async () => {
    const { page } = shared;
    const points = [
      ...commits.map((c) => ({ label: c.sha.slice(0, 7), day: c.day, unhomed: c.unhomed })),
      { label: 'today', day: TODAY, unhomed: 1 },
    ];
    const families = (n: number): string => `${n} famil${n === 1 ? 'y' : 'ies'}`;
    const allLabels = await labels(page, '#chart-burn-down [aria-roledescription="point"]');
    // The fixture carries every v1-dependent family and leaves none undeclared, so the gate's open
    // count (the line the schedule bounds) is 0 throughout while families without a v2 home fall.
    expect(allLabels.filter((l) => l.includes(' open famil'))).toEqual(
      points.map((p) => `${p.label} (${p.day}): 0 open families, ${expectedAllowed(p.day)} allowed`),
    );
    expect(allLabels.filter((l) => l.endsWith(' without a v2 home'))).toEqual(
      points.map((p) => `${p.label} (${p.day}): ${families(p.unhomed)} without a v2 home`),
    );
    // The schedule is drawn from the first point on (t0 lies before it), through each point's day, to the end of support.
    const days = [...points.map((p) => p.day), EOS];
    expect(allLabels.filter((l) => l.startsWith('allowed'))).toEqual(
      days.map((d) => `allowed on ${d}: ${expectedAllowed(d)}`),
    );
    expect(expectedAllowed(T0)).toBe(5);
    expect(expectedAllowed(EOS)).toBe(0);
    // Axis titles and the text alternative are there for a reader who cannot see the picture.
    expect(await page.locator('#chart-burn-down svg text').allTextContents()).toEqual(
      expect.arrayContaining(['date (UTC)', 'families', 'Burn-down to v1 end of support']),
    );
    expect(await page.locator('#chart-burn-down figcaption').textContent()).toBe(
      `4 points; the latest, today on ${TODAY}, has 0 open families against ${expectedAllowed(TODAY)} allowed and 1 family without a v2 home. The allowed line falls from 5 on ${T0} to 0 on ${EOS}, the v1 end of support.`,
    );
  });

  it('spans the burn-down from the first point to the end of support: the first commit at the left edge, the schedule’s end at the right', async () => {
    const { page } = shared;
    const chart = page.locator('#chart-burn-down');
    expect(await chart.locator('[aria-roledescription="axis"]').first().getAttribute('aria-label')).toBe(
      `X-axis titled 'date (UTC)' for a utc scale with values from ${commits[0]!.day} to ${EOS}`,
    );
    const frame = (await chart.locator('path.background').first().boundingBox())!;
    const centre = async (label: string): Promise<number> => {
      const box = (await chart.locator(`[aria-roledescription="point"][aria-label="${label}"]`).boundingBox())!;
      return box.x + box.width / 2;
    };
    const first = commits[0]!;
    expect(
      Math.abs((await centre(`${first.sha.slice(0, 7)} (${first.day}): 5 families without a v2 home`)) - frame.x),
    ).toBeLessThan(3);
    expect(Math.abs((await centre(`allowed on ${EOS}: 0`)) - (frame.x + frame.width))).toBeLessThan(3);
    // One legend entry per series, each saying what it counts, none cut short.
    expect(await chart.locator('.role-legend-label text').allTextContents()).toEqual([
      'open: no v2 home and not carried (what the schedule bounds)',
      'open allowed by the schedule',
      'without a v2 home, carried or not',
    ]);
  });

  it('opens with the status and the findings, each gate linked to its list', async () => {
    const { page } = await open();
    expect(await page.locator('header .status').textContent()).toBe(
      `On ${TODAY} 1 of 2 gates fail: normative-home. 1 family still without a v2 home; the schedule allows 0 open from ${EOS} (in 14 day(s)), the v1 end of support. 0 open today against ${expectedAllowed(TODAY)} allowed. Open means no declared home, or v1-dependent and not carried; the 1 family carried by the v1 fallback (v1Carried) is not open, but still needs a v2 home before v1 can go.`,
    );
    // The fixture's baseline counts one uncovered facet too few, so the ratchet fails: a real failed gate to follow.
    expect(await page.locator('header .status a').getAttribute('href')).toBe('#findings-normative-home');
    const link = page.locator('header .findings-summary a', { hasText: 'normative-home' });
    expect(await link.getAttribute('href')).toBe('#findings-normative-home');
    await link.click();
    expect(await page.evaluate(() => location.hash)).toBe('#findings-normative-home');
    expect(await page.locator('#findings-normative-home').isVisible()).toBe(true);
    const box = (await page.locator('#findings-normative-home').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(800);
  });

  it('cuts a long commit subject to its cell, with the whole subject on hover', async () => {
    const { page } = shared;
    const cell = page.locator('#burn-down .subject', { hasText: 'beta and gamma move out of v1' });
    expect(await cell.getAttribute('title')).toBe(LONG_SUBJECT);
    const { clipped, ellipsis, height, lineHeight } = await cell.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        clipped: el.scrollWidth > el.clientWidth,
        ellipsis: style.textOverflow,
        height: el.getBoundingClientRect().height,
        lineHeight: parseFloat(style.lineHeight),
      };
    });
    expect([clipped, ellipsis]).toEqual([true, 'ellipsis']);
    expect(height).toBeLessThanOrEqual(lineHeight + 1); // one line
  });

  it('draws the core budget over time: words and cap at each commit and today', async () => {
    const { page } = shared;
    const words = (core: readonly string[]): number => core.reduce((sum, k) => sum + wc(coreDoc(k, coreWords(k))), 0);
    const allLabels = await labels(page, '#chart-budget-history [aria-roledescription="point"]');
    const cores = [[], ['alpha'], ['alpha', 'beta', 'gamma'], CORE_NOW];
    const days = [...commits.map((c) => [c.sha.slice(0, 7), c.day]), ['today', TODAY]];
    expect(allLabels.filter((l) => l.endsWith(' words'))).toEqual(
      days.map(([label, day], i) => `${label} (${day}): ${words(cores[i]!).toLocaleString('en-US')} words`),
    );
    expect(allLabels.filter((l) => l.includes(': cap '))).toEqual(
      days.map(([label, day]) => `${label} (${day}): cap 25,000`),
    );
  });

  it('filters families by bucket without a server, and prints every row', async () => {
    const { page } = await open();
    // One round trip for all rows: a row the filter hides has no box.
    const visible = (): Promise<string[]> =>
      page
        .locator('#families tbody tr')
        .evaluateAll((trs) =>
          trs
            .filter((tr) => tr.checkVisibility({ visibilityProperty: true }))
            .map((tr) => tr.querySelector('code')!.textContent),
        );
    expect(await visible()).toEqual([...KEYS]);
    await page.locator('label[for="show-v1-dependent"]').click();
    expect(await visible()).toEqual(['epsilon']);
    await page.emulateMedia({ media: 'print' });
    expect(await visible()).toEqual([...KEYS]);
    expect(await page.locator('.filter').isVisible()).toBe(false);
  });

  it('reads the same with JavaScript off: every chart and row is there', async () => {
    const { page, errors } = await open(false);
    // The three budget charts, the families and the burn-down (the fixture has no scenario files).
    expect(await page.locator('figure svg').count()).toBe(5);
    expect(await page.locator('#majors .missing').count()).toBe(1);
    expect(await page.locator('#families tbody tr').count()).toBe(KEYS.length);
    expect(await page.locator('script').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('makes no network request and logs no console error; a 1280×800 screenshot is not blank', async () => {
    const { page, requests, errors } = shared;
    const png = await page.screenshot();
    writeFileSync(join(r.root, 'report.png'), png);
    expect(requests).toEqual([url]);
    expect(errors).toEqual([]);
    // Decoded by the browser itself, on a page of its own (the report's policy forbids data: URLs).
    const decoder = await (await browser()).newPage();
    const stats = await decoder.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, img.width, img.height).data;
      const colours = new Set<number>();
      let ink = 0;
      for (let i = 0; i < px.length; i += 4) {
        colours.add((px[i]! << 16) | (px[i + 1]! << 8) | px[i + 2]!);
        if (px[i]! < 200 || px[i + 1]! < 200 || px[i + 2]! < 200) ink++;
      }
      return { width: img.width, height: img.height, colours: colours.size, ink: ink / (px.length / 4) };
    }, png.toString('base64'));
    expect([stats.width, stats.height]).toEqual([1280, 800]);
    expect(stats.colours).toBeGreaterThan(20);
    expect(stats.ink).toBeGreaterThan(0.02);
  });
});
