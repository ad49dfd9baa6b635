// Names an attacker commits (file names, family keys) through every command and output format:
// each prints as inert data. No line a terminal or the Actions runner reads acts on it, a
// workflow command is one the tool meant, and JSON, SARIF, markdown and HTML keep their structure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '@openwop-spec/spec-tree/testing';
import { inertToRunner, terminalLine, visible } from '@openwop-spec/diagnostics';
import { MemoryFs, SpecTree } from '@openwop-spec/spec-tree';
import type { Gate } from '@openwop-spec/gate-api';
import { HOSTILE_NAMES } from '../../diagnostics/test/hostile-names.js';
import { runnerCommands } from '../../diagnostics/test/runner.js';
import { createFixture, run } from './helpers.js';
import type { Captured, Fixture } from './helpers.js';
import { main } from '../src/main.js';
import { TWO_ENTRIES, upstreamTree } from '../../init/test/upstream-tree.js';

const names = Object.values(HOSTILE_NAMES);
/** What a terminal or the runner would act on; tab stays. */
const RAW = /[^\P{Cc}\t]|[\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;

/** A core folder of documents named by every hostile name, each the declared home of a family named the same. */
function hostileFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'pnpm-workspace.yaml': '',
    'spec/v2/declaration.json': `${JSON.stringify(
      {
        families: names.map((n) => ({
          key: n,
          kind: 'family',
          anchor: 'core',
          normativeText: [`spec/v2/core/${n}`, `spec/v2/core/missing ${n}`],
        })),
      },
      null,
      2,
    )}\n`,
  };
  for (const n of names)
    files[`spec/v2/core/${n}`] = `# ${n}\n\n> **Normative home:** \`${n}\`.\n\nA host MUST do ${n}.\n`;
  files['docs/normative-home-baseline.json'] = `${JSON.stringify(
    { t0: '2026-09-18', openAtT0: 0, v1Dependent: 0, undeclared: 0, facetsUncovered: 0, v1Banners: {}, v1Carried: [] },
    null,
    2,
  )}\n`;
  return files;
}

let tree: Fixture;
beforeAll(() => {
  tree = createFixture(hostileFiles());
});
afterAll(() => tree.remove());

const lines = (c: Captured): string[] => [...c.stdout, ...c.stderr];

/** Every line prints inert: nothing raw (the severity colours aside, when asked for) and no command. */
function inert(all: readonly string[], { colour = false } = {}): void {
  for (const line of all) {
    expect(colour ? line.replace(/\u001b\[(?:3[136]|39)m/g, '') : line).not.toMatch(RAW);
  }
  expect(runnerCommands(all)).toEqual([]);
}

describe('check over hostile names', () => {
  it.each([
    ['stylish', [], {}],
    ['stylish under NO_COLOR', [], { NO_COLOR: '1' }],
    ['stylish with --no-color', ['--no-color'], { FORCE_COLOR: '1' }],
  ] as const)('%s: every line inert, every document named as it is shown', async (_what, flags, env) => {
    const out = await run(['check', ...flags], { cwd: tree.root, env });
    expect(out.code).toBe(2);
    inert(lines(out));
    for (const n of names)
      expect(out.stdout).toContainEqual(expect.stringMatching(`  ${escapeRegExp(terminalLine(`core/${n}`))}$`));
  });

  it('stylish with --color: only the severity words are coloured', async () => {
    const out = await run(['check', '--color'], { cwd: tree.root });
    inert(lines(out), { colour: true });
    expect(out.stderr.some((l) => l.includes('\u001b[31merror\u001b[39m'))).toBe(true);
  });

  it('github: the runner reads only the annotations the tool wrote, each about a file it checked', async () => {
    const out = await run(['check'], { cwd: tree.root, env: { GITHUB_ACTIONS: 'true' } });
    const all = lines(out);
    for (const line of all) expect(line).not.toMatch(RAW);
    const commands = runnerCommands(all);
    expect(commands.length).toBeGreaterThan(0);
    const files = new Set(
      [...Object.keys(hostileFiles()), ...names.map((n) => `spec/v2/core/missing ${n}`)].map((f) => visible(f)),
    );
    for (const c of commands) {
      expect(['error', 'warning', 'notice']).toContain(c.name);
      const file = c.properties['file'];
      if (file !== undefined && !file.endsWith('/')) expect(files).toContain(file);
    }
    // Each command is one line the tool wrote as one; no other line starts one.
    expect(all.filter((l) => /^\s*::/.test(l))).toHaveLength(commands.length);
  });

  it.each(['json', 'sarif'])(
    '%s: one document that parses, holds each name as it is, and prints inert',
    async (format) => {
      const out = await run(['check', 'core-budget', 'normative-home', '--format', format], { cwd: tree.root });
      inert(lines(out));
      const doc = JSON.parse(out.stdout.join('\n')) as unknown;
      const text = JSON.stringify(doc);
      if (format === 'json')
        expect(
          (doc as { gates: { 'core-budget': { figures: { rows: Array<{ path: string }> } } } }).gates[
            'core-budget'
          ].figures.rows
            .map((r) => r.path)
            .sort(),
        ).toEqual(names.map((n) => `spec/v2/core/${n}`).sort());
      for (const n of names) expect(text).toContain(JSON.stringify(`spec/v2/core/${n}`).slice(1, -1));
    },
  );
});

/** An mdast node, as far as these tests look at one. */
interface Node {
  type: string;
  value?: string;
  children?: Node[];
}

/** The mdast of a markdown text, as the repository's own parser reads it (GFM tables). */
async function mdast(text: string): Promise<Node> {
  return (await SpecTree.open(new MemoryFs({ 'x.md': text })).markdown('x.md')).root;
}
/** Every node of a tree, parents first. */
function nodes(tree: Node): Node[] {
  return [tree, ...(tree.children ?? []).flatMap(nodes)];
}

/** What a code span shows of a name: the name, visible, and a backslash before a pipe as `\x5c`. */
const inSpan = (name: string): string => visible(name).replace(/\\(?=\|)/g, '\\x5c');

/** Markdown where no name became a link, an image, HTML or a heading, and every table row kept its cells. */
async function contained(markdown: string, headings: number): Promise<Node> {
  const md = await mdast(markdown);
  const all = nodes(md);
  expect(
    all.filter((n) => ['link', 'image', 'html', 'linkReference', 'imageReference', 'definition'].includes(n.type)),
  ).toEqual([]);
  expect(all.filter((n) => n.type === 'heading')).toHaveLength(headings);
  for (const table of all.filter((n) => n.type === 'table')) {
    const rows = table.children ?? [];
    for (const row of rows) expect(row.children).toHaveLength(rows[0]!.children!.length);
  }
  return md;
}

describe('delta over hostile names', () => {
  // A budget that counts one word a document: its rows name every document, as the real gate's do,
  // without parsing one (delta runs it on both sides).
  const gates: Gate[] = [
    {
      id: 'core-budget',
      summary: 'one word a document',
      rules: [],
      commands: [],
      check: async (tree) => {
        const rows = tree
          .list('spec/v2/core')
          .map((e) => ({ path: `spec/v2/core/${e.name}`, label: `core/${e.name}`, words: 1 }));
        return {
          gate: 'core-budget',
          ok: true,
          exitCode: 0,
          summaryLine: `=== ${rows.length} document(s) ===`,
          printout: [],
          figures: { rows, total: rows.length },
          diagnostics: [],
        };
      },
    },
  ];
  let repo: Fixture;
  beforeAll(() => {
    repo = createFixture({
      'pnpm-workspace.yaml': '',
      'spec/v2/declaration.json': '{ "families": [] }\n',
      'spec/v2/core/a.md': 'one\n',
    });
    git(repo.root, 'init', '-q');
    git(repo.root, 'add', '-A');
    git(repo.root, 'commit', '-qm', 'base');
    repo.write(hostileFiles());
  });
  afterAll(() => repo.remove());
  const env = { PATH: process.env['PATH'] ?? '' };

  it('stylish: every line inert', async () => {
    const out = await run(['delta', '--base', 'main'], { cwd: repo.root, env, gates });
    inert(lines(out));
    for (const n of names) expect(out.stdout).toContainEqual(expect.stringContaining(terminalLine(`core/${n}`)));
  });

  it('markdown, and the job summary: inert lines; no name leaves its cell or code span', async () => {
    const summary = join(repo.root, 'summary.md');
    const out = await run(['delta', '--base', 'main', '--format', 'markdown'], {
      cwd: repo.root,
      env: { ...env, GITHUB_STEP_SUMMARY: summary },
      gates,
    });
    inert(lines(out));
    // On stdout, where the runner reads it, a `##[` in a code span is shown as `##\x5b` too.
    for (const [markdown, shown] of [
      [out.stdout.join('\n'), (s: string) => inertToRunner(inSpan(s))],
      [out.appended![summary]!, inSpan],
    ] as const) {
      const tree = await contained(markdown, 1);
      const spans = nodes(tree)
        .filter((n) => n.type === 'inlineCode')
        .map((n) => n.value);
      for (const n of names) expect(spans).toContain(shown(`core/${n}`));
    }
  });
});

describe('report over hostile names', () => {
  it('markdown: inert lines; no name leaves its cell or code span', async () => {
    const out = await run(['report', '--format', 'markdown', '--history', '0', '--no-cache'], { cwd: tree.root });
    expect(out.code).toBe(0);
    inert(lines(out));
    const md = await contained(out.stdout.join('\n'), 6);
    const spans = nodes(md)
      .filter((n) => n.type === 'inlineCode')
      .map((n) => n.value);
    for (const n of names) expect(spans).toContain(inertToRunner(inSpan(n)));
  });

  it('html: every name is text, and every link stays in the repository', async () => {
    const out = await run(['report', '--out', 'r.html', '--history', '0', '--no-cache'], { cwd: tree.root });
    expect(out.code).toBe(0);
    const html = readFileSync(join(tree.root, 'r.html'), 'utf8');
    expect(html.replace(/\n/g, '')).not.toMatch(RAW);
    expect(html).not.toMatch(/<(?:script|img|iframe)\b/i);
    for (const [, href] of html.matchAll(/href="([^"]*)"/g))
      expect(href).toMatch(/^(?:#[\w-]+|spec\/[^/:]+(?:\/[^/:]+)*)$/);
  });
});

describe('explain, init and --watch over hostile names', () => {
  it('explain: an unknown rule id is echoed inert', async () => {
    for (const n of names) {
      const out = await run(['explain', n], { cwd: tree.root });
      expect(out.code).toBe(2);
      inert(lines(out));
    }
  });

  it('init --dry-run: the reasons it copies from the generator print inert', async () => {
    const reasons = names.filter((n) => !n.includes('\n') && !n.includes('\r') && !n.includes('\u2028'));
    const upstream = createFixture(
      upstreamTree(TWO_ENTRIES.map((e, i) => ({ ...e, reason: `${e.reason} ${reasons.join(' ')} ${i}` }))),
    );
    try {
      const out = await run(['init', '--dry-run'], { cwd: upstream.root });
      expect(out.code).toBe(0);
      inert(lines(out));
      expect(out.stdout.join('\n')).toContain(inertToRunner(visible(reasons[0]!)));
    } finally {
      upstream.remove();
    }
  });

  it('--watch: the first run and its status line print inert', async () => {
    const all: string[] = [];
    let first!: () => void;
    const ran = new Promise<void>((resolve) => (first = resolve));
    const push = (l: string): void => {
      all.push(l);
      if (l.startsWith('watch: ')) first();
    };
    const running = main(['check', '--watch', '--root', tree.root], {
      cwd: tree.root,
      env: { NO_COLOR: '1' },
      stdout: push,
      stderr: push,
      isTTY: true,
      appendFile: () => expect.unreachable('appendFile'),
    });
    await ran;
    process.emit('SIGINT');
    expect(await running).toBe(0);
    // The screen is cleared before the run: the one escape sequence the tool writes on its own.
    inert(all.filter((l) => l !== '\u001b[2J\u001b[3J\u001b[H'));
    expect(all.filter((l) => l.includes('\u001b'))).toEqual(['\u001b[2J\u001b[3J\u001b[H']);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
