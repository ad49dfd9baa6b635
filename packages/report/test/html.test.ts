import { describe, expect, it } from 'vitest';
import { buildReport, renderHtml } from '../src/index.js';
import type { History } from '../src/index.js';
import { BASELINE, budget, history, home, majors } from './data.js';

const diagnostic = {
  gate: 'normative-home',
  ruleId: 'home/unclaimed',
  severity: 'error' as const,
  message: 'claim <it> & "fix" it',
  file: 'spec/v2/core/a b.md',
  start: { line: 3, column: 3 },
};
const hostile: History = {
  points: [{ ...history.points[0]!, subject: '<script>alert(1)</script> & "quotes"' }, ...history.points.slice(1)],
  notes: [],
};
const render = (linkBase = ''): Promise<string> =>
  renderHtml(
    buildReport({
      today: '2026-12-01',
      results: [budget, { ...home(BASELINE), ok: false, exitCode: 1, diagnostics: [diagnostic] }, majors],
      history: hostile,
    }),
    { linkBase },
  );

/** The page for the default link base, rendered once: the tests below only read it. */
let page: Promise<string> | undefined;
const rendered = (): Promise<string> => (page ??= render());

describe('renderHtml', () => {
  it('is one self-contained page: no script, no external resource, a policy that forbids fetching', async () => {
    const html = await rendered();
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    );
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    const refs = [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((u) => /^[a-z][a-z0-9+.-]*:|^\/\//i.test(u))).toEqual([]);
    // The only absolute URLs are the SVG namespace names, which nothing fetches.
    expect([...new Set(html.match(/https?:\/\/[^"'\s)]+/g))].sort()).toEqual([
      'http://www.w3.org/1999/xlink',
      'http://www.w3.org/2000/svg',
    ]);
    expect((html.match(/<svg /g) ?? []).length).toBe(6);
  });

  it('escapes text from commits and findings, and links findings to their file relative to the page', async () => {
    const html = await render('../repo/');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;quotes&#34;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<a href="../repo/spec/v2/core/a%20b.md">spec/v2/core/a b.md:3:3</a>');
    expect(html).toContain('claim &#60;it&#62; &#38; &#34;fix&#34; it');
  });

  it('links only inside the repository: a home or finding path that is protocol-relative, absolute, a URL or climbs out is text', async () => {
    const paths = [
      '//evil.example/x',
      'javascript:alert(1)',
      'https://evil.example/x',
      '/etc/passwd',
      '../outside.md',
      'spec/../../x.md',
      'spec//x.md',
    ];
    const homes = home(BASELINE);
    const families = (homes.figures['families'] as Array<Record<string, unknown>>).map((f, i) =>
      i === 0 ? { ...f, homes: paths.map((path) => ({ path, class: 'core' })) } : f,
    );
    const html = await renderHtml(
      buildReport({
        today: '2026-12-01',
        results: [
          budget,
          {
            ...homes,
            figures: { ...homes.figures, families },
            diagnostics: paths.map((file) => ({ ...diagnostic, file })),
          },
          majors,
        ],
        history: hostile,
      }),
      { linkBase: '../repo/' },
    );
    // Every link is an in-page anchor or a canonical path under the repository's folder.
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    for (const href of hrefs) expect(href).toMatch(/^(?:#[a-z-]+|\.\.\/repo\/spec\/(?:v1|v2\/core)\/[a-z]+\.md)$/);
    for (const path of paths) expect(html).toContain(`<td>${path}:3:3</td>`);
  });

  it('gives every chart a title, axis titles, a text alternative and a table of its numbers', async () => {
    const html = await rendered();
    const figures = [
      ...html.matchAll(
        /<figure id="([^"]+)" aria-label="([^"]+)" aria-describedby="\1-alt">([\s\S]*?)<\/figure>\n(<table[\s\S]*?<\/table>)/g,
      ),
    ];
    expect(figures.map((f) => f[1])).toEqual([
      'chart-budget-total',
      'chart-budget-documents',
      'chart-budget-history',
      'chart-families',
      'chart-burn-down',
      'chart-majors',
    ]);
    for (const f of figures) {
      const [id, title, body, numbers] = [f[1]!, f[2]!, f[3]!, f[4]!];
      expect(body, id).toContain(`>${title}</text>`);
      expect(body, id).toMatch(/<figcaption id="[^"]+-alt">[^<]{20,}<\/figcaption>/);
      expect(body.match(/role-axis-title/g)?.length, id).toBe(2);
      expect(numbers, id).toMatch(/<caption>[^<]+<\/caption>[\s\S]*<td class="num">/);
    }
  });

  it('answers the weekly questions first: room in the budget, families homed, open against allowed', async () => {
    const html = await rendered();
    expect(html).toContain(
      '<ul class="glance"><li><strong>1,500 / 25,600</strong> words in the core budget; 24,100 headroom</li><li><strong>1 / 4</strong> core families have a v2 home; 2 v1-dependent, 1 undeclared</li><li><strong>1 open</strong> against 1 allowed today (3 without a v2 home); v1 end of support 2026-12-04</li><li><strong>12</strong> scenario files; 7 run at major 2</li></ul>',
    );
  });

  it('opens with the status in plain words: the gates that fail, linked to their findings, and the families against the schedule', async () => {
    const html = await rendered();
    expect(html).toContain(
      '<p class="status">On 2026-12-01 1 of 3 gates fail: <a href="#findings-normative-home">normative-home</a>. <strong>3 families still without a v2 home</strong>; the schedule allows 0 open from 2026-12-04 (in 3 day(s)), the v1 end of support. 1 open today against 1 allowed. Open means no declared home, or v1-dependent and not carried; the 2 families carried by the v1 fallback (v1Carried) are not open, but still need a v2 home before v1 can go.</p>',
    );
    // The gates table links the failed gate to the same list.
    expect(html).toContain('<td class="failed"><a href="#findings-normative-home">failed</a></td>');
    expect(html).toContain('<h3 id="findings-normative-home">normative-home');
  });

  it('summarises the findings at the top, per gate, with their rules, each gate linked to its list', async () => {
    const html = await rendered();
    expect(html).toContain(
      '<div class="findings-summary"><p><strong>Findings:</strong> 1 error.</p>\n<ul><li><a href="#findings-normative-home">normative-home</a>: 1 error — <code>home/unclaimed</code></li></ul></div>',
    );
    expect(html.indexOf('class="findings-summary"')).toBeLessThan(html.indexOf('<main>'));
    const clean = await renderHtml(
      buildReport({ today: '2026-12-01', results: [budget, home(BASELINE), majors], history }),
      { linkBase: '' },
    );
    expect(clean).toContain('<p class="findings-summary">No findings.</p>');
    expect(clean).toContain('On 2026-12-01 all 3 gates pass.');
  });

  it('a consequence says which root cause it follows from, and the tally counts root causes', async () => {
    const root = { ...diagnostic, ruleId: 'home/missing', explains: ['family:a'] };
    const consequence = { ...diagnostic, gate: 'declaration', ruleId: 'declaration/x', subjects: ['family:a'] };
    const html = await renderHtml(
      buildReport({
        today: '2026-12-01',
        results: [
          { ...home(BASELINE), ok: false, diagnostics: [root] },
          { ...majors, gate: 'declaration', ok: false, diagnostics: [consequence] },
        ],
        history,
      }),
      { linkBase: '' },
    );
    expect(html).toContain('<strong>Findings:</strong> 2 errors (1 root cause(s), 1 following from them).');
    expect(html).toContain(
      '<span class="follows">follows from <code>home/missing</code> at spec/v2/core/a b.md:3:3</span>',
    );
  });

  it('cuts commit subjects to their cell and keeps the whole subject on hover (escaped)', async () => {
    const html = await rendered();
    const subject = '&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;quotes&#34;';
    expect(html).toContain(`<td><span class="subject" title="${subject}">${subject}</span></td>`);
    expect(html).toMatch(/\.subject \{[^}]*text-overflow: ellipsis;/);
  });

  it('a failing or undeclared family is never hidden by the families card', async () => {
    const failing = home(BASELINE);
    const figures = failing.figures as { counts: Record<string, number>; families: Array<{ bucket: string }> };
    figures.counts = { ...figures.counts, v1Dependent: 1, failing: 1 };
    figures.families[1]!.bucket = 'failing';
    const html = await renderHtml(buildReport({ today: '2026-12-01', results: [failing], history }), { linkBase: '' });
    expect(html).toContain('core families have a v2 home; 1 v1-dependent, 1 undeclared, 1 failing</li>');
  });

  it('labels each day of a short burn-down once: ticks fall on whole days', async () => {
    const days: History = {
      points: [
        { ...history.points[0]!, date: '2026-12-04T12:00:00Z' },
        { ...history.points[2]!, date: '2026-12-02T12:00:00Z' },
      ],
      notes: [],
    };
    const html = await renderHtml(buildReport({ today: '2026-12-05', results: [home(BASELINE)], history: days }), {
      linkBase: '',
    });
    const chart = html.slice(html.indexOf('id="chart-burn-down"'));
    const svg = chart.slice(0, chart.indexOf('</svg>'));
    expect([...svg.matchAll(/>(\d{4}-\d{2}-\d{2})<\/text>/g)].map((m) => m[1])).toEqual([
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
  });

  it('gives the same bytes for the same input', async () => {
    expect(await render()).toBe(await rendered());
  });
});
