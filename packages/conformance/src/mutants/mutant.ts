// A mutant: one sabotage of the reference implementation, aimed at one requirement row. It
// decorates the narrowest seam that reaches its row; production packages carry no mutant flags.
import type { CtxMcp } from '@openwop-spec/mcp-client';
import type { HostFactory } from '../host-under-test.js';

export type Seam =
  | 'ctx.mcp'
  | 'v1 adapter'
  | 'client options'
  | 'classifications'
  | 'post-processor'
  | 'tools handler'
  | 'authorization'
  | 'sort'
  | 'schema text';

export interface Mutant {
  id: string;
  /** The row it must turn red, and no other. */
  row: string;
  seam: Seam;
  /** What the sabotage does, in a few words. */
  description: string;
  wrap(factory: HostFactory): HostFactory;
}

/** A CtxMcp that delegates every method to `mcp` except those `patch` replaces. */
export function decorateCtx(mcp: CtxMcp, patch: Partial<CtxMcp>): CtxMcp {
  return {
    callTool: patch.callTool ?? ((req) => mcp.callTool(req)),
    listTools: patch.listTools ?? ((req) => mcp.listTools(req)),
    readResource: patch.readResource ?? ((req) => mcp.readResource(req)),
    serverHealth: patch.serverHealth ?? ((req) => mcp.serverHealth(req)),
  };
}
