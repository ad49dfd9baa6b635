import { InputError } from '@openwop-spec/diagnostics';
import { escapePointerToken, isRecord } from '@openwop-spec/json';
import type { FamilyRow } from './declaration.js';
import { loadDeclaration } from './declaration.js';
import { pathProblem } from '@openwop-spec/spec-tree';
import type { JsonDoc, SpecTree } from '@openwop-spec/spec-tree';
import { documentFacts } from './document.js';
import type { Banner, DocumentFacts } from './document.js';
import { baseName, classPrefixes, homeClass, requiredExtension } from './homes.js';
import type { ClassPrefixes, HomeClass } from './homes.js';
import type {
  Classification,
  DocumentNearMiss,
  DocumentRef,
  DuplicateFamily,
  ExtHome,
  ExtHomeStatus,
  FacetResult,
  FamilyFinding,
  FamilyResult,
  HomeFinding,
  HomeResult,
  StrayFamily,
} from './types.js';

const SEAMS_CATALOG = 'host-sample-test-seams.md';
const NON_NORMATIVE = /\binformative\b|\bnon-normative\b/i;
const BANNER_QUOTE = 90;

/**
 * The ONE decision about what each core family's homes are worth, shared by the core-budget and normative-home gates and computed once per tree. Only the
 * documents that are declared prose homes are parsed, each once, through the tree's cache.
 */
export async function classifyCoreFamilies(tree: SpecTree): Promise<Classification> {
  return tree.derive('classify:core-families', () => new Classifier(tree).run());
}

/** What a home path is worth before its family's key is known (class, file checks, banner). */
interface PathVerdict {
  class?: HomeClass;
  finding?: HomeFinding;
  related?: DocumentRef;
  facts?: DocumentFacts;
  banner?: Banner;
}

const start = { line: 1, column: 1, offset: 0 };

class Classifier {
  private readonly prefixes: ClassPrefixes;
  private readonly doc: JsonDoc;
  private readonly file: string;
  private readonly verdicts = new Map<string, PathVerdict>();
  private readonly nearMisses: DocumentNearMiss[] = [];

  constructor(private readonly tree: SpecTree) {
    const model = loadDeclaration(tree);
    this.doc = model.doc;
    this.file = model.file;
    this.prefixes = classPrefixes(tree.paths);
  }

  /** A pointer and its range, located only when a diagnostic reads it (a passing run reads none). */
  private located(pointer: string): { pointer: string; at: ReturnType<JsonDoc['locate']> } {
    const doc = this.doc;
    let range: ReturnType<JsonDoc['locate']> | undefined;
    const get = (): ReturnType<JsonDoc['locate']> => (range ??= doc.locate(pointer));
    return {
      pointer,
      at: {
        get start() {
          return get().start;
        },
        get end() {
          return get().end;
        },
      },
    };
  }

  async run(): Promise<Classification> {
    const model = loadDeclaration(this.tree);
    const stray = this.findStray(model.value);
    const { core, duplicates } = this.discover(model.live);
    const families: FamilyResult[] = [];
    for (const row of core) families.push(await this.classifyFamily(row));
    const counts = { core: families.length, resolved: 0, v1Dependent: 0, undeclared: 0, failing: 0 };
    for (const f of families) {
      if (f.bucket === 'resolved') counts.resolved++;
      else if (f.bucket === 'v1-dependent') counts.v1Dependent++;
      else if (f.bucket === 'undeclared') counts.undeclared++;
      else counts.failing++;
    }
    return {
      file: this.file,
      families,
      stray,
      duplicates,
      nearMisses: this.nearMisses,
      extHomes: this.extHomes(families),
      counts,
    };
  }

  /** Family-shaped objects anywhere but directly in `/families` (upstream walked the whole tree). */
  private findStray(value: unknown): StrayFamily[] {
    const out: StrayFamily[] = [];
    // The path to the value being walked, unescaped: a pointer is built only for a stray found.
    const path: string[] = [];
    const walk = (v: unknown, direct: boolean): void => {
      if (Array.isArray(v)) {
        const families = path.length === 1 && path[0] === 'families';
        for (let i = 0; i < v.length; i++) {
          path.push(String(i));
          walk(v[i], families);
          path.pop();
        }
        return;
      }
      if (!isRecord(v)) return;
      const { key, anchor, kind } = v;
      if (
        !direct &&
        kind === 'family' &&
        typeof key === 'string' &&
        key !== '' &&
        typeof anchor === 'string' &&
        anchor !== ''
      )
        out.push({ key, ...this.located(path.map((k) => `/${escapePointerToken(k)}`).join('')) });
      for (const [k, x] of Object.entries(v)) {
        path.push(k);
        walk(x, false);
        path.pop();
      }
    };
    walk(value, false);
    return out;
  }

  /** Core rows in declaration order, skipping any row whose key an earlier live row already has. */
  private discover(live: readonly FamilyRow[]): { core: FamilyRow[]; duplicates: DuplicateFamily[] } {
    const first = new Map<string, string>();
    const core: FamilyRow[] = [];
    const duplicates: DuplicateFamily[] = [];
    for (const row of live) {
      const seen = first.get(row.key);
      if (seen !== undefined) {
        duplicates.push({ key: row.key, first: seen, ...this.located(`${row.pointer}/key`) });
        continue;
      }
      first.set(row.key, row.pointer);
      if (row.anchor === 'core') core.push(row);
    }
    return { core, duplicates };
  }

  /** The declared homes, or undefined when undeclared; anything but an array of strings is an input error. */
  private declaredHomes(row: FamilyRow): string[] | undefined {
    const value = row.row['normativeText'];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) return undefined;
    if (!Array.isArray(value) || value.some((h) => typeof h !== 'string')) {
      const pointer = `${row.pointer}/normativeText`;
      throw new InputError(`${this.file}: ${pointer} must be an array of repository paths (strings)`, {
        file: this.file,
        start: this.doc.locate(pointer).start,
      });
    }
    return value as string[];
  }

  private async classifyFamily(row: FamilyRow): Promise<FamilyResult> {
    const declared = this.declaredHomes(row);
    const ntPointer = `${row.pointer}/normativeText`;
    const base = {
      key: row.key,
      index: row.index,
      ...this.located(row.pointer),
      normativeText: this.located(this.doc.has(ntPointer) ? ntPointer : row.pointer),
      facets: [] as FacetResult[],
      uncovered: [] as string[],
    };
    if (!declared) return { ...base, bucket: 'undeclared', homes: [] };
    const homes: HomeResult[] = [];
    for (const [index, path] of declared.entries())
      homes.push(await this.evaluateHome(row.key, path, index, `${ntPointer}/${index}`));
    if (homes.some((h) => h.finding)) return { ...base, bucket: 'failing', homes };
    const fail = (finding: FamilyFinding): FamilyResult => ({ ...base, bucket: 'failing', homes, finding });
    if (homes.every((h) => h.class === 'schema')) return fail({ ruleId: 'home/schema-only' });
    const carrying = this.factsOf(homes, (c) => c === 'core' || c === 'v1');
    if (carrying.length === 0) return fail({ ruleId: 'home/ext-only' });
    if (!carrying.some((d) => d.naming.names(row.key))) return fail({ ruleId: 'home/unnamed' });
    if (!carrying.some((d) => d.obligationNames.names(row.key) || d.obligationTitles.has(row.key)))
      return fail({ ruleId: 'home/no-obligation' });
    const prose = this.factsOf(homes, (c) => c === 'core' || c === 'ext' || c === 'v1');
    const facets = this.facetCoverage(row, prose);
    return {
      ...base,
      bucket: homes.some((h) => h.class === 'v1') ? 'v1-dependent' : 'resolved',
      homes,
      facets,
      uncovered: facets.filter((f) => !f.covered).map((f) => `${row.key}.${f.name}`),
    };
  }

  /** The parsed documents of the homes whose class passes `keep`, each once. */
  private factsOf(homes: readonly HomeResult[], keep: (c: HomeClass) => boolean): DocumentFacts[] {
    const out = new Set<DocumentFacts>();
    for (const h of homes) {
      const facts = h.class !== undefined && keep(h.class) ? this.verdicts.get(h.path)?.facts : undefined;
      if (facts) out.add(facts);
    }
    return [...out];
  }

  private facetCoverage(row: FamilyRow, prose: readonly DocumentFacts[]): FacetResult[] {
    const declared = row.row['facets'];
    if (!Array.isArray(declared)) return [];
    const out: FacetResult[] = [];
    declared.forEach((name: unknown, index: number) => {
      if (typeof name !== 'string') return;
      const covered = prose.some((d) => d.facetText.coversFacet(row.key, name));
      out.push({ name, index, covered, ...this.located(`${row.pointer}/facets/${index}`) });
    });
    return out;
  }

  private async evaluateHome(key: string, path: string, index: number, pointer: string): Promise<HomeResult> {
    const verdict = await this.pathVerdict(path);
    const result: HomeResult = { path, index, ...this.located(pointer) };
    if (verdict.class !== undefined) result.class = verdict.class;
    if (verdict.banner) result.banner = verdict.banner;
    if (verdict.finding) {
      result.finding = verdict.finding;
      if (verdict.related) result.related = verdict.related;
      return result;
    }
    // The reciprocal marker is the one check that depends on the family (v1 homes are exempt).
    const facts = verdict.facts;
    const claim = facts?.claims.get(key);
    if (claim) result.claim = claim;
    if (facts && verdict.class !== 'v1' && !claim) {
      result.finding = { ruleId: 'home/unclaimed' };
      result.related = facts.marker
        ? { file: path, what: 'marker', ...facts.marker }
        : { file: path, what: 'document', start };
    }
    return result;
  }

  /** Class, file checks, seams and banner of one path (§2.2, §2.3), computed once per path. */
  private async pathVerdict(path: string): Promise<PathVerdict> {
    const cached = this.verdicts.get(path);
    if (cached) return cached;
    const verdict = await this.computeVerdict(path);
    this.verdicts.set(path, verdict);
    return verdict;
  }

  private async computeVerdict(path: string): Promise<PathVerdict> {
    const reason = pathProblem(path);
    if (reason) return { finding: { ruleId: 'home/bad-path', reason } };
    const cls = homeClass(path, this.prefixes);
    const document: DocumentRef = { file: path, what: 'document', start };
    // A refused path that is an existing file inside the root still gets a place to point at.
    const refuse = (finding: HomeFinding): PathVerdict => {
      const info = this.tree.info(path);
      return {
        class: cls,
        finding,
        ...(info.kind === 'file' && info.realPath !== undefined ? { related: document } : {}),
      };
    };
    if (cls === 'declaration-site') return refuse({ ruleId: 'home/declaration-site' });
    if (cls === 'rfc') return refuse({ ruleId: 'home/rfc-home' });
    if (cls === 'other') return refuse({ ruleId: 'home/not-a-home' });
    const expected = requiredExtension(cls) as '.md' | '.json';
    if (!path.endsWith(expected)) return refuse({ ruleId: 'home/wrong-extension', expected });
    const info = this.tree.info(path);
    if (info.kind === 'missing') return { class: cls, finding: { ruleId: 'home/missing' } };
    if (info.realPath === undefined) return { class: cls, finding: { ruleId: 'home/symlink-escape' } };
    if (homeClass(info.realPath, this.prefixes) !== cls) {
      return {
        class: cls,
        finding: { ruleId: 'home/symlink-escape', target: info.realPath },
        related: { file: info.realPath, what: 'document', start },
      };
    }
    if (info.kind !== 'file') return { class: cls, finding: { ruleId: 'home/not-a-file' }, related: document };
    if (cls === 'schema') return { class: cls };
    if (baseName(path) === SEAMS_CATALOG)
      return { class: cls, finding: { ruleId: 'home/seams-catalog' }, related: document };
    const facts = await documentFacts(this.tree, path);
    if (cls !== 'v1') for (const miss of facts.nearMisses) this.nearMisses.push({ file: path, ...miss });
    const verdict: PathVerdict = { class: cls, facts };
    if (facts.banner) {
      verdict.banner = facts.banner;
      if (NON_NORMATIVE.test(facts.banner.line)) {
        verdict.finding = { ruleId: 'home/non-normative', banner: facts.banner.line.slice(0, BANNER_QUOTE) };
        verdict.related = { file: path, what: 'banner', start: facts.banner.start, end: facts.banner.end };
      }
    }
    return verdict;
  }

  /** Every ext-prefixed home cited by a core family, once per path, with whether the budget counts it. */
  private extHomes(families: readonly FamilyResult[]): ExtHome[] {
    const out = new Map<string, ExtHome>();
    for (const f of families) {
      for (const h of f.homes) {
        if (!h.path.startsWith(this.prefixes.ext) || out.has(h.path)) continue;
        out.set(h.path, { path: h.path, key: f.key, pointer: h.pointer, at: h.at, status: this.extStatus(h.path) });
      }
    }
    return [...out.values()];
  }

  private extStatus(path: string): ExtHomeStatus {
    if (pathProblem(path)) return 'not-canonical';
    if (!path.endsWith('.md')) return 'not-markdown';
    const info = this.tree.info(path);
    if (info.kind === 'missing') return 'missing';
    if (info.realPath === undefined) return 'outside-root';
    return info.kind === 'file' ? 'counted' : 'not-a-file';
  }
}
