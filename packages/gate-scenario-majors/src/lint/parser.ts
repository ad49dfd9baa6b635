import { InputError, formatGrouped } from '@openwop-spec/diagnostics';
import { LineIndex } from '@openwop-spec/spec-tree';
import type { Node, Program } from 'oxc-parser';
import type { Comment } from './ast.js';
import { MAX_TS_DEPTH, scanDepth } from './depth.js';

import type * as OxcModule from 'oxc-parser';

type OxcParser = typeof OxcModule;

let loading: Promise<OxcParser> | undefined;
let loaded = false;
let walker: ReturnType<typeof createWalker> | undefined;

/**
 * oxc-parser is loaded on first use only: a tree where no scenario targets major 2 never pays for
 * the native module.
 */
function loadParser(): Promise<OxcParser> {
  loading ??= import('oxc-parser').then((m) => {
    loaded = true;
    return m;
  });
  return loading;
}

/** Whether this process has loaded oxc-parser (for the lazy-loading test). */
export function parserLoaded(): boolean {
  return loaded;
}

/** Walks a whole program: `enter` before a node's children, `exit` after them, for every node. */
export type Walk = (enter: (node: Node) => void, exit: (node: Node) => void) => void;

export interface ParsedModule {
  program: Program;
  comments: Comment[];
  /** Walks this program with oxc-parser's Visitor. */
  walk: Walk;
}

/**
 * One Visitor for every node type, built once per process (oxc keeps what each Visitor compiles for
 * the life of the process, so a Visitor per module would grow under --watch); each walk hands it
 * its own enter and exit.
 */
function createWalker(
  oxc: OxcParser,
): (program: Program, enter: (node: Node) => void, exit: (node: Node) => void) => void {
  let current = { enter: (_node: Node): void => {}, exit: (_node: Node): void => {} };
  const handlers: Record<string, (node: Node) => void> = {};
  for (const type of Object.keys(oxc.visitorKeys)) {
    handlers[type] = (node) => current.enter(node);
    handlers[`${type}:exit`] = (node) => current.exit(node);
  }
  const visitor = new oxc.Visitor(handlers);
  return (program, enter, exit) => {
    current = { enter, exit };
    visitor.visit(program);
  };
}

export type Parse = (path: string, text: string) => ParsedModule;

/** A parse function backed by oxc-parser (loaded now if it was not yet). */
export async function createParser(): Promise<Parse> {
  const oxc = await loadParser();
  const walk = (walker ??= createWalker(oxc));
  return (path, text) => {
    // Measured before the native parser sees it: past a few thousand levels it crashes the process.
    const scan = scanDepth(text);
    if (scan.exceededAt !== undefined) {
      throw new InputError(
        `${path}: nesting depth ${formatGrouped(scan.depth)} exceeds the limit of ${MAX_TS_DEPTH} (brackets, operators and calls inside each other)`,
        { file: path, start: new LineIndex(text).point(scan.exceededAt) },
        'input/nesting-depth',
      );
    }
    const lang = path.endsWith('.tsx') ? 'tsx' : 'ts';
    const result = oxc.parseSync(path, text, { lang, sourceType: 'module' });
    // oxc's Severity is an ambient const enum, which isolatedModules code cannot name; its members are these strings.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-comparison
    const error = result.errors.find((e) => e.severity === 'Error');
    if (error) {
      const label = error.labels[0];
      const location = label ? { file: path, start: new LineIndex(text).point(label.start) } : { file: path };
      throw new InputError(`${path} is not valid TypeScript: ${error.message}`, location, 'input/invalid-typescript');
    }
    const program = result.program;
    return { program, comments: result.comments, walk: (enter, exit) => walk(program, enter, exit) };
  };
}
