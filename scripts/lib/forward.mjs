// Upstream's script names stay usable: each script runs one `openwop-spec` command with the
// arguments it was given, in this process (the CLI's bin, as if run as `openwop-spec <command> …`),
// so it prints what the CLI prints and exits with its code. No gate logic lives in scripts/.
export async function forward(command) {
  process.argv.splice(2, 0, command);
  await import('../../packages/cli/dist/openwop-spec.js');
}
