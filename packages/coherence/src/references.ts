// Every path, section and rule id the repository's documents and messages cite must resolve inside
// the repository. Scanned: markdown under spec/, schemas/, RFCS/ and SECURITY/, every package
// README, the JSON under spec/ and schemas/, the YAML under SECURITY/, and the prose string literals
// (the messages) of every package's src/.
import { posix } from 'node:path';
import ts from 'typescript';
import { valueAt } from '@openwop-spec/json';
import { LineIndex } from '@openwop-spec/spec-tree';
import { findCitations } from './citations.js';
import type { Citation } from './citations.js';
import { headingNames, headings } from './headings.js';
import { conformanceDir } from './layout.js';
import { Repo } from './repo.js';
import type { Finding } from './repo.js';

export interface ReferenceOptions {
  /** Every rule id a gate defines (`home/unclaimed`, …). */
  ruleIds: ReadonlySet<string>;
  /**
   * Paths the repository names on purpose without holding them, each with the reason: an optional
   * input, a file a command writes, a name a gate refuses. Cited as written, they are not findings.
   */
  absent?: ReadonlyMap<string, string>;
}

/** A stretch of a file whose citations are checked: the whole file, or one string literal. */
interface Span {
  file: string;
  text: string;
  /** Where `text` starts in the file. */
  offset: number;
}

const CORPUS_DIRS = ['spec', 'schemas', 'RFCS', 'SECURITY'];

/**
 * Where a bare or relative path may be found from `file`, most specific first: its folder, its
 * package (and the packages folder, which package READMEs cite from), the root, and the folders a
 * bare document or scenario name conventionally means — the v1 documents from the v1 tree and the
 * v1 schemas, the v2 documents from everywhere else.
 */
function bases(file: string, conformance: string): string[] {
  const dir = posix.dirname(file);
  const pkg = /^packages\/[^/]+/.exec(file)?.[0];
  const own = pkg ? [pkg, `${pkg}/src`, 'packages'] : [];
  const v1 = file.startsWith('spec/v1/') || /^schemas\/[^/]+$/.test(file);
  const docs = v1 ? ['spec/v1', 'schemas'] : ['spec/v2', 'spec/v2/core', 'schemas/v2', 'schemas'];
  return [...new Set([dir, ...own, '.', ...docs, conformance, `${conformance}/src/scenarios`])];
}

function globToRegExp(glob: string): RegExp {
  return new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  );
}

export class ReferenceChecker {
  private readonly headingCache = new Map<string, string[]>();
  private readonly ignoreCache = new Map<string, { name: RegExp; folderOnly: boolean }[]>();
  private readonly rulePrefixes: ReadonlySet<string>;
  private readonly conformance: string;

  constructor(
    private readonly repo: Repo,
    private readonly options: ReferenceOptions,
  ) {
    this.rulePrefixes = new Set([...options.ruleIds].map((id) => id.split('/')[0]!));
    this.conformance = conformanceDir(repo);
  }

  /** The files and literals checked, in code-unit order of file. */
  spans(): Span[] {
    const { repo } = this;
    const files = [
      ...CORPUS_DIRS.flatMap((dir) => repo.walk(dir, (name) => /\.(md|json|yaml|yml)$/.test(name))),
      ...repo
        .list('packages')
        .map((p) => `packages/${p}/README.md`)
        .filter((p) => repo.kind(p) === 'file'),
    ];
    const spans: Span[] = files.map((file) => ({
      file,
      text: file.endsWith('.md') ? blankFences(repo.read(file)) : repo.read(file),
      offset: 0,
    }));
    for (const pkg of repo.list('packages')) {
      for (const file of repo.walk(`packages/${pkg}/src`, (name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))) {
        const source = repo.read(file);
        // A literal cites only what its whole file does: a file that cites nothing is not parsed.
        if (findCitations(source, this.rulePrefixes).length > 0) spans.push(...messageSpans(file, source));
      }
    }
    return spans.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.offset - b.offset));
  }

  check(): Finding[] {
    const findings: Finding[] = [];
    const indexes = new Map<string, { text: string; index: LineIndex }>();
    for (const span of this.spans()) {
      for (const citation of findCitations(span.text, this.rulePrefixes)) {
        const problem = this.problem(span.file, citation);
        if (problem === undefined) continue;
        let entry = indexes.get(span.file);
        if (entry === undefined) {
          const text = span.offset === 0 ? span.text : this.repo.read(span.file);
          entry = { text, index: new LineIndex(text) };
          indexes.set(span.file, entry);
        }
        const { line, column } = entry.index.point(span.offset + citation.offset);
        findings.push({ file: span.file, line, column, message: problem });
      }
    }
    return findings;
  }

  /** Why `citation` does not resolve from `file`, or undefined when it does. */
  problem(file: string, citation: Citation): string | undefined {
    if (citation.maybeRule && this.options.ruleIds.has(citation.token)) return undefined;
    if (this.options.absent?.has(citation.token) === true) return undefined;
    if (this.isIgnoredOutput(citation.token)) return undefined;
    const targets = this.resolve(file, citation.token);
    if (targets.length === 0) {
      return citation.maybeRule
        ? `cites ${citation.token}, which is neither a rule id any gate defines nor a path in the repository`
        : `cites ${citation.token}, which is not a file or folder in the repository`;
    }
    const wanted = citation.anchor ?? citation.section;
    if (wanted === undefined) return undefined;
    const target = targets[0]!;
    if (citation.anchor !== undefined && citation.anchor.startsWith('/'))
      return this.pointerProblem(target, citation.anchor);
    if (!target.endsWith('.md')) return `cites a section of ${citation.token}, which is not a markdown document`;
    if (this.hasSection(target, citation)) return undefined;
    const what = citation.anchor !== undefined ? `#${citation.anchor}` : `§ ${citation.section!.join(' ')}`;
    return `cites ${citation.token} ${what}, but ${target} has no such heading`;
  }

  /** The existing repository paths `token` names from `file`: the first base that holds it (a glob may name several). */
  private resolve(file: string, token: string): string[] {
    const relative = token.startsWith('./') || token.startsWith('../');
    const candidates = (relative ? [posix.dirname(file)] : bases(file, this.conformance)).map((base) =>
      posix.normalize(posix.join(base, token)),
    );
    for (const candidate of candidates) {
      if (candidate.startsWith('../') || candidate === '..') continue;
      if (candidate.includes('*')) {
        const found = this.glob(candidate);
        if (found.length > 0) return found;
      } else if (this.repo.kind(candidate.replace(/\/$/, '')) !== 'missing') {
        return [candidate.replace(/\/$/, '')];
      }
    }
    // A package document may name one of the package's files by its bare name when only one has it.
    const pkg = /^packages\/[^/]+/.exec(file)?.[0];
    if (pkg !== undefined && !token.includes('/')) {
      const found = this.repo.walk(pkg, (name) => name === token);
      if (found.length === 1) return found;
    }
    return [];
  }

  /**
   * A file the tooling writes and git ignores (`packages/cli/dist/…`, `packages/bench/results/…`):
   * it resolves when the folder that holds the ignored part exists. Patterns are read from the
   * `.gitignore` of the root and of each folder on the way; only unanchored names and `*` globs
   * (what this repository's ignore files hold) are understood.
   */
  private isIgnoredOutput(token: string): boolean {
    const segments = token.split('/').filter((s) => s !== '');
    for (let i = 0; i < segments.length; i++) {
      const holder = segments.slice(0, i).join('/') || '.';
      if (this.repo.kind(holder) !== 'dir') return false;
      const folder = i < segments.length - 1;
      if (this.ignorePatterns(segments.slice(0, i)).some((p) => (folder || !p.folderOnly) && p.name.test(segments[i]!)))
        return true;
    }
    return false;
  }

  private ignorePatterns(dirs: readonly string[]): { name: RegExp; folderOnly: boolean }[] {
    const files = ['.gitignore', ...dirs.map((_, i) => `${dirs.slice(0, i + 1).join('/')}/.gitignore`)];
    return files.flatMap((file) => {
      let patterns = this.ignoreCache.get(file);
      if (patterns === undefined) {
        const lines = this.repo.kind(file) === 'file' ? this.repo.read(file).split(/\r?\n/) : [];
        patterns = lines
          .map((l) => l.trim())
          .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('!') && !l.replace(/\/$/, '').includes('/'))
          .map((l) => ({ name: globToRegExp(l.replace(/\/$/, '')), folderOnly: l.endsWith('/') }));
        this.ignoreCache.set(file, patterns);
      }
      return patterns;
    });
  }

  /** The files a glob names: `*` within one segment, `**` across any number of them. */
  private glob(pattern: string): string[] {
    const segments = pattern.split('/');
    const fixed = segments.findIndex((s) => s.includes('*'));
    const dir = segments.slice(0, fixed).join('/') || '.';
    const rest = new RegExp(
      `^${segments
        .slice(fixed)
        .map((s) => (s === '**' ? '(?:[^/]+/)*' : `${globToRegExp(s).source.slice(1, -1)}/`))
        .join('')
        .slice(0, -1)}$`,
    );
    return this.repo.walk(dir, () => true).filter((path) => rest.test(dir === '.' ? path : path.slice(dir.length + 1)));
  }

  private hasSection(target: string, citation: Citation): boolean {
    let names = this.headingCache.get(target);
    if (names === undefined) {
      names = headings(this.repo.read(target)).flatMap(headingNames);
      this.headingCache.set(target, names);
    }
    if (citation.anchor !== undefined) return names.includes(citation.anchor);
    // The section's extent is unknown (it runs on into the sentence): any leading run of words may be the name.
    const words = citation.section!;
    for (let n = words.length; n > 0; n--) {
      const name = words
        .slice(0, n)
        .join(' ')
        .replace(/[.:]+$/, '');
      if (names.includes(name)) return true;
    }
    return false;
  }

  private pointerProblem(target: string, pointer: string): string | undefined {
    let value: unknown;
    try {
      value = JSON.parse(this.repo.read(target)) as unknown;
    } catch {
      return `cites ${target}#${pointer}, but ${target} is not JSON`;
    }
    return valueAt(value, pointer) === undefined ? `cites ${target}#${pointer}, which names nothing in it` : undefined;
  }
}

/** Fenced code blocks hold examples (commands, output, fictional paths), not citations: blanked, offsets kept. */
function blankFences(markdown: string): string {
  return markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))/gm, (block) =>
    block.replace(/[^\n]/g, ' '),
  );
}

/**
 * The prose string literals of one TypeScript source: messages, rule documentation, requirement
 * clauses. A literal without whitespace is an identifier or a path the code uses, not prose, and a
 * rule's `fail` and `pass` examples are illustrations, not citations.
 */
function messageSpans(file: string, source: string): Span[] {
  // Without parent pointers (a third of the parse's cost): the walk passes each node's parent.
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, false);
  const spans: Span[] = [];
  const isExample = (parent: ts.Node | undefined): boolean =>
    parent !== undefined &&
    ts.isPropertyAssignment(parent) &&
    ts.isIdentifier(parent.name) &&
    (parent.name.text === 'fail' || parent.name.text === 'pass');
  const visit = (node: ts.Node, parent?: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const start = node.getStart(sf);
      const text = source.slice(start, node.getEnd());
      if (/\s/.test(text) && !isExample(parent)) spans.push({ file, text, offset: start });
    }
    ts.forEachChild(node, (child) => visit(child, node));
  };
  visit(sf);
  return spans;
}

/** Every citation in the repository at `root` that does not resolve, one finding each. */
export function checkReferences(root: string, options: ReferenceOptions): Finding[] {
  return new ReferenceChecker(new Repo(root), options).check();
}
