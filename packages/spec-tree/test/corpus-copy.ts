// A copy of this repository's corpus in a temporary folder, and the two valid changes an RFC author
// makes to one: giving a v1-dependent family a v2 home, and adding a family with a facet. Tests that
// start from the real corpus work on such a copy and assert facts relative to it, so a spec change
// that keeps `pnpm check` green never breaks them.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFixture } from '@openwop-spec/spec-tree/testing';
import type { Fixture } from '@openwop-spec/spec-tree/testing';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CORPUS = ['spec', 'schemas', 'docs', 'evidence', 'openwop-spec.config.json', 'pnpm-workspace.yaml'];
const CONFORMANCE = ['src', 'scenario-majors.config.json', 'scenario-majors.json', 'requirements.json'];

/** Every gate input of this repository, copied into a fresh fixture. */
export function copyCorpus(): Fixture {
  const fx = createFixture({});
  for (const p of CORPUS) cpSync(join(REPO_ROOT, p), join(fx.root, p), { recursive: true });
  for (const p of CONFORMANCE)
    cpSync(join(REPO_ROOT, 'packages/conformance', p), join(fx.root, 'packages/conformance', p), { recursive: true });
  return fx;
}

type Row = Record<string, any>;
const DECLARATION = 'spec/v2/declaration.json';
const CAPABILITIES = 'spec/v2/core/capabilities.md';

const read = (root: string, path: string): string => readFileSync(join(root, path), 'utf8');
const write = (root: string, path: string, text: string): void => writeFileSync(join(root, path), text);
const declaration = (root: string): { families: Row[] } => JSON.parse(read(root, DECLARATION));
const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** spec/v2/core/<key in kebab case>.md, or with -2, -3… when that document exists. */
function newCoreDocument(root: string, key: string): string {
  let path = `spec/v2/core/${kebab(key)}.md`;
  for (let n = 2; existsSync(join(root, path)); n++) path = `spec/v2/core/${kebab(key)}-${n}.md`;
  return path;
}

/** A v2 core document that claims `key` and carries an obligation naming it and each facet. */
function homeDocument(key: string, facets: readonly string[]): string {
  return [
    `# \`${key}\``,
    '',
    '> **Status: Draft.**',
    `> **Normative home:** \`${key}\`.`,
    '',
    `## \`${key}\``,
    '',
    `A host advertising \`${key}\` MUST behave as this section says${facets.length ? `, and MUST report ${facets.map((f) => `\`${key}.${f}\``).join(', ')} truthfully` : ''}.`,
    '',
  ].join('\n');
}

/** Replaces the summary line under `### § \`key\`` in capabilities.md. */
function setSummary(root: string, key: string, line: string): void {
  const text = read(root, CAPABILITIES);
  const at = text.indexOf(`### § \`${key}\`\n\n`);
  if (at < 0) throw new Error(`${CAPABILITIES} has no § heading for ${key}`);
  const start = at + `### § \`${key}\`\n\n`.length;
  const end = text.indexOf('\n', start);
  write(root, CAPABILITIES, text.slice(0, start) + line + text.slice(end));
}

/** The first core family whose only home is one spec/v1/ document. */
export function aV1DependentFamily(root: string): string {
  const row = declaration(root).families.find(
    (f) =>
      f.anchor === 'core' &&
      Array.isArray(f.normativeText) &&
      f.normativeText.length === 1 &&
      /^spec\/v1\/[^/]+\.md$/.test(f.normativeText[0]),
  );
  if (!row) throw new Error('no v1-dependent core family left to move');
  return row.key as string;
}

/**
 * Gives a v1-dependent family (`scheduling` unless it has moved already) a home in
 * spec/v2/core/: the new document, the declaration's pointer, the capabilities.md summary and, when
 * no other family is homed there, the v1 document's Status banner. The caller banks the baseline.
 */
export function moveToV2Home(root: string, wanted = 'scheduling'): { key: string; home: string; v1: string } {
  const decl = declaration(root);
  const key = decl.families.some((f) => f.key === wanted && f.normativeText?.[0]?.startsWith('spec/v1/'))
    ? wanted
    : aV1DependentFamily(root);
  const row = decl.families.find((f) => f.key === key)!;
  const v1 = row.normativeText[0] as string;
  const home = newCoreDocument(root, key);
  write(root, home, homeDocument(key, row.facets ?? []));
  row.normativeText = [home];
  write(root, DECLARATION, JSON.stringify(decl, null, 2) + '\n');
  const summary = read(root, CAPABILITIES).split(`### § \`${key}\`\n\n`)[1]!.split('\n')[0]!;
  setSummary(root, key, summary.replace(/Home: .*$/, `Home: \`${home.slice('spec/v2/core/'.length)}\`.`));
  if (!decl.families.some((f) => f.normativeText?.includes(v1))) {
    const text = read(root, v1);
    write(
      root,
      v1,
      text.replace(
        / v2 reads it for the famil(y|ies) whose declared home it is[^\n]*/,
        ` For v2 hosts the home of \`${key}\` is \`${home}\`.`,
      ),
    );
  }
  return { key, home, v1 };
}

/** Adds a new core family (`clockSkew`, or the first free `clockSkewN`) with one facet from a facet file, its home and its capabilities.md stub. */
export function addFamilyWithFacet(
  root: string,
  wanted = 'clockSkew',
  facet = 'maxSkewMs',
): { key: string; home: string; facetFile: string } {
  const decl = declaration(root);
  let key = wanted;
  for (let n = 2; decl.families.some((f) => f.key === key); n++) key = `${wanted}${n}`;
  const home = newCoreDocument(root, key);
  const facetFile = `spec/v2/facets/${key}.schema.json`;
  write(root, home, homeDocument(key, [facet]));
  write(
    root,
    facetFile,
    JSON.stringify(
      {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: `https://openwop.dev/${facetFile}`,
        description: `Facets of the ${key} record.`,
        type: 'object',
        properties: {
          [facet]: { type: 'integer', minimum: 0, description: 'The largest clock skew the host tolerates.' },
        },
      },
      null,
      2,
    ) + '\n',
  );
  const lastCore = decl.families.map((f) => f.anchor).lastIndexOf('core');
  decl.families.splice(lastCore + 1, 0, {
    key,
    kind: 'family',
    anchor: 'core',
    section: `core/capabilities.md#${key}`,
    peerDependencyId: key,
    witness: 'claims-check',
    maturity: { technical: 'experimental', adoption: 'none' },
    facets: [facet],
    floorScenarios: [],
    requirementIds: [],
    owningRfc: null,
    normativeText: [home],
    facetsFrom: facetFile,
  });
  write(root, DECLARATION, JSON.stringify(decl, null, 2) + '\n');
  const caps = read(root, CAPABILITIES);
  if (!caps.includes('\n## Extension families'))
    throw new Error(`${CAPABILITIES} has no "## Extension families" heading`);
  const stub = `### § \`${key}\`\n\nWitness \`claims-check\`, experimental; no owning RFC; facets \`${facet}\` (facet file). Home: \`${home.slice('spec/v2/core/'.length)}\`.\n\n`;
  write(root, CAPABILITIES, caps.replace('## Extension families', `${stub}## Extension families`));
  return { key, home, facetFile };
}
