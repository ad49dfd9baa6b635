import type { Diagnostic } from '@openwop-spec/diagnostics';
import { escapePointerToken } from '@openwop-spec/json';
import type { SpecTree } from '@openwop-spec/spec-tree';
import { ruleCatalog } from '@openwop-spec/gate-api';
import type { Measured, ResultBuilder } from '../check.js';
import type { Baseline } from '../inputs.js';
import { GATE_ID } from '../id.js';
import { BANKED, BASELINE, HEARTBEAT_MOVES, HEARTBEAT_V1, HEARTBEAT_V2, MOVE_BANKED, V1_BANNER } from './examples.js';
import { LineIndex } from '@openwop-spec/spec-tree';
import { inBaseline } from '../inputs.js';

/** v1-dependent families are carried in the baseline, and its v1Banners and the v1 documents' banners say so. */
export const rules = ruleCatalog(GATE_ID, {
  'home/v1carried-missing': {
    severity: 'error',
    summary:
      'A v1-dependent family is not listed in the baseline’s v1Carried, so the RFC 0189 §D fallback would not cover it.',
    fail: {
      says: 'heartbeat’s home is still in spec/v1/, but the baseline’s v1Carried no longer lists it.',
      edits: [{ file: BASELINE, unset: '/v1Carried/0' }],
    },
    pass: { says: 'v1Carried lists heartbeat, the one v1-dependent family.', edits: [] },
    fix: 'Give the family a v2 home, or carry it: openwop-spec normative-home --write-baseline adds it to v1Carried.',
    message: (d: { key: string; file: string }) =>
      `${d.key}: v1-dependent but NOT listed in v1Carried of ${d.file} — the §D fallback would not cover it`,
  },
  'home/v1carried-stale': {
    severity: 'error',
    summary: 'v1Carried lists a family that is no longer v1-dependent.',
    fail: {
      says: 'heartbeat moves to spec/v2/core/ and the baseline is lowered by hand, but v1Carried still lists it.',
      edits: [...HEARTBEAT_MOVES, MOVE_BANKED.counter, MOVE_BANKED.banners],
    },
    pass: {
      says: 'The same move, with heartbeat removed from v1Carried too (as --write-baseline banks it).',
      edits: [...HEARTBEAT_MOVES, ...BANKED],
    },
    fix: 'Remove the key from v1Carried: openwop-spec check --fix, or openwop-spec normative-home --write-baseline.',
    message: (d: { key: string }) => `${d.key}: listed in v1Carried but no longer v1-dependent`,
    hint: () => 'remove the key from v1Carried, or run openwop-spec normative-home --write-baseline',
  },
  'home/v1banners-stale': {
    severity: 'warning',
    summary:
      'The baseline records a Status banner in v1Banners for a v1 document that is no longer the home of any family.',
    fail: {
      says: 'heartbeat moves to spec/v2/core/ and the baseline is lowered by hand, but v1Banners still records spec/v1/heartbeat.md.',
      edits: [...HEARTBEAT_MOVES, MOVE_BANKED.counter, MOVE_BANKED.carried],
    },
    pass: {
      says: 'The same move, with the entry removed from v1Banners too (as --write-baseline banks it).',
      edits: [...HEARTBEAT_MOVES, ...BANKED],
    },
    fix: 'Remove the entry: openwop-spec check --fix, or openwop-spec normative-home --write-baseline.',
    message: (d: { path: string }) => `v1Banners records ${d.path}, which is no longer the v1 home of any family`,
    hint: () => 'remove the entry, or run openwop-spec normative-home --write-baseline',
  },
  'home/v1-banner-reads': {
    severity: 'warning',
    summary:
      'A v1 document that is the home of no family (its family moved to v2) still says in its Status banner that v2 reads it.',
    fail: {
      says: 'heartbeat moves to spec/v2/core/, but spec/v1/heartbeat.md’s Status banner still says v2 reads it.',
      edits: [
        ...HEARTBEAT_MOVES,
        ...BANKED,
        { file: HEARTBEAT_V1, replace: V1_BANNER, with: `${V1_BANNER.slice(0, -1)}; v2 reads it for \`heartbeat\`.` },
      ],
    },
    pass: {
      says: 'The banner says where heartbeat’s v2 text now lives.',
      edits: [
        ...HEARTBEAT_MOVES,
        ...BANKED,
        {
          file: HEARTBEAT_V1,
          replace: V1_BANNER,
          with: `${V1_BANNER} For v2 hosts, \`heartbeat\`’s home is \`${HEARTBEAT_V2}\`.`,
        },
      ],
    },
    fix: 'Reword the Status banner: drop "v2 reads it" and say where the family\'s v2 text now lives.',
    message: (d: { path: string }) =>
      `${d.path} is the home of no family, but its Status banner still says v2 reads it`,
  },
});

/**
 * A v1Banners entry for a document that is no longer the v1 home of any family is stale; and a v1
 * document that is no home but whose Status banner still says v2 reads it misleads its readers.
 */
export function staleBanners(
  r: ResultBuilder,
  tree: SpecTree,
  m: Measured,
  b: Baseline,
  bank: Pick<Diagnostic, 'fix'>,
): void {
  const homes = new Set(
    m.classification.families.flatMap((f) => f.homes.filter((h) => h.class === 'v1').map((h) => h.path)),
  );
  for (const path of Object.keys(b.v1Banners ?? {})) {
    if (homes.has(path)) continue;
    const range = b.doc.locateKey(`/v1Banners/${escapePointerToken(path)}`);
    r.diagnostics.push(
      rules.diagnostic(
        'home/v1banners-stale',
        { path },
        { file: b.file, start: range.start, end: range.end },
        { subjects: ['baseline:v1Banners'], ...bank },
      ),
    );
  }
  for (const doc of tree.list(`${tree.paths.spec}/v1`)) {
    if (doc.kind !== 'file' || !doc.name.endsWith('.md') || homes.has(doc.path)) continue;
    // Most documents never say it: those are searched in their bytes and never decoded.
    if (!tree.includes(doc.path, V2_READS_WORDS)) continue;
    const at = V2_READS.exec(tree.text(doc.path));
    if (at)
      r.diagnostics.push(
        rules.diagnostic(
          'home/v1-banner-reads',
          { path: doc.path },
          { file: doc.path, start: new LineIndex(at.input).point(at.index + at[1]!.length) },
        ),
      );
  }
}

/** A Status banner line (in the leading blockquote) that says v2 reads the document; group 1 is what precedes the words. */
const V2_READS = /^(>[^\n]*\*\*Status[^\n]*?)v2 reads it/m;
/** The words V2_READS cannot match without. */
const V2_READS_WORDS = 'v2 reads it';

/** v1Carried must equal the v1-dependent set, always (upstream only with a known date). */
export function v1CarriedBlock(r: ResultBuilder, m: Measured, b: Baseline, bank: Pick<Diagnostic, 'fix'>): void {
  const dependent = new Set(m.v1Dependent.map((f) => f.key));
  const listed = new Set(b.v1Carried);
  const missing = m.v1Dependent.filter((f) => !listed.has(f.key));
  const stale = b.v1Carried.map((key, j) => ({ key, j })).filter((x) => !dependent.has(x.key));
  if (missing.length === 0 && stale.length === 0) return;
  r.line('');
  r.line(`  FAIL — ${b.file} \`v1Carried\` does not match the`);
  r.line('  computed v1-dependent set, and `v1Carried` is what the RFC 0189 §D fallback covers:');
  for (const f of missing) {
    r.line(`    ${f.key}: v1-dependent but NOT listed — the fallback would not cover it`);
    const v1 = f.homes
      .filter((h) => h.class === 'v1')
      .map((h) => ({ file: h.path, start: h.banner?.start ?? { line: 1, column: 1 }, message: `${f.key}'s v1 home` }));
    r.diagnostics.push(
      rules.diagnostic(
        'home/v1carried-missing',
        { key: f.key, file: b.file },
        { ...inBaseline(b, '/v1Carried'), related: v1 },
        { subjects: ['baseline:v1Carried'] },
      ),
    );
  }
  for (const { key, j } of stale) {
    r.line(`    ${key}: listed but no longer v1-dependent — remove it`);
    r.diagnostics.push(
      rules.diagnostic('home/v1carried-stale', { key }, inBaseline(b, `/v1Carried/${j}`), {
        subjects: ['baseline:v1Carried'],
        ...bank,
      }),
    );
  }
}
