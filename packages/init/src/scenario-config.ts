import { InputError } from '@openwop-spec/diagnostics';
import { createParser, layoutOf } from '@openwop-spec/gate-scenario-majors';
import { escapePointerToken, isRecord } from '@openwop-spec/json';
import type { SpecTree } from '@openwop-spec/spec-tree';
import { readGeneratorList } from './generator-list.js';
import type { ListedFile } from './generator-list.js';
import { keep, render } from './plan.js';
import type { PlannedFile } from './plan.js';

/** Where upstream keeps its generator, inside the conformance package. */
const GENERATOR = 'scripts/generate-scenario-majors.mjs';

const FILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*\.test\.ts$/;

/**
 * Plans `scenario-majors.config.json`: its bothMajors are the files the committed manifest runs at
 * both majors (a `v2-` file targets [2] by its name and is never listed), each with the RFC number
 * and reason that the generator's comments give, else `0000` and a note to fill in.
 */
export async function planScenarioConfig(tree: SpecTree, warnings: string[]): Promise<PlannedFile> {
  const layout = layoutOf(tree);
  if (tree.info(layout.config).kind !== 'missing') return keep(layout.config);
  const generatorPath = `${layout.dir}/${GENERATOR}`;
  const listed =
    tree.info(generatorPath).kind === 'file'
      ? readGeneratorList(await createParser(), generatorPath, tree.text(generatorPath))
      : undefined;

  let files: string[];
  let source: string;
  if (tree.info(layout.manifest).kind !== 'missing') {
    files = bothMajorsOf(tree, layout.manifest);
    source = `the files ${layout.manifest} runs at both majors`;
    const notInManifest = [...new Set(listed?.map((l) => l.file))]
      .filter((f) => !files.includes(f) && !f.startsWith('v2-'))
      .sort();
    if (notInManifest.length > 0) {
      warnings.push(
        `${generatorPath} lists ${notInManifest.join(', ')}, which ${layout.manifest} does not run at both majors; not carried over (regenerate the manifest, then add them to ${layout.config} if they belong)`,
      );
    }
  } else if (listed) {
    files = [...new Set(listed.map((l) => l.file))].filter((f) => !f.startsWith('v2-')).sort();
    source = `the list in ${generatorPath} (there is no ${layout.manifest})`;
  } else {
    files = [];
    source = `no file runs at both majors (there is neither ${layout.manifest} nor ${generatorPath})`;
  }

  const said = new Map<string, ListedFile>();
  for (const l of listed ?? []) if (!said.has(l.file)) said.set(l.file, l);
  const unexplained: string[] = [];
  const noRfc: string[] = [];
  const bothMajors = files.map((file) => {
    const s = said.get(file);
    if (!s?.reason) unexplained.push(file);
    else if (!s.rfc) noRfc.push(file);
    const reason =
      s?.reason ??
      `migrated by openwop-spec init from ${listed ? generatorPath : layout.manifest}; say which RFC admitted this file and how its gate and paths resolve the major`;
    return { file, rfc: s?.rfc ?? '0000', reason };
  });
  if (unexplained.length > 0) {
    const where = listed
      ? `no comment in ${generatorPath} names them`
      : `there is no ${generatorPath} with comments to read them from`;
    warnings.push(`${layout.config}: fill in the RFC number and reason of ${unexplained.join(', ')} (${where})`);
  }
  if (noRfc.length > 0)
    warnings.push(`${layout.config}: fill in the RFC number of ${noRfc.join(', ')} (their comment names no RFC)`);

  const content = render({
    $comment:
      'Scenario files that target both protocol majors, each with the RFC that admitted it. A file named v2-* targets [2]; every other file targets [1].',
    bothMajors,
  });
  const explained = files.length - unexplained.length;
  const from =
    `${files.length} bothMajors entr${files.length === 1 ? 'y' : 'ies'}: ${source}` +
    (listed && files.length > 0
      ? `; ${explained} RFC number(s) and reason(s) from the comments of ${generatorPath}`
      : '');
  return { path: layout.config, action: 'create', content, from };
}

/** The file names the manifest maps to a majors array holding both 1 and 2, in code-unit order. */
function bothMajorsOf(tree: SpecTree, manifest: string): string[] {
  const doc = tree.json(manifest);
  const fail = (pointer: string, message: string): never => {
    throw new InputError(`${manifest}: ${message}; init reads from it which files run at both majors`, {
      file: manifest,
      start: doc.locate(pointer).start,
    });
  };
  const majors = isRecord(doc.value) ? doc.value['majors'] : undefined;
  if (!isRecord(majors))
    return fail(
      isRecord(doc.value) ? '/majors' : '',
      'majors must be an object mapping file names to arrays of majors',
    );
  const out: string[] = [];
  for (const [file, list] of Object.entries(majors)) {
    const at = `/majors/${escapePointerToken(file)}`;
    if (!Array.isArray(list) || !list.every((m) => m === 1 || m === 2))
      fail(at, `${file} must map to an array of majors (1 and/or 2)`);
    if (!(list as number[]).includes(1) || !(list as number[]).includes(2) || file.startsWith('v2-')) continue;
    if (!FILE_PATTERN.test(file))
      fail(at, `${file} runs at both majors but is not a name bothMajors can list (${FILE_PATTERN.source})`);
    out.push(file);
  }
  return out.sort();
}
