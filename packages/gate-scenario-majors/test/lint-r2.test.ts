import { fullMessage } from '@openwop-spec/diagnostics';
import { afterEach, describe, expect, it } from 'vitest';
import { isV1RequestPath } from '../src/index.js';
import { LIB, SCENARIOS, conformanceFixture, found, pos, removeFixtures, run } from './helpers.js';

afterEach(removeFixtures);

const R2 = 'majors/v1-path';
const FILE = 'v2-probe.test.ts';
const PATH = `${SCENARIOS}/${FILE}`;

const scenario = (body: string): string =>
  `import { targetMajor } from '../lib/major.js';\nexport async function probe(driver: any, id: string, q: string, body: unknown, suffix: string) {\n${body}\n}\n`;
const MAJOR_LIB = {
  [`${LIB}/major.ts`]:
    "export const targetMajor = (): 1 | 2 => (process.env['OPENWOP_TARGET_MAJOR'] === '1' ? 1 : 2);\n",
};

async function r2(body: string) {
  const text = scenario(body);
  const result = await run(conformanceFixture({ [FILE]: text }, { files: MAJOR_LIB }));
  return { text, result, got: found(result, R2) };
}

/** Expected R2 findings, one per needle (the literal's opening quote or backtick). */
const at = (text: string, ...needles: string[]) =>
  needles.map((n) => ({ ruleId: R2, file: PATH, start: pos(text, n) }));

describe('R2 majors/v1-path: the rule’s cases', () => {
  it("driver.get('/v1/tools', { authenticated: false }) is flagged", async () => {
    const { text, got, result } = await r2("  return driver.get('/v1/tools', { authenticated: false });");
    expect(got).toEqual(at(text, "'/v1/tools'"));
    expect(got[0]!.start).toEqual({ line: 3, column: 21 });
    expect(fullMessage(result.diagnostics.find((d) => d.ruleId === R2)!)).toBe(
      'hard-coded /v1/ request path "/v1/tools", which major 2 does not serve; build the path with a helper that omits /v1 at major 2 (toolsPath, apiPath), or guard the request with targetMajor() === 1',
    );
  });

  it('a template with a /v1/ head and a + chain starting with /v1/ are flagged', async () => {
    const { text, got } = await r2(
      "  await driver.get(`/v1/tools/${encodeURIComponent(id)}`);\n  return driver.get('/v1/tools' + q);",
    );
    expect(got).toEqual(at(text, '`/v1/tools/${', "'/v1/tools' +"));
  });

  it("const P = '/v1/runs'; driver.post(P, body) is flagged at the literal", async () => {
    const { text, got } = await r2("  const P = '/v1/runs';\n  return driver.post(P, body);");
    expect(got).toEqual(at(text, "'/v1/runs'"));
  });

  it("fetch('https://h.example/v1/tools') is flagged", async () => {
    const { text, got, result } = await r2("  return fetch('https://h.example/v1/tools');");
    expect(got).toEqual(at(text, "'https://h.example/v1/tools'"));
    expect(result.diagnostics.find((d) => d.ruleId === R2)!.message).toContain('"https://h.example/v1/tools"');
  });

  it('the seam prefixes are not flagged', async () => {
    const { got } = await r2(
      "  await driver.post('/v1/host/sample/tools/session-run', body);\n  await driver.get('/v1/packs-test/x');\n  return driver.get('/v1/host/workspace/files/a.txt');",
    );
    expect(got).toEqual([]);
  });

  it("toolsPath(), '/tools' and '/v10/x' are not flagged", async () => {
    const { got } = await r2(
      "  await driver.get(toolsPath());\n  await driver.get('/tools');\n  return driver.get('/v10/x');",
    );
    expect(got).toEqual([]);
  });

  it('a major-conditional /v1 inside a path helper template is not flagged', async () => {
    const { got } = await r2(
      "  const path = `${targetMajor() === 2 ? '' : '/v1'}/tools${suffix}`;\n  return driver.get(path);",
    );
    expect(got).toEqual([]);
  });

  it('a message argument naming GET /v1/tools/{toolId} is not flagged', async () => {
    const { got } = await r2("  return req(id, 'GET /v1/tools/{toolId} MUST return the requested descriptor');");
    expect(got).toEqual([]);
  });

  it("targetMajor() === 1 ? driver.get('/v1/tools') : driver.get('/tools') is not flagged", async () => {
    const { got } = await r2("  return targetMajor() === 1 ? driver.get('/v1/tools') : driver.get('/tools');");
    expect(got).toEqual([]);
  });
});

describe('R2: a name resolves to the const its scope binds', () => {
  const cases: [string, string, string[]][] = [
    [
      'a const in another function does not reach this one',
      "  return driver.get(P);\n}\nexport function other() {\n  const P = '/v1/runs';\n  return P;",
      [],
    ],
    [
      'a const in a block ends with the block',
      "  {\n    const P = '/v1/runs';\n    void P;\n  }\n  return driver.get(P);",
      [],
    ],
    [
      'a parameter shadows a module const',
      "  return driver.get('/runs');\n}\nconst P = '/v1/runs';\nexport function inner(driver: any, P: string) {\n  return driver.get(P);",
      [],
    ],
    [
      'an inner const shadows a module const',
      "  return driver.get('/runs');\n}\nconst P = '/v1/runs';\nexport function inner(driver: any) {\n  const P = '/runs';\n  return driver.get(P);",
      [],
    ],
    [
      'a let in a block shadows an outer const',
      "  const P = '/v1/runs';\n  {\n    let P = '/runs';\n    return driver.get(P);\n  }",
      [],
    ],
    [
      'a module const is seen from a function',
      "  return driver.get(P);\n}\nconst P = '/v1/runs';\nexport function unused() {",
      ["'/v1/runs'"],
    ],
    [
      'a const declared below its use in a closure',
      "  const get = () => driver.get(P);\n  const P = '/v1/runs';\n  return get();",
      ["'/v1/runs'"],
    ],
    [
      "a const's initialiser is read in the const's own scope",
      "  return driver.get(Q);\n}\nconst BASE = '/v1/tools';\nconst Q = BASE;\nexport function inner(BASE: string) {\n  return BASE;",
      ["'/v1/tools'"],
    ],
  ];

  it.each(cases)('%s', async (_title, body, needles) => {
    const { text, got } = await r2(body);
    expect(got).toEqual(at(text, ...needles));
  });
});

describe('R2: request-path positions', () => {
  const cases: [string, string, string[]][] = [
    [
      'every request method name',
      "  for (const m of [driver.put('/v1/a'), driver.patch('/v1/b'), driver.delete('/v1/c'), driver.head('/v1/d'), driver.options('/v1/e'), driver.request('/v1/f'), driver.fetch('/v1/g')]) void m;",
      ["'/v1/a'", "'/v1/b'", "'/v1/c'", "'/v1/d'", "'/v1/e'", "'/v1/f'", "'/v1/g'"],
    ],
    ['any receiver, optional call', "  return this_?.client?.get('/v1/x');", ["'/v1/x'"]],
    ['new URL(…)', "  return new URL('/v1/runs', 'http://h.example');", ["'/v1/runs'"]],
    ['exactly /v1', "  return driver.get('/v1');", ["'/v1'"]],
    ['a /v1? query', "  return driver.get('/v1?x=1');", ["'/v1?x=1'"]],
    ['a template head of exactly /v1', '  return driver.get(`/v1${suffix}`);', ['`/v1${']],
    ['a no-substitution template', '  return driver.get(`/v1/tools`);', ['`/v1/tools`']],
    ['parentheses', "  return driver.get(('/v1/tools'));", ["'/v1/tools'"]],
    ['both branches of a plain conditional', "  return driver.get(q ? '/v1/a' : '/v1/b');", ["'/v1/a'", "'/v1/b'"]],
    ['the left-most operand of a longer + chain', "  return driver.get('/v1/tools/' + id + '/x');", ["'/v1/tools/'"]],
    [
      'a const reached through another const',
      "  const BASE = '/v1/tools';\n  const P = BASE;\n  return driver.get(P);",
      ["'/v1/tools'"],
    ],
    [
      'a const used twice is reported once',
      "  const P = '/v1/runs';\n  await driver.get(P);\n  return driver.post(P, body);",
      ["'/v1/runs'"],
    ],
    ['a type assertion is transparent', "  return driver.get('/v1/tools' as string);", ["'/v1/tools'"]],
    ['a /v1 that is not left-most in a + chain is not a request path', "  return driver.get(q + '/v1/tools');", []],
    ['a second argument is not a request path', "  return driver.post(toolsPath(), '/v1/tools');", []],
    ['a let binding is not tracked', "  let P = '/v1/runs';\n  P += '';\n  return driver.get(P);", []],
    ['a literal outside any request is not flagged', "  const label = '/v1/tools';\n  return label;", []],
    [
      'expect(…, message) and softSkip(…) are message arguments',
      "  expect(1, '/v1/tools MUST answer').toBe(1);\n  return softSkip('/v1/tools not served');",
      [],
    ],
    [
      'test titles are not request paths',
      "  it('/v1/tools lists descriptors', () => {});\n  return describe('/v1/runs', () => {});",
      [],
    ],
    [
      'a request in a v1-only region after an early exit',
      "  if (targetMajor() === 2) return driver.get('/tools');\n  return driver.get('/v1/tools');",
      [],
    ],
    [
      'a const whose literal is in a v1-only branch',
      "  const P = targetMajor() === 1 ? '/v1/runs' : '/runs';\n  return driver.get(P);",
      [],
    ],
    ['a request in the v1 operand of &&', "  return targetMajor() === 1 && driver.get('/v1/tools');", []],
    ['a v2 branch is still checked', "  return targetMajor() === 2 ? driver.get('/v1/tools') : null;", ["'/v1/tools'"]],
  ];

  it.each(cases)('%s', async (_title, body, needles) => {
    const { text, got } = await r2(body);
    expect(got).toEqual(at(text, ...needles));
  });

  it('isV1RequestPath drops a scheme://authority before testing', () => {
    expect(isV1RequestPath('https://h.example:8443/v1/tools')).toBe(true);
    expect(isV1RequestPath('https://h.example/v1')).toBe(true);
    expect(isV1RequestPath('https://h.example/tools')).toBe(false);
    expect(isV1RequestPath('https://h.example/v1/host/sample/x')).toBe(false);
    expect(isV1RequestPath('/v1x')).toBe(false);
    expect(isV1RequestPath('v1/tools')).toBe(false);
  });
});
