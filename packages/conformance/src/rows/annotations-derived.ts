// §D.12: every published annotations object is the table applied to the descriptor's own
// safetyTier / replayPolicy / egress, all four hints present.
import { expectedHints } from './annotation-table.js';
import { readTools, toolIdOf } from './catalog.js';
import { firstDifference } from './compare.js';
import { catalogGate, fail, inapplicable, pass } from './row.js';
import type { Row } from './row.js';

export const annotationsDerived: Row = {
  id: 'annotations-derived',
  rfc: '§D.12',
  advisory: false,
  majors: [2],
  invariants: ['tool-annotations-untrusted'],
  summary: "every descriptor's annotations equal the suite's table applied to its safetyTier, replayPolicy and egress",
  async run(ctx) {
    const gate = catalogGate(ctx);
    if (gate !== undefined) return gate;
    const read = await readTools(ctx.host);
    if ('problem' in read) return fail(read.problem);
    const annotated = read.tools.filter((d) => d['annotations'] !== undefined);
    if (annotated.length === 0) return inapplicable('no descriptor carries annotations');
    const wrong: string[] = [];
    for (const d of annotated) {
      const expected = expectedHints(d);
      if (expected === undefined) {
        wrong.push(`${toolIdOf(d)}: safetyTier, replayPolicy or egress is outside the vocabulary`);
        continue;
      }
      const diff = firstDifference(d['annotations'], expected, '$.annotations');
      if (diff !== undefined) wrong.push(`${toolIdOf(d)}: ${diff}`);
    }
    if (wrong.length > 0)
      return fail(
        `${wrong.length} of ${annotated.length} annotated descriptors depart from the table; first: ${wrong[0]}`,
      );
    return pass(`${annotated.length} annotated descriptors, all as the table derives`);
  },
};
