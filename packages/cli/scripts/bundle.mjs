// Bundles the CLI's bin with the workspace packages it runs into dist/openwop-spec.js, and what it
// imports on first use (the report, delta and init commands) into chunks beside it: a warm check
// then loads a handful of modules instead of about 120, which Node 20's module loader charges for
// one by one (packages/bench/README.md). Published packages are not bundled: each import of one
// stays an import of the file its workspace package resolves, by a path relative to dist/, so it
// loads from the lockfile's install exactly as without the bundle (native code, lazy loading and
// all) and never becomes a dependency of this package.
import { readdirSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = resolve(here, '..', 'dist');
const OWN = /^@openwop-spec\//;

/** Every bare specifier of a published package becomes an external import of the file it resolves to. */
const published = {
  name: 'published-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (OWN.test(args.path) || isBuiltin(args.path) || args.pluginData === 'inner') return undefined;
      const found = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'inner',
      });
      if (found.errors.length > 0) return { errors: found.errors };
      const path = relative(outdir, found.path).split('\\').join('/');
      return { path: path.startsWith('../') ? path : `./${path}`, external: true };
    });
  },
};

// Chunks are named by content: drop the previous build's.
for (const name of readdirSync(outdir)) if (/^chunk-[A-Z0-9]+\.js$/.test(name)) rmSync(join(outdir, name));
await build({
  entryPoints: { 'openwop-spec': join(outdir, 'bin.js') },
  outdir,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [published],
  logLevel: 'warning',
  legalComments: 'none',
});
