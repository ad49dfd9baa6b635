import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { GATES } from '../src/index.js';
import { DOCS_BASE, everyRule, exampleArgv, ruleDocFiles, ruleDocPath, ruleDocUri } from '../src/rule-docs.js';
import { createFixture, probeGate, run } from './helpers.js';
import type { Fixture } from './helpers.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const catalogue = everyRule(GATES);

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [relative(ROOT, join(dir, e.name)).split(sep).join('/')],
  );
}

describe('docs/rules: one file per rule id, generated from the catalogues', () => {
  const files = ruleDocFiles(GATES);

  it('holds exactly the files the catalogues generate, byte for byte (run pnpm rule-docs after changing a catalogue)', () => {
    expect(filesUnder(join(ROOT, 'docs', 'rules')).sort()).toEqual([...files.keys()].sort());
    const stale = [...files]
      .filter(([path, content]) => readFileSync(join(ROOT, path), 'utf8') !== content)
      .map(([path]) => path);
    expect(stale, 'stale files: run pnpm rule-docs').toEqual([]);
  });

  it('every link a report gives for a rule resolves to that rule’s file in this repository', () => {
    for (const { doc } of catalogue) {
      const uri = ruleDocUri(doc.id);
      expect(uri.startsWith(DOCS_BASE)).toBe(true);
      const path = uri.slice(DOCS_BASE.length);
      expect(path).toBe(ruleDocPath(doc.id));
      expect(readFileSync(join(ROOT, path), 'utf8')).toMatch(
        new RegExp(`^# \`${doc.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\`\n`),
      );
    }
  });

  it('every link inside a rule file resolves too', () => {
    for (const [path, content] of files) {
      for (const [, target] of content.matchAll(/\]\(([^)#]+)\)/g))
        expect(existsSync(join(ROOT, path, '..', target!)), `${path} -> ${target}`).toBe(true);
    }
  });

  it('each file says what the rule catches, a failing and a passing example (its edits and command), and the fix', () => {
    for (const { doc, gate } of catalogue) {
      const text = files.get(ruleDocPath(doc.id))!;
      for (const part of [doc.summary, doc.fail.says, doc.pass.says, doc.fix]) expect(text).toContain(part);
      const fails = text.slice(text.indexOf('## Fails'), text.indexOf('## Passes'));
      const passes = text.slice(text.indexOf('## Passes'), text.indexOf('## Fix'));
      for (const [section, example] of [
        [fails, doc.fail],
        [passes, doc.pass],
      ] as const) {
        for (const edit of example.edits) expect(section).toContain(`\`${edit.file}\``);
        expect(section).toContain(`Run \`openwop-spec ${exampleArgv(gate, example).join(' ')}\`.`);
      }
    }
  });
});

describe('every rule id links to its documentation in JSON and SARIF', () => {
  let fx: Fixture | undefined;
  afterEach(() => fx?.remove());

  it.each(['json', 'sarif'])('%s', async (format) => {
    fx = createFixture({ 'pnpm-workspace.yaml': '', 'probe.txt': 'FAIL' });
    const out = await run(['check', '--format', format], { cwd: fx.root, gates: [...GATES.slice(0, 1), probeGate()] });
    const doc = JSON.parse(out.stdout.join('\n'));
    const links: Array<[string, string | undefined]> =
      format === 'json'
        ? doc.diagnostics.map((d: { ruleId: string; helpUri?: string }) => [d.ruleId, d.helpUri])
        : doc.runs[0].tool.driver.rules.map((r: { id: string; helpUri?: string }) => [r.id, r.helpUri]);
    // The fixture has no spec/v2/core/: core-budget warns; probe fails.
    expect(links.map(([id]) => id).sort()).toEqual(['budget/nothing-to-check', 'probe/finding']);
    for (const [id, uri] of links) expect(uri).toBe(ruleDocUri(id));
  });
});

describe('openwop-spec explain', () => {
  const cwd = ROOT;

  it('prints a rule’s documentation: the text of its docs/rules file', async () => {
    for (const id of ['home/unclaimed', 'input/invalid-json', 'majors/stale', 'budget/over-cap']) {
      const out = await run(['explain', id], { cwd });
      expect(out.code).toBe(0);
      expect(out.stdout.join('\n') + '\n').toBe(readFileSync(join(ROOT, ruleDocPath(id)), 'utf8'));
    }
  });

  it('lists a gate’s rule ids, or those of the input errors', async () => {
    const home = await run(['explain', 'normative-home'], { cwd });
    const ids = GATES.find((g) => g.id === 'normative-home')!.rules.map((r) => r.id);
    expect(home.stdout.slice(2).map((l) => l.trim().split(/\s+/)[0])).toEqual(ids);
    const input = await run(['explain', 'input'], { cwd });
    expect(input.stdout.slice(2).every((l) => l.trim().startsWith('input/'))).toBe(true);
  });

  it('an unknown id is exit 2 with the nearest id; no id is a usage error', async () => {
    const typo = await run(['explain', 'home/unclaimd'], { cwd });
    expect([typo.code, typo.stderr]).toEqual([
      2,
      ['openwop-spec: unknown rule id "home/unclaimd" (did you mean home/unclaimed?); see openwop-spec explain --help'],
    ]);
    const none = await run(['explain'], { cwd });
    expect([none.code, none.stdout]).toEqual([2, []]);
    expect(none.stderr[0]).toMatch(/^openwop-spec: explain needs a rule id/);
  });

  it('several ids print one after the other', async () => {
    const out = await run(['explain', 'home/unclaimed', 'home/missing'], { cwd });
    expect(out.stdout.filter((l) => l.startsWith('# '))).toEqual(['# `home/unclaimed`', '# `home/missing`']);
  });
});
