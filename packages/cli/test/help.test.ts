import { describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { GATES } from '../src/index.js';
import { run } from './helpers.js';

const cwd = tmpdir();

/** Every command and the options only it accepts (beyond the shared ones). */
const OWN: Record<string, string[]> = {
  check: ['--deadline', '--watch'],
  gen: [],
  'core-budget': [],
  'normative-home': ['--deadline', '--write-baseline'],
  'scenario-majors': ['--check', '--write'],
  declaration: ['--check', '--write'],
  'check-declaration': [],
  schemas: [],
  references: [],
  delta: ['--base'],
  init: ['--dry-run'],
  report: ['--out', '--history'],
  explain: [],
};
const ALL_OWN = new Set(Object.values(OWN).flat());

/** The text of an option row `  --flag …`, with its wrapped continuation lines. */
function optionText(lines: readonly string[], flag: string): string | undefined {
  const i = lines.findIndex((l) => l.startsWith(`  ${flag} `) || l === `  ${flag}` || l.startsWith(`  ${flag},`));
  if (i < 0) return undefined;
  const rest = [lines[i]!.slice(2 + flag.length)];
  for (let j = i + 1; j < lines.length && /^ {22}\S/.test(lines[j]!); j++) rest.push(lines[j]!);
  return rest.join(' ').replace(/\s+/g, ' ').trim();
}

describe('openwop-spec <command> --help', () => {
  it('registers exactly the commands this table describes', async () => {
    const overview = (await run(['--help'], { cwd })).stdout;
    const listed = overview
      .slice(overview.indexOf('Commands:') + 1, overview.indexOf('Gates:') - 1)
      .filter((l) => /^ {2}\S/.test(l))
      .map((l) => l.trim().split(/\s+/)[0]);
    expect(listed).toEqual(Object.keys(OWN));
    expect(GATES.flatMap((g) => g.commands.map((c) => c.name)).every((n) => n in OWN)).toBe(true);
  });

  it.each(Object.entries(OWN))(
    '%s --help explains its own flags, with an example, and no other command’s',
    async (command, own) => {
      const help = await run([command, '--help'], { cwd });
      expect(help.code).toBe(0);
      expect(help.stdout[0]).toMatch(new RegExp(`^Usage: openwop-spec ${command}( |$)`));
      for (const flag of own) {
        const text = optionText(help.stdout, flag);
        expect(text, `${command} --help: ${flag}`).toBeDefined();
        // A description, not just the flag's name: several words.
        expect(text!.split(' ').length, `${command} --help: ${flag} is described`).toBeGreaterThan(5);
      }
      for (const flag of ALL_OWN)
        if (!own.includes(flag))
          expect(optionText(help.stdout, flag), `${command} --help lists ${flag}`).toBeUndefined();
      const examples = help.stdout
        .slice(help.stdout.indexOf('Examples:') + 1)
        .filter((l) => /^ {2}openwop-spec /.test(l));
      expect(examples.length).toBeGreaterThan(0);
      for (const e of examples) expect(e).toMatch(new RegExp(`^ {2}openwop-spec ${command}( |$)`));
      // Every example runs the flags this command accepts.
      for (const e of examples)
        for (const flag of e.match(/--[a-z-]+/g) ?? [])
          expect(flag === '--help' || own.includes(flag) || !ALL_OWN.has(flag), `${e}`).toBe(true);
    },
  );

  it('help <command> is <command> --help', async () => {
    expect((await run(['help', 'normative-home'], { cwd })).stdout).toEqual(
      (await run(['normative-home', '--help'], { cwd })).stdout,
    );
    expect((await run(['help', 'delta'], { cwd })).stdout).toEqual((await run(['delta', '--help'], { cwd })).stdout);
  });

  it('check --help lists the gates it can run; gen --help only those that derive files', async () => {
    const gates = (lines: string[]): string[] =>
      lines
        .slice(lines.indexOf('Gates:') + 1)
        .filter((l) => /^ {2}[a-z]/.test(l))
        .map((l) => l.trim().split(/\s+/)[0]!)
        .filter((n) => GATES.some((g) => g.id === n));
    expect(gates((await run(['check', '--help'], { cwd })).stdout)).toEqual(GATES.map((g) => g.id));
    expect(gates((await run(['gen', '--help'], { cwd })).stdout)).toEqual(
      GATES.filter((g) => g.write !== undefined).map((g) => g.id),
    );
  });

  it('no line is wider than 100 characters', async () => {
    for (const command of ['--help', ...Object.keys(OWN).map((c) => `${c} --help`)]) {
      for (const line of (await run(command.split(' '), { cwd })).stdout)
        expect(line.length, `${command}: ${line}`).toBeLessThanOrEqual(100);
    }
  });
});

describe('a flag whose values differ by command is explained where it applies', () => {
  it('delta --help gives delta’s formats; check --help gives check’s', async () => {
    expect(optionText((await run(['delta', '--help'], { cwd })).stdout, '--format')).toMatch(/markdown/);
    expect(optionText((await run(['check', '--help'], { cwd })).stdout, '--format')).toMatch(/sarif/);
  });
});
