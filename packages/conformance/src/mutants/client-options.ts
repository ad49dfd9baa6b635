// The mutants on the options the host's MCP client is made with: the capabilities it declares (row
// input-required-never-returned) and what it puts on the wire (row call-tool-verbatim, through the
// fake's header validation).
import { withHostSeams } from '../seams.js';
import type { Mutant } from './mutant.js';

export const CLIENT_OPTIONS_MUTANTS: readonly Mutant[] = [
  {
    id: 'M-undeclared-elicitation',
    row: 'input-required-never-returned',
    seam: 'client options',
    description: 'lists elicitation in mcp.features but declares no client capability to the server',
    wrap: (factory) =>
      withHostSeams(
        factory,
        { clientOptions: (options) => ({ ...options, clientCapabilities: {} }) },
        'M-undeclared-elicitation',
      ),
  },
  {
    id: 'M-wrong-mcp-name',
    row: 'call-tool-verbatim',
    seam: 'client options',
    description: 'sends tools/call structured-echo with an Mcp-Name header that differs from params.name',
    wrap: (factory) =>
      withHostSeams(
        factory,
        {
          clientOptions: (options) => ({
            ...options,
            fetch: (input, init) => {
              const headers = new Headers(init?.headers);
              if (headers.get('mcp-name') === 'structured-echo') headers.set('mcp-name', 'Structured-Echo');
              return (options.fetch ?? fetch)(input, { ...init, headers });
            },
          }),
        },
        'M-wrong-mcp-name',
      ),
  },
];
