import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const bundled = ['openwop-spec.js', ...readdirSync(dist).filter((f) => /^chunk-[A-Z0-9]+\.js$/.test(f))];
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
  it('imports only Node built-ins, its own chunks, and published packages by the file the lockfile installed', () => {
    const imports = bundled.flatMap(specifiers);
    expect(imports.filter((s) => s.startsWith('./chunk-')).length).toBeGreaterThan(0);
    for (const spec of imports) {
      if (isBuiltin(spec)) continue;
      if (/^\.\/chunk-[A-Z0-9]+\.js$/.test(spec)) {
        expect(bundled, spec).toContain(spec.slice(2));
        continue;
      }
      // Never a workspace package (it is bundled), never a bare name (it would resolve from this package).
      expect(spec, spec).toMatch(/^\.\.\/\.\.\/\.\.\/node_modules\/\.pnpm\//);
      expect(existsSync(new URL(spec, `file://${dist}`)), spec).toBe(true);
    }
    // oxc-parser (native) and the markdown parser stay outside, loaded on first use.
    expect(imports.some((s) => s.includes('/node_modules/oxc-parser/'))).toBe(true);
    expect(imports.some((s) => s.includes('/node_modules/remark-parse/'))).toBe(true);
  });
});
