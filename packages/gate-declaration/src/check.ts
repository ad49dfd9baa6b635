import { InputError, nearest } from '@openwop-spec/diagnostics';
import type { Diagnostic, Point } from '@openwop-spec/diagnostics';
import { escapePointerToken, isRecord, valueAt } from '@openwop-spec/json';
import { command, lineEndingAt, pathProblem, shape } from '@openwop-spec/spec-tree';
import { headerRegion, loadDeclaration, nameOf, validateDeclaration } from '@openwop-spec/families';
import type { FactKind, SpecTree } from '@openwop-spec/spec-tree';
import type { DeclarationModel, FamilyRow } from '@openwop-spec/families';
import type { Nodes } from 'mdast';
import { GATE_ID, rules } from './rules.js';
import { isStringArray } from './json-value.js';
import type { JsonObject } from './json-value.js';
import type { Layout } from './layout.js';
import { layoutOf } from './layout.js';
import { schemaRowFields } from './schema-walk.js';
import { sections, summaryLine } from './summary.js';
import type { Section } from './summary.js';

/** Fields the gates read from a live family row and from a profile row. */
export const FAMILY_FIELDS: readonly string[] = [
  'key',
  'kind',
  'anchor',
  'section',
  'peerDependencyId',
  'witness',
  'maturity',
  'facets',
  'floorScenarios',
  'requirementIds',
  'owningRfc',
  'normativeText',
  'facetsFrom',
  'note',
  'reason',
  'disposition',
];
export const PROFILE_FIELDS: readonly string[] = ['summary'];

const HEADING = /^§\s*`?([A-Za-z][A-Za-z0-9]*)`?/;
const README_FIELDS = ['witness:', 'technical:', 'adoption:'] as const;

interface Ctx {
  tree: SpecTree;
  layout: Layout;
  model: DeclarationModel;
  out: Diagnostic[];
  /** Rows whose key differs from the name their peerDependencyId and section agree on: key → that name. */
  renamed: Map<string, string>;
}

/** The §4.8 rules of check-declaration (the generator's own rules run separately). */
export async function checkDeclarationRules(tree: SpecTree): Promise<Diagnostic[]> {
  const ctx: Ctx = { tree, layout: layoutOf(tree), model: loadDeclaration(tree), out: [], renamed: new Map() };
  for (const d of validateDeclaration(tree, GATE_ID, 'declaration/schema')) ctx.out.push(d);
  schemaFields(ctx);
  rows(ctx);
  keys(ctx);
  await capabilitiesHeadings(ctx);
  capabilitiesSummaries(ctx);
  await extReadmes(ctx);
  requirementIds(ctx);
  owningRfcs(ctx);
  profiles(ctx);
  return ctx.out;
}

/** Where RFCs are filed (not relocatable, as for the home classes). */
const RFCS = 'RFCS';
const RFC_FILE = /^([0-9]{4})-[^/]*\.md$/;

/**
 * A live family's owningRfc names an RFC filed under RFCS/ as `<number>-<title>.md`. The folder holds
 * the RFCs from the first one filed there on; an older number predates it and is not looked for. No
 * folder, or no RFC in it: nothing to check against.
 */
function owningRfcs(ctx: Ctx): void {
  if (ctx.tree.info(RFCS).kind !== 'dir') return;
  const filed = new Map<string, string>();
  for (const e of ctx.tree.list(RFCS)) {
    const m = e.kind === 'file' ? RFC_FILE.exec(e.name) : null;
    if (m && !filed.has(m[1]!)) filed.set(m[1]!, e.path);
  }
  const first = [...filed.keys()].sort()[0];
  if (first === undefined) return;
  for (const r of ctx.model.live) {
    const rfc = r.row['owningRfc'];
    if (typeof rfc !== 'string' || !/^[0-9]{4}$/.test(rfc) || rfc < first || filed.has(rfc)) continue;
    const meant = nearest(rfc, [...filed.keys()]);
    atDecl(
      ctx,
      'declaration/owning-rfc',
      { key: r.key, rfc, dir: RFCS, first, ...(meant && { meant, meantFile: filed.get(meant)! }) },
      `${r.pointer}/owningRfc`,
      // What the number is written into (the record's description, the summary line) stands on it.
      { explains: [`rfc:${r.key}`] },
    );
  }
}

/** A diagnostic at a JSON pointer of declaration.json, about the subjects given (see linkCauses). */
function atDecl(
  ctx: Ctx,
  id: Parameters<typeof rules.diagnostic>[0],
  data: object,
  pointer: string,
  extra: Partial<Diagnostic> = {},
): void {
  const range = ctx.model.doc.locate(pointer);
  ctx.out.push(
    rules.diagnostic(id, data as never, { file: ctx.model.file, start: range.start, end: range.end }, extra),
  );
}

const family = (key: string): string => `family:${key}`;
/** A heading of a markdown document, as a citation of it (`doc.md#name`, `doc.md § name`) is about it. */
const heading = (file: string, name: string): string => `heading:${file}#${name}`;

function schemaFields(ctx: Ctx): void {
  const file = ctx.layout.declarationSchema;
  const doc = ctx.tree.json(file);
  const checks: Array<[row: string, path: string[], fields: readonly string[], isRow: (s: JsonObject) => boolean]> = [
    ['live family', ['properties', 'families', 'items'], FAMILY_FIELDS, (s) => declaresConst(s, 'kind', 'family')],
    ['profile', ['properties', 'profiles', 'items'], PROFILE_FIELDS, () => true],
  ];
  for (const [row, path, fields, isRow] of checks) {
    const found = schemaRowFields(doc.value, path, isRow);
    const range = doc.locate(found?.pointer ?? '/' + path.map(escapePointerToken).join('/'));
    for (const field of fields) {
      if (!found?.fields.has(field))
        ctx.out.push(
          rules.diagnostic(
            'declaration/schema-field-undeclared',
            { field, row },
            { file, start: range.start, end: range.end },
          ),
        );
    }
  }
}

/** True when the row schema pins `prop` to `value` with const or an enum. */
function declaresConst(schema: JsonObject, prop: string, value: string): boolean {
  const p = isRecord(schema['properties']) ? schema['properties'][prop] : undefined;
  if (!isRecord(p)) return false;
  return p['const'] === value || (Array.isArray(p['enum']) && p['enum'].includes(value));
}

function keys(ctx: Ctx): void {
  const { model } = ctx;
  const seen = new Map<string, string[]>();
  for (const r of [...model.metadata, ...model.rows]) {
    const pointers = seen.get(r.key);
    if (pointers) pointers.push(r.pointer);
    else seen.set(r.key, [r.pointer]);
  }
  for (const [key, pointers] of seen) {
    if (pointers.length < 2) continue;
    const first = model.doc.locate(`${pointers[0]!}/key`).start;
    atDecl(ctx, 'declaration/duplicate-key', { key, count: pointers.length }, `${pointers[1]!}/key`, {
      related: [{ file: model.file, start: first, message: `first row with key ${key}` }],
      explains: [family(key)],
    });
  }
  const v1File = ctx.layout.v1Schema;
  const v1 = ctx.tree.json(v1File);
  const props = valueAt(v1.value, ['properties']);
  if (!isRecord(props))
    throw new InputError(`${v1File}: the v1 capabilities schema must have a properties object`, {
      file: v1File,
      start: v1.locate('').start,
    });
  for (const key of Object.keys(props)) {
    if (seen.has(key)) continue;
    const range = v1.locateKey(`/properties/${escapePointerToken(key)}`);
    ctx.out.push(
      rules.diagnostic(
        'declaration/v1-key-unanchored',
        { key },
        { file: v1File, start: range.start, end: range.end },
        { subjects: [family(key)] },
      ),
    );
  }
}

/** The family name a section names: `core/capabilities.md#<name>` or `ext/<name>/`. */
const sectionName = (section: unknown): string | undefined =>
  typeof section === 'string'
    ? /^core\/capabilities\.md#([A-Za-z][A-Za-z0-9]*)$|^ext\/([A-Za-z][A-Za-z0-9]*)\/$/
        .exec(section)
        ?.slice(1)
        .find(Boolean)
    : undefined;

function rows(ctx: Ctx): void {
  const classes = ctx.model.value['witnessClasses'];
  for (const f of ctx.model.live) {
    const r = f.row;
    const about = { subjects: [family(f.key)] };
    const other = r['peerDependencyId'];
    // The key alone changed (a typo, or a rename half done): its own row still names the old family.
    if (typeof other === 'string' && other !== f.key && sectionName(r['section']) === other) {
      ctx.renamed.set(f.key, other);
      atDecl(ctx, 'declaration/key-renamed', { key: f.key, name: other }, `${f.pointer}/key`, {
        explains: [family(f.key), family(other)],
      });
      continue;
    }
    if (r['peerDependencyId'] !== f.key)
      atDecl(ctx, 'declaration/peer-id', { key: f.key }, `${f.pointer}/peerDependencyId`, about);
    if (!Array.isArray(classes) || !classes.includes(r['witness']))
      atDecl(
        ctx,
        'declaration/witness-class',
        { key: f.key, witness: String(r['witness']) },
        `${f.pointer}/witness`,
        about,
      );
    const maturity = isRecord(r['maturity']) ? r['maturity'] : {};
    if (r['disposition'] === 'externally-gated' && maturity['technical'] === 'stable') {
      atDecl(ctx, 'declaration/externally-gated-stable', { key: f.key }, `${f.pointer}/maturity/technical`, about);
    }
    const expected =
      f.anchor === 'core' ? `core/capabilities.md#${f.key}` : f.anchor === 'ext' ? `ext/${f.key}/` : undefined;
    if (expected !== undefined && r['section'] !== expected) {
      atDecl(
        ctx,
        'declaration/section',
        { key: f.key, section: String(r['section']), expected },
        `${f.pointer}/section`,
        about,
      );
    }
  }
  for (const f of ctx.model.live) {
    const homes = f.row['normativeText'];
    if (!Array.isArray(homes)) continue;
    homes.forEach((entry, i) => {
      if (typeof entry !== 'string') return;
      const reason = pathProblem(entry);
      const at = `${f.pointer}/normativeText/${i}`;
      if (reason !== undefined)
        atDecl(ctx, 'declaration/normative-text-path', { key: f.key, entry, reason }, at, {
          subjects: [family(f.key)],
        });
      else if (!ctx.tree.exists(entry))
        atDecl(ctx, 'declaration/normative-text-path', { key: f.key, entry }, at, {
          subjects: [family(f.key), `path:${entry}`],
        });
    });
  }
}

// Cached facts are rebuilt field by field, so nothing but what was written reaches a diagnostic.
const pointOf = (v: unknown): Point | undefined =>
  isRecord(v) && shape.isCount(v['line']) && shape.isCount(v['column'])
    ? { line: v['line'], column: v['column'] }
    : undefined;

/** The § headings (depth 2–4) of a document and the keys they name, as capabilities.md is read. */
export const sectionHeadings: FactKind<Array<{ key: string; start: Point }>> = {
  id: 'declaration:section-headings',
  code: import.meta.url,
  // The budget parses capabilities.md first, for its prose words.
  applies: (path, paths) => path === layoutOf({ paths }).capabilitiesMd,
  async derive(source) {
    const headings: Array<{ key: string; start: Point }> = [];
    const walk = (node: Nodes): void => {
      if (node.type === 'heading') {
        const h = node;
        const m = h.depth >= 2 && h.depth <= 4 ? HEADING.exec(nameOf(h).trim()) : null;
        if (m && h.position)
          headings.push({ key: m[1]!, start: { line: h.position.start.line, column: h.position.start.column } });
        return;
      }
      if ('children' in node) for (const c of node.children as Nodes[]) walk(c);
    };
    walk(await source.markdown());
    return headings;
  },
  toJson: (headings) => headings,
  fromJson(json) {
    if (!Array.isArray(json)) return undefined;
    const out: Array<{ key: string; start: Point }> = [];
    for (const h of json as unknown[]) {
      const start = isRecord(h) && typeof h['key'] === 'string' ? pointOf(h['start']) : undefined;
      if (!start) return undefined;
      out.push({ key: (h as { key: string }).key, start });
    }
    return out;
  },
};

/** The `name()` text of a document's header region and where the region starts, as an ext README is read. */
export const headerText: FactKind<{ text: string; start?: Point }> = {
  id: 'declaration:header-text',
  code: import.meta.url,
  // The classification parses an ext README first when a core family names it a home.
  applies: (path, paths) => {
    const ext = `${layoutOf({ paths }).extDir}/`;
    return path.startsWith(ext) && /^[^/]+\/README\.md$/.test(path.slice(ext.length));
  },
  async derive(source) {
    const region = headerRegion(await source.markdown());
    const start = region[0]?.position?.start;
    return {
      text: region.map((n) => nameOf(n)).join('\n'),
      ...(start ? { start: { line: start.line, column: start.column } } : {}),
    };
  },
  toJson: (header) => header,
  fromJson(json) {
    if (!isRecord(json) || typeof json['text'] !== 'string') return undefined;
    if (json['start'] === undefined) return { text: json['text'] };
    const start = pointOf(json['start']);
    return start ? { text: json['text'], start } : undefined;
  },
};

/** § headings (depth 2–4) of core/capabilities.md and the core families, one to one. */
async function capabilitiesHeadings(ctx: Ctx): Promise<void> {
  const file = ctx.layout.capabilitiesMd;
  const headings = ctx.tree.info(file).kind !== 'missing' ? await ctx.tree.factsOf(file, sectionHeadings) : [];
  const core = new Set(ctx.model.core.map((f) => f.key));
  const headed = new Set(headings.map((h) => h.key));
  // A heading that names no core family, close to a core family that has none, is that family's heading misspelled.
  const unheaded = ctx.model.core.map((f) => f.key).filter((k) => !headed.has(k) && !ctx.renamed.has(k));
  const seen = new Set<string>();
  for (const h of headings) {
    const problem = !core.has(h.key) ? 'extra' : seen.has(h.key) ? 'repeated' : undefined;
    seen.add(h.key);
    if (!problem) continue;
    const meant =
      problem === 'extra' && ![...ctx.renamed.values()].includes(h.key) ? nearest(h.key, unheaded) : undefined;
    ctx.out.push(
      rules.diagnostic(
        'declaration/capabilities-heading',
        { key: h.key, problem, ...(meant && { meant }) },
        { file, start: h.start },
        meant ? { explains: [family(meant), heading(file, meant)] } : { subjects: [family(h.key)] },
      ),
    );
  }
  const stubFix = stubFixer(ctx);
  for (const f of ctx.model.core) {
    if (!seen.has(f.key))
      atDecl(ctx, 'declaration/capabilities-heading', { key: f.key, problem: 'missing' }, `${f.pointer}/key`, {
        subjects: [family(f.key)],
        explains: [heading(file, f.key)],
        ...stubFix(f),
      });
  }
}

const dirsOf = (ctx: Ctx) => ({ core: `${ctx.tree.paths.spec}/v2/core`, v1: `${ctx.tree.paths.spec}/v1` });

/** capabilities.md's § sections, split once per tree: in order, and the first of each key. */
function capabilitiesSections(ctx: Ctx): { text: string; all: Section[]; byKey: Map<string, Section> } | undefined {
  const file = ctx.layout.capabilitiesMd;
  return ctx.tree.derive(`declaration:sections:${file}`, () => {
    if (ctx.tree.info(file).kind !== 'file') return undefined;
    const text = ctx.tree.text(file);
    const all = sections(text);
    const byKey = new Map<string, Section>();
    for (const section of all) if (!byKey.has(section.key)) byKey.set(section.key, section);
    return { text, all, byKey };
  });
}

/**
 * The `§ key` stub a missing heading needs, with its summary line: before the section of the next
 * core family (declaration order) that has one, else after the last § section, else at the end.
 * The next section of every family is found in one backward pass, so the fixes of any number of
 * missing headings cost one read of the document.
 */
function stubFixer(ctx: Ctx): (f: FamilyRow) => Pick<Diagnostic, 'fix'> {
  const file = ctx.layout.capabilitiesMd;
  const doc = capabilitiesSections(ctx);
  if (!doc) return () => ({});
  const { text, all, byKey } = doc;
  const core = ctx.model.core;
  // A repeated key stands where its first row does.
  const first = new Map<string, number>();
  core.forEach((r, i) => first.has(r.key) || first.set(r.key, i));
  const nextOf = new Array<Section | undefined>(core.length);
  let following: Section | undefined;
  for (let i = core.length - 1; i >= 0; i--) {
    nextOf[i] = following;
    following = byKey.get(core[i]!.key) ?? following;
  }
  return (f) => {
    const next = nextOf[first.get(f.key)!];
    const at = next?.start ?? all[all.length - 1]?.end ?? text.length;
    // Lines end as the neighbouring ones do (LF or CRLF).
    const eol = lineEndingAt(text, at);
    const lead =
      at === text.length ? (text.endsWith(eol + eol) || text === '' ? '' : text.endsWith(eol) ? eol : eol + eol) : '';
    const stub = `${'#'.repeat(next?.depth ?? all[0]?.depth ?? 3)} § \`${f.key}\`${eol}${eol}${summaryLine(f, dirsOf(ctx))}${eol}`;
    return { fix: [{ file, start: at, end: at, before: '', text: `${lead}${stub}${at === text.length ? '' : eol}` }] };
  };
}

/** The summary line under each core family's § heading says what the declaration says (when the section has one). */
function capabilitiesSummaries(ctx: Ctx): void {
  const file = ctx.layout.capabilitiesMd;
  const doc = capabilitiesSections(ctx);
  if (!doc) return;
  const { byKey } = doc;
  for (const f of ctx.model.core) {
    const summary = byKey.get(f.key)?.summary;
    const expected = summaryLine(f, dirsOf(ctx));
    if (!summary || summary.decided === expected) continue;
    const fix = [
      {
        file,
        start: summary.offset,
        end: summary.offset + summary.decided.length,
        before: summary.decided,
        text: expected,
      },
    ];
    ctx.out.push(
      rules.diagnostic(
        'declaration/capabilities-summary',
        { key: f.key, actual: summary.decided, expected },
        { file, start: { line: summary.line, column: 1, offset: summary.offset } },
        // The line is made of the row's homes, facets and RFC: a missing home path, a facet source in
        // error or an RFC no RFC file has is its root cause, and the line it would write stands on it.
        { subjects: [family(f.key), `facets:${f.key}`, `rfc:${f.key}`, ...homesOf(f).map((h) => `path:${h}`)], fix },
      ),
    );
  }
}

const homesOf = (f: FamilyRow): string[] => (isStringArray(f.row['normativeText']) ? f.row['normativeText'] : []);

/** Every ext family's README states its witness and both maturity axes in its header region. */
async function extReadmes(ctx: Ctx): Promise<void> {
  for (const f of ctx.model.ext) {
    const file = `${ctx.layout.extDir}/${f.key}/README.md`;
    if (ctx.tree.info(file).kind !== 'file') {
      atDecl(ctx, 'declaration/ext-readme', { key: f.key, file }, `${f.pointer}/key`, { subjects: [family(f.key)] });
      continue;
    }
    const { text, start } = await ctx.tree.factsOf(file, headerText);
    for (const field of README_FIELDS) {
      if (!text.includes(field)) {
        ctx.out.push(
          rules.diagnostic(
            'declaration/ext-readme',
            { key: f.key, file, field },
            { file, start: start ?? { line: 1, column: 1 } },
          ),
        );
      }
    }
  }
}

function requirementIds(ctx: Ctx): void {
  const file = ctx.layout.requirements;
  let known: Set<string> | undefined;
  // Read only when some id needs it; a missing file knows no ids (upstream's behaviour).
  const ids = (): Set<string> => {
    if (known) return known;
    known = new Set();
    if (ctx.tree.info(file).kind === 'missing') return known;
    const doc = ctx.tree.json(file);
    const records = valueAt(doc.value, ['records']);
    if (!Array.isArray(records))
      throw new InputError(`${file}: records must be an array`, { file, start: doc.locate('/records').start });
    for (const r of records) if (isRecord(r) && typeof r['id'] === 'string') known.add(r['id']);
    return known;
  };
  const owners: Array<[owner: string, pointer: string, row: Readonly<JsonObject>]> = [
    ...ctx.model.rows.map((r) => [r.key, r.pointer, r.row] as [string, string, JsonObject]),
    ...profileRows(ctx).map((p) => [p.id, p.pointer, p.row] as [string, string, JsonObject]),
  ];
  for (const [owner, pointer, row] of owners) {
    const list = row['requirementIds'];
    if (!Array.isArray(list)) continue;
    list.forEach((id, i) => {
      if (typeof id !== 'string' || id.startsWith('planned:') || ids().has(id)) return;
      atDecl(ctx, 'declaration/requirement-id', { owner, id, file }, `${pointer}/requirementIds/${i}`, {
        subjects: [family(owner)],
      });
    });
  }
}

interface ProfileRow {
  id: string;
  pointer: string;
  row: JsonObject;
}

function profileRows(ctx: Ctx): ProfileRow[] {
  const list = ctx.model.value['profiles'];
  if (!Array.isArray(list)) return [];
  return list.flatMap((row: unknown, i) =>
    isRecord(row)
      ? [{ id: typeof row['id'] === 'string' ? row['id'] : `profiles[${i}]`, pointer: `/profiles/${i}`, row }]
      : [],
  );
}

function profiles(ctx: Ctx): void {
  const core = new Set(ctx.model.core.map((f) => f.key));
  const kept = new Set(ctx.model.metadata.filter((m) => m.disposition === 'kept').map((m) => m.key));
  let majors: JsonObject | undefined;
  const majorsOf = (): JsonObject => {
    if (majors) return majors;
    const file = ctx.layout.scenarioMajors;
    if (ctx.tree.info(file).kind === 'missing') {
      throw new InputError(
        `${file} does not exist; the floor checks need it (run ${command('scenario-majors --write')})`,
        { file },
        'input/missing',
      );
    }
    const doc = ctx.tree.json(file);
    const m = valueAt(doc.value, ['majors']);
    if (!isRecord(m))
      throw new InputError(`${file}: majors must be an object`, { file, start: doc.locate('/majors').start });
    return (majors = m);
  };
  for (const p of profileRows(ctx)) {
    const predicate = isRecord(p.row['predicate']) ? p.row['predicate'] : {};
    const families = isStringArray(predicate['families']) ? predicate['families'] : [];
    const metadata = isStringArray(predicate['metadata']) ? predicate['metadata'] : [];
    const facets = isStringArray(predicate['facets']) ? predicate['facets'] : [];
    families.forEach((name, i) => {
      if (!core.has(name))
        atDecl(
          ctx,
          'declaration/profile-ref',
          { profile: p.id, name, what: 'family' },
          `${p.pointer}/predicate/families/${i}`,
        );
    });
    facets.forEach((name, i) => {
      const [family = '', facet] = name.split('.', 2);
      const row = ctx.model.core.find((f) => f.key === family)?.row;
      const declared =
        row !== undefined && isStringArray(row['facets']) && facet !== undefined && row['facets'].includes(facet);
      if (!declared)
        atDecl(
          ctx,
          'declaration/profile-ref',
          { profile: p.id, name, what: 'facet' },
          `${p.pointer}/predicate/facets/${i}`,
        );
    });
    metadata.forEach((name, i) => {
      if (!kept.has(name))
        atDecl(
          ctx,
          'declaration/profile-ref',
          { profile: p.id, name, what: 'metadata' },
          `${p.pointer}/predicate/metadata/${i}`,
        );
    });
    const floor = Array.isArray(p.row['floorScenarios']) ? p.row['floorScenarios'] : [];
    if (families.length + metadata.length > 0 && floor.length === 0) {
      atDecl(
        ctx,
        'declaration/floor-empty',
        { profile: p.id, families: families.length, metadata: metadata.length },
        `${p.pointer}/floorScenarios`,
      );
    }
    floor.forEach((entry, i) => {
      if (typeof entry !== 'string') return;
      const name = floorFile(entry);
      const path = `${ctx.layout.scenariosDir}/${name}`;
      const pointer = `${p.pointer}/floorScenarios/${i}`;
      // A name with a separator would leave the scenarios directory: it resolves to no scenario.
      if (/[\\/]/.test(name) || ctx.tree.info(path).kind !== 'file') {
        atDecl(ctx, 'declaration/floor-missing', { profile: p.id, entry, file: path }, pointer);
        return;
      }
      const targets = majorsOf()[name];
      if (!Array.isArray(targets) || !targets.includes(2)) {
        atDecl(
          ctx,
          'declaration/floor-not-major-2',
          { profile: p.id, file: name, manifest: ctx.layout.scenarioMajors },
          pointer,
        );
      }
    });
  }
}

/** `planned:<stem>` → `v2-<stem>.test.ts`; otherwise the entry with `.test.ts` (added once). */
export function floorFile(entry: string): string {
  if (entry.startsWith('planned:')) return `v2-${entry.slice('planned:'.length)}.test.ts`;
  return `${entry.replace(/\.test\.ts$/, '')}.test.ts`;
}

export interface RowCounts {
  families: number;
  core: number;
  ext: number;
  deleted: number;
  metadata: number;
  profiles: number;
}

export function rowCounts(tree: SpecTree): RowCounts {
  const model = loadDeclaration(tree);
  const profiles = model.value['profiles'];
  return {
    families: model.rows.length,
    core: model.core.length,
    ext: model.ext.length,
    deleted: model.rows.filter((r) => r.anchor === 'deleted').length,
    metadata: model.metadata.length,
    profiles: Array.isArray(profiles) ? profiles.length : 0,
  };
}
