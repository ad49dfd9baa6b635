// Reading GET /tools for the catalog rows: upstream's scenarios accept a bare array or `{ tools }`.
import type { HostUnderTest } from '../host-under-test.js';
import { isObject } from './row.js';

export type Descriptor = Record<string, unknown>;

export async function readTools(host: HostUnderTest): Promise<{ tools: Descriptor[] } | { problem: string; status: number }> {
  const r = await host.getTools();
  if (r.status !== 200) return { problem: `GET /tools answered ${r.status}`, status: r.status };
  const list = Array.isArray(r.body) ? r.body : isObject(r.body) && Array.isArray(r.body['tools']) ? r.body['tools'] : undefined;
  if (list === undefined) return { problem: 'GET /tools answered neither a ToolDescriptor[] nor { tools }', status: r.status };
  if (!list.every(isObject)) return { problem: 'GET /tools listed an entry that is not an object', status: r.status };
  return { tools: list };
}

export const toolIdOf = (d: Descriptor): string => (typeof d['toolId'] === 'string' ? d['toolId'] : String(d['toolId']));
