import type { Point } from '@openwop-spec/diagnostics';
import type { PathProblem, Range } from '@openwop-spec/spec-tree';
import type { Banner, NearMiss, Span } from './document.js';
import type { HomeClass } from './homes.js';

/** The shared bucket of a core family. */
export type Bucket = 'resolved' | 'v1-dependent' | 'undeclared' | 'failing';

/**
 * Why one declared home fails §2.2 or §2.3, with the data its message needs. `target` of a
 * symlink escape is the real path inside the repository, or absent when it lies outside.
 */
export type HomeFinding =
  | { ruleId: 'home/bad-path'; reason: PathProblem }
  | { ruleId: 'home/wrong-extension'; expected: '.md' | '.json' }
  | { ruleId: 'home/declaration-site' }
  | { ruleId: 'home/rfc-home' }
  | { ruleId: 'home/not-a-home' }
  | { ruleId: 'home/missing' }
  | { ruleId: 'home/symlink-escape'; target?: string }
  | { ruleId: 'home/not-a-file' }
  | { ruleId: 'home/seams-catalog' }
  | { ruleId: 'home/non-normative'; banner: string }
  | { ruleId: 'home/unclaimed' };

/** Why a family whose homes all pass still fails (§2.5 steps 3–6). */
export type FamilyFinding =
  | { ruleId: 'home/schema-only' }
  | { ruleId: 'home/ext-only' }
  | { ruleId: 'home/unnamed' }
  | { ruleId: 'home/no-obligation' };

/** A place in a home document that a finding is about: its banner, its marker, or its start. */
export interface DocumentRef {
  file: string;
  what: 'banner' | 'marker' | 'document';
  start: Point;
  end?: Point;
}

/** A JSON pointer into the declaration with the source range it maps to. */
export interface Located {
  pointer: string;
  at: Range;
}

export interface HomeResult extends Located {
  /** The `normativeText` entry as declared. */
  path: string;
  /** Its index in `normativeText`. */
  index: number;
  /** Absent when the path is not canonical. */
  class?: HomeClass;
  finding?: HomeFinding;
  /** For a finding about a document that exists: where in it. */
  related?: DocumentRef;
  /** The Status banner of a prose home that was read. */
  banner?: Banner;
  /** Where the home document's marker claims the family (its inline code), when it does. */
  claim?: Span;
}

export interface FacetResult extends Located {
  name: string;
  index: number;
  covered: boolean;
}

export interface FamilyResult extends Located {
  key: string;
  /** Index of the row in `/families`. */
  index: number;
  bucket: Bucket;
  /** `/families/<i>/normativeText` (or the row when absent): where family-level findings sit. */
  normativeText: Located;
  homes: HomeResult[];
  /** Set when the family fails with no failing home (schema-only, ext-only, unnamed, no-obligation). */
  finding?: FamilyFinding;
  /** Declared facets with their coverage; empty unless the family reached §2.5 step 7. */
  facets: FacetResult[];
  /** Uncovered facets as `key.facet`, in declaration order. */
  uncovered: string[];
}

/** A family-shaped object that is not directly in `/families` (`home/stray-family`). */
export interface StrayFamily extends Located {
  key: string;
}

/** A repeated family key (`home/duplicate-family`); only the first row is evaluated. */
export interface DuplicateFamily extends Located {
  key: string;
  /** Pointer of the first row with this key. */
  first: string;
}

export interface DocumentNearMiss extends NearMiss {
  file: string;
}

/**
 * Why a cited ext home is or is not measured by the budget: only a canonical,
 * `.md`, existing regular file inside the root is counted.
 */
export type ExtHomeStatus = 'counted' | 'not-canonical' | 'not-markdown' | 'missing' | 'outside-root' | 'not-a-file';

export interface ExtHome extends Located {
  path: string;
  /** The first core family citing it (pointer and range are that citation). */
  key: string;
  status: ExtHomeStatus;
}

export interface ClassificationCounts {
  core: number;
  resolved: number;
  v1Dependent: number;
  undeclared: number;
  failing: number;
}

export interface Classification {
  /** The declaration file the pointers refer to. */
  file: string;
  /** Evaluated core families (first row of each key), in declaration order. */
  families: FamilyResult[];
  stray: StrayFamily[];
  duplicates: DuplicateFamily[];
  /** Marker near misses in the core and ext home documents read, once per document. */
  nearMisses: DocumentNearMiss[];
  /** Every ext home cited by a core family, once per path, in citation order. */
  extHomes: ExtHome[];
  counts: ClassificationCounts;
}

export type { Banner, Span };
