// Every package's vitest project (its vitest.config.ts re-exports this; the root vitest.config.ts
// runs them all in one process, named after each package.json). Workspace packages resolve to their
// TypeScript sources, so tests never depend on a stale dist/ build of a sibling package.
import { readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = dirname(fileURLToPath(import.meta.url));
const packagesDir = join(root, 'packages');

const alias = readdirSync(packagesDir)
  .filter((name) => existsSync(join(packagesDir, name, 'src', 'index.ts')))
  .sort()
  .map((name) => ({ find: `@openwop-spec/${name}`, replacement: join(packagesDir, name, 'src', 'index.ts') }));

export default defineConfig({
  resolve: { alias },
  test: {
    include: ['test/**/*.test.ts'],
    // Generous until the slow tests are made smaller; time is measured by `pnpm bench`.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
