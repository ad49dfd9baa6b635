// Bundles the CLI's bin into dist/openwop-spec.js (bundle-options.mjs says how and why). Left outside
// are native code and what only one command loads (the report's charts, delta's git plumbing, the
// watcher): each import of one stays an import of the file its workspace package resolves, by a
// path relative to dist/, so it loads from the lockfile's install as without the bundle and never
// becomes a dependency of this package. The npm tarball (pack.mjs) bundles those too.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { NATIVE, bundleOptions, packageOf } from './bundle-options.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = resolve(here, '..', 'dist');
const OUTSIDE = new Set([...NATIVE, 'vega', 'vega-lite', 'zx', 'chokidar']);
/** The files the last build wrote, so chunks (named by content) do not pile up. */
const OUTPUTS = join(outdir, 'bundle-outputs.json');

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
const { metafile } = await build({ ...bundleOptions(outdir, outdir), plugins: [outside] });
writeFileSync(
  OUTPUTS,
  `${JSON.stringify(
    Object.keys(metafile.outputs)
      .map((f) => basename(f))
      .sort(),
  )}\n`,
);
