import { command } from '@openwop-spec/spec-tree';
import { ruleCatalog } from '@openwop-spec/gate-api';

export const GATE_ID = 'declaration';

/** The facet source of a family with neither a facet file nor a v1 node. */
export const NO_SOURCE = 'the record (no facet file, no v1 node)';

/** What declaration/facets-mismatch says and advises. */
interface FacetsMismatch {
  key: string;
  source: string;
  onlyFacets: string[];
  onlySource: string[];
  facetFile: string;
  hasFile: boolean;
}

/**
 * Every rule the gate can emit, with its documentation and message. The
 * generator's rules come first, then check-declaration's.
 */
export const rules = ruleCatalog(GATE_ID, {
  'declaration/facets-from-path': {
    severity: 'error',
    summary: "A core family's facetsFrom must name its own facet file, spec/v2/facets/<key>.schema.json.",
    fail: { says: '{"key": "mcp", "facetsFrom": "spec/v2/facets/other.schema.json", …}', edits: [] },
    pass: { says: '{"key": "mcp", "facetsFrom": "spec/v2/facets/mcp.schema.json", …}', edits: [] },
    fix: 'Point facetsFrom at spec/v2/facets/<key>.schema.json (rename the file if needed).',
    message: (d: { key: string; value: string; expected: string }) => `${d.key}: facetsFrom ${d.value} ≠ ${d.expected}`,
    hint: (d: { key: string; value: string; expected: string }) =>
      `point facetsFrom at ${d.expected} (rename the file if needed)`,
  },
  'declaration/facets-from-missing': {
    severity: 'error',
    summary: 'The facet file a family names in facetsFrom must exist.',
    fail: { says: 'facetsFrom "spec/v2/facets/mcp.schema.json" with no such file', edits: [] },
    pass: { says: 'the same, with spec/v2/facets/mcp.schema.json committed', edits: [] },
    fix: 'Create the facet file, or drop facetsFrom so the family is seeded from v1.',
    message: (d: { key: string; value: string }) => `${d.key}: facetsFrom names ${d.value}, which does not exist`,
  },
  'declaration/facets-from-absent': {
    severity: 'error',
    summary: 'A core family that has a facet file must say so with facetsFrom; the file is never used silently.',
    fail: { says: 'spec/v2/facets/mcp.schema.json exists; the mcp row has no facetsFrom', edits: [] },
    pass: { says: 'the mcp row has "facetsFrom": "spec/v2/facets/mcp.schema.json"', edits: [] },
    fix: 'Add facetsFrom to the family row (openwop-spec check --fix does), or delete the facet file.',
    message: (d: { key: string; file: string }) =>
      `${d.key}: ${d.file} exists but the family does not declare facetsFrom`,
    hint: (d: { key: string; file: string }) =>
      `delete the file if the family has none of its facets; else add "facetsFrom": "${d.file}" to the row`,
  },
  'declaration/orphan-facet-file': {
    severity: 'error',
    summary: "Every file in spec/v2/facets/ is cited by some core family's facetsFrom.",
    fail: { says: 'spec/v2/facets/ghost.schema.json with no family citing it', edits: [] },
    pass: { says: 'a core family ghost with "facetsFrom": "spec/v2/facets/ghost.schema.json"', edits: [] },
    fix: 'Cite the file from its family, or delete it.',
    message: (d: { file: string }) => `${d.file} is not cited by any core family's facetsFrom`,
  },
  'declaration/facet-file-keyword': {
    severity: 'error',
    summary:
      'A facet file holds only keys the generator folds into the record (properties, required, allOf) or tolerates ($schema, $id, $comment, title, description, type "object", additionalProperties false); anything else would be dropped silently.',
    fail: { says: '{"properties": {…}, "minProperties": 1}', edits: [] },
    pass: { says: '{"properties": {…}, "allOf": [{"minProperties": 1}]}', edits: [] },
    fix: 'Move the constraint under allOf, or remove it.',
    message: (d: { file: string; keyword: string }) => `${d.file}: ${d.keyword} is not carried into the record`,
  },
  'declaration/facet-required-unknown': {
    severity: 'error',
    summary: "A facet file's required names only its own properties: a required name must be a property name.",
    fail: { says: '{"properties": {"a": {}}, "required": ["b"]}', edits: [] },
    pass: { says: '{"properties": {"a": {}, "b": {}}, "required": ["b"]}', edits: [] },
    fix: 'Declare the property, or remove the name from required.',
    message: (d: { file: string; name: string }) =>
      `${d.file}: required names ${d.name}, which is not a facet property`,
  },
  'declaration/reserved-facet-name': {
    severity: 'error',
    summary:
      'No facet is named like a record field (status, since, until, witness) or a v1-only field (supported, tier, experimentalUntil).',
    fail: { says: '{"properties": {"status": {…}}}', edits: [] },
    pass: { says: '{"properties": {"state": {…}}}', edits: [] },
    fix: 'Rename the facet.',
    message: (d: { file: string; name: string }) => `${d.file}: facet ${d.name} collides with a record field`,
  },
  'declaration/facets-mismatch': {
    severity: 'error',
    summary:
      "A family's facets[] is exactly the set of facet keys the record emits (from its facet file, its seeded v1 node, or none).",
    fail: { says: 'mcp.facets has "client"; spec/v2/facets/mcp.schema.json does not', edits: [] },
    pass: { says: '"client" in both places', edits: [] },
    fix: 'Make facets[] and the facet source agree: add or remove the facet where the message says; a family with neither a facet file nor a v1 node needs spec/v2/facets/<key>.schema.json, cited with facetsFrom.',
    message: (d: FacetsMismatch) =>
      `${d.key}: facets[] and ${d.source} disagree — ${[
        ...(d.onlyFacets.length ? [`only in facets[]: ${d.onlyFacets.join(', ')}`] : []),
        ...(d.onlySource.length ? [`only in ${d.source}: ${d.onlySource.join(', ')}`] : []),
      ].join('; ')}`,
    hint: (d: FacetsMismatch) =>
      d.source === NO_SOURCE && d.onlyFacets.length > 0
        ? `${d.hasFile ? '' : `create ${d.facetFile} declaring ${d.onlyFacets.join(', ')} under "properties", and `}set "facetsFrom": "${d.facetFile}" on the row`
        : `add or remove the facet in facets[] or in ${d.source}, so both name the same facets`,
  },
  'declaration/facets-order': {
    severity: 'warning',
    summary: "facets[] lists the same facets as the family's facet source, in a different order.",
    fail: { says: 'facets ["b", "a"], facet file properties a, b', edits: [] },
    pass: { says: 'facets ["a", "b"]', edits: [] },
    fix: 'Reorder facets[] to match the facet source.',
    message: (d: { key: string; source: string }) => `${d.key}: facets[] order differs from ${d.source}`,
  },
  'declaration/seed-dropped': {
    severity: 'warning',
    summary:
      'v1 seeding dropped a constraint: a combinator that references a removed v1-only field, or a node-level keyword the record cannot carry.',
    fail: { says: 'a v1 node with allOf [{"if": {"properties": {"supported": {"const": true}}}, …}]', edits: [] },
    pass: { says: 'a v1 node whose combinators never mention supported, tier or experimentalUntil', edits: [] },
    fix: 'Write a facet file (spec/v2/facets/<key>.schema.json) that states the v2 constraint, and cite it with facetsFrom.',
    message: (d: { key: string; pointer: string; why: string }) =>
      `seeding ${d.key} from v1 drops ${d.pointer}: ${d.why}`,
  },
  'declaration/metadata-schema-ref': {
    severity: 'error',
    summary: 'A kept metadata row names its shape as metadata/<key>.',
    fail: { says: '{"key": "engineVersion", "schema": "integer", "disposition": "kept"}', edits: [] },
    pass: { says: '{"key": "engineVersion", "schema": "metadata/engineVersion", "disposition": "kept"}', edits: [] },
    fix: 'Set schema to metadata/<key>.',
    message: (d: { key: string; value: string }) => `${d.key}: schema ${d.value} ≠ metadata/${d.key}`,
  },
  'declaration/unseeded-metadata': {
    severity: 'error',
    summary: 'A kept metadata key needs a shape: spec/v2/metadata/<key>.schema.json or a v1 property to seed from.',
    fail: { says: 'a kept row newKey with no metadata file and no v1 property', edits: [] },
    pass: { says: 'spec/v2/metadata/newKey.schema.json committed', edits: [] },
    fix: 'Write spec/v2/metadata/<key>.schema.json.',
    message: (d: { key: string; file: string }) =>
      `metadata key ${d.key} has neither ${d.file} nor a v1 property to seed from`,
  },
  'declaration/orphan-metadata-file': {
    severity: 'error',
    summary: 'Every file in spec/v2/metadata/ is the shape of a kept metadata row.',
    fail: { says: 'spec/v2/metadata/gone.schema.json with no kept row gone', edits: [] },
    pass: { says: 'a kept metadata row gone', edits: [] },
    fix: 'Add the kept row, or delete the file.',
    message: (d: { file: string }) => `${d.file} is not the shape of any kept metadata row`,
  },
  'declaration/extensions-pattern': {
    severity: 'error',
    summary:
      'The extensions metadata shape is a closed object with exactly one patternProperties key, equal to declaration.extensionsKeyPattern, whose value is an open object.',
    fail: {
      says: '"patternProperties": {"^x$": {"type": "object"}} while extensionsKeyPattern is "^[a-z]+\\\\.[a-z]+$"',
      edits: [],
    },
    pass: { says: 'the patternProperties key equal to extensionsKeyPattern', edits: [] },
    fix: 'Copy extensionsKeyPattern into spec/v2/metadata/extensions.schema.json.',
    message: (d: { problem: string }) => `extensions: ${d.problem}`,
  },
  'declaration/unresolved-ref': {
    severity: 'error',
    summary:
      "A `$ref` in an input the generator copies into the capabilities schema (a metadata shape, a facet file, a seeded v1 node) would not resolve there: resolved against the generated schema's `$id`, it names no corpus schema, or no location in one. Nothing is generated while it stands, so the broken reference never reaches the generated file.",
    fail: { says: 'spec/v2/metadata/configurable.schema.json: {"$ref": "configurabel.schema.json"}', edits: [] },
    pass: {
      says: '{"$ref": "configurable.schema.json"}, with a corpus schema whose $id is https://openwop.dev/spec/v2/configurable.schema.json',
      edits: [],
    },
    fix: "Correct the reference in the input the finding names. It resolves against the generated schema's $id (https://openwop.dev/spec/v2/capabilities.schema.json), so name a corpus schema's $id relative to it, at a location that exists; then regenerate.",
    message: (d: { ref: string; why: string; output: string; meant?: string }) =>
      `$ref "${d.ref}" would not resolve in ${d.output}: ${d.why}${d.meant ? ` — did you mean "${d.meant}"?` : ''}`,
    hint: (d: { ref: string; why: string; output: string; meant?: string }) =>
      `correct it here${d.meant ? ` ("${d.meant}" if that is the schema meant)` : ''}; it resolves against the $id of ${d.output}, which is regenerated only once every reference resolves`,
  },
  'declaration/deprecation-target-missing': {
    severity: 'error',
    summary: 'Every pointer in spec/v2/capabilities.deprecations.json names an object in the generated schema.',
    fail: { says: '{"/properties/nope": "2.3"}', edits: [] },
    pass: { says: '{"/properties/mcp/properties/mrtr": "2.3"}', edits: [] },
    fix: 'Correct the pointer, or remove the entry once the field is gone.',
    message: (d: { pointer: string; output: string }) =>
      `deprecation pointer ${d.pointer} names no object in ${d.output}`,
  },
  'declaration/supported-ghost': {
    severity: 'error',
    summary:
      'No emitted description (apart from the root one) still conditions on a supported field, which v2 records do not have.',
    fail: { says: '"description": "Only when supported is true."', edits: [] },
    pass: { says: '"description": "Present ⇒ the host offers it."', edits: [] },
    fix: 'Reword the description in the input file the message names.',
    message: (d: { pointer: string; file: string; text: string }) =>
      `${d.pointer}: description conditions on a supported field (from ${d.file}): ${d.text}`,
  },
  'declaration/stale': {
    severity: 'error',
    summary:
      'The committed capabilities schema differs from what the declaration generates: an input changed and the file was not regenerated, or the file was edited by hand. Each difference names the input its value is generated from.',
    fail: {
      says: 'a hand edit to schemas/v2/capabilities.schema.json, or a facet added to spec/v2/facets/mcp.schema.json without regenerating',
      edits: [],
    },
    pass: { says: 'the file as openwop-spec declaration --write renders it', edits: [] },
    fix: `Make a change in the input the finding names (the facet file, the metadata shape or the declaration row), never in the generated file; then regenerate it: openwop-spec check --fix or openwop-spec gen (or ${command('declaration --write')}), and commit the result.`,
    message: (d: { what: string; source?: string }) => d.what,
    hint: (d: { what: string; source?: string }) =>
      `${d.source ? `the value is generated from ${d.source}: make a change there, not here (a hand edit is lost when the file is regenerated); then ` : ''}regenerate it: openwop-spec gen (or ${command('declaration --write')}), and commit the result`,
  },
  'declaration/schema': {
    severity: 'error',
    summary: 'The declaration validates against spec/v2/declaration.schema.json.',
    fail: { says: '{"key": "mcp", "kind": "family", "anchor": "core"} (required fields missing)', edits: [] },
    pass: { says: 'a row with every required field', edits: [] },
    fix: 'Fix the value at the pointer the message names.',
    message: (d: { message: string }) => d.message,
  },
  'declaration/schema-field-undeclared': {
    severity: 'error',
    summary: 'declaration.schema.json declares every field the gates read: the live family row and the profile row.',
    fail: { says: 'a live family row schema without normativeText', edits: [] },
    pass: { says: 'normativeText declared on the live family row', edits: [] },
    fix: 'Declare the field in spec/v2/declaration.schema.json.',
    message: (d: { field: string; row: string }) =>
      `declaration.schema.json does not declare ${d.field} on the ${d.row} row, which the gates read`,
  },
  'declaration/v1-key-unanchored': {
    severity: 'error',
    summary: 'Every root property of the v1 capabilities schema has a metadata or family row (deleted rows count).',
    fail: { says: 'v1 root key legacyThing with no row', edits: [] },
    pass: { says: '{"key": "legacyThing", "anchor": "deleted", "reason": "…"}', edits: [] },
    fix: 'Add a metadata, family or deleted row for the key.',
    message: (d: { key: string }) =>
      `v1 root key \`${d.key}\` has no row — a reserved-undefined slot is unrepresentable under a closed root (RFC 0169 §B.3)`,
  },
  'declaration/duplicate-key': {
    severity: 'error',
    summary: 'No key appears twice across metadata and families.',
    fail: { says: 'two family rows with key mcp', edits: [] },
    pass: { says: 'one row per key', edits: [] },
    fix: 'Remove or rename the repeated row.',
    message: (d: { key: string; count: number }) => `key \`${d.key}\` appears ${d.count} times`,
  },
  'declaration/key-renamed': {
    severity: 'error',
    summary:
      "A family's key differs from the name its own peerDependencyId and section agree on: a misspelled key, or a rename done in one place only.",
    fail: {
      says: '{"key": "schedulng", "peerDependencyId": "scheduling", "section": "core/capabilities.md#scheduling", …}',
      edits: [],
    },
    pass: {
      says: '{"key": "scheduling", "peerDependencyId": "scheduling", "section": "core/capabilities.md#scheduling", …}',
      edits: [],
    },
    fix: 'Correct the key; for a deliberate rename, also rename peerDependencyId, section, the § heading in core/capabilities.md, the facet file and every Normative home marker.',
    message: (d: { key: string; name: string }) =>
      `family key \`${d.key}\` is not the name its row gives elsewhere: peerDependencyId and section say \`${d.name}\` — did you mean \`${d.name}\`?`,
    hint: () =>
      'correct the key (for a deliberate rename, rename peerDependencyId, section, the § heading and every marker too)',
  },
  'declaration/owning-rfc': {
    severity: 'warning',
    summary:
      "A live family's owningRfc names no RFC filed under RFCS/ (as RFCS/<number>-<title>.md). RFCS/ holds the RFCs from the first one filed there on, so an older number is not looked for; without RFCS/ nothing is checked.",
    fail: { says: 'RFCS/0204-v2-host-mcp-client.md only, and a family with "owningRfc": "0250"', edits: [] },
    pass: {
      says: 'RFCS/0204-v2-host-mcp-client.md and RFCS/0250-timers.md, and "owningRfc": "0250" (or an RFC older than 0204)',
      edits: [],
    },
    fix: 'Correct the number, or file the RFC under RFCS/ as <number>-<title>.md.',
    message: (d: { key: string; rfc: string; dir: string; first: string; meant?: string; meantFile?: string }) =>
      `${d.key}: owningRfc ${d.rfc} names no RFC in ${d.dir}/ (no ${d.dir}/${d.rfc}-*.md; the folder holds the RFCs from ${d.first} on)${d.meant ? ` — did you mean ${d.meant} (${d.meantFile})?` : ''}`,
    hint: (d: { rfc: string; dir: string }) => `correct the number, or file the RFC as ${d.dir}/${d.rfc}-<title>.md`,
  },
  'declaration/peer-id': {
    severity: 'error',
    summary: 'A family row has peerDependencyId equal to its key.',
    fail: { says: '{"key": "mcp", "peerDependencyId": "host.mcp"}', edits: [] },
    pass: { says: '{"key": "mcp", "peerDependencyId": "mcp"}', edits: [] },
    fix: 'Set peerDependencyId to the key.',
    message: (d: { key: string }) => `${d.key}: peerDependencyId must equal the key (RFC 0169 §B.1)`,
  },
  'declaration/witness-class': {
    severity: 'error',
    summary: "A family's witness is one of declaration.witnessClasses.",
    fail: { says: '"witness": "unwitnessable"', edits: [] },
    pass: { says: '"witness": "seam-gated"', edits: [] },
    fix: 'Use one of the wire witness classes.',
    message: (d: { key: string; witness: string }) => `${d.key}: witness ${d.witness} is not a wire class`,
  },
  'declaration/externally-gated-stable': {
    severity: 'error',
    summary: 'An externally-gated family is never technically stable.',
    fail: { says: '"disposition": "externally-gated", "maturity": {"technical": "stable", …}', edits: [] },
    pass: { says: '"maturity": {"technical": "experimental", …}', edits: [] },
    fix: 'Lower maturity.technical, or drop the disposition.',
    message: (d: { key: string }) => `${d.key}: externally-gated MUST NOT be stable (RFC 0169 §C.4)`,
  },
  'declaration/section': {
    severity: 'error',
    summary: "A family's section is core/capabilities.md#<key> (core) or ext/<key>/ (ext).",
    fail: { says: '{"key": "mcp", "anchor": "core", "section": "core/interop.md#mcp"}', edits: [] },
    pass: { says: '{"key": "mcp", "anchor": "core", "section": "core/capabilities.md#mcp"}', edits: [] },
    fix: 'Set section to the expected value.',
    message: (d: { key: string; section: string; expected: string }) =>
      `${d.key}: section ${d.section} ≠ ${d.expected}`,
  },
  'declaration/capabilities-heading': {
    severity: 'error',
    summary: 'The § headings (depth 2–4) of spec/v2/core/capabilities.md match the core families one to one.',
    fail: { says: 'a core family mcp with no "## § `mcp`" heading', edits: [] },
    pass: { says: '"### § `mcp`" in spec/v2/core/capabilities.md', edits: [] },
    fix: 'Add the "### § `key`" stub with its summary line (openwop-spec check --fix does), correct a misspelled heading, or remove the heading of a family that is not core.',
    hint: (d: { key: string; problem: 'missing' | 'extra' | 'repeated'; meant?: string }) =>
      d.problem === 'missing'
        ? `add the "### § \`${d.key}\`" stub with its summary line`
        : d.problem === 'extra'
          ? `${d.meant ? `correct it to § \`${d.meant}\`` : 'correct a misspelled heading'}, or remove the heading of a family that is not core`
          : 'remove the repeated heading',
    message: (d: { key: string; problem: 'missing' | 'extra' | 'repeated'; meant?: string }) =>
      d.problem === 'missing'
        ? `core/capabilities.md has no § heading for ${d.key}`
        : d.problem === 'extra'
          ? d.meant
            ? `core/capabilities.md § ${d.key} names no core family — did you mean \`${d.meant}\`, which has no heading?`
            : `core/capabilities.md § ${d.key} names a family the declaration does not anchor in core`
          : `core/capabilities.md § ${d.key} repeats an earlier heading for the same family`,
  },
  'declaration/capabilities-summary': {
    severity: 'error',
    summary:
      'The summary line under a core family’s § heading in spec/v2/core/capabilities.md says what the declaration says: witness class, maturity, owning RFC, facets (and whether a facet file defines them), homes and whether the family is v1-dependent.',
    fail: {
      says: '### § `scheduling` / Witness `witnessable-gated`, experimental; RFC 0052; facets `cron`. Home: `spec/v1/scheduling.md` (v1-dependent). — after scheduling moved to spec/v2/core/scheduling.md',
      edits: [],
    },
    pass: {
      says: 'Witness `witnessable-gated`, experimental; RFC 0052; facets `cron`. Home: `scheduling.md`.',
      edits: [],
    },
    fix: 'Rewrite the line as the message gives it (openwop-spec check --fix does); text after it is kept.',
    hint: () => 'rewrite the line as the message gives it; text after it is kept',
    message: (d: { key: string; actual: string; expected: string }) =>
      `core/capabilities.md § ${d.key} says "${d.actual}" but the declaration says "${d.expected}"`,
  },

  'declaration/ext-readme': {
    severity: 'error',
    summary:
      'Every ext family has spec/v2/ext/<key>/README.md whose header region states witness:, technical: and adoption:.',
    fail: { says: 'spec/v2/ext/canvas/README.md without "technical:" before its first ## heading', edits: [] },
    pass: { says: 'a header table with **witness:**, **technical:** and **adoption:** rows', edits: [] },
    fix: 'Add the README or the missing header field.',
    message: (d: { key: string; file: string; field?: string }) =>
      d.field === undefined
        ? `ext family ${d.key} has no ${d.file}`
        : `${d.file} header lacks \`${d.field}\` (RFC 0169 §C.2)`,
  },
  'declaration/normative-text-path': {
    severity: 'error',
    summary:
      'Every normativeText entry is a canonical repository path that exists (the full home predicate stays with normative-home).',
    fail: { says: '"normativeText": ["spec/v2/core/../core/x.md"]', edits: [] },
    pass: { says: '"normativeText": ["spec/v2/core/x.md"]', edits: [] },
    fix: 'Write the canonical path of an existing file, or create the document.',
    message: (d: { key: string; entry: string; reason?: string }) =>
      d.reason === undefined
        ? `${d.key}: normativeText entry ${d.entry} does not exist`
        : `${d.key}: normativeText entry ${d.entry} is not canonical (${d.reason})`,
  },
  'declaration/requirement-id': {
    severity: 'error',
    summary: 'Every requirementIds entry is planned:… or an id in the conformance requirements.json records.',
    fail: { says: '"requirementIds": ["REQ-NOPE"]', edits: [] },
    pass: { says: '"requirementIds": ["planned:mcp-client"]', edits: [] },
    fix: 'Use an existing requirement id, or mark it planned:.',
    message: (d: { owner: string; id: string; file: string }) =>
      `${d.owner}: requirement id ${d.id} is neither planned: nor in ${d.file}`,
  },
  'declaration/profile-ref': {
    severity: 'error',
    summary:
      'A profile predicate names only core families, facets those families declare (<family>.<facet>) and kept metadata keys.',
    fail: { says: '"predicate": {"families": ["canvas"]} where canvas is an ext family', edits: [] },
    pass: { says: '"predicate": {"families": ["mcp"], "facets": ["mcp.client"]}', edits: [] },
    fix: "Name a core family, a facet in that family's facets list, or a kept metadata key.",
    message: (d: { profile: string; name: string; what: 'family' | 'facet' | 'metadata' }) =>
      d.what === 'family'
        ? `${d.profile}: predicate names ${d.name}, which is not a core family`
        : d.what === 'facet'
          ? `${d.profile}: predicate names facet ${d.name}, which is not <core family>.<a facet that family declares>`
          : `${d.profile}: predicate names ${d.name}, which is not a kept metadata key`,
  },
  'declaration/floor-empty': {
    severity: 'error',
    summary: 'A profile whose predicate names a family or metadata key has a non-empty floorScenarios.',
    fail: { says: '{"id": "p", "predicate": {"families": ["mcp"]}, "floorScenarios": []}', edits: [] },
    pass: { says: '"floorScenarios": ["planned:mcp-client-results"]', edits: [] },
    fix: 'List the scenarios that certify the profile.',
    message: (d: { profile: string; families: number; metadata: number }) =>
      `${d.profile}: predicate names ${d.families} family(ies) and ${d.metadata} metadata key(s) but floorScenarios is empty — a profile with no floor certifies on no evidence`,
  },
  'declaration/floor-missing': {
    severity: 'error',
    summary: 'Every floorScenarios entry resolves to an existing scenario file (planned:<stem> → v2-<stem>.test.ts).',
    fail: { says: '"floorScenarios": ["planned:nope"] with no v2-nope.test.ts', edits: [] },
    pass: { says: 'the scenario file committed', edits: [] },
    fix: 'Write the scenario, or correct the entry.',
    message: (d: { profile: string; entry: string; file: string }) =>
      `${d.profile}: floorScenarios entry \`${d.entry}\` resolves to ${d.file}, which does not exist — a declared floor with no scenario certifies nothing`,
  },
  'declaration/floor-not-major-2': {
    severity: 'error',
    summary: 'Every floor scenario file targets protocol major 2 in the scenario-majors manifest.',
    fail: { says: 'a floor file listed as [1] in scenario-majors.json', edits: [] },
    pass: { says: 'a v2- file, or one listed in bothMajors', edits: [] },
    fix: 'Rename the scenario with the v2- prefix or admit it to both majors, then regenerate the manifest.',
    message: (d: { profile: string; file: string; manifest: string }) =>
      `${d.profile}: floor file ${d.file} does not target major 2 in ${d.manifest} — it never runs in a v2 certification`,
  },
});

export type RuleId = Parameters<typeof rules.diagnostic>[0];
