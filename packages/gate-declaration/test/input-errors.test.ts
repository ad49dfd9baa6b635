// An input that is missing or breaks its own format is an input error
// (exit 2) naming the file and position, before any rule runs.
import { describe, expect, it } from 'vitest';
import { BASE, corpusFiles, fixture, generate, json, mcpFacetFile, pos } from './corpus.js';

const BASE_FILE = 'spec/v2/capability-record.base.json';
const MCP_FILE = 'spec/v2/facets/mcp.schema.json';

function inputError(files: Record<string, string | null>) {
  const f = fixture(corpusFiles());
  f.write(files);
  try {
    generate(f.tree());
  } catch (err) {
    return err as {
      name: string;
      message: string;
      location?: { file: string; start?: { line: number; column: number } };
    };
  }
  throw new Error('expected an input error');
}

describe('the record base holds exactly properties.status/since/until and an allOf array', () => {
  it('an extra top-level key', () => {
    const text = json({ ...BASE, required: ['status'] });
    const e = inputError({ [BASE_FILE]: text });
    expect(e.name).toBe('InputError');
    expect(e.message).toBe(`${BASE_FILE}: the record base holds only properties and allOf (found required)`);
    expect(e.location).toEqual({ file: BASE_FILE, start: expect.objectContaining(pos(text, '[', '\n  "required": ')) });
  });
  it('an extra or missing record field', () => {
    expect(
      inputError({ [BASE_FILE]: json({ ...BASE, properties: { ...BASE.properties, witness: {} } }) }).message,
    ).toBe(`${BASE_FILE}: the record base's properties are exactly status, since and until (found witness)`);
    const { until, ...partial } = BASE.properties;
    expect(until).toBeDefined();
    expect(inputError({ [BASE_FILE]: json({ ...BASE, properties: partial }) }).message).toBe(
      `${BASE_FILE}: the record base's properties lack until`,
    );
  });
  it('no allOf array', () => {
    expect(inputError({ [BASE_FILE]: json({ properties: BASE.properties }) }).message).toBe(
      `${BASE_FILE}: the record base must have an allOf array`,
    );
  });
  it('a missing record base names the command creating it and why the gate needs it', () => {
    const e = inputError({ [BASE_FILE]: null });
    expect(e).toMatchObject({
      name: 'InputError',
      message:
        `${BASE_FILE} does not exist — \`pnpm exec openwop-spec init\` copies it from a record of the committed schemas/v2/capabilities.schema.json; ` +
        'the gate starts every capability record it generates with its status, since, until and allOf',
      location: { file: BASE_FILE },
    });
  });
});

describe('other inputs', () => {
  it('a facet file without a properties object', () => {
    const e = inputError({ [MCP_FILE]: json({ type: 'object', required: [] }) });
    expect(e.message).toBe(`${MCP_FILE}: a facet file must have a properties object (its facets)`);
    expect(e.location).toEqual({ file: MCP_FILE, start: expect.objectContaining({ line: 1, column: 1 }) });
  });
  it('a facet file whose required is not an array of strings', () => {
    const text = json(mcpFacetFile(undefined, { required: 'revisions' }));
    expect(inputError({ [MCP_FILE]: text }).location?.start).toMatchObject(
      pos(text, '"revisions"', '"client"', '"required"'),
    );
  });
  it('a duplicate key in the declaration, at its second occurrence', () => {
    const e = inputError({ 'spec/v2/declaration.json': '{\n  "version": "2.0",\n  "version": "2.1"\n}\n' });
    expect(e).toMatchObject({
      name: 'InputError',
      location: { file: 'spec/v2/declaration.json', start: { line: 3, column: 3 } },
    });
  });
  it('a v1 schema without properties, or missing', () => {
    expect(inputError({ 'schemas/capabilities.schema.json': json({ type: 'object' }) }).message).toBe(
      'schemas/capabilities.schema.json: the v1 capabilities schema must have a properties object',
    );
    expect(inputError({ 'schemas/capabilities.schema.json': null }).message).toBe(
      'schemas/capabilities.schema.json does not exist',
    );
  });
  it('a metadata shape that is not an object', () => {
    expect(inputError({ 'spec/v2/metadata/preferredVersion.schema.json': '[]\n' }).message).toBe(
      'spec/v2/metadata/preferredVersion.schema.json: a metadata shape must be a JSON Schema object',
    );
  });
});
