// Bundles the CLI's bin into dist/openwop-spec.js: the workspace packages it runs and the published
// packages a check loads, with what is loaded on first use (the markdown parser, the report, delta
// and init commands) in chunks beside it. Node 20's module loader charges every module it resolves,
// reads and links: unbundled, a warm check loaded about 120 modules and the markdown parser about 80
// more (packages/bench/README.md). Left outside are native code (oxc-parser) and what only one
// command loads (the report's charts, delta's git plumbing, the watcher): each import of one stays
// an import of the file its workspace package resolves, by a path relative to dist/, so it loads
// from the lockfile's install as without the bundle and never becomes a dependency of this package.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = resolve(here, '..', 'dist');
const OUTSIDE = new Set(['oxc-parser', 'vega', 'vega-lite', 'zx', 'chokidar']);
/** The files the last build wrote, so chunks (named by content) do not pile up. */
const OUTPUTS = join(outdir, 'bundle-outputs.json');

/** The package name a bare specifier names. */
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

const outside = {
  name: 'outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (isBuiltin(args.path) || !OUTSIDE.has(packageOf(args.path)) || args.pluginData === 'inner') return undefined;
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

if (existsSync(OUTPUTS))
  for (const file of JSON.parse(readFileSync(OUTPUTS, 'utf8'))) rmSync(join(outdir, file), { force: true });
const { metafile } = await build({
  entryPoints: { 'openwop-spec': join(outdir, 'bin.js') },
  outdir,
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [outside],
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
});
writeFileSync(
  OUTPUTS,
  `${JSON.stringify(
    Object.keys(metafile.outputs)
      .map((f) => basename(f))
      .sort(),
  )}\n`,
);
