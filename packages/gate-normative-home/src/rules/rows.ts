import type { Diagnostic } from '@openwop-spec/diagnostics';
import type { Classification } from '@openwop-spec/families';
import { ruleCatalog } from '@openwop-spec/gate-api';
import { GATE_ID } from '../id.js';
import { DECLARATION, TIMERS, TIMERS_TEXT, familyRow } from './examples.js';

/** The declaration's family rows: each key once, and only where the gates read rows. */
export const rules = ruleCatalog(GATE_ID, {
  'home/stray-family': {
    severity: 'error',
    summary:
      'A family-shaped object (key, anchor, kind "family") sits somewhere other than directly in /families, where no gate evaluates it.',
    fail: {
      says: 'A new profile lists heartbeat by pasting its row where the family’s key belongs.',
      edits: [
        {
          file: DECLARATION,
          set: '/profiles/-',
          to: { id: 'agent-host', predicate: { families: [{ key: 'heartbeat', kind: 'family', anchor: 'core' }] } },
        },
      ],
    },
    pass: {
      says: 'The profile lists heartbeat by its key.',
      edits: [
        { file: DECLARATION, set: '/profiles/-', to: { id: 'agent-host', predicate: { families: ['heartbeat'] } } },
      ],
    },
    fix: 'Move the row into the top-level families array, or remove it.',
    message: (d: { key: string; pointer: string }) =>
      `family-shaped object "${d.key}" at ${d.pointer} is not directly in /families, so no gate evaluates it`,
  },
  'home/duplicate-family': {
    severity: 'error',
    summary: 'Two live family rows share a key; only the first is evaluated.',
    fail: {
      says: 'A new family’s row, copied from toolCatalog’s, still has the key toolCatalog: the copy is never evaluated.',
      edits: [
        {
          file: DECLARATION,
          set: '/families/-',
          to: { ...familyRow('timers', { normativeText: [TIMERS] }), key: 'toolCatalog' },
        },
      ],
    },
    pass: {
      says: 'The row has its own key, timers, and its home claims it.',
      edits: [
        { file: TIMERS, write: TIMERS_TEXT },
        { file: DECLARATION, set: '/families/-', to: familyRow('timers', { normativeText: [TIMERS] }) },
      ],
    },
    fix: 'Remove this row, or rename its key.',
    message: (d: { key: string; first: string }) =>
      `family key "${d.key}" repeats the row at ${d.first}, and only the first row is evaluated`,
  },
});

/** Family-shaped rows outside /families, and repeated keys. */
export function rowDiagnostics(c: Classification): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const s of c.stray)
    out.push(
      rules.diagnostic(
        'home/stray-family',
        { key: s.key, pointer: s.pointer },
        { file: c.file, start: s.at.start, end: s.at.end },
      ),
    );
  for (const d of c.duplicates)
    out.push(
      rules.diagnostic(
        'home/duplicate-family',
        { key: d.key, first: d.first },
        { file: c.file, start: d.at.start, end: d.at.end },
        { subjects: [`family:${d.key}`] },
      ),
    );
  return out;
}
