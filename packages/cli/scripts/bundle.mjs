// Bundles the CLI into one module, dist/openwop-spec.js, and the markdown parse worker beside it
// (the tree starts it from ./markdown-worker.js next to the code that asks). One module instead of
// a hundred takes ~50 ms off every run (packages/bench/README.md). Packages loaded on first use, or
// that carry native code, stay outside and resolve from this package's own dependencies.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['ajv', 'ajv/*', 'ajv-formats', 'markdown-it', 'markdown-it-footnote', 'oxc-parser'],
  logLevel: 'warning',
  legalComments: 'none',
};
await build({ ...common, entryPoints: ['dist/bin.js'], outfile: 'dist/openwop-spec.js' });
await build({ ...common, entryPoints: ['../spec-tree/dist/markdown-worker.js'], outfile: 'dist/markdown-worker.js' });
