// RFC 0204 §D.12: the four MCP hints this host publishes, computed from its own fields only.
import type { DescriptorAnnotations, ToolDescriptor } from './descriptor.js';

/**
 * The annotation table. Every hint is emitted, even when readOnlyHint makes the other two moot, so a
 * consumer never falls back to MCP's defaults (which call an unannotated tool destructive and open-world).
 * The argument type admits nothing an MCP server sent: no hint is ever read from a server.
 */
export const annotationsOf = (
  d: Pick<ToolDescriptor, 'safetyTier' | 'replayPolicy' | 'egress'>,
): DescriptorAnnotations => ({
  readOnlyHint: d.safetyTier === 'pure' || d.safetyTier === 'read',
  destructiveHint: d.safetyTier === 'write' || d.safetyTier === 'exec',
  idempotentHint: d.replayPolicy === 'deterministic' || d.replayPolicy === 'idempotent',
  openWorldHint: d.egress !== 'none',
});

/** A copy of `d` whose annotations are the table's, replacing whatever it carried. */
export const withAnnotations = (d: ToolDescriptor): ToolDescriptor => ({ ...d, annotations: annotationsOf(d) });
