import { ruleCatalog } from '@openwop-spec/gate-api';

export const GATE_ID = 'references';

/** Every rule the references gate can emit. */
export const rules = ruleCatalog(GATE_ID, {
  'refs/missing-path': {
    severity: 'error',
    summary:
      'A document cites a path (a file, a folder or a glob) that is not in the repository, looked up from its folder, its package, the root and the folders a bare document name conventionally means.',
    fail: { says: 'See `spec/v2/core/gone.md`.', edits: [] },
    pass: { says: 'See `spec/v2/core/tool-catalog.md`.', edits: [] },
    fix: 'Correct the path, create the file, or, for a path named on purpose without being held, list it under references.absent in openwop-spec.config.json with the reason.',
    message: (d: { token: string }) => `cites ${d.token}, which is not a file or folder in the repository`,
  },
  'refs/unknown-rule': {
    severity: 'error',
    summary: 'A document cites a rule id with a gate’s prefix that no gate defines, and that is no path either.',
    fail: { says: 'Emits `home/no-such-rule`.', edits: [] },
    pass: { says: 'Emits `home/unclaimed`.', edits: [] },
    fix: 'Correct the rule id (openwop-spec explain <gate> lists a gate’s rule ids).',
    message: (d: { token: string }) =>
      `cites ${d.token}, which is neither a rule id any gate defines nor a path in the repository`,
  },
  'refs/missing-heading': {
    severity: 'error',
    summary:
      'A document cites a section (§ Title, §B, §4.4) or an anchor (#title) of a markdown document that has no such heading.',
    fail: { says: '`tool-catalog.md` § The descriptor, where no heading says it', edits: [] },
    pass: { says: '`tool-catalog.md` § The catalog', edits: [] },
    fix: 'Cite a heading the document has (its text, its § label or number, or its GitHub anchor), or rename the heading back.',
    message: (d: { token: string; wanted: string; target: string }) =>
      `cites ${d.token} ${d.wanted}, but ${d.target} has no such heading`,
  },
  'refs/not-markdown': {
    severity: 'error',
    summary: 'A document cites a section or an anchor of a file that is not a markdown document.',
    fail: { says: '`spec/v2/declaration.json` § families', edits: [] },
    pass: { says: '`spec/v2/declaration.json#/families`', edits: [] },
    fix: 'Cite the file alone, a JSON pointer into it (#/pointer after the file name), or the markdown document that has the section.',
    message: (d: { token: string }) => `cites a section of ${d.token}, which is not a markdown document`,
  },
  'refs/missing-pointer': {
    severity: 'error',
    summary: 'A document cites a JSON pointer (#/a/b after a file name) that names nothing in the cited JSON file.',
    fail: { says: '`spec/v2/data.json#/a/constructor`', edits: [] },
    pass: { says: '`spec/v2/data.json#/a/b/0`', edits: [] },
    fix: 'Correct the pointer (each `/` step names an own member or an array index), or the file it points into.',
    message: (d: { target: string; pointer: string; json: boolean }) =>
      d.json
        ? `cites ${d.target}#${d.pointer}, which names nothing in it`
        : `cites ${d.target}#${d.pointer}, but ${d.target} is not JSON`,
  },
  'refs/absent-stale': {
    severity: 'error',
    summary:
      'openwop-spec.config.json lists under references.absent a path that now exists, or that no document cites any more.',
    fail: {
      says: '"references": {"absent": {"spec/v2/overview.md": "an example"}} once spec/v2/overview.md exists',
      edits: [],
    },
    pass: { says: 'the entry removed', edits: [] },
    fix: 'Remove the entry from references.absent.',
    message: (d: { path: string; exists: boolean }) =>
      d.exists
        ? `references.absent lists ${d.path}, which exists now`
        : `references.absent lists ${d.path}, which no document cites any more`,
  },
});
