import { EXAMPLE_FILES } from '@openwop-spec/diagnostics';
import { ruleCatalog } from '@openwop-spec/gate-api';

export const GATE_ID = 'references';

// The rule examples add a citation to a document of the example repository.
const CATALOG = EXAMPLE_FILES.toolCatalog;
/** RFC 0204 of the example repository with a paragraph after its title. */
const rfc = (paragraph: string) => ({
  file: EXAMPLE_FILES.rfc,
  write: `# RFC 0204: the v2 host MCP client\n\n${paragraph}\n`,
});

/** Every rule the references gate can emit. */
export const rules = ruleCatalog(GATE_ID, {
  'refs/missing-path': {
    severity: 'error',
    summary:
      'A document cites a path (a file, a folder or a glob) that is not in the repository, looked up from its folder, its package, the root and the folders a bare document name conventionally means.',
    fail: {
      says: 'The tool catalog cites RFC 0204 by a file name the RFC does not have.',
      edits: [{ file: CATALOG, replace: 'it can run.', with: 'it can run (see `RFCS/0204-mcp-client.md`).' }],
    },
    pass: {
      says: 'It cites the file the RFC is in.',
      edits: [{ file: CATALOG, replace: 'it can run.', with: 'it can run (see `RFCS/0204-v2-host-mcp-client.md`).' }],
    },
    fix: 'Correct the path, create the file, or, for a path named on purpose without being held, list it under references.absent in openwop-spec.config.json with the reason.',
    message: (d: { token: string }) => `cites ${d.token}, which is not a file or folder in the repository`,
  },
  'refs/unknown-rule': {
    severity: 'error',
    summary: 'A document cites a rule id with a gate’s prefix that no gate defines, and that is no path either.',
    fail: {
      says: 'The RFC names the normative-home finding with a misspelt rule id.',
      edits: [rfc('Until a v2 document homes it, `toolCatalog` is reported as `home/unclamed`.')],
    },
    pass: {
      says: 'It names the rule id the normative-home gate defines.',
      edits: [rfc('Until a v2 document homes it, `toolCatalog` is reported as `home/unclaimed`.')],
    },
    fix: 'Correct the rule id (openwop-spec explain <gate> lists a gate’s rule ids).',
    message: (d: { token: string }) =>
      `cites ${d.token}, which is neither a rule id any gate defines nor a path in the repository`,
  },
  'refs/missing-heading': {
    severity: 'error',
    summary:
      'A document cites a section (§ Title, §B, §4.4) or an anchor (#title) of a markdown document that has no such heading.',
    fail: {
      says: 'The RFC cites a section of the tool catalog by a title its heading does not have.',
      edits: [rfc('A host lists every tool it can run (`tool-catalog.md` § Tool catalogue).')],
    },
    pass: {
      says: 'It cites the heading as the document writes it.',
      edits: [rfc('A host lists every tool it can run (`tool-catalog.md` § Tool catalog).')],
    },
    fix: 'Cite a heading the document has (its text, its § label or number, or its GitHub anchor), or rename the heading back.',
    message: (d: { token: string; wanted: string; target: string }) =>
      `cites ${d.token} ${d.wanted}, but ${d.target} has no such heading`,
  },
  'refs/not-markdown': {
    severity: 'error',
    summary: 'A document cites a section or an anchor of a file that is not a markdown document.',
    fail: {
      says: "The RFC cites the declaration's families as a section, but the declaration is JSON.",
      edits: [rfc('Each family is a row of `spec/v2/declaration.json` § families.')],
    },
    pass: {
      says: 'It cites them with a JSON pointer into the file.',
      edits: [rfc('Each family is a row of `spec/v2/declaration.json#/families`.')],
    },
    fix: 'Cite the file alone, a JSON pointer into it (#/pointer after the file name), or the markdown document that has the section.',
    message: (d: { token: string }) => `cites a section of ${d.token}, which is not a markdown document`,
  },
  'refs/missing-pointer': {
    severity: 'error',
    summary: 'A document cites a JSON pointer (#/a/b after a file name) that names nothing in the cited JSON file.',
    fail: {
      says: "The RFC points into the first family's row at `owningRFC`, a member the row does not have (it is `owningRfc`).",
      edits: [
        rfc(
          'The declaration records this RFC as the owner of `toolCatalog` at `spec/v2/declaration.json#/families/0/owningRFC`.',
        ),
      ],
    },
    pass: {
      says: 'It points at `owningRfc`.',
      edits: [
        rfc(
          'The declaration records this RFC as the owner of `toolCatalog` at `spec/v2/declaration.json#/families/0/owningRfc`.',
        ),
      ],
    },
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
      says: "The configuration still lists heartbeat's v2 home as cited on purpose before it exists, and the document has now been written.",
      edits: [
        {
          file: 'spec/v1/heartbeat.md',
          replace: 'per `heartbeat.deliveryChannel`.',
          with: 'per `heartbeat.deliveryChannel`. Its v2 home is `spec/v2/core/heartbeat.md`.',
        },
        { file: 'spec/v2/core/heartbeat.md', write: '# Heartbeat\n' },
        {
          file: 'openwop-spec.config.json',
          write:
            '{ "references": { "absent": { "spec/v2/core/heartbeat.md": "written when heartbeat moves to v2" } } }\n',
        },
      ],
    },
    pass: {
      says: 'The same citation and document, with the entry removed.',
      edits: [
        {
          file: 'spec/v1/heartbeat.md',
          replace: 'per `heartbeat.deliveryChannel`.',
          with: 'per `heartbeat.deliveryChannel`. Its v2 home is `spec/v2/core/heartbeat.md`.',
        },
        { file: 'spec/v2/core/heartbeat.md', write: '# Heartbeat\n' },
      ],
    },
    fix: 'Remove the entry from references.absent.',
    message: (d: { path: string; exists: boolean }) =>
      d.exists
        ? `references.absent lists ${d.path}, which exists now`
        : `references.absent lists ${d.path}, which no document cites any more`,
  },
});
