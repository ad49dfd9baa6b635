import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** Where the npm package (`pnpm package`) puts the files a bundled workspace package ships, beside the bundle. */
export const BUNDLED_FILES = 'files';

const notFound = (err: unknown): boolean =>
  (err as NodeJS.ErrnoException | null)?.code === 'MODULE_NOT_FOUND' ||
  (err as NodeJS.ErrnoException | null)?.code === 'ERR_MODULE_NOT_FOUND';

/**
 * A `require` that resolves as package `name` does, from code of that package or of a package
 * depending on it: the CLI's bin bundles the workspace packages, so there `import.meta.url` is the
 * bundle's, and a dependency of `name` is found through `name` itself, never added to the CLI's own.
 * In the npm package the workspace packages are bundled and not installed, so `name` does not
 * resolve; there their dependencies are the package's own, and `from`'s `require` finds them.
 */
export function packageRequire(name: string, from: string): NodeJS.Require {
  const own = createRequire(from);
  let entry: string;
  try {
    entry = own.resolve(name);
  } catch (err) {
    if (notFound(err)) return own;
    throw err;
  }
  return createRequire(entry);
}

/**
 * The URL of `file`, a file package `name` ships and exports (a schema), found by the package's
 * name as `packageRequire` finds code. In the npm package, where `name` is bundled and not
 * installed, the file is the copy `pnpm package` puts in `files/<name>/` beside the bundle.
 */
export function packageFile(name: string, file: string, from: string): URL {
  try {
    return pathToFileURL(createRequire(from).resolve(`${name}/${file}`));
  } catch (err) {
    if (!notFound(err)) throw err;
    return new URL(`${BUNDLED_FILES}/${name}/${file}`, from);
  }
}
