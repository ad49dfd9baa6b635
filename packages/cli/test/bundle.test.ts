import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
/** The files the last bundle wrote (scripts/bundle.mjs lists them). */
const bundled = JSON.parse(readFileSync(`${dist}bundle-outputs.json`, 'utf8')) as string[];
/** Every module specifier of a static import or export (one per line, as esbuild writes them) or a dynamic import. */
const specifiers = (file: string): string[] => {
  const text = readFileSync(`${dist}${file}`, 'utf8');
  return [
    ...[...text.matchAll(/^(?:import|export|\}).*?from "([^"]+)";$/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/^import "([^"]+)";$/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]!),
  ];
};

/** The bin is scripts/bundle.mjs's output: the workspace code in it, published packages left where they are installed. */
describe('the bundled bin', () => {
  it('imports only Node built-ins, its own chunks, and what it leaves outside by the file the lockfile installed', () => {
    expect(bundled).toContain('openwop-spec.js');
    const imports = bundled.flatMap(specifiers);
    const outside: string[] = [];
    for (const spec of imports) {
      if (isBuiltin(spec)) continue;
      if (spec.startsWith('./')) {
        expect(bundled, spec).toContain(spec.slice(2));
        continue;
      }
      // Never a bare name: it would resolve from this package, which does not depend on it.
      expect(spec, spec).toMatch(/^\.\.\/\.\.\/\.\.\/node_modules\/\.pnpm\//);
      expect(existsSync(new URL(spec, `file://${dist}`)), spec).toBe(true);
      outside.push(spec.replace(/^.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\/.*$/, '$1'));
    }
    // Native code and what only one command loads stay outside; the markdown parser is a chunk of its own.
    expect([...new Set(outside)].sort()).toEqual(['chokidar', 'oxc-parser', 'vega', 'vega-lite', 'zx']);
    const markdown = bundled.filter((f) => f.startsWith('markdown-stack-'));
    expect(markdown).toHaveLength(1);
    expect(readFileSync(`${dist}${markdown[0]}`, 'utf8')).toContain('micromark');
  });
});
