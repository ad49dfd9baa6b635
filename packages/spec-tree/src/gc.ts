import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

/**
 * Runs a full garbage collection. A gate that has just dropped a large transient structure (the
 * schemas gate's compiled validators: hundreds of MiB at scale 10) calls it, so that the next
 * gate's allocations reuse those pages instead of growing the heap past them. V8 exposes `gc` only
 * behind `--expose-gc`; setting that flag at run time and reading `gc` from a fresh context is the
 * way without a command-line flag. Where that fails, it does nothing.
 */
export function collectGarbage(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}
