import type { Diagnostic, Point, RelatedLocation } from '@openwop-spec/diagnostics';
import { headerRegion, homeDocument, nameOf, names } from '@openwop-spec/families';
import { nearest } from '@openwop-spec/diagnostics';
import type { Nodes, Root } from 'mdast';
import type {
  Classification,
  DocumentRef,
  FamilyFinding,
  FamilyResult,
  HomeFinding,
  HomeResult,
} from '@openwop-spec/families';
import { ruleCatalog } from '@openwop-spec/gate-api';
import type { Location } from '@openwop-spec/gate-api';
import type { PathProblem, SpecTree } from '@openwop-spec/spec-tree';
import { GATE_ID } from '../id.js';
import {
  BANKED,
  DECLARATION,
  HEARTBEAT_MOVES,
  HEARTBEAT_ROW,
  HEARTBEAT_V1,
  HEARTBEAT_V2,
  TOOL_CATALOG,
  TOOL_CATALOG_ROW,
  TOOL_RESULTS,
  secondHome,
  toolResults,
} from './examples.js';

/** tool-catalog.md's section, as the example repository has it. */
const TOOL_CATALOG_SECTION = '## `toolCatalog`\n\nA host advertising `toolCatalog` MUST list every tool it can run.';
const SPLIT_OBLIGATION =
  'A host advertising `toolCatalog` publishes its tool list.\n\nEach tool in the list MUST have a name.';
/** spec/v1/heartbeat.md's section up to its facets, as the example repository has it. */
const HEARTBEAT_SECTION =
  '## `heartbeat`\n\nA host advertising `heartbeat` MUST run scheduled heartbeats no more often than `heartbeat.minIntervalSec`, MUST cancel a beat that runs longer than `heartbeat.maxRuntimeMs`, and delivers each per `heartbeat.deliveryChannel`.';
const BEATS =
  'MUST run scheduled beats no more often than `minIntervalSec`, MUST cancel a beat that runs longer than `maxRuntimeMs`, and delivers each per `deliveryChannel`.';
const SEAMS = 'spec/v1/host-sample-test-seams.md';
const SEAMS_TEXT =
  '# Host sample test seams\n\n> **Status: Stable · v1.0.**\n\n## `heartbeat`\n\nA test MAY trigger a beat through `POST /test/heartbeat`.\n';
const TOOL_FACETS = 'spec/v2/facets/toolCatalog.schema.json';
const TOOL_FACETS_TEXT = `${JSON.stringify(
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    description: 'Facets of the toolCatalog record.',
    type: 'object',
    properties: { maxTools: { type: 'integer', minimum: 1 } },
  },
  null,
  2,
)}\n`;
const TOOL_EXT = 'spec/v2/ext/tool-catalog/README.md';

interface Home {
  key: string;
  path: string;
}

/** The home predicates: every declared home of a core family is a real, normative document that claims and carries it. */
export const rules = ruleCatalog(GATE_ID, {
  'home/bad-path': {
    severity: 'error',
    summary: 'A normativeText entry is not a canonical repository-relative path.',
    fail: {
      says: 'toolCatalog’s new home is listed with a leading ./ segment.',
      edits: secondHome('./spec/v2/core/tool-results.md'),
    },
    pass: {
      says: 'The same home, listed as its repository path.',
      edits: secondHome(TOOL_RESULTS),
    },
    fix: 'Write the path relative to the repository root, with / separators and no empty, . or .. segments.',
    message: (d: Home & { reason: PathProblem }) =>
      `${d.key}: normativeText entry "${d.path}" is not a canonical repository-relative path (${d.reason})`,
  },
  'home/wrong-extension': {
    severity: 'error',
    summary: 'A prose home (core, ext, v1) is not a .md file, or a schema co-pointer is not a .json file.',
    fail: {
      says: 'toolCatalog’s new home is listed without its .md extension.',
      edits: secondHome('spec/v2/core/tool-results'),
    },
    pass: {
      says: 'The same home, listed with it.',
      edits: secondHome(TOOL_RESULTS),
    },
    fix: 'Point normativeText at the markdown document (prose) or the JSON schema (co-pointer).',
    message: (d: Home & { expected: string }) =>
      `${d.key}: ${d.path} must end in ${d.expected} (a prose home is a .md file, a schema co-pointer a .json file)`,
  },
  'home/declaration-site': {
    severity: 'error',
    summary: 'spec/v2/core/capabilities.md is the declaration site: its § sections are stubs, not behaviour.',
    fail: {
      says: 'toolCatalog lists capabilities.md, where its § stub is, as a further home.',
      edits: [{ file: DECLARATION, set: `${TOOL_CATALOG_ROW}/normativeText/-`, to: 'spec/v2/core/capabilities.md' }],
    },
    pass: {
      says: 'It lists a document that states its behaviour.',
      edits: secondHome(TOOL_RESULTS),
    },
    fix: 'Point normativeText at the document that states the family’s behaviour.',
    message: (d: Home) =>
      `${d.key}: ${d.path} is the declaration site (capabilities.md § ${d.key} is a stub, not behaviour)`,
  },
  'home/rfc-home': {
    severity: 'error',
    summary: 'An RFC is history, not operative text; owningRfc already records it.',
    fail: {
      says: 'toolCatalog lists RFC 0204, which introduced it, as a further home.',
      edits: [{ file: DECLARATION, set: `${TOOL_CATALOG_ROW}/normativeText/-`, to: 'RFCS/0204-v2-host-mcp-client.md' }],
    },
    pass: {
      says: 'The RFC’s operative text is in a spec/v2/core document, and that is listed.',
      edits: secondHome(TOOL_RESULTS),
    },
    fix: 'Move the operative text into a spec/v2/core document and point normativeText there.',
    message: (d: Home) =>
      `${d.key}: ${d.path} is an RFC, which is history rather than operative text (owningRfc already records it)`,
  },
  'home/not-a-home': {
    severity: 'error',
    summary:
      'The path is outside every home class: only spec/v2/core, spec/v2/ext, a v2 schema (co-pointer) or spec/v1 (declared dependency).',
    fail: {
      says: 'toolCatalog’s new home is written under docs/.',
      edits: secondHome('docs/tool-results.md', { file: 'docs/tool-results.md' }),
    },
    pass: {
      says: 'The same document, under spec/v2/core/.',
      edits: secondHome(TOOL_RESULTS),
    },
    fix: 'Point normativeText at a spec/v2/core document (or spec/v1 as a declared dependency).',
    message: (d: Home) =>
      `${d.key}: ${d.path} is not a normative home; only spec/v2/core, spec/v2/ext, a v2 schema as a co-pointer, or spec/v1 as a declared dependency`,
  },
  'home/missing': {
    severity: 'error',
    summary:
      'A normativeText path does not exist (a dangling symlink counts as missing): a pointer to a missing file reads as resolved.',
    fail: {
      says: 'toolCatalog’s new home is listed with a typo (the message names the document that claims toolCatalog).',
      edits: secondHome('spec/v2/core/tool-result.md'),
    },
    pass: {
      says: 'The same home, spelled right.',
      edits: secondHome(TOOL_RESULTS),
    },
    fix: 'Create the document, or correct the path in normativeText (the message names the existing document that claims the family, else the nearest existing path).',
    message: (d: Home & { meant?: string; claims?: boolean }) =>
      `${d.key}: ${d.path} does not exist (a pointer to a missing file reads as resolved)${d.meant ? ` — did you mean ${d.meant}${d.claims ? `, which claims ${d.key}` : ''}?` : ''}`,
    hint: (d: Home & { meant?: string }) =>
      d.meant
        ? `correct the path in normativeText to ${d.meant}, or create ${d.path}`
        : 'create the document, or correct the path in normativeText',
  },
  'home/symlink-escape': {
    severity: 'error',
    summary: 'A home resolves, through a symlink, outside the repository or into a different home class.',
    fail: {
      says: 'heartbeat “moves” to spec/v2/core/ as a symbolic link to its spec/v1/ document.',
      edits: [
        { file: HEARTBEAT_V2, symlink: '../../v1/heartbeat.md' },
        { file: DECLARATION, set: `${HEARTBEAT_ROW}/normativeText`, to: [HEARTBEAT_V2] },
      ],
    },
    pass: {
      says: 'It moves: spec/v2/core/heartbeat.md is a document of its own, and the baseline banks the move.',
      edits: [...HEARTBEAT_MOVES, ...BANKED],
    },
    fix: 'Point normativeText at the real document, or replace the symlink with it.',
    message: (d: Home & { target?: string }) =>
      `${d.key}: ${d.path} resolves to ${d.target ?? 'a path outside the repository'}, outside the repository or in another home class`,
  },
  'home/not-a-file': {
    severity: 'error',
    summary: 'A home exists but is not a regular file (e.g. a directory).',
    fail: {
      says: 'toolCatalog lists spec/v2/core/tool-results.md, a folder that holds the document.',
      edits: secondHome(TOOL_RESULTS, { file: `${TOOL_RESULTS}/index.md` }),
    },
    pass: {
      says: 'It lists the document in that folder.',
      edits: secondHome(`${TOOL_RESULTS}/index.md`, { file: `${TOOL_RESULTS}/index.md` }),
    },
    fix: 'Point normativeText at the document itself.',
    message: (d: Home) => `${d.key}: ${d.path} is not a regular file`,
  },
  'home/seams-catalog': {
    severity: 'error',
    summary: 'host-sample-test-seams.md is a conformance-seam catalog: an observation surface, not a behaviour home.',
    fail: {
      says: 'heartbeat lists the v1 conformance-seam catalog, which has a heartbeat seam, as a further home.',
      edits: [
        { file: SEAMS, write: SEAMS_TEXT },
        { file: DECLARATION, set: `${HEARTBEAT_ROW}/normativeText/-`, to: SEAMS },
      ],
    },
    pass: {
      says: 'The catalog is there, but heartbeat’s home is only the document that states its behaviour.',
      edits: [{ file: SEAMS, write: SEAMS_TEXT }],
    },
    fix: 'Point normativeText at the document that states the behaviour.',
    message: (d: Home) =>
      `${d.key}: ${d.path} is a conformance-seam catalog, an observation surface rather than a behaviour home`,
  },
  'home/non-normative': {
    severity: 'error',
    summary: 'The home’s Status banner declares the document informative or non-normative.',
    fail: {
      says: 'toolCatalog’s new home says in its Status banner that it is informative.',
      edits: secondHome(TOOL_RESULTS, { text: toolResults({ banner: '> **Status: Informative · RFC 0204.**' }) }),
    },
    pass: {
      says: 'The same home, a normative draft.',
      edits: secondHome(TOOL_RESULTS),
    },
    fix: 'Point normativeText at a normative document; an informative one cannot carry obligations.',
    message: (d: Home & { banner: string }) => `${d.key}: ${d.path} declares itself non-normative (${d.banner})`,
  },
  'home/unclaimed': {
    severity: 'error',
    summary:
      'A core or ext document the declaration names as a family’s home does not claim the family in its reciprocal marker.',
    fail: {
      says: 'toolCatalog’s new home has no reciprocal marker.',
      edits: secondHome(TOOL_RESULTS, { text: toolResults({ marker: '' }) }),
    },
    pass: {
      says: 'The same home, with a marker claiming toolCatalog in its leading blockquote.',
      edits: secondHome(TOOL_RESULTS),
    },
    fix: 'Add the key to the document’s marker in its leading blockquote (or the | **homes:** | row of an ext README), or remove the document from the family’s normativeText.',
    message: (d: Home) => `${d.key}: ${d.path} does not claim it, though the declaration names it as a home`,
    hint: (d: Home) =>
      `add "> **Normative home:** \`${d.key}\`." to its leading blockquote (or \`${d.key}\` to the marker there), or remove ${d.path} from ${d.key}'s normativeText`,
  },
  'home/schema-only': {
    severity: 'error',
    summary: 'Every home of the family is a schema: a schema may co-point but must not be the sole home.',
    fail: {
      says: 'toolCatalog’s facet schema replaces its core document as its only home.',
      edits: [
        { file: TOOL_FACETS, write: TOOL_FACETS_TEXT },
        { file: DECLARATION, set: `${TOOL_CATALOG_ROW}/normativeText`, to: [TOOL_FACETS] },
      ],
    },
    pass: {
      says: 'The schema co-points beside the core document.',
      edits: [
        { file: TOOL_FACETS, write: TOOL_FACETS_TEXT },
        { file: DECLARATION, set: `${TOOL_CATALOG_ROW}/normativeText`, to: [TOOL_CATALOG, TOOL_FACETS] },
      ],
    },
    fix: 'Add a prose home under spec/v2/core/ to normativeText.',
    message: (d: { key: string }) =>
      `${d.key}: only schema co-pointers are declared; a schema MAY co-point but MUST NOT be the sole home`,
  },
  'home/ext-only': {
    severity: 'error',
    summary: 'The family has no core or v1 home: spec/v2/ext/ may co-point but must not be the sole home.',
    fail: {
      says: 'An ext document that claims toolCatalog replaces its core document as its only home.',
      edits: [
        { file: TOOL_EXT, write: toolResults() },
        { file: DECLARATION, set: `${TOOL_CATALOG_ROW}/normativeText`, to: [TOOL_EXT] },
      ],
    },
    pass: {
      says: 'The ext document co-points beside the core one.',
      edits: [
        { file: TOOL_EXT, write: toolResults() },
        { file: DECLARATION, set: `${TOOL_CATALOG_ROW}/normativeText`, to: [TOOL_CATALOG, TOOL_EXT] },
      ],
    },
    fix: 'Add a spec/v2/core home (or a spec/v1 one as a declared dependency) to normativeText.',
    message: (d: { key: string }) =>
      `${d.key}: only spec/v2/ext/ co-pointers are declared; ext MAY co-point but MUST NOT be the sole home`,
  },
  'home/unnamed': {
    severity: 'error',
    summary: 'No unit or heading of a core or v1 home names the family key.',
    fail: {
      says: 'heartbeat’s v1 home states its behaviour without ever naming the key (as documents written before the key often do).',
      edits: [{ file: HEARTBEAT_V1, replace: HEARTBEAT_SECTION, with: `## Scheduled beats\n\nA host ${BEATS}` }],
    },
    pass: {
      says: 'The same text, in a unit that names `heartbeat`.',
      edits: [
        {
          file: HEARTBEAT_V1,
          replace: HEARTBEAT_SECTION,
          with: `## Scheduled beats\n\nA host advertising \`heartbeat\` ${BEATS}`,
        },
      ],
    },
    fix: 'Name the family in the home, in the paragraph, list item or table row that carries its obligation.',
    message: (d: { key: string }) =>
      `${d.key}: no core/ or v1 home names it (an ext co-pointer cannot carry the obligation)`,
    hint: (d: { key: string }) =>
      `name \`${d.key}\` in the paragraph, list item or table row that states its obligation`,
  },
  'home/no-obligation': {
    severity: 'error',
    summary:
      'No paragraph, list item or table row of a core or v1 home has an RFC 2119 keyword and names the family (or sits under a section titled for it).',
    fail: {
      says: 'tool-catalog.md names toolCatalog in one paragraph and states the obligation in the next, under a heading not titled for it.',
      edits: [{ file: TOOL_CATALOG, replace: TOOL_CATALOG_SECTION, with: `## Listing tools\n\n${SPLIT_OBLIGATION}` }],
    },
    pass: {
      says: 'The same paragraphs under a heading titled for the family.',
      edits: [{ file: TOOL_CATALOG, replace: TOOL_CATALOG_SECTION, with: `## \`toolCatalog\`\n\n${SPLIT_OBLIGATION}` }],
    },
    fix: 'State the family’s obligation in a unit that names it, or under a heading titled for it (## `key`).',
    message: (d: { key: string }) =>
      `${d.key}: named, but no MUST/SHOULD/MAY in a paragraph, list item or table row that names it, nor under a section titled for it`,
    hint: (d: { key: string }) =>
      `state its obligation (MUST, SHOULD or MAY) in a unit that names \`${d.key}\`, or under a heading "## \`${d.key}\`"`,
  },
});

/** One line of the predicate or missing block, with its diagnostic. */
export interface Entry {
  line: string;
  diagnostic: Diagnostic;
}

type FindingId = HomeFinding['ruleId'] | FamilyFinding['ruleId'];

/** Entry groups of the predicate block, in order; refusals form one group. */
const GROUPS: ReadonlyArray<ReadonlySet<FindingId>> = [
  new Set<FindingId>([
    'home/bad-path',
    'home/wrong-extension',
    'home/declaration-site',
    'home/rfc-home',
    'home/not-a-home',
    'home/symlink-escape',
    'home/not-a-file',
    'home/seams-catalog',
    'home/non-normative',
    'home/schema-only',
    'home/ext-only',
  ]),
  new Set<FindingId>(['home/unnamed']),
  new Set<FindingId>(['home/no-obligation']),
  new Set<FindingId>(['home/unclaimed']),
];

/** The entry line of a failing home. */
export function homeEntryLine(key: string, h: string, f: HomeFinding): string {
  switch (f.ruleId) {
    case 'home/bad-path':
      return `${key} -> ${h} (not a canonical repository-relative path: ${f.reason})`;
    case 'home/wrong-extension':
      return `${key} -> ${h} (a prose home must be a .md file and a schema co-pointer a .json file)`;
    case 'home/declaration-site':
      return `${key} -> ${h} (the declaration site: capabilities.md § ${key} is a stub, not behaviour)`;
    case 'home/rfc-home':
      return `${key} -> ${h} (an RFC is history, not operative text; owningRfc already records it)`;
    case 'home/not-a-home':
      return `${key} -> ${h} (not a normative home: only spec/v2/core, spec/v2/ext, a v2 schema as a co-pointer, or spec/v1 as a declared dependency)`;
    case 'home/symlink-escape':
      return `${key} -> ${h} (resolves to ${f.target ?? 'a path outside the repository'}, outside the repository or in another home class)`;
    case 'home/not-a-file':
      return `${key} -> ${h} (not a regular file)`;
    case 'home/seams-catalog':
      return `${key} -> ${h} (a conformance-seam catalog is an observation surface, not a behaviour home)`;
    case 'home/non-normative':
      return `${key} -> ${h} (the document declares itself non-normative: ${f.banner})`;
    case 'home/unclaimed':
      return `${key} -> ${h} (the document does not claim it — add "> **Normative home:** \`${key}\`." to its leading blockquote)`;
    case 'home/missing':
      return `${key} -> ${h}`;
  }
}

/** The entry line of a family-level failure. */
export function familyEntryLine(key: string, f: FamilyFinding): string {
  switch (f.ruleId) {
    case 'home/schema-only':
      return `${key} -> schema-only (a schema MAY co-point; it MUST NOT be the sole home)`;
    case 'home/ext-only':
      return `${key} -> ext-only (spec/v2/ext/ MAY co-point; it MUST NOT be the sole home)`;
    case 'home/unnamed':
      return `${key} (no core/ or v1 home names it — an ext co-pointer cannot carry the obligation)`;
    case 'home/no-obligation':
      return `${key} (named, but no MUST/SHOULD/MAY in a paragraph, list item or table row that names it, nor under a section titled for it)`;
  }
}

const WHAT: Record<DocumentRef['what'], string> = {
  banner: 'the Status banner',
  marker: 'the reciprocal marker',
  document: 'the home document',
};

const relatedOf = (ref: DocumentRef | undefined): RelatedLocation[] =>
  ref ? [{ file: ref.file, start: ref.start, message: WHAT[ref.what] }] : [];

/** What a home finding is about and explains (see linkCauses): a missing path explains every other finding about it. */
function causes(f: FamilyResult, h: HomeResult, finding: HomeFinding): Partial<Diagnostic> {
  const subjects = [`family:${f.key}`];
  if (finding.ruleId === 'home/unclaimed') subjects.push(`claim:${h.path}`);
  return { subjects, ...(finding.ruleId === 'home/missing' && { explains: [`path:${h.path}`] }) };
}

/**
 * Where an unclaimed home is fixed: in the document, at its marker (where the key is added), else at
 * its leading blockquote (where a marker goes), else at its first line. Only these documents are
 * read again, and only on a failing run.
 */
async function claimSites(tree: SpecTree, c: Classification): Promise<Map<string, Point>> {
  const sites = new Map<string, Point>();
  for (const f of c.families) {
    for (const h of f.homes) {
      const ref = h.finding?.ruleId === 'home/unclaimed' ? h.related : undefined;
      if (!ref || sites.has(ref.file)) continue;
      if (ref.what === 'marker') sites.set(ref.file, ref.start);
      else {
        const quote = headerRegion((await tree.markdown(ref.file)).root).find((n) => n.type === 'blockquote');
        const at = quote?.position?.start;
        sites.set(ref.file, at ? { line: at.line, column: at.column } : { line: 1, column: 1 });
      }
    }
  }
  return sites;
}

/** Where a home was read, for the findings that sit in the document rather than in the declaration. */
export interface Sites {
  /** An unclaimed home's document: where its marker takes the key. */
  claims: ReadonlyMap<string, Point>;
  /** A family named in its homes but with no obligation: the first unit or heading that names it. */
  obligations: ReadonlyMap<string, { file: string; start: Point }>;
  /** A missing home (`key` NUL `path`): the existing document that claims the family, else the nearest existing path. */
  meant: ReadonlyMap<string, { path: string; claims: boolean }>;
}

/** The markdown documents a home can be: spec/v2/core/*.md, spec/v2/ext/<key>/*.md and spec/v1/*.md. */
function homeCandidates(tree: SpecTree): string[] {
  const md = (dir: string): string[] =>
    tree.list(dir).flatMap((e) => (e.kind === 'file' && e.name.endsWith('.md') ? [e.path] : []));
  const spec = tree.paths.spec;
  const ext = tree.list(`${spec}/v2/ext`).flatMap((e) => (e.kind === 'dir' ? md(e.path) : []));
  return [...md(`${spec}/v2/core`), ...ext, ...md(`${spec}/v1`)];
}

/** For a path that does not exist: the existing document whose marker claims `key` (the nearest, if several), else a near name in its folder. */
async function meantFor(
  tree: SpecTree,
  key: string,
  path: string,
  candidates: readonly string[],
): Promise<{ path: string; claims: boolean } | undefined> {
  const claimants: string[] = [];
  for (const c of candidates)
    if ((await tree.factsOf(c, homeDocument)).claims.some(([k]) => k === key)) claimants.push(c);
  const claimed = claimants.length === 1 ? claimants[0] : nearest(path, claimants);
  if (claimed) return { path: claimed, claims: true };
  // Else a near name in the same folder: a path's shared prefix would make any two paths look close.
  const dir = path.slice(0, path.lastIndexOf('/') + 1);
  const siblings = candidates.filter((c) => c.startsWith(dir) && !c.slice(dir.length).includes('/'));
  const near = nearest(
    path.slice(dir.length),
    siblings.map((c) => c.slice(dir.length)),
  );
  return near ? { path: `${dir}${near}`, claims: false } : undefined;
}

/**
 * The first paragraph (outside a list item), list item (without its nested lists and tables), table
 * row or heading whose name() names `key`, in document order, past the header region (where the
 * marker names every key it claims) before within it: where the obligation the family lacks is
 * written.
 */
function firstNaming(root: Root, key: string): Point | undefined {
  const header = headerRegion(root);
  const body = root.children.slice(header.length);
  for (const part of [body, header])
    for (const n of part) {
      const at = namingIn(n, key);
      if (at) return at;
    }
  return undefined;
}

function namingIn(root: Nodes, key: string): Point | undefined {
  const skip = (n: Nodes): boolean => n.type === 'list' || n.type === 'table';
  const found = (n: Nodes, options = {}): Point | undefined =>
    names(nameOf(n, options), key) && n.position
      ? { line: n.position.start.line, column: n.position.start.column }
      : undefined;
  const walk = (n: Nodes, inItem: boolean): Point | undefined => {
    switch (n.type) {
      case 'heading':
      case 'tableRow':
        return found(n);
      case 'paragraph':
        return inItem ? undefined : found(n);
      case 'listItem': {
        const at = found(n, { skip });
        if (at) return at;
        for (const child of n.children) {
          const inner = walk(child, true);
          if (inner) return inner;
        }
        return undefined;
      }
      case 'code':
      case 'html':
      case 'yaml':
        return undefined;
      default:
        if ('children' in n)
          for (const child of n.children as Nodes[]) {
            const at = walk(child, inItem);
            if (at) return at;
          }
        return undefined;
    }
  };
  return walk(root, false);
}

/** The document sites of a failing run's findings; only the documents those findings name are read again. */
export async function findingSites(tree: SpecTree, c: Classification): Promise<Sites> {
  const obligations = new Map<string, { file: string; start: Point }>();
  for (const f of c.families) {
    if (f.finding?.ruleId !== 'home/no-obligation') continue;
    for (const h of f.homes) {
      if (h.class !== 'core' && h.class !== 'v1') continue;
      const start = firstNaming((await tree.markdown(h.path)).root, f.key);
      if (start) {
        obligations.set(f.key, { file: h.path, start });
        break;
      }
    }
  }
  const meant = new Map<string, { path: string; claims: boolean }>();
  let candidates: string[] | undefined;
  for (const f of c.families)
    for (const h of f.homes) {
      if (h.finding?.ruleId !== 'home/missing') continue;
      candidates ??= homeCandidates(tree);
      const m = await meantFor(tree, f.key, h.path, candidates);
      if (m) meant.set(`${f.key}\0${h.path}`, m);
    }
  return { claims: await claimSites(tree, c), obligations, meant };
}

/** At the declaration's entry, with the document as related; an unclaimed home the other way round. */
function homeLocation(file: string, f: FamilyResult, h: HomeResult, sites: Sites): Location {
  const site = h.finding?.ruleId === 'home/unclaimed' ? sites.claims.get(h.path) : undefined;
  if (!site) return { file, start: h.at.start, end: h.at.end, related: relatedOf(h.related) };
  return {
    file: h.path,
    start: site,
    related: [{ file, start: h.at.start, message: `${f.key}'s normativeText entry` }],
  };
}

function homeEntry(file: string, f: FamilyResult, h: HomeResult, finding: HomeFinding, sites: Sites): Entry {
  const meant = finding.ruleId === 'home/missing' ? sites.meant.get(`${f.key}\0${h.path}`) : undefined;
  const data = { key: f.key, path: h.path, ...finding, ...(meant && { meant: meant.path, claims: meant.claims }) };
  const diagnostic = rules.diagnostic(finding.ruleId, data, homeLocation(file, f, h, sites), causes(f, h, finding));
  return { line: homeEntryLine(f.key, h.path, finding), diagnostic };
}

/**
 * A family-level failure sits at its normativeText and points at the homes it looked at; a family
 * named but with no obligation sits in the document, at the unit that names it (where the
 * obligation goes), with the normativeText as related.
 */
function familyEntry(file: string, f: FamilyResult, finding: FamilyFinding, sites: Sites): Entry {
  const site = finding.ruleId === 'home/no-obligation' ? sites.obligations.get(f.key) : undefined;
  const looked = f.homes.filter((h) =>
    finding.ruleId === 'home/ext-only' ? h.class === 'ext' : h.class === 'core' || h.class === 'v1',
  );
  const location: Location = site
    ? {
        file: site.file,
        start: site.start,
        related: [{ file, start: f.normativeText.at.start, message: `${f.key}'s normativeText` }],
      }
    : {
        file,
        start: f.normativeText.at.start,
        end: f.normativeText.at.end,
        related: looked.map((h) => ({ file: h.path, start: { line: 1, column: 1 }, message: `a home of ${f.key}` })),
      };
  const diagnostic = rules.diagnostic(finding.ruleId, { key: f.key }, location, { subjects: [`family:${f.key}`] });
  return { line: familyEntryLine(f.key, finding), diagnostic };
}

/**
 * The predicate block's entries, grouped and ordered by failure class (within a group:
 * declaration order, then normativeText order), and the missing block's entries.
 */
export function blockEntries(c: Classification, sites: Sites): { predicate: Entry[]; missing: Entry[] } {
  const predicate: Entry[] = [];
  for (const group of GROUPS) {
    for (const f of c.families) {
      for (const h of f.homes)
        if (h.finding && group.has(h.finding.ruleId)) predicate.push(homeEntry(c.file, f, h, h.finding, sites));
      if (f.finding && group.has(f.finding.ruleId)) predicate.push(familyEntry(c.file, f, f.finding, sites));
    }
  }
  const missing: Entry[] = [];
  for (const f of c.families)
    for (const h of f.homes)
      if (h.finding?.ruleId === 'home/missing') missing.push(homeEntry(c.file, f, h, h.finding, sites));
  return { predicate, missing };
}
