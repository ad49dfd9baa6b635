// Whether a citation resolves inside the repository, read through the SpecTree.
import { posix } from 'node:path';
import ignore from 'ignore';
import type { Ignore } from 'ignore';
import { InputError } from '@openwop-spec/diagnostics';
import type { Diagnostic } from '@openwop-spec/diagnostics';
import { valueAt } from '@openwop-spec/json';
import type { SpecTree } from '@openwop-spec/spec-tree';
import { firstSegment } from './citations.js';
import type { Citation } from './citations.js';
import { headingNamesOf } from './facts.js';
import { rules } from './rules.js';

/** Folders never searched for a bare name or a glob: installed packages, build output, VCS data. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', '.turbo']);

/** A glob segment as a regular expression: `*` within one segment, the rest literal. */
function globToRegExp(glob: string): RegExp {
  return new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  );
}

/** The names a `§` section may be: its extent is unknown (it runs on into the sentence), so any leading run of its words, longest first. */
function sectionNames(words: readonly string[]): string[] {
  return words.map((_, i) =>
    words
      .slice(0, words.length - i)
      .join(' ')
      .replace(/[.:]+$/, ''),
  );
}

/** Resolves citations against one tree, with the rule ids every gate defines. */
export class Resolver {
  private readonly rulePrefixes: ReadonlySet<string>;
  private readonly ignores = new Map<string, Ignore | undefined>();
  /** Each cited document's heading names, as a set built once: one document may be cited hundreds of times. */
  private readonly headings = new Map<string, Promise<Set<string>>>();

  constructor(
    private readonly tree: SpecTree,
    private readonly ruleIds: ReadonlySet<string>,
    private readonly absent: ReadonlySet<string>,
  ) {
    this.rulePrefixes = new Set([...ruleIds].map(firstSegment));
  }

  /** Whether a token found in a text is a citation at all: shaped like a path, or a rule id with a gate's prefix. */
  cites(c: Citation): boolean {
    return c.path || (c.ruleShaped && this.rulePrefixes.has(firstSegment(c.token)));
  }

  /** The finding for `citation` in `file` at `at`, or undefined when it resolves. */
  async problem(file: string, c: Citation, at: Pick<Diagnostic, 'start'>): Promise<Diagnostic | undefined> {
    const where = { file, ...at };
    const isRule = c.ruleShaped && this.rulePrefixes.has(firstSegment(c.token));
    if (isRule && this.ruleIds.has(c.token)) return undefined;
    if (this.absent.has(c.token) || this.isIgnoredOutput(c.token)) return undefined;
    const targets = this.resolve(file, c.token);
    if (targets.length === 0)
      return isRule
        ? rules.diagnostic('refs/unknown-rule', { token: c.token }, where)
        : // About every path the token may name, so a finding that explains one (home/missing) is its root.
          rules.diagnostic('refs/missing-path', { token: c.token }, where, {
            subjects: this.candidates(file, c.token).map((p) => `path:${p}`),
          });
    const target = targets[0]!;
    if (c.anchor?.startsWith('/')) {
      const pointer = this.pointerProblem(target, c.anchor);
      return pointer && rules.diagnostic('refs/missing-pointer', pointer, where);
    }
    if (c.anchor === undefined && c.section === undefined) return undefined;
    if (!target.endsWith('.md')) return rules.diagnostic('refs/not-markdown', { token: c.token }, where);
    if (await this.hasSection(target, c)) return undefined;
    const wanted = c.anchor !== undefined ? `#${c.anchor}` : `§ ${c.section!.join(' ')}`;
    // About each heading it may name, so a finding that explains a missing heading is its root.
    const names = c.anchor !== undefined ? [c.anchor] : sectionNames(c.section!);
    return rules.diagnostic('refs/missing-heading', { token: c.token, wanted, target }, where, {
      subjects: names.map((name) => `heading:${target}#${name}`),
    });
  }

  /**
   * Where a bare or relative path may be found from `file`, most specific first: its folder, its
   * package (and `src/`, and the packages folder, which package READMEs cite from), the root, and the
   * folders a bare document or scenario name conventionally means — the v1 documents from the v1
   * tree and the v1 schemas, the v2 documents from everywhere else.
   */
  private bases(file: string): string[] {
    const { spec, schemas, conformance } = this.tree.paths;
    const dir = posix.dirname(file);
    const pkg = /^packages\/[^/]+/.exec(file)?.[0];
    const own = pkg ? [pkg, `${pkg}/src`, 'packages'] : [];
    const v1 = file.startsWith(`${spec}/v1/`) || posix.dirname(file) === schemas;
    const docs = v1 ? [`${spec}/v1`, schemas] : [`${spec}/v2`, `${spec}/v2/core`, `${schemas}/v2`, schemas];
    return [...new Set([dir, ...own, '.', ...docs, conformance, `${conformance}/src/scenarios`])];
  }

  /** The repository paths `token` may name from `file`, most specific first. */
  private candidates(file: string, token: string): string[] {
    const relative = token.startsWith('./') || token.startsWith('../');
    return (relative ? [posix.dirname(file)] : this.bases(file))
      .map((base) => posix.normalize(posix.join(base, token)).replace(/\/$/, ''))
      .filter((candidate) => !candidate.startsWith('../') && candidate !== '..');
  }

  /** The existing repository paths `token` names from `file`: the first base that holds it (a glob may name several). */
  private resolve(file: string, token: string): string[] {
    for (const candidate of this.candidates(file, token)) {
      if (candidate.includes('*')) {
        const found = this.glob(candidate);
        if (found.length > 0) return found;
      } else if (this.tree.exists(candidate === '.' ? '' : candidate)) return [candidate];
    }
    // A package document may name one of the package's files by its bare name when only one has it.
    const pkg = /^packages\/[^/]+/.exec(file)?.[0];
    if (pkg !== undefined && !token.includes('/')) {
      const found = this.walk(pkg).filter((path) => posix.basename(path) === token);
      if (found.length === 1) return found;
    }
    return [];
  }

  /** Every file under `dir`, recursively, in code-unit order; symlinks and SKIPPED_DIRS are not entered. */
  private walk(dir: string): string[] {
    return this.tree
      .list(dir)
      .filter((e) => !e.symlink && !SKIPPED_DIRS.has(e.name))
      .flatMap((e) => (e.kind === 'dir' ? this.walk(e.path) : e.kind === 'file' ? [e.path] : []));
  }

  /** The files a glob names: `*` within one segment, `**` across any number of them. */
  private glob(pattern: string): string[] {
    const segments = pattern.split('/');
    const fixed = segments.findIndex((s) => s.includes('*'));
    const dir = segments.slice(0, fixed).join('/');
    const rest = new RegExp(
      `^${segments
        .slice(fixed)
        .map((s) => (s === '**' ? '(?:[^/]+/)*' : `${globToRegExp(s).source.slice(1, -1)}/`))
        .join('')
        .slice(0, -1)}$`,
    );
    return this.walk(dir).filter((path) => rest.test(dir === '' ? path : path.slice(dir.length + 1)));
  }

  /** The `.gitignore` of a folder, parsed by the `ignore` library (so `!` re-includes), or undefined. */
  private ignoreOf(dir: string): Ignore | undefined {
    if (!this.ignores.has(dir)) {
      const file = dir === '' ? '.gitignore' : `${dir}/.gitignore`;
      this.ignores.set(dir, this.tree.info(file).kind === 'file' ? ignore().add(this.tree.text(file)) : undefined);
    }
    return this.ignores.get(dir);
  }

  /** Whether git ignores `path` (a folder when `folder`): each `.gitignore` from the root down, the deepest that decides wins. */
  private ignored(path: string, folder: boolean): boolean {
    const segments = path.split('/');
    let ignored = false;
    for (let i = 0; i < segments.length; i++) {
      const dir = segments.slice(0, i).join('/');
      const rules = this.ignoreOf(dir);
      if (!rules) continue;
      const verdict = rules.test(segments.slice(i).join('/') + (folder ? '/' : ''));
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }

  /**
   * A file the tooling writes and git ignores (`packages/cli/dist/…`, `packages/bench/results/…`):
   * it resolves when the folder that holds the ignored part exists.
   */
  private isIgnoredOutput(token: string): boolean {
    const segments = token.split('/').filter((s) => s !== '');
    if (segments.some((s) => s === '.' || s === '..')) return false;
    for (let i = 0; i < segments.length; i++) {
      const holder = segments.slice(0, i).join('/');
      if (this.tree.info(holder).kind !== 'dir') return false;
      if (this.ignored(segments.slice(0, i + 1).join('/'), i < segments.length - 1)) return true;
    }
    return false;
  }

  private async hasSection(target: string, c: Citation): Promise<boolean> {
    let pending = this.headings.get(target);
    if (!pending) {
      pending = this.tree.factsOf(target, headingNamesOf).then((list) => new Set(list));
      this.headings.set(target, pending);
    }
    const names = await pending;
    if (c.anchor !== undefined) return names.has(c.anchor);
    return sectionNames(c.section!).some((name) => names.has(name));
  }

  private pointerProblem(
    target: string,
    pointer: string,
  ): { target: string; pointer: string; json: boolean } | undefined {
    let value: unknown;
    try {
      value = this.tree.json(target).value;
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      return { target, pointer, json: false };
    }
    return valueAt(value, pointer) === undefined ? { target, pointer, json: true } : undefined;
  }
}
