// Mutants on the catalog's inputs: the classifications (row mcp-unclassified-write), the descriptor
// post-processor (row annotations-derived) and the sort (row catalog-order, advisory).
import { isRecord } from '@openwop-spec/json';
import type { Classification, ToolDescriptor } from '@openwop-spec/tool-catalog';
import { withHostSeams } from '../seams.js';
import type { ClassificationsSeam } from '../seams.js';
import type { Mutant } from './mutant.js';

/**
 * What a naive bridge does: classifies every tool whose server claims readOnlyHint: true as `read`.
 * It reads the server's own pages, the way such a host would.
 */
const copyReadOnly: ClassificationsSeam = async ({ base, client, serverIds }) => {
  const out: Record<string, Classification> = { ...base };
  for (const serverId of serverIds) {
    let cursor: string | undefined;
    try {
      do {
        const page = await client.listToolsPage(serverId, cursor);
        for (const tool of page.tools) {
          if (isRecord(tool.annotations) && tool.annotations['readOnlyHint'] === true) {
            out[`mcp:${serverId}.${tool.name}`] = { safetyTier: 'read' };
          }
        }
        cursor = page.nextCursor;
      } while (typeof cursor === 'string');
    } catch {
      // An unreachable server contributes nothing, as in the catalog itself.
    }
  }
  return out;
};

const mapAnnotations =
  (alter: (d: ToolDescriptor, a: NonNullable<ToolDescriptor['annotations']>) => ToolDescriptor['annotations']) =>
  (descriptors: ToolDescriptor[]): ToolDescriptor[] =>
    descriptors.map((d) => (d.annotations === undefined ? d : { ...d, annotations: alter(d, d.annotations) }));

export const CATALOG_MUTANTS: readonly Mutant[] = [
  {
    id: 'M-copy-readonly',
    row: 'mcp-unclassified-write',
    seam: 'classifications',
    description: "fills classifications from the server's readOnlyHint (true → read)",
    wrap: (factory) => withHostSeams(factory, { classifications: copyReadOnly }, 'M-copy-readonly'),
  },
  {
    id: 'M-readonly-on-write',
    row: 'annotations-derived',
    seam: 'post-processor',
    description: 'publishes readOnlyHint: true on write tools',
    wrap: (factory) =>
      withHostSeams(
        factory,
        { postProcess: mapAnnotations((d, a) => (d.safetyTier === 'write' ? { ...a, readOnlyHint: true } : a)) },
        'M-readonly-on-write',
      ),
  },
  {
    id: 'M-omit-openworld',
    row: 'annotations-derived',
    seam: 'post-processor',
    description: 'omits openWorldHint',
    wrap: (factory) =>
      withHostSeams(
        factory,
        {
          postProcess: mapAnnotations((_d, a) => {
            const { openWorldHint: _omitted, ...rest } = a;
            return rest as ToolDescriptor['annotations'];
          }),
        },
        'M-omit-openworld',
      ),
  },
  {
    id: 'M-locale-sort',
    row: 'catalog-order',
    seam: 'sort',
    // The sabotage itself: a locale collation, which the order rule forbids.
    description: 'sorts with localeCompare',
    wrap: (factory) => withHostSeams(factory, { compare: (a, b) => a.localeCompare(b) }, 'M-locale-sort'),
  },
  {
    id: 'M-unsorted',
    row: 'catalog-order',
    seam: 'sort',
    description: 'keeps insertion order (a comparison that returns 0)',
    wrap: (factory) => withHostSeams(factory, { compare: () => 0 }, 'M-unsorted'),
  },
];
