// The mutants on the v1 invokeTool adapter handed to the v1 fixture node (row v1-raw-verbatim).
import type { CallToolResult } from '@openwop-spec/mcp-client';
import { withHostSeams } from '../seams.js';
import type { Mutant } from './mutant.js';

export const V1_ADAPTER_MUTANTS: readonly Mutant[] = [
  {
    id: 'M-rebuild-raw',
    row: 'v1-raw-verbatim',
    seam: 'v1 adapter',
    description: 'rebuilds raw as { content: result, isError }',
    wrap: (factory) =>
      withHostSeams(
        factory,
        {
          v1: (v1) => ({
            async invokeTool(req) {
              const r = await v1.invokeTool(req);
              return { ...r, raw: { content: r.result, isError: r.isError } as unknown as CallToolResult };
            },
          }),
        },
        'M-rebuild-raw',
      ),
  },
  {
    id: 'M-v1-iserror-false',
    row: 'v1-raw-verbatim',
    seam: 'v1 adapter',
    description: 'always reports isError: false, whatever raw.isError says',
    wrap: (factory) =>
      withHostSeams(
        factory,
        {
          v1: (v1) => ({
            async invokeTool(req) {
              return { ...(await v1.invokeTool(req)), isError: false };
            },
          }),
        },
        'M-v1-iserror-false',
      ),
  },
];
