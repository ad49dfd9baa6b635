import { nearest } from '@openwop-spec/diagnostics';
import type { Diagnostic } from '@openwop-spec/diagnostics';
import { homeDocument, loadDeclaration } from '@openwop-spec/families';
import type { Classification, NearMissKind } from '@openwop-spec/families';
import { ruleCatalog } from '@openwop-spec/gate-api';
import { pathProblem } from '@openwop-spec/spec-tree';
import type { SpecTree } from '@openwop-spec/spec-tree';
import { GATE_ID } from '../id.js';
import { TOOL_CATALOG, TOOL_RESULTS, secondHome, toolResults } from './examples.js';

/** tool-catalog.md's obligation, and the one a merged section adds. */
const LISTS = 'A host advertising `toolCatalog` MUST list every tool it can run.';
const RESULTS = 'A host advertising `toolCatalog` MUST return each tool’s result to the run that called it.';

/** A key a document's marker claims. */
interface Claim {
  key: string;
  /** The claiming document. */
  path: string;
}

const NEAR_MISS: Record<NearMissKind, [problem: string, fix: string]> = {
  'colon-outside': [
    'the colon is outside the bold text (`**Normative home**:`), so the marker claims nothing',
    'write `**Normative home:**`',
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

/** Reciprocal markers: every key a document claims is a family whose normativeText lists it, and a marker is written where it counts. */
export const rules = ruleCatalog(GATE_ID, {
  'home/claim-unknown': {
    severity: 'error',
    summary:
      'A reciprocal marker in a core or ext document claims a key that is no family in the declaration (often a misspelled or renamed key). While a declared home fails, only the misspelling that leaves its document unclaimed is reported, as that home/unclaimed’s root cause.',
    fail: {
      says: 'toolCatalog’s new home misspells it in its marker, so the home is unclaimed too (reported as this finding’s consequence).',
      edits: secondHome(TOOL_RESULTS, { text: toolResults({ marker: '> **Normative home:** `toolCatalg`.' }) }),
    },
    pass: {
      says: 'The same marker, spelled right.',
      edits: secondHome(TOOL_RESULTS),
    },
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
    fail: {
      says: 'A new document claims toolCatalog, but toolCatalog’s normativeText does not list it yet.',
      edits: [{ file: TOOL_RESULTS, write: toolResults() }],
    },
    pass: {
      says: 'toolCatalog’s normativeText lists it.',
      edits: secondHome(TOOL_RESULTS),
    },
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
    fail: {
      says: 'A section merged into tool-catalog.md brings its document’s marker along, below the first ## heading, where it claims nothing (the leading blockquote still claims toolCatalog).',
      edits: [
        {
          file: TOOL_CATALOG,
          replace: LISTS,
          with: `${LISTS}\n\n## Tool results\n\n> **Normative home:** \`toolCatalog\`.\n\n${RESULTS}`,
        },
      ],
    },
    pass: {
      says: 'The same section without the marker.',
      edits: [{ file: TOOL_CATALOG, replace: LISTS, with: `${LISTS}\n\n## Tool results\n\n${RESULTS}` }],
    },
    fix: 'Write the marker as `> **Normative home:** `key`.` in the leading blockquote.',
    message: (d: { kind: NearMissKind }) => NEAR_MISS[d.kind][0],
    hint: (d: { kind: NearMissKind }) => NEAR_MISS[d.kind][1],
  },
});

/**
 * The other direction of reciprocity: every key a marker in a core or ext document claims must be
 * a family whose normativeText lists that document; a key that is no family gets the nearest family
 * when one is close. `unsettled` holds the families whose claims are not read, because another
 * finding of the run reports their declared homes and its fix settles the claim. While a declared
 * home fails (`unsettled` undefined) no claim is read but the one that explains a failure: a
 * misspelled key in a document that does not claim the family it is declared the home of.
 */
export async function claimFindings(
  tree: SpecTree,
  c: Classification,
  unsettled?: ReadonlySet<string>,
): Promise<Diagnostic[]> {
  const model = loadDeclaration(tree);
  // The first live row of a key is the one evaluated (home/duplicate-family reports the others).
  const homes = new Map<string, { pointer: string; paths: string[]; peer: unknown }>();
  for (const f of model.live) {
    if (homes.has(f.key)) continue;
    const declared = f.row['normativeText'];
    const paths = Array.isArray(declared) ? declared.filter((p): p is string => typeof p === 'string') : [];
    const pointer = model.doc.has(`${f.pointer}/normativeText`) ? `${f.pointer}/normativeText` : f.pointer;
    homes.set(f.key, { pointer, paths, peer: f.row['peerDependencyId'] });
  }
  const unclaimed = new Map<string, string[]>();
  for (const f of c.families)
    for (const h of f.homes)
      if (h.finding?.ruleId === 'home/unclaimed') unclaimed.set(h.path, [...(unclaimed.get(h.path) ?? []), f.key]);
  const keys = [...homes.keys()];
  const out: Diagnostic[] = [];
  for (const dir of ['core', 'ext']) {
    for (const path of markdownUnder(tree, `${tree.paths.spec}/v2/${dir}`)) {
      const owed = unclaimed.get(path) ?? [];
      if ((!unsettled && owed.length === 0) || !LABEL.test(tree.text(path))) continue;
      for (const [key, at] of (await tree.factsOf(path, homeDocument)).claims) {
        const where = { file: path, start: at.start, end: at.end };
        const family = homes.get(key);
        if (!family) {
          const meant = nearest(key, owed) ?? nearest(key, keys);
          // The row still names itself by the claimed key: its key is what changed (declaration/key-renamed), not the marker.
          if (meant !== undefined && homes.get(meant)!.peer === key) continue;
          const explains = meant !== undefined && owed.includes(meant);
          if (!unsettled && !explains) continue;
          const data = { key, path, file: model.file, ...(meant && { meant }) };
          const causes = explains ? { explains: [`claim:${path}`] } : { subjects: [`family:${key}`] };
          out.push(rules.diagnostic('home/claim-unknown', data, where, causes));
        } else if (unsettled && !unsettled.has(key) && !family.paths.some((p) => names(tree, p, path))) {
          const related = [
            { file: model.file, start: model.doc.locate(family.pointer).start, message: `${key}'s normativeText` },
          ];
          out.push(
            rules.diagnostic(
              'home/claim-unreciprocated',
              { key, path, homes: family.paths },
              { ...where, related },
              { subjects: [`family:${key}`, ...family.paths.map((p) => `path:${p}`)] },
            ),
          );
        }
      }
    }
  }
  return out;
}

/**
 * A marker's label as the text of a document that claims anything spells it; the others are not
 * parsed (a cold run would parse every core document again). Only a label split by inline markup,
 * which the marker's form never needs, would be missed.
 */
const LABEL = /Normative home:|homes:/;

/** Whether the declared home `p` is the document at `path` (itself, or a symlink to it). */
const names = (tree: SpecTree, p: string, path: string): boolean =>
  p === path || (pathProblem(p) === undefined && tree.info(p).realPath === path);

/** The .md files under `dir`, recursively, in code-unit order; symlinks are not followed (their targets are read where they live). */
function markdownUnder(tree: SpecTree, dir: string): string[] {
  return tree
    .list(dir)
    .flatMap((e) =>
      e.symlink
        ? []
        : e.kind === 'dir'
          ? markdownUnder(tree, e.path)
          : e.kind === 'file' && e.name.endsWith('.md')
            ? [e.path]
            : [],
    );
}

/** The colon moved inside the bold text; the other near misses need a person to say where the marker goes. */
function nearMissFix(m: Classification['nearMisses'][number]): Pick<Diagnostic, 'fix'> {
  const start = m.start.offset;
  const end = m.end.offset;
  if (m.kind !== 'colon-outside' || start === undefined || end === undefined) return {};
  return { fix: [{ file: m.file, start, end: end + 1, before: '**Normative home**:', text: '**Normative home:**' }] };
}

/** A warning for each marker near miss: it is why its document claims nothing. */
export function nearMissDiagnostics(c: Classification): Diagnostic[] {
  const out: Diagnostic[] = [];
  // A near miss is why its document claims nothing: it explains that document's unclaimed homes.
  for (const m of c.nearMisses) {
    out.push(
      rules.diagnostic(
        'home/marker-near-miss',
        { kind: m.kind },
        { file: m.file, start: m.start, end: m.end },
        { explains: [`claim:${m.file}`], ...nearMissFix(m) },
      ),
    );
  }
  return out;
}
