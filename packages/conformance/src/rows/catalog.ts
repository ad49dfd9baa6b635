// Reading GET /tools for the catalog rows. The standard view is a bare ToolDescriptor[]
// (tool-catalog.md § The catalog); only the compact view is wrapped in { tools }.
import { isRecord } from '@openwop-spec/json';
import type { HostUnderTest } from '../host-under-test.js';

export type Descriptor = Record<string, unknown>;

export async function readTools(
  host: HostUnderTest,
): Promise<{ tools: Descriptor[] } | { problem: string; status: number }> {
  const r = await host.getTools();
  if (r.status !== 200) return { problem: `GET /tools answered ${r.status}`, status: r.status };
  if (!Array.isArray(r.body))
    return {
      problem: 'GET /tools did not answer a bare ToolDescriptor[] (tool-catalog.md § The catalog)',
      status: r.status,
    };
  if (!r.body.every(isRecord)) return { problem: 'GET /tools listed an entry that is not an object', status: r.status };
  return { tools: r.body };
}

export const toolIdOf = (d: Descriptor): string =>
  typeof d['toolId'] === 'string' ? d['toolId'] : String(d['toolId']);
