import { InputError, formatGrouped } from '@openwop-spec/diagnostics';
import { LineIndex } from '@openwop-spec/spec-tree';
import type { AstNode, Comment } from './ast.js';
import { MAX_TS_DEPTH, scanDepth } from './depth.js';

type OxcParser = typeof import('oxc-parser');

let loading: Promise<OxcParser> | undefined;
let loaded = false;

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

export interface ParsedModule {
  program: AstNode;
  comments: Comment[];
  visitorKeys: Readonly<Record<string, readonly string[]>>;
}

export type Parse = (path: string, text: string) => ParsedModule;

/** A parse function backed by oxc-parser (loaded now if it was not yet). */
export async function createParser(): Promise<Parse> {
  const oxc = await loadParser();
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
    const error = result.errors.find((e) => e.severity === 'Error');
    if (error) {
      const label = error.labels[0];
      const location = label ? { file: path, start: new LineIndex(text).point(label.start) } : { file: path };
      throw new InputError(`${path} is not valid TypeScript: ${error.message}`, location, 'input/invalid-typescript');
    }
    return {
      program: result.program as unknown as AstNode,
      comments: result.comments,
      visitorKeys: oxc.visitorKeys,
    };
  };
}
