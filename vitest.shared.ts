// The settings every test file runs with: each package's vitest.config.ts re-exports them (a run
// from inside the package), and the root vitest.config.ts runs all packages' files with them.
// Workspace packages resolve to their TypeScript sources, so tests never depend on a stale dist/
// build of a sibling package.
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const root = dirname(fileURLToPath(import.meta.url));
const packagesDir = join(root, 'packages');
/** Subpath exports a package may have besides its index (each `src/<name>.ts`). */
const SUBPATHS = ['testing'];

// A subpath export (`@openwop-spec/spec-tree/testing`) comes before its package: an alias also
// matches an import that continues with `/`.
export const alias = readdirSync(packagesDir)
  .filter((name) => existsSync(join(packagesDir, name, 'src', 'index.ts')))
  .sort()
  .flatMap((name) => [
    ...SUBPATHS.filter((sub) => existsSync(join(packagesDir, name, 'src', `${sub}.ts`))).map((sub) => ({
      find: `@openwop-spec/${name}/${sub}`,
      replacement: join(packagesDir, name, 'src', `${sub}.ts`),
    })),
    { find: `@openwop-spec/${name}`, replacement: join(packagesDir, name, 'src', 'index.ts') },
  ]);

// vitest's own time limits (5 s a test, 10 s a hook): no test may rely on a slow machine being
// given more. `pnpm test:deep` (OPENWOP_TEST_DEEP=1), whose property tests check a hundred times as
// many cases, lifts them.
export const limits =
  process.env['OPENWOP_TEST_DEEP'] === '1' ? { testTimeout: 3_600_000, hookTimeout: 3_600_000 } : {};

/**
 * Test files that replace a module (`vi.mock`): a mock applies only to modules imported after it, so
 * these files need a module graph of their own. The root config runs them in the isolated project
 * `module-mocks`; every other file shares its worker's modules with the files run before it in that
 * worker (`isolate: false`), which saves loading the same modules once per file.
 */
export const moduleMocks = readdirSync(packagesDir)
  .filter((name) => existsSync(join(packagesDir, name, 'test')))
  .flatMap((name) =>
    readdirSync(join(packagesDir, name, 'test'), { recursive: true, encoding: 'utf8' }).map(
      (file) => `packages/${name}/test/${file}`,
    ),
  )
  .filter((file) => file.endsWith('.test.ts') && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(root, file), 'utf8')))
  .sort();

export default defineConfig({
  resolve: { alias },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...moduleMocks.map((file) => join(root, file))],
    isolate: false,
    ...limits,
  },
});
