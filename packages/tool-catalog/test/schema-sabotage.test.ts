// Each sabotage of tool-descriptor.schema.json loads a modified copy into a fresh Ajv. The copy must
// still compile (so red comes from the property, not from a broken schema), and the annotation-table property
// must go red. These are the `.annotations-schema` mutants of the conformance suite.
import { describe, expect, it } from 'vitest';
import { NAMED_NEGATIVE, propertyFailures } from './annotation-property.js';
import { compile, loadSchema } from './schema-helpers.js';

type Json = Record<string, any>;
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];

/** The indexes in allOf of the annotation table's clauses: the ones whose `then` constrains annotations. */
function tableClauseIndexes(schema: Json): number[] {
  return (schema['allOf'] as Json[]).flatMap((c, i) => (c['then']?.properties?.annotations ? [i] : []));
}

describe('tool-descriptor.schema.json sabotage', () => {
  const pristine = loadSchema('tool-descriptor') as Json;

  it('has exactly 8 table clauses, two per hint, beside the exec and MCP-title clauses', () => {
    const idx = tableClauseIndexes(pristine);
    expect(idx).toHaveLength(8);
    const hints = idx.map((i) => Object.keys(pristine['allOf'][i].then.properties.annotations.properties)[0]);
    for (const h of HINTS) expect(hints.filter((x) => x === h)).toHaveLength(2);
    expect(pristine['allOf']).toHaveLength(10);
  });

  it('the pristine schema passes the property (control)', () => {
    expect(propertyFailures(compile(pristine))).toEqual([]);
  });

  for (let n = 0; n < 8; n++) {
    it(`deleting table clause ${n + 1} of 8 turns the property red`, () => {
      const s = structuredClone(pristine);
      const at = tableClauseIndexes(s)[n]!;
      (s['allOf'] as Json[]).splice(at, 1);
      expect(propertyFailures(compile(s)).length).toBeGreaterThan(0);
    });
  }

  it('dropping the annotations `required` turns the property red', () => {
    const s = structuredClone(pristine);
    delete s['properties'].annotations.required;
    const failures = propertyFailures(compile(s));
    expect(failures.some((f) => f.includes('omitted accepted'))).toBe(true);
  });

  it('opening annotations with additionalProperties: true turns the property red', () => {
    const s = structuredClone(pristine);
    s['properties'].annotations.additionalProperties = true;
    const failures = propertyFailures(compile(s));
    expect(failures.some((f) => f.includes('annotations.title accepted'))).toBe(true);
  });

  it('an MCP descriptor without a title is stopped by the MCP-title clause: without it, it validates', () => {
    const untitled = { toolId: 'mcp:docs.search', source: 'mcp', safetyTier: 'read' };
    expect(compile(pristine)(untitled)).toBe(false);
    const s = structuredClone(pristine);
    s['allOf'] = (s['allOf'] as Json[]).filter((c) => c['if']?.properties?.source?.const !== 'mcp');
    expect(s['allOf']).toHaveLength(9);
    expect(compile(s)(untitled)).toBe(true);
  });

  it('the named negative is stopped by the write-tier clauses: without them it validates', () => {
    const s = structuredClone(pristine);
    const clauses = s['allOf'] as Json[];
    // The named negative also fails destructiveHint; remove both write-tier clauses to isolate it.
    s['allOf'] = clauses.filter((c) => !c['if']?.properties?.safetyTier?.enum?.includes('write'));
    expect(compile(s)(NAMED_NEGATIVE)).toBe(true);
    expect(compile(pristine)(NAMED_NEGATIVE)).toBe(false);
  });

  it('deleting the exec clause lets an exec tool from an MCP server through', () => {
    const execMcp = { toolId: 'mcp:ops.shell', source: 'mcp', safetyTier: 'exec', title: 'shell' };
    expect(compile(pristine)(execMcp)).toBe(false);
    const s = structuredClone(pristine);
    s['allOf'] = (s['allOf'] as Json[]).filter((c) => c['if']?.properties?.safetyTier?.const !== 'exec');
    expect(s['allOf']).toHaveLength(9);
    expect(compile(s)(execMcp)).toBe(true);
  });
});
