// The change an RFC author makes to the example repository (a family moved from spec/v1/ to a v2
// home, and a new family with a facet file), and the twelve mistakes made while doing so, each a
// function of the tree. The generated files are left to `gen` (and, after the change, to
// `check --fix`); everything else is written here.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { HEARTBEAT_V2_TEXT, exampleFamilyRow } from '@openwop-spec/diagnostics';
import { json } from '../../gate-declaration/test/corpus.js';
import {
  BASELINE,
  CAPS,
  CONFIGURABLE,
  DECL,
  HEARTBEAT,
  OUT,
  SCHEMA,
  TIMERS,
  TIMERS_FACETS,
  exampleRepository,
} from './example-repository.js';

export {
  BASELINE,
  CAPS,
  CONFIGURABLE,
  DECL,
  HEARTBEAT,
  HEARTBEAT_V1,
  OUT,
  TIMERS,
  TIMERS_FACETS,
} from './example-repository.js';
/** The repository before the change. */
export const corpus = exampleRepository;

const read = (root: string, path: string): string => readFileSync(join(root, path), 'utf8');
const write = (root: string, path: string, text: string): void => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
/** Replaces the first `from` in a file; a change that finds nothing to replace is a broken test. */
function replace(root: string, path: string, from: string | RegExp, to: string): void {
  const text = read(root, path);
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${path}: ${String(from)} not found`);
  write(root, path, next);
}
const editDecl = (root: string, edit: (d: { families: Array<Record<string, any>> }) => void): void => {
  const d = JSON.parse(read(root, DECL));
  edit(d);
  write(root, DECL, json(d));
};

/** The RFC author's change, made by hand: heartbeat moves to a v2 home; timers arrives with a facet file. */
export function authorsChange(root: string): void {
  editDecl(root, (d) => {
    d.families.find((f) => f.key === 'heartbeat')!['normativeText'] = [HEARTBEAT];
    d.families.push(
      exampleFamilyRow('timers', {
        witness: 'claims-check',
        facets: ['maxTimers'],
        owningRfc: '0204',
        normativeText: [TIMERS],
        facetsFrom: TIMERS_FACETS,
      }),
    );
  });
  write(root, HEARTBEAT, HEARTBEAT_V2_TEXT);
  write(
    root,
    TIMERS_FACETS,
    json({
      $schema: SCHEMA,
      $id: `https://openwop.dev/${TIMERS_FACETS}`,
      description: 'Facets of the timers record.',
      type: 'object',
      properties: { maxTimers: { type: 'integer', minimum: 1, description: 'How many timers a run may hold.' } },
    }),
  );
  write(
    root,
    TIMERS,
    [
      '# Timers',
      '',
      '> **Status: Draft · RFC 0204.**',
      '> **Normative home:** `timers`.',
      '',
      '## `timers`',
      '',
      'A host advertising `timers` MUST fire each timer once, and MUST refuse a run that holds more than `timers.maxTimers`.',
      '',
    ].join('\n'),
  );
  replace(root, CAPS, 'Home: `spec/v1/heartbeat.md` (v1-dependent).', 'Home: `heartbeat.md`.');
  replace(
    root,
    CAPS,
    '## Extension families',
    '### § `timers`\n\nWitness `claims-check`, experimental; RFC 0204; facets `maxTimers` (facet file). Home: `timers.md`.\n\n## Extension families',
  );
}

/** One mistake: what it is, and how it is made in a tree that has the author's change. */
export interface Mistake {
  n: number;
  what: string;
  make: (root: string) => void;
}

export const MISTAKES: readonly Mistake[] = [
  {
    n: 1,
    what: 'a typo in a home path, the summary line not updated',
    make: (root) => replace(root, DECL, `"${TIMERS}"`, '"spec/v2/core/timer.md"'),
  },
  {
    n: 2,
    what: 'a near-miss marker in a BOM-prefixed CRLF document',
    make: (root) =>
      write(
        root,
        HEARTBEAT,
        '\ufeff' +
          read(root, HEARTBEAT).replace('> **Normative home:**', '> **Normative home**:').replace(/\n/g, '\r\n'),
      ),
  },
  {
    n: 3,
    what: 'a facet added everywhere but the generated schema (gen forgotten)',
    make: (root) => {
      editDecl(root, (d) => d.families.find((f) => f.key === 'timers')!['facets'].push('resolutionMs'));
      const facets = JSON.parse(read(root, TIMERS_FACETS));
      facets.properties.resolutionMs = { type: 'integer', minimum: 1 };
      write(root, TIMERS_FACETS, json(facets));
      replace(root, TIMERS, '`timers.maxTimers`', '`timers.maxTimers` and report `timers.resolutionMs`');
      replace(root, CAPS, 'facets `maxTimers` (facet file)', 'facets `maxTimers`, `resolutionMs` (facet file)');
    },
  },
  {
    n: 4,
    what: 'a hand edit of the generated schema',
    make: (root) =>
      replace(root, OUT, '"How many timers a run may hold."', '"How many timers a run may hold at once."'),
  },
  {
    n: 5,
    what: 'a mistyped $ref in a metadata shape',
    make: (root) => replace(root, CONFIGURABLE, '"configurable.schema.json"', '"configurabel.schema.json"'),
  },
  {
    n: 6,
    what: 'a home that names the family but carries no obligation',
    make: (root) =>
      replace(root, TIMERS, 'MUST fire each timer once, and MUST refuse', 'fires each timer once, and refuses'),
  },
  {
    n: 7,
    what: 'a duplicated declaration row',
    make: (root) =>
      editDecl(root, (d) => {
        const i = d.families.findIndex((f) => f.key === 'timers');
        d.families.splice(i + 1, 0, { ...d.families[i] });
      }),
  },
  {
    n: 8,
    what: 'an owningRfc that no RFC has',
    make: (root) => {
      editDecl(root, (d) => (d.families.find((f) => f.key === 'timers')!['owningRfc'] = '0250'));
      replace(root, CAPS, 'experimental; RFC 0204; facets `maxTimers`', 'experimental; RFC 0250; facets `maxTimers`');
    },
  },
  {
    n: 9,
    what: 'the baseline not banked after the move',
    make: (root) => write(root, BASELINE, corpus()[BASELINE]!),
  },
  {
    n: 10,
    what: 'the § stub forgotten',
    make: (root) => replace(root, CAPS, /### § `timers`\n\n[^\n]*\n\n/, ''),
  },
  {
    n: 11,
    what: 'facetsFrom forgotten',
    make: (root) => editDecl(root, (d) => delete d.families.find((f) => f.key === 'timers')!['facetsFrom']),
  },
  {
    n: 12,
    what: 'a home that does not claim the family',
    make: (root) => replace(root, TIMERS, '> **Normative home:** `timers`.\n', ''),
  },
];

/** Every file under `root`, as text, keyed by repository path. */
export function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else out[relative(root, abs).split(sep).join('/')] = readFileSync(abs, 'utf8');
    }
  };
  walk(root);
  return out;
}
