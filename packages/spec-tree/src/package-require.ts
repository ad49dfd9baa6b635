import { createRequire } from 'node:module';

/**
 * A `require` that resolves as package `name` does, from code of that package or of a package
 * depending on it: the CLI's bin bundles the workspace packages, so there `import.meta.url` is the
 * bundle's, and a dependency of `name` is found through `name` itself, never added to the CLI's own.
 */
export function packageRequire(name: string, from: string): NodeJS.Require {
  return createRequire(createRequire(from).resolve(name));
}
