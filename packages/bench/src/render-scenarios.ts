import { LIB_NAMES, kebab } from './model.js';
import type { Scenario } from './model.js';
import type { Prng } from './prng.js';

const role = (stem: string): string => stem.replace(/-r\d+$/, '');
const sfx = (stem: string): string => stem.slice(role(stem).length);

/**
 * A conformance library module. The first five are the shared seams every scenario uses (the
 * major switch, the driver, path helpers, family gates, requirement labels); the rest are helpers
 * that import the major switch and, to make chains, one earlier helper.
 */
export function libModule(stem: string, index: number, rng: Prng): string {
  const s = sfx(stem);
  switch (role(stem)) {
    case 'major':
      return [
        '/** The protocol major this run certifies, from the runner environment. */',
        'export function targetMajor(): 1 | 2 {',
        "  return process.env['OPENWOP_MAJOR'] === '2' ? 2 : 1;",
        '}',
        '',
      ].join('\n');
    case 'driver':
      return [
        `import { targetMajor } from './major${s}.js';`,
        '',
        "const base = process.env['OPENWOP_HOST'] ?? 'http://127.0.0.1:8080';",
        '',
        'export interface Reply { status: number; body: unknown }',
        '',
        'async function send(method: string, path: string, body?: unknown): Promise<Reply> {',
        "  const headers: Record<string, string> = { 'content-type': 'application/json', 'openwop-version': String(targetMajor()) };",
        '  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });',
        '  return { status: res.status, body: await res.json().catch(() => null) };',
        '}',
        '',
        'export const driver = {',
        "  get: (path: string) => send('GET', path),",
        "  post: (path: string, body: unknown) => send('POST', path, body),",
        "  delete: (path: string) => send('DELETE', path),",
        '  async discover(key: string): Promise<Record<string, unknown> | null> {',
        "    const doc = (await send('GET', '/.well-known/openwop')).body as Record<string, unknown> | null;",
        '    return (doc?.[key] as Record<string, unknown> | undefined) ?? null;',
        '  },',
        '};',
        '',
      ].join('\n');
    case 'paths':
      return [
        `import { targetMajor } from './major${s}.js';`,
        '',
        '/** A request path at the major under test: v2 paths carry no version segment. */',
        "export function pathFor(resource: string, suffix = ''): string {",
        "  return `${targetMajor() === 2 ? '' : '/v1'}/${resource}${suffix}`;",
        '}',
        '',
      ].join('\n');
    case 'gates':
      return [
        `import { targetMajor } from './major${s}.js';`,
        '',
        '/** At major 2 the presence of the family record is the claim; v1 used `supported`. */',
        'export function familyAdvertised(cap: Record<string, unknown> | null): boolean {',
        '  if (targetMajor() === 2) {',
        '    return cap !== null;',
        '  }',
        '  return cap?.supported === true;',
        '}',
        '',
        'export const gateFamily = (cap: Record<string, unknown> | null): boolean =>',
        '  targetMajor() === 1 ? cap?.supported === true : cap !== null;',
        '',
      ].join('\n');
    case 'requirements':
      return [
        '/** A requirement label for assertion messages: the id and the sentence it witnesses. */',
        'export function req(id: string, sentence: string): string {',
        '  return `${id}: ${sentence}`;',
        '}',
        '',
      ].join('\n');
    default: {
      const name = role(stem);
      const fn = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      const earlier = index > 5 ? `${LIB_NAMES[rng.int(5, index - 1)]}${s}` : undefined;
      const lines = [`import { targetMajor } from './major${s}.js';`];
      if (earlier) lines.push(`import { ${camel(role(earlier))}Label } from './${earlier}.js';`);
      lines.push(
        '',
        `/** Helpers for ${name} scenarios. */`,
        `export function ${fn}Label(id: string): string {`,
        `  return \`${name}:\${targetMajor()}:\${id}\`;`,
        '}',
        '',
      );
      const n = rng.int(2, 6);
      for (let i = 0; i < n; i++) {
        lines.push(
          `export function ${fn}Check${i}(value: unknown, limit = ${rng.int(1, 500)}): boolean {`,
          `  if (Array.isArray(value)) return value.length <= limit;`,
          `  if (typeof value === 'string') return value.length > 0 && value.length <= limit;`,
          earlier
            ? `  return ${camel(role(earlier))}Label(String(value)).length > 0;`
            : '  return value !== undefined;',
          '}',
          '',
        );
      }
      return lines.join('\n');
    }
  }
}

const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * A scenario file. Major-2 files gate on familyAdvertised and build paths with pathFor; both-major
 * files keep their v1 reads inside v1-only branches; v1 files read `supported` and hard-code /v1/
 * as v1 scenarios do.
 */
export function scenarioFile(s: Scenario, rng: Prng): string {
  const r = s.replica === 1 ? '' : `-r${s.replica}`;
  const resource = kebab(s.family);
  const imports = [
    "import { describe, expect, it } from 'vitest';",
    `import { driver } from '../lib/driver${r}.js';`,
    `import { pathFor } from '../lib/paths${r}.js';`,
    `import { familyAdvertised, gateFamily } from '../lib/gates${r}.js';`,
    `import { req } from '../lib/requirements${r}.js';`,
  ];
  if (s.kind !== 'v1') imports.push(`import { targetMajor } from '../lib/major${r}.js';`);
  for (const lib of s.libs.slice(4))
    imports.push(`import * as ${camel(role(lib))}${rng.int(0, 9999)} from '../lib/${lib}.js';`);
  const id = `REQ-${resource.toUpperCase()}-1`;
  const cases: string[] = [];
  const n = rng.int(2, 5);
  for (let i = 0; i < n; i++) {
    const sub = ['items', 'records', 'pages', 'events', 'limits'][i % 5]!;
    if (s.kind === 'v1') {
      cases.push(
        `  it('serves ${sub} when advertised (${i})', async () => {`,
        `    const cap = await driver.discover('${s.family}');`,
        `    if (cap?.supported !== true) return;`,
        `    const res = await driver.get('/v1/${resource}/${sub}?limit=${rng.int(1, 50)}');`,
        `    expect(res.status, req('${id}', 'GET /v1/${resource}/${sub} MUST answer 200')).toBe(200);`,
        '  });',
      );
    } else if (s.kind === 'v2') {
      cases.push(
        `  it('serves ${sub} when the record is present (${i})', async () => {`,
        `    const cap = await driver.discover('${s.family}');`,
        '    if (!familyAdvertised(cap)) return;',
        `    const res = await driver.get(pathFor('${resource}', '/${sub}?limit=${rng.int(1, 50)}'));`,
        `    expect(res.status, req('${id}', 'GET /${resource}/${sub} MUST answer 200')).toBe(200);`,
        '  });',
      );
    } else {
      cases.push(
        `  it('serves ${sub} at either major (${i})', async () => {`,
        `    const cap = await driver.discover('${s.family}');`,
        '    if (!gateFamily(cap)) return;',
        `    const legacy = targetMajor() === 1 ? cap?.supported === true : cap !== null;`,
        `    const res = targetMajor() === 1 ? await driver.get('/v1/${resource}/${sub}') : await driver.get('/${resource}/${sub}');`,
        `    await driver.post('/v1/host/sample/tools/session-run', { family: '${s.family}', legacy });`,
        `    expect(res.status, req('${id}', '${sub} MUST answer 200 at both majors')).toBe(200);`,
        '  });',
      );
    }
  }
  return [
    ...imports,
    '',
    `describe('${s.family}: ${s.file.replace(/\.test\.ts$/, '')}', () => {`,
    ...cases,
    '});',
    '',
  ].join('\n');
}
