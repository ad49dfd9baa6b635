import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { Prng } from '@openwop-spec/bench';

/**
 * One change to one file of a corpus copy, described by plain values so that a case can be printed,
 * replayed and shrunk: `apply` draws every other choice from a PRNG seeded with `seed`.
 */
export interface Mutation {
  op: string;
  /** The repository-relative file the mutation starts from. */
  file: string;
  /** The operator's size (bytes, levels, repetitions…) or variant; the minimiser halves it. */
  param: number;
  seed: number;
}

export interface Operator {
  name: string;
  /** Which files it applies to. */
  accepts: (file: string) => boolean;
  /** The sizes or variants a case draws from. */
  params: readonly number[];
  /** Whether `param` is a size the run's time should grow with linearly (charted by the scaling pass). */
  scaling?: boolean;
  apply: (root: string, m: Mutation) => void;
}

const any = (): boolean => true;
const text = (f: string): boolean => /\.(md|json|ts|yaml|yml)$/.test(f);
const json = (f: string): boolean => f.endsWith('.json');
const markdown = (f: string): boolean => f.endsWith('.md');
const typescript = (f: string): boolean => f.endsWith('.ts');

const read = (root: string, file: string): Buffer => readFileSync(join(root, file));
const readText = (root: string, file: string): string => read(root, file).toString('utf8');
const write = (root: string, file: string, data: string | Buffer): void => writeFileSync(join(root, file), data);

/** Replaces the file's text line `at` (modulo the line count) with what `edit` returns. */
function editLines(root: string, file: string, rng: Prng, edit: (lines: string[], at: number) => void): void {
  const lines = readText(root, file).split('\n');
  edit(lines, rng.int(0, lines.length - 1));
  write(root, file, lines.join('\n'));
}

type JsonValue = null | boolean | number | string | JsonValue[] | { [k: string]: JsonValue };

/** Every array or object in a JSON value, with a setter for each member, in document order. */
function slots(value: JsonValue): Array<{ get: () => JsonValue; set: (v: JsonValue) => void; parent: JsonValue }> {
  const out: Array<{ get: () => JsonValue; set: (v: JsonValue) => void; parent: JsonValue }> = [];
  const stack: JsonValue[] = [value];
  while (stack.length > 0) {
    const v = stack.pop() as JsonValue; // the loop checks the length; `!` would also rule out null
    if (v === null || typeof v !== 'object') continue;
    for (const k of Object.keys(v)) {
      const c = v as Record<string, JsonValue>;
      out.push({ get: () => c[k]!, set: (x) => (c[k] = x), parent: v });
      stack.push(c[k]!);
    }
  }
  return out;
}

/** Parses the file's JSON, lets `edit` change it (a mutation that cannot apply to a broken file writes it unchanged), and writes it back. */
function editJson(root: string, file: string, edit: (value: JsonValue) => string | undefined): void {
  let value: JsonValue;
  try {
    value = JSON.parse(readText(root, file)) as JsonValue;
  } catch {
    return;
  }
  const out = edit(value);
  write(root, file, out ?? `${JSON.stringify(value, null, 2)}\n`);
}

const MARK = '\u0000fuzz-mark';
/** The value with one member replaced by `inner` (raw JSON text). */
function withRaw(value: JsonValue, rng: Prng, inner: (old: string) => string): string | undefined {
  const all = slots(value);
  if (all.length === 0) return undefined;
  const slot = rng.pick(all);
  const old = JSON.stringify(slot.get());
  slot.set(MARK);
  return JSON.stringify(value, null, 2).replace(JSON.stringify(MARK), () => inner(old)) + '\n';
}

const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'prototype',
  '',
];
const VALUES: JsonValue[] = [null, true, 0, -1, 1.5, 1e308, '', 'x', [], {}, [[]], { '': null }];

/** The md-nest variants, by seed modulo their count. */
export const MD_NEST_VARIANTS = [
  'blockquotes',
  'quoted-lists',
  'lists',
  'emphasis',
  'links',
  'indented-lists',
] as const;

/** The md-run variants, by seed modulo their count: a 1 MB document of each must answer or be refused in one line. */
export const MD_RUN_VARIANTS = [
  'emphasis-run',
  'link-run',
  'list-items',
  'paragraphs',
  'one-line',
  'emphasis-paragraphs',
  'link-paragraphs',
] as const;

/** `unit` repeated n times, as paragraphs of 500 units between blank lines. */
const paragraphsOf = (unit: string, n: number): string =>
  Array.from({ length: Math.ceil(n / 500) }, (_, i) => unit.repeat(Math.min(500, n - i * 500))).join('\n\n');

/** The ref-chain variants, by seed modulo their count. */
export const REF_CHAIN_VARIANTS = ['chain', 'cycle'] as const;

/**
 * File names that try to leave their place in an output: a workflow command on a line of its own
 * (LF, CR), terminal escapes (window title, screen clear, a hyperlink), and the metacharacters of
 * markdown tables, code spans, links and GitHub's `%`-encoding.
 */
export const HOSTILE_NAMES: readonly string[] = [
  'x\n::fuzz-forged::LF\n::stop-commands::fuzz\n.md',
  'x\r::fuzz-forged::CR.md',
  'e\u001b]0;fuzz-title\u0007\u001b[2J\u001b]8;;fuzz.example\u0007link\u001b]8;;\u0007.md',
  'm|`b` *c* [d](fuzz.example) <x> & %0A%25 ,:.md',
];

/** A family row's declared homes (normativeText) that no file can have. */
export const OS_INVALID_PATHS: readonly string[] = [
  'spec/v2/core/a\u0000b.md',
  `spec/v2/core/${'x'.repeat(300)}.md`,
  `spec/v2/core/${'é'.repeat(128)}.md`,
];

/** The live family rows of a parsed declaration (objects of its `families` array with a string key). */
function familyRows(value: JsonValue): Array<Record<string, JsonValue>> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const families = value['families'];
  if (!Array.isArray(families)) return [];
  return families.filter(
    (f): f is Record<string, JsonValue> =>
      f !== null && typeof f === 'object' && !Array.isArray(f) && typeof f['key'] === 'string',
  );
}

/** The folder a case's tree may not write into: a sibling of the tree, which symlinks point at. */
export const outsideOf = (root: string): string => `${root}.outside`;

export const OPERATORS: readonly Operator[] = [
  {
    name: 'flip-bytes',
    accepts: any,
    params: [1, 4, 16],
    apply(root, m) {
      const rng = new Prng(m.seed);
      const bytes = read(root, m.file);
      if (bytes.length === 0) return;
      for (let i = 0; i < m.param; i++) bytes[rng.int(0, bytes.length - 1)] = rng.int(0, 255);
      write(root, m.file, bytes);
    },
  },
  {
    name: 'truncate',
    accepts: any,
    params: [0, 1, 500, 999],
    apply(root, m) {
      const bytes = read(root, m.file);
      write(root, m.file, bytes.subarray(0, Math.floor((bytes.length * m.param) / 1000)));
    },
  },
  {
    // 0 a BOM, 1 a byte that is never UTF-8, 2 a NUL, 3 UTF-16LE, 4 CRLF line ends, 5 an encoded lone surrogate, 6 bidi and zero-width characters.
    name: 'encoding',
    accepts: text,
    params: [0, 1, 2, 3, 4, 5, 6],
    apply(root, m) {
      const rng = new Prng(m.seed);
      const bytes = read(root, m.file);
      const at = rng.int(0, bytes.length);
      const insert = (b: Buffer): Buffer => Buffer.concat([bytes.subarray(0, at), b, bytes.subarray(at)]);
      const variants: Array<() => Buffer> = [
        () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]),
        () => insert(Buffer.from([0xff])),
        () => insert(Buffer.from([0])),
        () => Buffer.from(bytes.toString('utf8'), 'utf16le'),
        () => Buffer.from(bytes.toString('utf8').replace(/\n/g, '\r\n')),
        () => insert(Buffer.from([0xed, 0xa0, 0x80])),
        () => insert(Buffer.from('\u202e\u200b\u00a0', 'utf8')),
      ];
      write(root, m.file, variants[m.param % variants.length]!());
    },
  },
  {
    name: 'json-nest',
    accepts: json,
    params: [8, 255, 257, 10_000],
    scaling: true,
    apply(root, m) {
      const rng = new Prng(m.seed);
      editJson(root, m.file, (v) => withRaw(v, rng, (old) => `${'['.repeat(m.param)}${old}${']'.repeat(m.param)}`));
    },
  },
  {
    name: 'json-type',
    accepts: json,
    params: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    apply(root, m) {
      const rng = new Prng(m.seed);
      editJson(root, m.file, (v) => withRaw(v, rng, () => JSON.stringify(VALUES[m.param % VALUES.length])));
    },
  },
  {
    // A key from the prototype chain (or the empty key): as a member name, as a row's `key`, or repeated.
    name: 'json-key',
    accepts: json,
    params: [0, 1, 2, 3, 4, 5, 6, 7],
    apply(root, m) {
      const rng = new Prng(m.seed);
      const key = PROTO_KEYS[m.param % PROTO_KEYS.length]!;
      editJson(root, m.file, (v) => {
        const objects = slots(v)
          .map((s) => s.get())
          .filter((x): x is Record<string, JsonValue> => x !== null && typeof x === 'object' && !Array.isArray(x));
        if (objects.length === 0) return undefined;
        const o = rng.pick(objects);
        const names = Object.keys(o);
        const way = rng.int(0, 2);
        if (way === 0 && typeof o['key'] === 'string') o['key'] = key;
        else if (way === 1 && names.length > 0) {
          // Rename a member in the text, where JSON.stringify would drop a __proto__ own key.
          const name = rng.pick(names);
          const raw = JSON.stringify(v, null, 2);
          const needle = `${JSON.stringify(name)}:`;
          const at = raw.indexOf(needle, rng.int(0, Math.max(0, raw.indexOf(needle))));
          return at < 0 ? undefined : `${raw.slice(0, at)}${JSON.stringify(key)}:${raw.slice(at + needle.length)}\n`;
        } else {
          const raw = JSON.stringify(v, null, 2);
          const brace = raw.indexOf('{', rng.int(0, raw.length - 1));
          return brace < 0
            ? undefined
            : `${raw.slice(0, brace + 1)}${JSON.stringify(key)}: ${JSON.stringify(rng.pick(VALUES))},${raw.slice(brace + 1)}\n`;
        }
        return undefined;
      });
    },
  },
  {
    // A line of pathological markdown, the variant chosen by the seed (MD_NEST_VARIANTS).
    name: 'md-nest',
    accepts: markdown,
    params: [16, 256, 1_000, 10_000],
    scaling: true,
    apply(root, m) {
      const rng = new Prng(m.seed);
      const n = m.param;
      const k = Math.max(1, Math.floor(n / 4));
      const line = [
        () => '>'.repeat(n),
        () => '> - '.repeat(k),
        () => '- '.repeat(Math.max(1, n >> 1)) + 'x',
        () => `${'*a '.repeat(k)}b${' a*'.repeat(k)}`,
        () => `${'['.repeat(n)}a${']'.repeat(n)}(b)`,
        () => Array.from({ length: Math.min(k, 400) }, (_, i) => `${'  '.repeat(i)}- a`).join('\n'),
      ][m.seed % MD_NEST_VARIANTS.length]!();
      editLines(root, m.file, rng, (lines, at) => lines.splice(at, 0, '', line, ''));
    },
  },
  {
    // Nested brackets (even seed) or nested `if` blocks in a function (odd seed), appended to a scenario module.
    name: 'ts-nest',
    accepts: typescript,
    params: [10, 255, 300, 10_000],
    scaling: true,
    apply(root, m) {
      const n = m.param;
      const add =
        m.seed % 2 === 0
          ? `export const fuzz = ${'['.repeat(n)}${']'.repeat(n)};\n`
          : `export function fuzz(x: number): number {\n${'if (x) {'.repeat(n)}return x;${'}'.repeat(n)}\n  return 0;\n}\n`;
      write(root, m.file, readText(root, m.file) + add);
    },
  },
  {
    // `param` units of one pathological shape (MD_RUN_VARIANTS by seed) between blank lines: one
    // stretch, or (the last two) paragraphs of 500, each under the parse budget.
    name: 'md-run',
    accepts: markdown,
    params: [1_000, 20_000, 250_000],
    scaling: true,
    apply(root, m) {
      const n = m.param;
      const run = [
        () => '*a'.repeat(n),
        () => ']('.repeat(n),
        () => '- a\n'.repeat(n),
        () => 'A host MUST keep *its* runs in `order`.\n\n'.repeat(Math.max(1, n >> 4)),
        () => 'word '.repeat(Math.max(1, n >> 1)),
        () => paragraphsOf('*a', n),
        () => paragraphsOf('](', n),
      ][m.seed % MD_RUN_VARIANTS.length]!();
      editLines(root, m.file, new Prng(m.seed), (lines, at) => lines.splice(at, 0, '', run, ''));
    },
  },
  {
    // A chain of `param` $defs each a $ref to the next (even seed), or the same closed into a cycle (odd seed).
    name: 'ref-chain',
    accepts: (f) => f.endsWith('.schema.json'),
    params: [16, 129, 1_000, 25_000],
    scaling: true,
    apply(root, m) {
      editJson(root, m.file, (v) => {
        if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
        const defs: Record<string, JsonValue> = {};
        for (let i = 0; i < m.param; i++) defs[`fuzz${i}`] = { $ref: `#/$defs/fuzz${i + 1}` };
        defs[`fuzz${m.param}`] =
          m.seed % REF_CHAIN_VARIANTS.length === 0 ? { type: 'string' } : { $ref: '#/$defs/fuzz0' };
        const own = v['$defs'];
        v['$defs'] = own !== null && typeof own === 'object' && !Array.isArray(own) ? { ...own, ...defs } : defs;
        return undefined;
      });
    },
  },
  {
    // `param` more core families, copies of the first row under new keys, none with a § heading.
    name: 'families',
    accepts: (f) => f.endsWith('declaration.json'),
    params: [10, 1_000, 10_000],
    scaling: true,
    apply(root, m) {
      editJson(root, m.file, (v) => {
        const [first] = familyRows(v);
        if (!first) return undefined;
        const families = (v as Record<string, JsonValue[]>)['families']!;
        for (let i = 0; i < m.param; i++)
          families.push({
            ...first,
            key: `fuzz${i}`,
            peerDependencyId: `fuzz${i}`,
            section: `core/capabilities.md#fuzz${i}`,
          });
        return undefined;
      });
    },
  },
  {
    // The first family's key made `param` characters long, and capabilities.md given a § heading one
    // letter off it: the did-you-mean weighs the two.
    name: 'long-name',
    accepts: (f) => f.endsWith('declaration.json'),
    params: [300, 3_000, 32_000],
    scaling: true,
    apply(root, m) {
      const key = 'k'.repeat(m.param);
      editJson(root, m.file, (v) => {
        const [first] = familyRows(v);
        if (first) first['key'] = key;
        return undefined;
      });
      const capabilities = join(dirname(join(root, m.file)), 'core/capabilities.md');
      if (existsSync(capabilities))
        writeFileSync(capabilities, `${readFileSync(capabilities, 'utf8')}\n### § \`${key.slice(1)}x\`\n`);
    },
  },
  {
    // A home path no file can have (OS_INVALID_PATHS by param) added to the first family that has homes.
    name: 'os-invalid-path',
    accepts: (f) => f.endsWith('declaration.json'),
    params: [0, 1, 2],
    apply(root, m) {
      editJson(root, m.file, (v) => {
        const row = familyRows(v).find((f) => Array.isArray(f['normativeText'])) ?? familyRows(v)[0];
        if (!row) return undefined;
        const homes = Array.isArray(row['normativeText']) ? row['normativeText'] : [];
        row['normativeText'] = [...homes, OS_INVALID_PATHS[m.param % OS_INVALID_PATHS.length]!];
        return undefined;
      });
    },
  },
  {
    // A copy of the document under a hostile name (HOSTILE_NAMES by param) beside it: every output names it.
    name: 'hostile-name',
    accepts: markdown,
    params: [0, 1, 2, 3],
    apply(root, m) {
      const name = HOSTILE_NAMES[m.param % HOSTILE_NAMES.length]!;
      writeFileSync(join(dirname(join(root, m.file)), name), read(root, m.file));
    },
  },
  {
    // The file's folder (0) or node_modules, where caches go (1), moved out of the tree and linked
    // back: nothing may be written through the link (the runner watches outsideOf(root)).
    name: 'symlink-out',
    accepts: any,
    params: [0, 1],
    apply(root, m) {
      const outside = outsideOf(root);
      const folder = m.param === 0 ? dirname(join(root, m.file)) : join(root, 'node_modules');
      if (folder === root) return;
      const target = join(outside, folder.slice(root.length + 1));
      mkdirSync(dirname(target), { recursive: true });
      if (existsSync(folder)) cpSync(folder, target, { recursive: true });
      else mkdirSync(target, { recursive: true });
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(dirname(folder), { recursive: true });
      symlinkSync(target, folder);
    },
  },
  {
    // A line repeated (a duplicated family row, a duplicated heading…).
    name: 'line-dup',
    accepts: text,
    params: [1, 2, 100, 1_000],
    scaling: true,
    apply(root, m) {
      editLines(root, m.file, new Prng(m.seed), (lines, at) =>
        lines.splice(at, 0, ...Array<string>(m.param).fill(lines[at]!)),
      );
    },
  },
  {
    name: 'line-delete',
    accepts: text,
    params: [1, 3, 20],
    apply(root, m) {
      editLines(root, m.file, new Prng(m.seed), (lines, at) => lines.splice(at, m.param));
    },
  },
  {
    // 0 removed, 1 a folder in its place, 2 a dangling symlink, 3 a symlink loop, 4 a symlink out of the tree, 5 a symlink to a device.
    name: 'path',
    accepts: any,
    params: [0, 1, 2, 3, 4, 5],
    apply(root, m) {
      const abs = join(root, m.file);
      rmSync(abs, { force: true });
      const variants: Array<() => void> = [
        () => undefined,
        () => mkdirSync(abs),
        () => symlinkSync(join(dirname(abs), 'no-such-file'), abs),
        () => symlinkSync(abs, abs),
        () => symlinkSync('/etc/hostname', abs),
        () => symlinkSync('/dev/zero', abs),
      ];
      variants[m.param % variants.length]!();
    },
  },
  {
    // 0 a FIFO, 1 a file over the size limit (sparse), 2 an empty file.
    name: 'file-type',
    accepts: any,
    params: [0, 1, 2],
    apply(root, m) {
      const abs = join(root, m.file);
      if (m.param === 0) {
        rmSync(abs, { force: true });
        execFileSync('mkfifo', [abs]);
      } else if (m.param === 1) truncateSync(abs, 33 * 1024 * 1024);
      else truncateSync(abs, 0);
    },
  },
  {
    // 0 the file unreadable, 1 its folder unlistable, 2 its folder read-only. Binds only a user permissions bind (see the runner).
    name: 'chmod',
    accepts: any,
    params: [0, 1, 2],
    apply(root, m) {
      const abs = join(root, m.file);
      if (!existsSync(abs)) return;
      if (m.param === 0) chmodSync(abs, 0o000);
      else chmodSync(dirname(abs), m.param === 1 ? 0o000 : statSync(dirname(abs)).mode & 0o555);
    },
  },
];

export const operator = (name: string): Operator => {
  const op = OPERATORS.find((o) => o.name === name);
  if (!op) throw new Error(`no operator ${name}`);
  return op;
};
