// §D.12 on the wire: the corpus test of the annotation table. The descriptor schema, compiled in a
// fresh Ajv (2020-12, strict, strictTypes off because the table's `properties` carry no `type`),
// must accept every one of the 80 tier × replay × egress combinations bare and correctly annotated,
// and reject each flipped hint, each omitted hint, `annotations.title` and the named negative.
import { createAjv } from '@openwop-spec/spec-tree';
import type { ValidateFunction } from '@openwop-spec/spec-tree';
import { EGRESS_HINTS, HINTS, REPLAY_HINTS, TIER_HINTS } from './annotation-table.js';
import type { Hints } from './annotation-table.js';
import { fail, pass } from './row.js';
import type { Row, RowResult } from './row.js';

/** The table's named negative: a write tool repeating a server's read-only claim. */
export const NAMED_NEGATIVE = {
  toolId: 'mcp:conformance.readonly-claim',
  source: 'mcp',
  safetyTier: 'write',
  title: 'readonly-claim',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
};

interface Combination {
  bare: Record<string, unknown>;
  expected: Hints;
}

/** The 80 combinations, toolIds as upstream names them. */
export function combinations(): Combination[] {
  const out: Combination[] = [];
  for (const [tier, [readOnlyHint, destructiveHint]] of Object.entries(TIER_HINTS)) {
    for (const [replay, idempotentHint] of REPLAY_HINTS) {
      for (const [egress, openWorldHint] of EGRESS_HINTS) {
        const bare: Record<string, unknown> = {
          toolId: `x-host-conformance.t-${tier}-${replay ?? 'none'}-${egress ?? 'none'}`,
          source: tier === 'exec' ? 'host-extension' : 'mcp',
          safetyTier: tier,
          // An MCP descriptor always carries its display name.
          title: `t-${tier}-${replay ?? 'none'}-${egress ?? 'none'}`,
        };
        if (replay !== undefined) bare['replayPolicy'] = replay;
        if (egress !== undefined) bare['egress'] = egress;
        out.push({ bare, expected: { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } });
      }
    }
  }
  return out;
}

/** Every way the property fails against `validate`, in a fixed order; empty when it holds. */
export function propertyViolations(validate: ValidateFunction): string[] {
  const violations: string[] = [];
  const must = (ok: boolean, what: string) => {
    if (!ok) violations.push(what);
  };
  for (const { bare, expected } of combinations()) {
    const id = String(bare['toolId']);
    must(validate(bare), `${id}: the bare descriptor is rejected`);
    must(validate({ ...bare, annotations: expected }), `${id}: the correctly annotated descriptor is rejected`);
    for (const hint of HINTS) {
      must(
        !validate({ ...bare, annotations: { ...expected, [hint]: !expected[hint] } }),
        `${id}: ${hint} flipped is accepted`,
      );
      const omitted: Partial<Hints> = { ...expected };
      delete omitted[hint];
      must(!validate({ ...bare, annotations: omitted }), `${id}: ${hint} omitted is accepted`);
    }
    must(!validate({ ...bare, annotations: { ...expected, title: 'x' } }), `${id}: annotations.title is accepted`);
  }
  must(!validate(NAMED_NEGATIVE), 'the named negative (write with readOnlyHint: true) is accepted');
  return violations;
}

/** Compiles schema text in a fresh Ajv, so a sabotaged copy never shares a cache with the real schema. */
export function compileDescriptorSchema(text: string): ValidateFunction {
  return createAjv({ strictTypes: false }).compile(JSON.parse(text) as object);
}

export const annotationsSchema: Row = {
  id: 'annotations-schema',
  rfc: '§D.12 wire',
  advisory: false,
  majors: [1, 2],
  corpus: true,
  invariants: ['tool-annotations-untrusted'],
  summary: 'tool-descriptor.schema.json holds the 80-combination annotation property',
  async run(ctx) {
    // The verdict is a function of the schema text alone; every host and mutant of a run shares it.
    let verdict = verdicts.get(ctx.descriptorSchemaText);
    if (verdict === undefined) {
      verdict = judgeSchema(ctx.descriptorSchemaText);
      verdicts.set(ctx.descriptorSchemaText, verdict);
    }
    return verdict;
  },
};

const verdicts = new Map<string, RowResult>();

function judgeSchema(text: string): RowResult {
  let validate: ValidateFunction;
  try {
    validate = compileDescriptorSchema(text);
  } catch (err) {
    return fail(`the descriptor schema does not compile: ${err instanceof Error ? err.message : String(err)}`);
  }
  const violations = propertyViolations(validate);
  if (violations.length > 0) return fail(`${violations.length} property violation(s); first: ${violations[0]}`);
  return pass('80 combinations: bare and annotated accepted; flipped, omitted, titled and the named negative rejected');
}
