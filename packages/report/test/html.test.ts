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
      results: [budget, { ...home(BASELINE), diagnostics: [diagnostic] }, majors],
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
    expect((html.match(/<svg /g) ?? []).length).toBe(5);
  });

  it('escapes text from commits and findings, and links findings to their file relative to the page', async () => {
    const html = await render('../repo/');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;quotes&#34;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<a href="../repo/spec/v2/core/a%20b.md">spec/v2/core/a b.md:3:3</a>');
    expect(html).toContain('claim &#60;it&#62; &#38; &#34;fix&#34; it');
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
      '<ul class="glance"><li><strong>1,500 / 25,600</strong> words in the core budget; 24,100 headroom</li><li><strong>1 / 4</strong> core families have a v2 home; 2 still v1-dependent</li><li><strong>1 open</strong> against 1 allowed today (3 without a v2 home); v1 end of support 2026-12-04</li><li><strong>12</strong> scenario files; 7 run at major 2</li></ul>',
    );
  });

  it('gives the same bytes for the same input', async () => {
    expect(await render()).toBe(await rendered());
  });
});
