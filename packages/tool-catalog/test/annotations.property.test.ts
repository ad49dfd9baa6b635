import { describe, expect, it } from 'vitest';
import { annotationsOf } from '../src/annotations.js';
import { combinations, NAMED_NEGATIVE, propertyFailures } from './annotation-property.js';
import { compile, errorsOf, loadSchema } from './schema-helpers.js';

describe('annotation table × tool-descriptor.schema.json (RFC 0204 §D.12)', () => {
  it('covers exactly 80 distinct combinations', () => {
    // toolIds follow upstream's naming, which spells absent egress and egress "none" alike, so count the fields.
    const keys = new Set(
      combinations().map(({ bare }) =>
        JSON.stringify([bare.safetyTier, bare.replayPolicy ?? null, bare.egress ?? null]),
      ),
    );
    expect(combinations()).toHaveLength(80);
    expect(keys.size).toBe(80);
  });

  it('holds for every combination against the schema file', () => {
    expect(propertyFailures(compile(loadSchema('tool-descriptor')))).toEqual([]);
  });

  it('holds with allErrors on too', () => {
    expect(propertyFailures(compile(loadSchema('tool-descriptor'), { allErrors: true }))).toEqual([]);
  });

  it('rejects the named negative at annotations.readOnlyHint and destructiveHint', () => {
    const v = compile(loadSchema('tool-descriptor'), { allErrors: true });
    const errors = errorsOf(v, NAMED_NEGATIVE);
    expect(errors).toContain('const@/annotations/readOnlyHint');
    expect(errors).toContain('const@/annotations/destructiveHint');
  });

  it('spot-checks the table on the edge cases the RFC names', () => {
    expect(annotationsOf({ safetyTier: 'pure' })).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(annotationsOf({ safetyTier: 'write', replayPolicy: 'idempotent', egress: 'none' })).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    });
  });
});
