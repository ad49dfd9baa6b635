// `openwop-spec check` reports a broken citation in a spec document at its file and line, exit 1.
import { afterEach, describe, expect, it } from 'vitest';
import { createFixture, run } from './helpers.js';
import type { Fixture } from './helpers.js';

let fx: Fixture | undefined;
afterEach(() => fx?.remove());

const tree = (citation: string) => ({
  'pnpm-workspace.yaml': '',
  'spec/v2/core/host-services.md': '# Host services\n\n## The mcp client\n',
  'spec/v2/core/interop.md': `# Interop\n\nIntro.\n\nSee ${citation}, for the client.\n`,
});

describe('check references through the CLI', () => {
  it('a section the cited document has: exit 0', async () => {
    fx = createFixture(tree('`host-services.md` § The mcp client'));
    const out = await run(['check', 'references'], { cwd: fx.root });
    expect(out.code).toBe(0);
    expect(out.stdout.at(-1)).toBe('=== references OK — 1 citation(s) in 2 document(s) resolve ===');
  });

  it('a section it does not have: the finding at its file:line:column, exit 1', async () => {
    fx = createFixture(tree('`host-services.md` § The tool catalog'));
    const out = await run(['check', 'references'], { cwd: fx.root });
    expect(out.code).toBe(1);
    expect(out.stderr).toEqual([
      'spec/v2/core/interop.md:5:6  error  cites host-services.md § The tool catalog, but spec/v2/core/host-services.md has no such heading; cite a heading the document has (its text, its § label or number, or its GitHub anchor), or rename the heading back  refs/missing-heading',
      '  1 error',
      '=== references FAILED — 1 error(s) ===',
    ]);
  });
});
