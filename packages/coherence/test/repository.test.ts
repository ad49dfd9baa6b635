// This repository passes both coherence checks: every citation in its documents and messages
// resolves, and SECURITY/invariants.yaml agrees with the conformance suite.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { GATES } from '@openwop-spec/cli';
import { Repo, checkInvariants, checkReferences, findCitations, formatFindings } from '../src/index.js';
import type { Finding } from '../src/index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RULE_IDS: ReadonlySet<string> = new Set(GATES.flatMap((gate) => gate.rules.map((rule) => rule.id)));

/** Paths the repository names on purpose without holding them, and why. */
const ABSENT: ReadonlyMap<string, string> = new Map([
  ['spec/v2/capabilities.deprecations.json', 'an optional input of the declaration gate, read when present'],
  ['host-sample-test-seams.md', 'an upstream document the normative-home gate refuses as a home (home/seams-catalog)'],
  ['spec/v2/overview.md', "the normative-home README's example of a path outside every home class"],
  ['manifest.json', 'the file at the root of a portability bundle (spec/v1/portability.md), not a repository file'],
  ['facts.json', 'the fact cache a run writes under node_modules/.cache/openwop-spec/ (or --cache-location)'],
  [
    'THIRD-PARTY-NOTICES.md',
    'the licences of the packages bundled into the npm tarball, written into it by pnpm package',
  ],
  [
    'conformance/scripts/generate-scenario-majors.mjs',
    "upstream's generator, named byte for byte in the scenario-majors manifest's $comment so a manifest it wrote stays current (scripts/generate-scenario-majors.mjs forwards to the gate here)",
  ],
]);

describe('this repository', () => {
  // Reading every document, README and source file is the set-up (about a second on a quiet machine).
  let findings: Finding[];
  beforeAll(() => {
    findings = checkReferences(ROOT, { ruleIds: RULE_IDS, absent: ABSENT });
  });

  it('cites only paths, sections and rule ids that resolve inside it', () => {
    expect(formatFindings(findings)).toEqual([]);
  });

  it('keeps SECURITY/invariants.yaml and the conformance suite in step', () => {
    expect(formatFindings(checkInvariants(ROOT))).toEqual([]);
  });

  it('lists as absent only paths that are absent and still cited', () => {
    const repo = new Repo(ROOT);
    const prefixes = new Set([...RULE_IDS].map((id) => id.split('/')[0]!));
    const cited = new Set(
      [
        ...repo.walk('packages', (name) => name === 'README.md' || name.endsWith('.ts')),
        ...repo.walk('spec', () => true),
      ].flatMap((file) => findCitations(repo.read(file), prefixes).map((c) => c.token)),
    );
    for (const path of ABSENT.keys()) {
      expect(repo.kind(path), `${path} exists now; drop it from ABSENT`).toBe('missing');
      expect(cited.has(path), `${path} is no longer cited; drop it from ABSENT`).toBe(true);
    }
  });
});
