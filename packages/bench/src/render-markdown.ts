import type { CorpusModel, DocPlan, Family } from './model.js';
import type { Prng } from './prng.js';
import { countWords } from '@openwop-spec/gate-core-budget';
import { Prose, TITLE_WORDS, wrap } from './prose.js';

/** Appends blocks while the document stays at or under its word target. */
class Doc {
  private readonly blocks: string[] = [];
  words = 0;
  constructor(private readonly target: number) {}

  /** Always added (the parts a gate reads). */
  must(block: string): void {
    this.blocks.push(block);
    this.words += countWords(block);
  }

  /** Added only if it fits under the target; returns whether it did. */
  fits(block: string): boolean {
    const n = countWords(block);
    if (this.words + n > this.target) return false;
    this.blocks.push(block);
    this.words += n;
    return true;
  }

  /** Fills with sections, then shorter paragraphs, until nothing more fits. */
  fill(prose: Prose, depth = 2): void {
    let misses = 0;
    while (misses < 4) {
      if (!this.fits(prose.section(depth))) misses++;
    }
    misses = 0;
    while (misses < 3) {
      if (!this.fits(prose.paragraph(misses === 0 ? 2 : 1))) misses++;
    }
  }

  toString(): string {
    return this.blocks.join('\n\n') + '\n';
  }
}

const title = (rng: Prng, key?: string): string =>
  key
    ? `# ${rng.pick(TITLE_WORDS)} of \`${key}\``
    : `# ${rng.pick(TITLE_WORDS)} and ${rng.pick(TITLE_WORDS).toLowerCase()}`;

/** A facet table whose rows name `key.facet`, so facet coverage holds. */
function facetTable(f: Family): string {
  return [
    '| facet | type |',
    '| --- | --- |',
    ...f.facets.map(
      (x) => `| \`${f.key}.${x}\` | ${x.startsWith('max') || x.endsWith('Seconds') ? 'integer' : 'array'} |`,
    ),
  ].join('\n');
}

/** The section that names a homed family and binds it with an RFC 2119 keyword. */
function familySection(prose: Prose, f: Family, short: boolean): string {
  const parts = [`## \`${f.key}\``, prose.paragraph(short ? 1 : 2, { subject: f.key, keyword: true })];
  if (f.facets.length) parts.push(facetTable(f));
  return parts.join('\n\n');
}

/** A v2 core document that homes `plan.homes` (banner and Form A marker in its leading blockquote). */
export function coreHome(plan: DocPlan, families: ReadonlyMap<string, Family>, rng: Prng): string {
  const prose = new Prose(rng);
  const doc = new Doc(plan.words);
  const first = families.get(plan.homes[0]!)!;
  doc.must(title(rng, first.key));
  doc.must(
    [
      `> **Status: ${first.technical === 'stable' ? 'Stable' : 'Experimental'} · RFC ${first.owningRfc}.**`,
      `> **Normative home:** ${plan.homes.map((k) => `\`${k}\``).join(', ')}.`,
    ].join('\n'),
  );
  const short = plan.words < 300;
  if (!short) doc.must(prose.paragraph(2));
  for (const k of plan.homes) doc.must(familySection(prose, families.get(k)!, short));
  doc.fill(prose);
  return doc.toString();
}

/** A core document that homes nothing (the kernel overview). */
export function coreOverview(plan: DocPlan, rng: Prng): string {
  const prose = new Prose(rng);
  const doc = new Doc(plan.words);
  doc.must('# Overview');
  doc.must('> **Status: Stable · RFC 0169.** Introduces the kernel; the family documents carry the obligations.');
  doc.fill(prose);
  return doc.toString();
}

/** core/capabilities.md: the declaration site, one `### § key` stub per core family. */
export function capabilities(model: CorpusModel, rng: Prng): string {
  const prose = new Prose(rng);
  const out = [
    '# Capabilities',
    '> **Status: Stable · RFC 0169.** The declaration site of every core capability family.',
    prose.paragraph(3),
    '## Families',
  ];
  for (const f of model.families) {
    if (f.anchor !== 'core') continue;
    const where = f.home!.replace(/^spec\//, '../../');
    out.push(`### § \`${f.key}\``, `Declared in the declaration; the behaviour lives in [its home](${where}).`);
  }
  return out.join('\n\n') + '\n';
}

/** A v1 document: a Status banner, and a section per v1-dependent family it homes. */
export function v1Doc(plan: DocPlan, families: ReadonlyMap<string, Family>, rng: Prng): string {
  const prose = new Prose(rng);
  const doc = new Doc(plan.words);
  doc.must(title(rng));
  doc.must(v1Banner(plan, rng));
  doc.must(prose.paragraph(3));
  for (const k of plan.homes) doc.must(familySection(prose, families.get(k)!, false));
  doc.fill(prose);
  return doc.toString();
}

/** The banner line of a v1 document (recorded in the baseline's v1Banners for homes). */
export function v1Banner(plan: DocPlan, rng?: Prng): string {
  if (plan.homes.length > 0 || !rng) return `> **Status: Stable · v1.1.** Normative for v1 hosts until end of support.`;
  return rng.pick([
    '> **Status: Stable · v1.0.**',
    '> **Status: Stable · v1.1.** Normative for v1 hosts until end of support.',
    '> **Status: Informative.** Background for implementers; carries no obligations.',
  ]);
}

/** An ext README: the header carries witness, technical and adoption. */
export function extReadme(plan: DocPlan, families: ReadonlyMap<string, Family>, rng: Prng): string {
  const prose = new Prose(rng);
  const doc = new Doc(plan.words);
  const f = plan.homes[0] ? families.get(plan.homes[0]) : undefined;
  if (f) {
    doc.must(`# Extension \`${f.key}\``);
    doc.must(
      [
        `> **Status: Experimental · RFC ${f.owningRfc}.**`,
        `> witness: ${f.witness} · technical: ${f.technical} · adoption: ${f.adoption}`,
      ].join('\n'),
    );
  } else {
    doc.must(title(rng));
    doc.must('> **Status: Draft.** Working notes for a proposed extension.');
  }
  doc.must(wrap(prose.paragraph(2)));
  doc.fill(prose);
  return doc.toString();
}
