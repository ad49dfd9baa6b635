// Upstream's script names stay usable: each script forwards its arguments to one `openwop-spec`
// command and exits with its code. No gate logic lives in scripts/.
import { fileURLToPath } from 'node:url';
import { $ } from 'zx';

const cli = fileURLToPath(new URL('../../packages/cli/dist/openwop-spec.js', import.meta.url));

export async function forward(command, defaults = []) {
  const run = await $({ stdio: 'inherit', nothrow: true, verbose: false, quiet: true })`${process.execPath} ${cli} ${command} ${defaults} ${process.argv.slice(2)}`;
  process.exitCode = run.exitCode ?? 2;
}
