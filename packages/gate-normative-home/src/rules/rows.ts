import type { Diagnostic } from '@openwop-spec/diagnostics';
import type { Classification } from '@openwop-spec/families';
import { ruleCatalog } from '@openwop-spec/gate-api';
import { GATE_ID } from '../id.js';

/** The declaration's family rows: each key once, and only where the gates read rows. */
export const rules = ruleCatalog(GATE_ID, {
  'home/stray-family': {
    severity: 'error',
    summary:
      'A family-shaped object (key, anchor, kind "family") sits somewhere other than directly in /families, where no gate evaluates it.',
    fail: { says: '{"profiles": [{"key": "x", "anchor": "core", "kind": "family"}]}', edits: [] },
    pass: { says: '{"families": [{"key": "x", "anchor": "core", "kind": "family"}]}', edits: [] },
    fix: 'Move the row into the top-level families array, or remove it.',
    message: (d: { key: string; pointer: string }) =>
      `family-shaped object "${d.key}" at ${d.pointer} is not directly in /families, so no gate evaluates it`,
  },
  'home/duplicate-family': {
    severity: 'error',
    summary: 'Two live family rows share a key; only the first is evaluated.',
    fail: { says: 'families: [{"key": "mcp", …}, {"key": "mcp", …}]', edits: [] },
    pass: { says: 'families: [{"key": "mcp", …}]', edits: [] },
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
