// §D.13 (a SHOULD, so an advisory row): two reads of an unchanged catalog are deep-equal and in
// UTF-16 code-unit order of toolId. A miss is `advisory-miss`, never `fail`.
import { readTools, toolIdOf } from './catalog.js';
import { firstDifference } from './compare.js';
import { advisoryMiss, blocked, catalogGate, inapplicable, pass } from './row.js';
import type { Row } from './row.js';

export const catalogOrder: Row = {
  id: 'catalog-order',
  rfc: '§D.13',
  advisory: true,
  majors: [2],
  summary: 'two GET /tools reads are deep-equal and sorted by toolId in code-unit order',
  async run(ctx) {
    const gate = catalogGate(ctx);
    if (gate !== undefined) return gate;
    const first = await readTools(ctx.host);
    const second = await readTools(ctx.host);
    if ('problem' in first) return blocked(first.problem);
    if ('problem' in second) return blocked(second.problem);
    const diff = firstDifference(second.tools, first.tools);
    if (diff !== undefined) return advisoryMiss(`two reads of an unchanged catalog differ: ${diff}`);
    if (first.tools.length < 2) return inapplicable('fewer than two tools: the order is unobservable');
    const ids = first.tools.map(toolIdOf);
    for (let i = 1; i < ids.length; i++) {
      // `<=` on strings is UTF-16 code-unit order; never localeCompare or Intl.Collator. A repeated
      // toolId is catalog-toolids' business, not an order miss.
      if (!(ids[i - 1]! <= ids[i]!)) {
        return advisoryMiss(`"${ids[i - 1]}" is listed before "${ids[i]}"; code-unit order puts it after`);
      }
    }
    return pass(`${ids.length} tools, two reads deep-equal, in code-unit order`);
  },
};
