import { nearest } from '@openwop-spec/diagnostics';
import type { Diagnostic } from '@openwop-spec/diagnostics';
import { homeDocument, loadDeclaration, pathProblem } from '@openwop-spec/spec-tree';
import type { Classification, SpecTree } from '@openwop-spec/spec-tree';
import { rules } from './rules.js';

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
