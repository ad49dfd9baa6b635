import { ruleCatalog } from '@openwop-spec/gate-api';
import type { NearMissKind, PathProblem } from '@openwop-spec/spec-tree';

export const GATE_ID = 'normative-home';

interface Home {
  key: string;
  path: string;
}

/** A key a document's marker claims. */
interface Claim {
  key: string;
  /** The claiming document. */
  path: string;
}

/** Which counter a grown ratchet moved, and how to undo each. */
export type Grown = 'undeclared' | 'debt' | 'facets';
const GROWN: Record<Grown, string> = {
  undeclared: 'declare a normativeText home for each core family that has none',
  debt: 'give the family a home outside spec/v1/ (a spec/v2/core document), or undo its move into spec/v1/',
  facets:
    'name each uncovered facet as `key.facet` in a home of its family (the home/facet-uncovered warnings say which), or drop it from facets[]',
};

const NEAR_MISS: Record<NearMissKind, [problem: string, fix: string]> = {
  'colon-outside': [
    'the colon is outside the bold text (`**Normative home**:`), so the marker claims nothing',
    'write `**Normative home:**` (openwop-spec check --fix does)',
  ],
  misplaced: [
    'a reciprocal marker outside the leading blockquote (or header table) claims nothing',
    'move it above the first `##` heading, inside the `>` blockquote',
  ],
  'in-html': [
    'a reciprocal marker inside HTML (e.g. a comment) claims nothing',
    'write it as markdown in the leading blockquote',
  ],
};

/** Every rule the normative-home gate can emit. */
export const rules = ruleCatalog(GATE_ID, {
  'home/stray-family': {
    severity: 'error',
    summary:
      'A family-shaped object (key, anchor, kind "family") sits somewhere other than directly in /families, where no gate evaluates it.',
    fail: '{"profiles": [{"key": "x", "anchor": "core", "kind": "family"}]}',
    pass: '{"families": [{"key": "x", "anchor": "core", "kind": "family"}]}',
    fix: 'Move the row into the top-level families array, or remove it.',
    message: (d: { key: string; pointer: string }) =>
      `family-shaped object "${d.key}" at ${d.pointer} is not directly in /families, so no gate evaluates it`,
  },
  'home/duplicate-family': {
    severity: 'error',
    summary: 'Two live family rows share a key; only the first is evaluated.',
    fail: 'families: [{"key": "mcp", …}, {"key": "mcp", …}]',
    pass: 'families: [{"key": "mcp", …}]',
    fix: 'Remove this row, or rename its key.',
    message: (d: { key: string; first: string }) =>
      `family key "${d.key}" repeats the row at ${d.first}, and only the first row is evaluated`,
  },
  'home/bad-path': {
    severity: 'error',
    summary: 'A normativeText entry is not a canonical repository-relative path.',
    fail: '"normativeText": ["spec/v2/core/../../README.md"]',
    pass: '"normativeText": ["spec/v2/core/tool-catalog.md"]',
    fix: 'Write the path relative to the repository root, with / separators and no empty, . or .. segments.',
    message: (d: Home & { reason: PathProblem }) =>
      `${d.key}: normativeText entry "${d.path}" is not a canonical repository-relative path (${d.reason})`,
  },
  'home/wrong-extension': {
    severity: 'error',
    summary: 'A prose home (core, ext, v1) is not a .md file, or a schema co-pointer is not a .json file.',
    fail: '"normativeText": ["spec/v2/core/tool-catalog.txt"]',
    pass: '"normativeText": ["spec/v2/core/tool-catalog.md"]',
    fix: 'Point normativeText at the markdown document (prose) or the JSON schema (co-pointer).',
    message: (d: Home & { expected: string }) =>
      `${d.key}: ${d.path} must end in ${d.expected} (a prose home is a .md file, a schema co-pointer a .json file)`,
  },
  'home/declaration-site': {
    severity: 'error',
    summary: 'spec/v2/core/capabilities.md is the declaration site: its § sections are stubs, not behaviour.',
    fail: '"normativeText": ["spec/v2/core/capabilities.md"]',
    pass: '"normativeText": ["spec/v2/core/host-services.md"]',
    fix: 'Point normativeText at the document that states the family’s behaviour.',
    message: (d: Home) =>
      `${d.key}: ${d.path} is the declaration site (capabilities.md § ${d.key} is a stub, not behaviour)`,
  },
  'home/rfc-home': {
    severity: 'error',
    summary: 'An RFC is history, not operative text; owningRfc already records it.',
    fail: '"normativeText": ["RFCS/0204.md"]',
    pass: '"normativeText": ["spec/v2/core/tool-catalog.md"]',
    fix: 'Move the operative text into a spec/v2/core document and point normativeText there.',
    message: (d: Home) =>
      `${d.key}: ${d.path} is an RFC, which is history rather than operative text (owningRfc already records it)`,
  },
  'home/not-a-home': {
    severity: 'error',
    summary:
      'The path is outside every home class: only spec/v2/core, spec/v2/ext, a v2 schema (co-pointer) or spec/v1 (declared dependency).',
    fail: '"normativeText": ["README.md"]',
    pass: '"normativeText": ["spec/v2/core/packs.md"]',
    fix: 'Point normativeText at a spec/v2/core document (or spec/v1 as a declared dependency).',
    message: (d: Home) =>
      `${d.key}: ${d.path} is not a normative home; only spec/v2/core, spec/v2/ext, a v2 schema as a co-pointer, or spec/v1 as a declared dependency`,
  },
  'home/missing': {
    severity: 'error',
    summary:
      'A normativeText path does not exist (a dangling symlink counts as missing): a pointer to a missing file reads as resolved.',
    fail: '"normativeText": ["spec/v2/core/gone.md"]',
    pass: '"normativeText": ["spec/v2/core/tool-catalog.md"]',
    fix: 'Create the document, or correct the path in normativeText.',
    message: (d: Home) => `${d.key}: ${d.path} does not exist (a pointer to a missing file reads as resolved)`,
  },
  'home/symlink-escape': {
    severity: 'error',
    summary: 'A home resolves, through a symlink, outside the repository or into a different home class.',
    fail: 'spec/v2/core/x.md -> ../../v1/x.md',
    pass: 'spec/v2/core/x.md is a regular file',
    fix: 'Point normativeText at the real document, or replace the symlink with it.',
    message: (d: Home & { target?: string }) =>
      `${d.key}: ${d.path} resolves to ${d.target ?? 'a path outside the repository'}, outside the repository or in another home class`,
  },
  'home/not-a-file': {
    severity: 'error',
    summary: 'A home exists but is not a regular file (e.g. a directory).',
    fail: '"normativeText": ["spec/v2/ext/packs.md"] where packs.md is a folder',
    pass: '"normativeText": ["spec/v2/ext/packs/README.md"]',
    fix: 'Point normativeText at the document itself.',
    message: (d: Home) => `${d.key}: ${d.path} is not a regular file`,
  },
  'home/seams-catalog': {
    severity: 'error',
    summary: 'host-sample-test-seams.md is a conformance-seam catalog: an observation surface, not a behaviour home.',
    fail: '"normativeText": ["spec/v1/host-sample-test-seams.md"]',
    pass: '"normativeText": ["spec/v1/host-capabilities.md"]',
    fix: 'Point normativeText at the document that states the behaviour.',
    message: (d: Home) =>
      `${d.key}: ${d.path} is a conformance-seam catalog, an observation surface rather than a behaviour home`,
  },
  'home/non-normative': {
    severity: 'error',
    summary: 'The home’s Status banner declares the document informative or non-normative.',
    fail: '> **Status: Informative.**',
    pass: '> **Status: Stable · v1.1.**',
    fix: 'Point normativeText at a normative document; an informative one cannot carry obligations.',
    message: (d: Home & { banner: string }) => `${d.key}: ${d.path} declares itself non-normative (${d.banner})`,
  },
  'home/unclaimed': {
    severity: 'error',
    summary:
      'A core or ext document the declaration names as a family’s home does not claim the family in its reciprocal marker.',
    fail: 'spec/v2/core/x.md lists toolCatalog in normativeText but its header has no `**Normative home:**` naming it',
    pass: '> **Normative home:** `toolCatalog`.',
    fix: 'Add the key to the document’s marker in its leading blockquote (or the | **homes:** | row of an ext README), or remove the document from the family’s normativeText.',
    message: (d: Home) => `${d.key}: ${d.path} does not claim it, though the declaration names it as a home`,
    hint: (d: Home) =>
      `add "> **Normative home:** \`${d.key}\`." to its leading blockquote (or \`${d.key}\` to the marker there), or remove ${d.path} from ${d.key}'s normativeText`,
  },
  'home/schema-only': {
    severity: 'error',
    summary: 'Every home of the family is a schema: a schema may co-point but must not be the sole home.',
    fail: '"normativeText": ["schemas/v2/mcp.schema.json"]',
    pass: '"normativeText": ["spec/v2/core/interop.md", "schemas/v2/mcp.schema.json"]',
    fix: 'Add a prose home under spec/v2/core/ to normativeText.',
    message: (d: { key: string }) =>
      `${d.key}: only schema co-pointers are declared; a schema MAY co-point but MUST NOT be the sole home`,
  },
  'home/ext-only': {
    severity: 'error',
    summary: 'The family has no core or v1 home: spec/v2/ext/ may co-point but must not be the sole home.',
    fail: '"normativeText": ["spec/v2/ext/packs/README.md"]',
    pass: '"normativeText": ["spec/v2/core/packs.md", "spec/v2/ext/packs/README.md"]',
    fix: 'Add a spec/v2/core home (or a spec/v1 one as a declared dependency) to normativeText.',
    message: (d: { key: string }) =>
      `${d.key}: only spec/v2/ext/ co-pointers are declared; ext MAY co-point but MUST NOT be the sole home`,
  },
  'home/unnamed': {
    severity: 'error',
    summary: 'No unit or heading of a core or v1 home names the family key.',
    fail: 'the core home never mentions `mcp`',
    pass: 'A host advertising `mcp` MUST …',
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
    fail: 'The `mcp` family exists.⏎⏎Hosts MUST do b.',
    pass: 'A host advertising `mcp` MUST …',
    fix: 'State the family’s obligation in a unit that names it, or under a heading titled for it (## `key`).',
    message: (d: { key: string }) =>
      `${d.key}: named, but no MUST/SHOULD/MAY in a paragraph, list item or table row that names it, nor under a section titled for it`,
    hint: (d: { key: string }) =>
      `state its obligation (MUST, SHOULD or MAY) in a unit that names \`${d.key}\`, or under a heading "## \`${d.key}\`"`,
  },
  'home/claim-unknown': {
    severity: 'error',
    summary:
      'A reciprocal marker in a core or ext document claims a key that is no family in the declaration (often a misspelled or renamed key). While a declared home fails, only the misspelling that leaves its document unclaimed is reported, as that home/unclaimed’s root cause.',
    fail: '> **Normative home:** `toolCatalg`.',
    pass: '> **Normative home:** `toolCatalog`.',
    fix: 'Correct the key in the marker (the message names the nearest family when one is close), remove it, or add the family to spec/v2/declaration.json. check --fix leaves it: which family the document means is the author’s call.',
    message: (d: Claim & { file: string; meant?: string }) =>
      `${d.path} claims \`${d.key}\`, which is no family in ${d.file}${d.meant ? ` — did you mean \`${d.meant}\`?` : ''}`,
    hint: (d: Claim & { file: string; meant?: string }) =>
      `${d.meant ? `write \`${d.meant}\` in the marker if that is the family meant` : 'correct the key in the marker, or remove it'}, or add the family \`${d.key}\` to ${d.file} (check --fix does not guess which)`,
  },
  'home/claim-unreciprocated': {
    severity: 'error',
    summary:
      'A reciprocal marker claims a family whose normativeText does not list the document, so the claim counts for nothing (left behind when the family moved, or written before the declaration was moved). Read once every declared home passes, and not for a family with no home or one newly homed in spec/v1/: those findings come first.',
    fail: 'spec/v2/core/x.md: > **Normative home:** `scheduling`. while scheduling’s normativeText is ["spec/v1/scheduling.md"]',
    pass: 'scheduling’s normativeText lists spec/v2/core/x.md, or the marker no longer names scheduling',
    fix: 'Point the family’s normativeText in spec/v2/declaration.json at the document, or remove the key from the marker. check --fix does neither: which one is right is the author’s call.',
    message: (d: Claim & { homes: readonly string[] }) =>
      `${d.path} claims \`${d.key}\`, but the declaration ${d.homes.length > 0 ? `points ${d.key}'s home at ${d.homes.join(', ')}` : `declares no home for ${d.key}`}`,
    hint: (d: Claim & { homes: readonly string[] }) =>
      `list ${d.path} in ${d.key}'s normativeText${d.homes.length > 0 ? ' (in place of the home it names, if the family moved here)' : ''}, or remove \`${d.key}\` from this marker (check --fix does neither: which is right is the author's call)`,
  },
  'home/marker-near-miss': {
    severity: 'warning',
    summary:
      'Something that looks like a reciprocal marker claims nothing (colon outside the bold, outside the header region, or inside HTML).',
    fail: '> **Normative home**: `x`.',
    pass: '> **Normative home:** `x`.',
    fix: 'Write the marker as `> **Normative home:** `key`.` in the leading blockquote.',
    message: (d: { kind: NearMissKind }) => NEAR_MISS[d.kind][0],
    hint: (d: { kind: NearMissKind }) => NEAR_MISS[d.kind][1],
  },
  'home/facet-uncovered': {
    severity: 'warning',
    summary:
      'No home of the family names a declared facet (bare or as key.facet); counted by the facetsUncovered ratchet.',
    fail: 'facets: ["client"] and no home mentions client or mcp.client',
    pass: 'A host advertising `mcp.client` MUST …',
    fix: 'Name the facet in a core, ext or v1 home of the family.',
    message: (d: { key: string; facet: string }) => `${d.key}.${d.facet}: no home of ${d.key} names this facet`,
    hint: (d: { key: string; facet: string }) =>
      `name \`${d.key}.${d.facet}\` in one of its homes, or drop it from facets[]`,
  },
  'home/v1carried-missing': {
    severity: 'error',
    summary:
      'A v1-dependent family is not listed in the baseline’s v1Carried, so the RFC 0189 §D fallback would not cover it.',
    fail: 'toolHooks is v1-dependent; v1Carried lacks it',
    pass: '"v1Carried": ["toolHooks", …]',
    fix: 'Give the family a v2 home, or carry it: openwop-spec normative-home --write-baseline adds it to v1Carried.',
    message: (d: { key: string; file: string }) =>
      `${d.key}: v1-dependent but NOT listed in v1Carried of ${d.file} — the §D fallback would not cover it`,
  },
  'home/v1carried-stale': {
    severity: 'error',
    summary: 'v1Carried lists a family that is no longer v1-dependent.',
    fail: '"v1Carried": ["toolCatalog"] after toolCatalog moved to spec/v2/core',
    pass: 'the key removed from v1Carried',
    fix: 'Remove the key from v1Carried: openwop-spec check --fix, or openwop-spec normative-home --write-baseline.',
    message: (d: { key: string }) => `${d.key}: listed in v1Carried but no longer v1-dependent`,
  },
  'home/v1banners-stale': {
    severity: 'warning',
    summary:
      'The baseline records a Status banner in v1Banners for a v1 document that is no longer the home of any family.',
    fail: '"v1Banners": {"spec/v1/scheduling.md": "…"} after scheduling moved to spec/v2/core/scheduling.md',
    pass: 'the entry removed from v1Banners',
    fix: 'Remove the entry: openwop-spec check --fix, or openwop-spec normative-home --write-baseline.',
    message: (d: { path: string }) => `v1Banners records ${d.path}, which is no longer the v1 home of any family`,
  },
  'home/v1-banner-reads': {
    severity: 'warning',
    summary:
      'A v1 document that is the home of no family (its family moved to v2) still says in its Status banner that v2 reads it.',
    fail: '> **Status: Stable · v1.1.** Normative for v1 hosts; v2 reads it for the family whose declared home it is. (after the family moved to v2)',
    pass: "> **Status: Stable · v1.1.** Normative for v1 hosts. For v2 hosts the family's home is `spec/v2/core/scheduling.md`.",
    fix: 'Reword the Status banner: drop "v2 reads it" and say where the family\'s v2 text now lives.',
    message: (d: { path: string }) =>
      `${d.path} is the home of no family, but its Status banner still says v2 reads it`,
  },
  'home/eos-not-covered': {
    severity: 'error',
    summary:
      'Under --deadline after v1 end-of-support: a family is undeclared or uncarried, or a carried v1 target has no, no recorded, or a changed Status banner.',
    fail: 'today ≥ endOfSupportNotBefore and spec/v1/x.md’s banner changed since it was carried',
    pass: 'every carried target keeps its recorded banner',
    fix: 'Give the family a v2 home, carry it, or restore (or re-record, in review) the banner.',
    message: (d: { item: string; date: string }) =>
      `v1 end-of-support (${d.date}) has passed and the §D fallback does NOT cover: ${d.item}`,
  },
  'home/eos-preview': {
    severity: 'warning',
    summary:
      'Under --deadline before v1 end-of-support (or with it unknown): what the §D fallback would not cover at end-of-support.',
    fail: 'a carried v1 target with no recorded banner',
    pass: 'every carried target has its banner recorded in v1Banners',
    fix: 'Record the banner in v1Banners, or give the family a v2 home.',
    message: (d: { item: string }) => `at v1 end-of-support the §D fallback would NOT cover: ${d.item}`,
  },
  'home/eos-unknown': {
    severity: 'warning',
    summary: 'Under --deadline, the v1 end-of-support date is unknown, so no burn-down is measured.',
    fail: 'evidence/v1-end-of-support.json missing, or endOfSupportNotBefore null',
    pass: '{"endOfSupportNotBefore": "2026-12-04"}',
    fix: 'Record endOfSupportNotBefore in the EOS clock file once the date is decided.',
    message: (d: { file: string }) =>
      `the v1 end-of-support date is unknown (${d.file} has no endOfSupportNotBefore), so no burn-down is measured`,
  },
  'home/behind-burn-down': {
    severity: 'error',
    summary:
      'Under --deadline, more families are open (undeclared or uncarried) than the linear burn-down from t0 to end-of-support allows today.',
    fail: '10 open, 6 allowed',
    pass: '6 open, 6 allowed',
    fix: 'Give open families a v2 home (or carry them) until open ≤ allowed.',
    message: (d: { open: number; allowed: number }) => `behind the burn-down: ${d.open} open, ${d.allowed} allowed`,
    hint: (d: { open: number; allowed: number }) =>
      `give ${d.open - d.allowed} more famil(ies) a v2 home, or carry them in v1Carried`,
  },
  'home/ratchet-grew': {
    severity: 'error',
    summary:
      'A ratchet grew: more undeclared families, more total open debt, or more uncovered facets than the baseline.',
    fail: 'undeclared 0 -> 1',
    pass: 'undeclared 0 -> 0',
    fix: 'Undo the new debt: declare a home for a family with none, give a v1-dependent family a home outside spec/v1/, name each uncovered facet in a home of its family. A ratchet only moves down.',
    message: (d: { items: string; grew: readonly Grown[] }) => `a ratchet grew: ${d.items}`,
    hint: (d: { items: string; grew: readonly Grown[] }) =>
      `${d.grew.map((g) => GROWN[g]).join('; ')} (a ratchet only moves down)`,
  },
  'home/baseline-improved': {
    severity: 'error',
    summary:
      'The measured counters differ from the baseline without growing: the gain must be banked by lowering the baseline.',
    fail: 'baseline v1Dependent 42, measured 41',
    pass: 'baseline v1Dependent 41',
    fix: 'Bank the gain: openwop-spec normative-home --write-baseline (or openwop-spec check --fix) lowers the baseline to the measured state.',
    message: (d: { change: string; file: string }) => `improved (${d.change}) but not banked in ${d.file}`,
  },
  'home/baseline-no-banner': {
    severity: 'warning',
    summary:
      '--write-baseline found a v1 home of a v1-dependent family with no Status banner, so no banner is recorded for it.',
    fail: 'spec/v1/x.md has no `> **Status: …**` line in its header',
    pass: '> **Status: Stable · v1.1.**',
    fix: 'Add a `> **Status: …**` banner to the document’s leading blockquote, then run openwop-spec normative-home --write-baseline again.',
    message: (d: { path: string }) =>
      `${d.path} has no Status banner, so none is recorded in v1Banners; a change to it could not be detected after end-of-support`,
  },
});
