/**
 * Helpers for the toolCatalog scenarios (RFC 0078, homed in v2 by RFC 0204). The normative reads
 * are `GET /tools` and `GET /tools/{toolId}` (`/v1/…` at major 1), exercised black-box. At major 1
 * the gate is the record's `supported` flag; at major 2 the presence of the record is the claim.
 */
import { isRecord } from '@openwop-spec/json';
import { readFamily } from './discovery.js';
import type { Family } from './discovery.js';
import { hostDriver } from './driver.js';
import type { RequestOptions } from './driver.js';
import { targetMajor } from './env.js';
import { toolPath, toolsPath } from './paths.js';

export interface ToolDescriptor {
  toolId?: unknown;
  source?: unknown;
  safetyTier?: unknown;
  replayPolicy?: unknown;
  egress?: unknown;
  annotations?: unknown;
  [key: string]: unknown;
}

/** The toolCatalog record when the host advertises the family at the target major, else null. */
export async function toolCatalogGate(): Promise<Family | null> {
  const cap = await readFamily('toolCatalog');
  if (targetMajor() === 2) {
    if (!isRecord(cap)) return null;
    return cap;
  }
  const on = isRecord(cap) && cap.supported === true;
  return on ? cap : null;
}

/**
 * `GET /tools`: the descriptors; null when not served or in any other shape. At major 2 the body is
 * a bare array (tool-catalog.md § The catalog); v1 wraps it as `{ tools }` (spec/v1/tool-catalog.md § B).
 */
export async function listTools(options?: RequestOptions): Promise<{ status: number; tools: ToolDescriptor[] | null }> {
  const res = await hostDriver().get(toolsPath(), options);
  const list = targetMajor() === 1 ? (isRecord(res.json) ? res.json['tools'] : undefined) : res.json;
  return { status: res.status, tools: res.status === 200 && Array.isArray(list) ? (list as ToolDescriptor[]) : null };
}

/** `GET /tools/{toolId}`. */
export async function getTool(toolId: string): Promise<{ status: number; descriptor: ToolDescriptor | undefined }> {
  const res = await hostDriver().get(toolPath(toolId));
  return { status: res.status, descriptor: isRecord(res.json) ? res.json : undefined };
}

/** `GET /tools?view=compact`: always `{ tools: [...] }` when served. */
export async function listCompactTools(): Promise<{ status: number; tools: ToolDescriptor[] | null }> {
  const res = await hostDriver().get(toolsPath('?view=compact'));
  const tools = isRecord(res.json) && Array.isArray(res.json['tools']) ? (res.json['tools'] as ToolDescriptor[]) : null;
  return { status: res.status, tools: res.status === 200 ? tools : null };
}

/** `GET /tools/{toolId}?view=compact`. */
export async function getCompactTool(
  toolId: string,
): Promise<{ status: number; descriptor: ToolDescriptor | undefined }> {
  const res = await hostDriver().get(toolPath(toolId, '?view=compact'));
  return { status: res.status, descriptor: isRecord(res.json) ? res.json : undefined };
}

/** The closed source vocabulary (tool-descriptor.schema.json). */
export const TOOL_SOURCES: readonly string[] = ['node-pack', 'workflow', 'mcp', 'connector', 'host-extension'];
/** The closed safety-tier vocabulary (tool-descriptor.schema.json). */
export const SAFETY_TIERS: readonly string[] = ['pure', 'read', 'write', 'exec'];
/** Keys a descriptor must never carry: no credential material (tool-catalog.md § The descriptor). */
export const TOOL_CONTENT_FORBIDDEN: readonly string[] = [
  'secret',
  'credential',
  'credentials',
  'token',
  'apiKey',
  'password',
];
