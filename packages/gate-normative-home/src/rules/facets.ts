import type { Diagnostic } from '@openwop-spec/diagnostics';
import type { Classification } from '@openwop-spec/families';
import { ruleCatalog } from '@openwop-spec/gate-api';
import { GATE_ID } from '../id.js';
import { BASELINE, DECLARATION, TOOL_CATALOG, TOOL_CATALOG_ROW } from './examples.js';

/** Every declared facet is named by a home of its family. */
export const rules = ruleCatalog(GATE_ID, {
  'home/facet-uncovered': {
    severity: 'warning',
    summary:
      'No home of the family names a declared facet (bare or as key.facet); counted by the facetsUncovered ratchet.',
    fail: {
      says: 'toolCatalog declares the facet maxTools, which tool-catalog.md never names; the baseline already counts one uncovered facet (at 0, home/ratchet-grew would follow from it).',
      edits: [
        { file: DECLARATION, set: `${TOOL_CATALOG_ROW}/facets/-`, to: 'maxTools' },
        { file: BASELINE, set: '/facetsUncovered', to: 1 },
      ],
    },
    pass: {
      says: 'tool-catalog.md names `toolCatalog.maxTools` (and the baseline counts none uncovered).',
      edits: [
        { file: DECLARATION, set: `${TOOL_CATALOG_ROW}/facets/-`, to: 'maxTools' },
        {
          file: TOOL_CATALOG,
          replace: 'MUST list every tool it can run.',
          with: 'MUST list every tool it can run, at most `toolCatalog.maxTools` of them.',
        },
      ],
    },
    fix: 'Name the facet in a core, ext or v1 home of the family.',
    message: (d: { key: string; facet: string }) => `${d.key}.${d.facet}: no home of ${d.key} names this facet`,
    hint: (d: { key: string; facet: string }) =>
      `name \`${d.key}.${d.facet}\` in one of its homes, or drop it from facets[]`,
  },
});

/** A warning for each declared facet no home of its family names. */
export function facetDiagnostics(c: Classification): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const f of c.families) {
    for (const facet of f.facets) {
      if (facet.covered) continue;
      const related = f.homes
        .filter((h) => h.class === 'core' || h.class === 'ext' || h.class === 'v1')
        .map((h) => ({ file: h.path, start: { line: 1, column: 1 }, message: `a home of ${f.key}` }));
      const causes = { subjects: [`family:${f.key}`], explains: ['ratchet:facetsUncovered'] };
      out.push(
        rules.diagnostic(
          'home/facet-uncovered',
          { key: f.key, facet: facet.name },
          { file: c.file, start: facet.at.start, end: facet.at.end, related },
          causes,
        ),
      );
    }
  }
  return out;
}
