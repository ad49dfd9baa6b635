// The mutant on the options the host's MCP client is made with (row input-required-never-returned).
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
];
