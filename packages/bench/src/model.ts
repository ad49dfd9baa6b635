import { Prng } from './prng.js';

/**
 * The shape of one corpus replica at scale 1, as upstream stands today (issue 8). Scale N holds N
 * replicas with distinct keys and file names; only the capability declaration site, the schemas
 * and the global inputs stay single files.
 */
export const SHAPE = {
  coreFamilies: 72,
  homedInCore: 31,
  /** Core documents that home two families (so 31 families live in 29 documents). */
  sharedHomeDocs: 2,
  extFamilies: 13,
  extraExtReadmes: 5,
  v1Docs: 74,
  /** v1 documents that home the 41 v1-dependent families (upstream records 20 v1 banners). */
  v1HomeDocs: 20,
  facetFiles: 16,
  /** Core families seeded from the v1 schema (the rest without facetsFrom emit no facets). */
  v1SeededFamilies: 40,
  deletedFamilies: 3,
  scenarios: 575,
  v2Prefixed: 123,
  bothMajors: 15,
  libs: 40,
  profiles: 2,
} as const;

export type Bucket = 'resolved' | 'v1-dependent';
export type FacetSource = 'file' | 'v1' | 'none';

export interface Family {
  key: string;
  replica: number;
  anchor: 'core' | 'ext';
  /** For core families: the home class the corpus gives it. */
  bucket?: Bucket;
  /** Repository path of the family's one home (core families). */
  home?: string;
  facetSource: FacetSource;
  facets: string[];
  /** Facet names the v1 node and the facet file mark required. */
  required: string[];
  witness: string;
  technical: 'stable' | 'experimental';
  adoption: 'none' | 'single-witness' | 'multi-witness' | 'independent';
  owningRfc: string;
  requirementIds: string[];
}

export interface Scenario {
  file: string;
  family: string;
  replica: number;
  kind: 'v2' | 'both' | 'v1';
  /** Library modules (file stems) it imports. */
  libs: string[];
}

export interface DocPlan {
  path: string;
  replica: number;
  /** Families this document is the declared home of, in claim order. */
  homes: string[];
  /** Target word count (split(/\s+/)); the renderer stays at or under it. */
  words: number;
}

export interface CorpusModel {
  scale: number;
  seed: string;
  families: Family[];
  deleted: string[];
  coreDocs: DocPlan[];
  v1Docs: DocPlan[];
  extReadmes: DocPlan[];
  scenarios: Scenario[];
  libs: string[];
  profiles: Array<{ id: string; families: string[]; metadata: string[]; floorScenarios: string[] }>;
}

export const WITNESS_CLASSES = [
  'witnessable-unaided',
  'witnessable-gated',
  'seam-gated',
  'claims-check',
  'negative-existence',
] as const;

const PREFIXES = [
  'run',
  'event',
  'tool',
  'pack',
  'agent',
  'memory',
  'queue',
  'cache',
  'secret',
  'schedule',
  'trace',
  'quota',
  'webhook',
  'form',
  'channel',
  'prompt',
  'model',
  'blob',
  'table',
  'vector',
  'search',
  'artifact',
  'tenant',
  'signal',
];
const SUFFIXES = [
  'List',
  'Log',
  'Catalog',
  'Policy',
  'Store',
  'Hooks',
  'Budget',
  'Bridge',
  'Index',
  'Relay',
  'Ledger',
  'Gate',
];
const FACETS = [
  'maxPageSize',
  'retention',
  'regions',
  'algorithms',
  'modes',
  'ttlSeconds',
  'maxDepth',
  'formats',
  'sources',
  'strategies',
  'windowSeconds',
  'providers',
  'encodings',
  'quotas',
  'channels',
  'revisions',
  'maxBytes',
  'ordering',
  'compression',
  'scopes',
  'transports',
  'backoff',
  'labels',
  'profiles',
];
const TOPICS = ['basic', 'errors', 'ordering', 'limits', 'replay', 'auth', 'paging'];
export const LIB_NAMES = [
  'major',
  'driver',
  'paths',
  'gates',
  'requirements',
  'clock',
  'ids',
  'envelopes',
  'events',
  'runs',
  'packs',
  'tools',
  'auth',
  'limits',
  'paging',
  'replay',
  'errors',
  'fixtures',
  'schemas',
  'signing',
  'webhooks',
  'queues',
  'storage',
  'secrets',
  'traces',
  'budgets',
  'forms',
  'channels',
  'prompts',
  'models',
  'artifacts',
  'tenants',
  'retries',
  'timeouts',
  'headers',
  'cursor',
  'digest',
  'compare',
  'wait',
  'report',
];

export const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const suffix = (replica: number): string => (replica === 1 ? '' : `R${replica}`);
const fileSuffix = (replica: number): string => (replica === 1 ? '' : `-r${replica}`);

/** The libraries of one replica, as file stems under conformance/src/lib/. */
export const libsOf = (replica: number): string[] => LIB_NAMES.map((n) => `${n}${fileSuffix(replica)}`);

function baseKeys(rng: Prng): string[] {
  const all: string[] = [];
  for (const s of SUFFIXES) for (const p of PREFIXES) all.push(p + s);
  // Fisher–Yates with the seeded stream: the seed decides which families exist.
  for (let i = all.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, SHAPE.coreFamilies + SHAPE.extFamilies + SHAPE.deletedFamilies);
}

/** Builds the corpus plan: which families, documents and scenarios exist, and how they relate. */
export function planCorpus(scale: number, seed: string): CorpusModel {
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`scale must be a positive integer (got ${scale})`);
  const rng = new Prng(`openwop-bench:${seed}`);
  const keys = baseKeys(rng.fork('keys'));
  const model: CorpusModel = {
    scale,
    seed,
    families: [],
    deleted: [],
    coreDocs: [],
    v1Docs: [],
    extReadmes: [],
    scenarios: [],
    libs: [],
    profiles: [],
  };

  for (let r = 1; r <= scale; r++) {
    const pr = rng.fork(`replica-${r}`);
    const core = keys.slice(0, SHAPE.coreFamilies).map((k) => k + suffix(r));
    const ext = keys.slice(SHAPE.coreFamilies, SHAPE.coreFamilies + SHAPE.extFamilies).map((k) => k + suffix(r));
    model.deleted.push(...keys.slice(SHAPE.coreFamilies + SHAPE.extFamilies).map((k) => k + suffix(r)));

    // Homed families are interleaved with v1-dependent ones in declaration order, as upstream's are.
    const homedIdx = new Set<number>();
    for (let i = 0; homedIdx.size < SHAPE.homedInCore; i++)
      homedIdx.add(Math.floor((i * SHAPE.coreFamilies) / SHAPE.homedInCore));
    const facetFileIdx = new Set<number>();
    for (let i = 0; facetFileIdx.size < SHAPE.facetFiles; i++) facetFileIdx.add((i * 7 + 2) % SHAPE.coreFamilies);
    let seeded = 0;

    // Core documents: 29 homes for 31 families (the first two documents home two each), plus overview.
    const homed = core.filter((_, i) => homedIdx.has(i));
    const homeDocs: DocPlan[] = [];
    for (let i = 0, d = 0; i < homed.length; d++) {
      const take = d < SHAPE.sharedHomeDocs ? 2 : 1;
      const keysHere = homed.slice(i, i + take);
      homeDocs.push({ path: `spec/v2/core/${kebab(keysHere[0]!)}.md`, replica: r, homes: keysHere, words: 0 });
      i += take;
    }
    // Replica 1 is upstream's kernel (~25,000 words); later replicas stay inside the 200 words each of
    // their homed families adds to the cap, so the budget passes at every scale.
    const homeWords = r === 1 ? 800 : 140;
    for (const d of homeDocs) d.words = homeWords;
    model.coreDocs.push(...homeDocs, {
      path: `spec/v2/core/overview${fileSuffix(r)}.md`,
      replica: r,
      homes: [],
      words: r === 1 ? 700 : 100,
    });

    // v1 documents: 20 of them home the 41 v1-dependent families, round-robin.
    const v1dep = core.filter((_, i) => !homedIdx.has(i));
    const v1Docs: DocPlan[] = [];
    for (let d = 0; d < SHAPE.v1Docs; d++) {
      const base = `${pr.pick(PREFIXES)}-${pr.pick(['semantics', 'model', 'protocol', 'profile', 'api', 'guide', 'reference'])}`;
      v1Docs.push({
        path: `spec/v1/${String(d + 1).padStart(2, '0')}-${base}${fileSuffix(r)}.md`,
        replica: r,
        homes: [],
        words: pr.int(2000, 3400),
      });
    }
    v1dep.forEach((k, i) => v1Docs[((i * 7) % SHAPE.v1HomeDocs) * 3 + 1]!.homes.push(k));
    model.v1Docs.push(...v1Docs);

    for (const k of ext)
      model.extReadmes.push({ path: `spec/v2/ext/${k}/README.md`, replica: r, homes: [k], words: pr.int(350, 700) });
    for (let e = 0; e < SHAPE.extraExtReadmes; e++) {
      model.extReadmes.push({
        path: `spec/v2/ext/${kebab(ext[e]!)}-notes/README.md`,
        replica: r,
        homes: [],
        words: pr.int(200, 500),
      });
    }

    const homeOf = new Map<string, string>();
    for (const d of homeDocs) for (const k of d.homes) homeOf.set(k, d.path);
    for (const d of v1Docs) for (const k of d.homes) homeOf.set(k, d.path);

    core.forEach((key, i) => {
      const fr = pr.fork(key);
      const source: FacetSource = facetFileIdx.has(i) ? 'file' : seeded < SHAPE.v1SeededFamilies ? 'v1' : 'none';
      if (source === 'v1') seeded++;
      const facets = source === 'none' ? [] : pickFacets(fr);
      model.families.push({
        key,
        replica: r,
        anchor: 'core',
        bucket: homedIdx.has(i) ? 'resolved' : 'v1-dependent',
        home: homeOf.get(key)!,
        facetSource: source,
        facets,
        required: facets.length > 1 && fr.chance(0.4) ? [facets[0]!] : [],
        witness: fr.pick(WITNESS_CLASSES),
        technical: fr.chance(0.6) ? 'stable' : 'experimental',
        adoption: fr.pick(['none', 'single-witness', 'multi-witness', 'independent'] as const),
        owningRfc: String(100 + ((i * 37 + r) % 200)).padStart(4, '0'),
        requirementIds: fr.chance(0.5) ? [`REQ-${kebab(key).toUpperCase()}-1`] : [`planned:${kebab(key)}-conformance`],
      });
    });
    for (const key of ext) {
      const fr = pr.fork(key);
      model.families.push({
        key,
        replica: r,
        anchor: 'ext',
        facetSource: 'none',
        facets: [],
        required: [],
        witness: fr.pick(WITNESS_CLASSES),
        technical: 'experimental',
        adoption: fr.pick(['none', 'single-witness'] as const),
        owningRfc: String(300 + r).padStart(4, '0'),
        requirementIds: [],
      });
    }

    // Scenarios: families take turns; the first 123 are v2-prefixed, the next 15 target both majors.
    const libs = libsOf(r);
    model.libs.push(...libs);
    const all = [...core, ...ext];
    for (let s = 0; s < SHAPE.scenarios; s++) {
      const family = all[s % all.length]!;
      const topic = TOPICS[Math.floor(s / all.length)]!;
      const kind = s < SHAPE.v2Prefixed ? 'v2' : s < SHAPE.v2Prefixed + SHAPE.bothMajors ? 'both' : 'v1';
      const stem = `${kebab(family)}-${topic}`;
      const sr = pr.fork(`scenario-${s}`);
      const extra = [libs[sr.int(5, libs.length - 1)]!, libs[sr.int(5, libs.length - 1)]!];
      model.scenarios.push({
        file: `${kind === 'v2' ? 'v2-' : ''}${stem}.test.ts`,
        family,
        replica: r,
        kind,
        libs: [...new Set([libs[1]!, libs[2]!, libs[3]!, libs[4]!, ...extra])],
      });
    }

    const v2Files = model.scenarios.filter((s) => s.replica === r && s.kind === 'v2').map((s) => s.file);
    model.profiles.push(
      {
        id: `openwop-core${r === 1 ? '' : `-r${r}`}`,
        families: core.slice(0, 3),
        metadata: ['protocolVersions', 'preferredVersion'],
        floorScenarios: [v2Files[0]!, `planned:${v2Files[1]!.slice(3, -'.test.ts'.length)}`],
      },
      {
        id: `openwop-extended${r === 1 ? '' : `-r${r}`}`,
        families: core.slice(3, 9),
        metadata: [],
        floorScenarios: [v2Files[3]!.slice(0, -'.test.ts'.length)],
      },
    );
  }
  return model;
}

function pickFacets(rng: Prng): string[] {
  const n = rng.int(2, 4);
  const out: string[] = [];
  while (out.length < n) {
    const f = rng.pick(FACETS);
    if (!out.includes(f)) out.push(f);
  }
  return out;
}
