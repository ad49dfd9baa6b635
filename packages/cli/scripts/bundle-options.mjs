// The esbuild options the CLI's bin is bundled with, shared by the build (bundle.mjs: the bin this
// repository runs) and the package (pack.mjs: the npm tarball other repositories install): one
// module for the bin and the workspace packages it runs, with what is loaded on first use (the
// markdown parser, the report, delta and init commands) in chunks beside it. Node 20's module
// loader charges every module it resolves, reads and links: unbundled, a warm check loaded about
// 120 modules and the markdown parser about 80 more.
import { join } from 'node:path';

/** Published packages with native code: never bundled, wherever the bin runs. */
export const NATIVE = ['oxc-parser'];

/** The package name a bare specifier names. */
export const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/** Options bundling `<dist>/bin.js` (the build's output for src/bin.ts) into `<outdir>/openwop-spec.js`. */
export const bundleOptions = (dist, outdir) => ({
  entryPoints: { 'openwop-spec': join(dist, 'bin.js') },
  outdir,
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
});
