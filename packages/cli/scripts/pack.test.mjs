// `pnpm test:package` (a step of .ci/run of its own, after `pnpm test`): the npm tarball as another
// repository meets it. It packs the tarball (`pnpm package`'s script), installs it with plain npm
// into an empty folder (its dependencies come from the npm registry), and runs the installed bin
// through npx there: --version, check on a copy of this repository's corpus, init --dry-run on a
// copy in upstream's layout, and the commands whose code the package bundles from published
// packages (report's charts, delta's git plumbing); then the action's install step and the
// pre-commit hook's entry, as written in action.yml and .pre-commit-hooks.yaml. Run by node's test runner, not vitest: an npm
// install from the registry takes seconds to tens of seconds, more than vitest's limits allow a hook.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = join(ROOT, 'packages/cli');
const VERSION = JSON.parse(readFileSync(join(CLI, 'package.json'), 'utf8')).version;
const TARBALL = `openwop-spec-${VERSION}.tgz`;
const TODAY = ['--today', '2026-09-22'];
/** The corpus of upstream's layout: its spec tree, and its conformance folder's gate inputs. */
const CORPUS = ['spec', 'schemas', 'docs', 'evidence'];
const CONFORMANCE = ['src', 'scenario-majors.json', 'requirements.json'];

let work;
/** The folder the tarball is installed in, the corpus copy, the copy in upstream's layout. */
let app, corpus, upstream;
let installSeconds;

/** `npx openwop-spec …` in the install folder. */
const npx = (...args) => {
  const r = spawnSync('npx', ['--no-install', 'openwop-spec', ...args], {
    cwd: app,
    encoding: 'utf8',
    env: { ...process.env, GITHUB_ACTIONS: '', NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout.trimEnd().split('\n'), stderr: r.stderr };
};

const git = (cwd, ...args) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], { cwd, stdio: 'ignore' });

before(() => {
  work = mkdtempSync(join(tmpdir(), 'openwop-spec-package-test-'));
  execFileSync(process.execPath, [join(CLI, 'scripts/pack.mjs'), '--out', work], { stdio: 'inherit' });

  app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "private": true }\n');
  const started = process.hrtime.bigint();
  execFileSync('npm', ['install', '--no-audit', '--no-fund', join(work, TARBALL)], { cwd: app, stdio: 'inherit' });
  installSeconds = Number(process.hrtime.bigint() - started) / 1e9;

  // Inside the install folder, as a repository that installed the package is: every file git
  // holds or would hold (the references gate resolves citations across the whole repository), but
  // the workspace's package.json, so that npx finds the package the install folder's manifest holds.
  corpus = join(app, 'corpus');
  const held = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  for (const p of held.split('\0'))
    if (p && p !== 'package.json' && existsSync(join(ROOT, p)))
      cpSync(join(ROOT, p), join(corpus, p), { recursive: true });

  // Upstream's layout: conformance/ at the top, and none of the files init creates.
  upstream = join(work, 'upstream');
  for (const p of CORPUS) cpSync(join(ROOT, p), join(upstream, p), { recursive: true });
  for (const p of CONFORMANCE)
    cpSync(join(ROOT, 'packages/conformance', p), join(upstream, 'conformance', p), { recursive: true });
  rmSync(join(upstream, 'spec/v2/capability-record.base.json'));
});

after(() => rmSync(work, { recursive: true, force: true }));

void test('the tarball holds the bundle, its notices, README, LICENSE and a manifest with real dependencies', (t) => {
  const files = execFileSync('tar', ['-tzf', join(work, TARBALL)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .sort();
  for (const f of files)
    assert.match(f, /^package\/(dist\/.+\.(js|json)|package\.json|README\.md|LICENSE|THIRD-PARTY-NOTICES\.md)$/);
  assert.ok(files.includes('package/dist/openwop-spec.js'));
  const manifest = JSON.parse(readFileSync(join(app, 'node_modules/openwop-spec/package.json'), 'utf8'));
  assert.equal(manifest.bin['openwop-spec'], './dist/openwop-spec.js');
  assert.equal(manifest.license, 'Apache-2.0');
  assert.equal(manifest.engines.node, JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node);
  assert.equal(manifest.devDependencies, undefined);
  assert.equal(manifest.private, undefined);
  for (const [name, version] of Object.entries(manifest.dependencies)) {
    assert.match(version, /^\d+\.\d+\.\d+$/, name);
    assert.ok(!name.startsWith('@openwop-spec/'), name);
  }
  t.diagnostic(`installed in ${installSeconds.toFixed(1)} s`);
});

void test('npm installs it with its dependencies and no development tool', () => {
  const installed = readdirSync(join(app, 'node_modules')).filter((n) => !n.startsWith('.'));
  for (const tool of ['esbuild', 'typescript', 'vitest', 'eslint', 'turbo', '@openwop-spec'])
    assert.ok(!installed.includes(tool), tool);
  assert.ok(existsSync(join(app, 'node_modules/.bin/openwop-spec')));
});

void test('npx openwop-spec --version prints the CLI package version', () => {
  const r = npx('--version');
  assert.deepEqual([r.code, r.stdout], [0, [VERSION]], r.stderr);
});

void test('check passes on a copy of this repository’s corpus', () => {
  const r = npx('check', '--root', corpus, ...TODAY);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout.at(-1), /^openwop-spec: (\d+) of \1 gates passed$/);
});

void test('init --dry-run on a copy in upstream’s layout plans the files it lacks and writes nothing', () => {
  const r = npx('init', '--dry-run', '--root', upstream);
  assert.equal(r.code, 0, r.stderr);
  const plan = r.stdout.filter((l) => l.startsWith('openwop-spec init: ')).map((l) => l.replace(/ \(.*$/, ''));
  assert.ok(plan.includes('openwop-spec init: would create conformance/scenario-majors.config.json'), plan.join('\n'));
  assert.ok(plan.includes('openwop-spec init: would create spec/v2/capability-record.base.json'), plan.join('\n'));
  // The commands it names are the ones that run the package where it is installed.
  assert.ok(plan.includes('openwop-spec init: would update conformance/scenario-majors.json'), plan.join('\n'));
  const comment =
    'GENERATED by npx openwop-spec scenario-majors --write from conformance/scenario-majors.config.json (RFC 0168 §D.3). Do not edit; add a file to bothMajors in conformance/scenario-majors.config.json to target both majors.';
  assert.ok(r.stdout.includes(`      "$comment": ${JSON.stringify(comment)},`), r.stdout.join('\n'));
  assert.ok(r.stdout.includes(`      "manifestComment": ${JSON.stringify(comment)},`), r.stdout.join('\n'));
  assert.ok(!existsSync(join(upstream, 'conformance/scenario-majors.config.json')));
});

void test('report writes its page with the charts the package bundles', () => {
  const out = join(work, 'report.html');
  const r = npx('report', '--root', corpus, '--out', out, ...TODAY);
  assert.equal(r.code, 0, r.stderr);
  assert.match(readFileSync(out, 'utf8'), /<svg/);
});

void test('delta reads the base commit through the git plumbing the package bundles', () => {
  git(corpus, 'init', '-q');
  git(corpus, 'add', '-A');
  git(corpus, 'commit', '-q', '-m', 'base');
  const r = npx('delta', '--root', corpus, '--base', 'HEAD', '--format', 'json', ...TODAY);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(typeof JSON.parse(r.stdout.join('\n')), 'object');
});

void test('the action’s install step installs the tarball and puts the bin on the PATH', () => {
  const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8'));
  const step = action.runs.steps.find((s) => s.name === 'Install openwop-spec');
  const runner = join(work, 'runner');
  mkdirSync(runner);
  const env = { GITHUB_PATH: join(runner, 'path'), GITHUB_ENV: join(runner, 'env') };
  execFileSync('bash', ['-eo', 'pipefail', '-c', step.run], {
    cwd: work,
    stdio: 'inherit',
    env: { ...process.env, ...env, RUNNER_TEMP: runner, PACKAGE: TARBALL },
  });
  const bin = readFileSync(env.GITHUB_PATH, 'utf8').trim();
  assert.equal(bin, join(runner, 'openwop-spec/node_modules/.bin'));
  assert.equal(execFileSync(join(bin, 'openwop-spec'), ['--version'], { encoding: 'utf8' }).trim(), VERSION);
  assert.match(readFileSync(env.GITHUB_ENV, 'utf8'), /^OPENWOP_SPEC_CACHE=/m);
});

void test('the pre-commit hook’s entry runs the gates of the repository it runs in', () => {
  const [hook] = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8'));
  assert.equal(hook.entry, `npx --yes openwop-spec@${VERSION} check`);
  for (const path of ['spec/v2/core/runs.md', 'conformance/scenario-majors.json', 'openwop-spec.config.json'])
    assert.match(path, new RegExp(hook.files), path);
  assert.doesNotMatch('README.md', new RegExp(hook.files));
  // pre-commit runs the entry from the repository's root; the package installed there is this version.
  const r = spawnSync('sh', ['-c', `${hook.entry} --today 2026-09-22`], { cwd: corpus, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});
