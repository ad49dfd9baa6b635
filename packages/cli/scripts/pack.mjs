#!/usr/bin/env node
// `pnpm package [--out DIR]`: the npm tarball other repositories install, openwop-spec-<version>.tgz
// in DIR (default: the repository root). It is self-contained: the bin and every workspace package
// it runs are bundled (bundle-options.mjs), and so is every published package esbuild can follow
// (the markdown parser, the report's charts, delta's git plumbing, the watcher), in chunks loaded
// on first use. Its dependencies are what cannot be bundled: native code (oxc-parser) and what the
// workspace code loads by name at run time (Ajv and re2js, through packageRequire), each at the
// version the workspace pins. The files a bundled workspace package ships (a schema) are copied to
// dist/files/<name>/, where packageFile finds them; the licences of the bundled packages are
// collected in THIRD-PARTY-NOTICES.md. Run after `pnpm build` (the root script does both).
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { compareCodeUnits } from '@openwop-spec/diagnostics';
import { BUNDLED_FILES } from '@openwop-spec/spec-tree';
import { NATIVE, bundleOptions, packageOf } from './bundle-options.mjs';

const CLI = fileURLToPath(new URL('..', import.meta.url));
const ROOT = resolve(CLI, '..', '..');
/** The name the package is published and run (`npx openwop-spec`) under. */
const NAME = 'openwop-spec';
const LICENSE = 'Apache-2.0';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The folder of the package an input file of the bundle belongs to: the last node_modules/<name>, else packages/<dir>. */
function packageDirOf(file) {
  const parts = file.split(sep);
  const at = parts.lastIndexOf('node_modules');
  if (at >= 0) return parts.slice(0, at + (parts[at + 1].startsWith('@') ? 3 : 2)).join(sep);
  const rel = relative(join(ROOT, 'packages'), file);
  if (rel.startsWith('..')) throw new Error(`${file} is neither a workspace package's nor an installed one's`);
  return join(ROOT, 'packages', rel.split(sep)[0]);
}

/** Every bundled package, by folder: workspace packages and published ones apart. */
function bundledPackages(metafile) {
  const workspace = new Map();
  const published = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    const dir = packageDirOf(resolve(input));
    const meta = readJson(join(dir, 'package.json'));
    (dir.split(sep).includes('node_modules') ? published : workspace).set(dir, meta);
  }
  return { workspace, published };
}

/**
 * The runtime dependencies: what a bundled workspace package depends on that is not bundled (type
 * packages aside), at the version the workspace pins. Two pins of one name must agree.
 */
function dependenciesOf(workspace, published) {
  const bundled = new Set([...published.values()].map((m) => m.name));
  const deps = {};
  for (const meta of workspace.values())
    for (const [name, version] of Object.entries(meta.dependencies ?? {})) {
      if (version.startsWith('workspace:') || name.startsWith('@types/') || bundled.has(name)) continue;
      if (deps[name] !== undefined && deps[name] !== version)
        throw new Error(`${name} is pinned at both ${deps[name]} and ${version} in the workspace`);
      deps[name] = version;
    }
  return Object.fromEntries(Object.entries(deps).sort(([a], [b]) => compareCodeUnits(a, b)));
}

/** Copies the non-code files each bundled workspace package exports (a schema) to dist/files/<name>/. */
function copyShippedFiles(workspace, dist) {
  const copied = [];
  for (const [dir, meta] of workspace)
    for (const [subpath, target] of Object.entries(meta.exports ?? {})) {
      if (subpath === '.' || typeof target !== 'string' || /\.(c|m)?(j|t)s$/.test(target)) continue;
      const to = join(dist, BUNDLED_FILES, meta.name, subpath.slice(2));
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(join(dir, target), to);
      copied.push(`${meta.name}/${subpath.slice(2)}`);
    }
  return copied.sort();
}

/** Each bundled published package with its licence text, as the licences of most of them require. */
function notices(published) {
  const rows = [...published].sort(([, a], [, b]) => compareCodeUnits(a.name, b.name));
  const out = [
    '# Third-party notices',
    '',
    `The ${NAME} package bundles the following packages into dist/. Each is listed with its licence.`,
    '',
  ];
  for (const [dir, meta] of rows) {
    const file = readdirSync(dir)
      .filter((f) => /^(licen[cs]e|copying)/i.test(f))
      .sort()[0];
    out.push(`## ${meta.name}@${meta.version} (${meta.license ?? 'no licence field'})`, '');
    out.push(file ? readFileSync(join(dir, file), 'utf8').trim() : '(the package ships no licence file)', '');
  }
  return out.join('\n');
}

const { values } = parseArgs({ options: { out: { type: 'string', default: ROOT } } });
const out = resolve(values.out);
const cli = readJson(join(CLI, 'package.json'));
if (!existsSync(join(CLI, 'dist', 'bin.js')))
  throw new Error('packages/cli/dist/bin.js is missing: run pnpm build first');

const stage = mkdtempSync(join(tmpdir(), 'openwop-spec-package-'));
try {
  const dist = join(stage, 'dist');
  const { metafile } = await build({
    ...bundleOptions(join(CLI, 'dist'), dist),
    // Bundled CommonJS (zx) requires Node's built-ins, which an ES module can do only through a require of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'native',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            NATIVE.includes(packageOf(args.path)) ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
  });
  const { workspace, published } = bundledPackages(metafile);
  const shipped = copyShippedFiles(workspace, dist);
  writeFileSync(join(stage, 'THIRD-PARTY-NOTICES.md'), notices(published));
  copyFileSync(join(ROOT, 'README.md'), join(stage, 'README.md'));
  copyFileSync(join(ROOT, 'LICENSE'), join(stage, 'LICENSE'));
  const root = readJson(join(ROOT, 'package.json'));
  const manifest = {
    name: NAME,
    version: cli.version,
    description:
      'The gates of an OpenWOP spec repository (core budget, normative homes, scenario majors, declaration, schemas), with file:line:column findings, a delta for RFCs and an HTML report',
    license: LICENSE,
    type: 'module',
    bin: { [NAME]: './dist/openwop-spec.js' },
    files: ['dist', 'THIRD-PARTY-NOTICES.md'],
    engines: root.engines,
    dependencies: dependenciesOf(workspace, published),
  };
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  mkdirSync(out, { recursive: true });
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', out], {
      cwd: stage,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const kB = (n) => `${Math.round(n / 1000).toLocaleString('en-US')} kB`;
  console.log(
    `wrote ${join(out, packed.filename)}: ${kB(packed.size)} packed, ${kB(packed.unpackedSize)} unpacked, ${packed.entryCount} files; ` +
      `bundles ${workspace.size} workspace and ${published.size} published package(s); ships ${shipped.join(', ') || 'no file'}; ` +
      `depends on ${Object.entries(manifest.dependencies)
        .map(([n, v]) => `${n}@${v}`)
        .join(', ')}`,
  );
} finally {
  rmSync(stage, { recursive: true, force: true });
}
