// The ToolDescriptor of schemas/v2/tool-descriptor.schema.json and its compact view, as TypeScript.

export const TOOL_SOURCES = ['node-pack', 'workflow', 'mcp', 'connector', 'host-extension'] as const;
export const SAFETY_TIERS = ['pure', 'read', 'write', 'exec'] as const;
export const REPLAY_POLICIES = ['deterministic', 'idempotent', 'non-deterministic'] as const;
export const EGRESSES = ['none', 'safe-fetch', 'host-mediated', 'host-owned'] as const;

export type ToolSource = (typeof TOOL_SOURCES)[number];
export type SafetyTier = (typeof SAFETY_TIERS)[number];
export type ReplayPolicy = (typeof REPLAY_POLICIES)[number];
export type Egress = (typeof EGRESSES)[number];
export type Magnitude = 'low' | 'medium' | 'high';

/** MCP ToolAnnotations as this host publishes them: all four hints, derived by `annotationsOf`, never a title. */
export interface DescriptorAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolDescriptor {
  toolId: string;
  source: ToolSource;
  safetyTier: SafetyTier;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  auth?: { scopes?: string[]; credentialRef?: boolean };
  egress?: Egress;
  approval?: 'never' | 'conditional' | 'always';
  replayPolicy?: ReplayPolicy;
  costHint?: Magnitude;
  latencyHint?: Magnitude;
  /** RFC 0204: all four or none, never `title`. */
  annotations?: DescriptorAnnotations;
}

/** The `?view=compact` projection: no annotations, and an inputSchema only inside the compact subset. */
export interface CompactToolDescriptor {
  toolId: string;
  source: ToolSource;
  safetyTier: SafetyTier;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
}

/** What the operator assigns to a tool. The only input the catalog takes a tool's tier, replay and egress from. */
export interface Classification {
  safetyTier: SafetyTier;
  replayPolicy?: ReplayPolicy;
  egress?: Egress;
}

/**
 * An MCP tool nobody classified. `write` is the most permissive tier an MCP tool can hold (exec needs
 * `source: "host-extension"`) and is what MCP's own defaults imply for a tool without annotations.
 */
export const UNCLASSIFIED_MCP: Readonly<Required<Classification>> = Object.freeze({
  safetyTier: 'write',
  replayPolicy: 'non-deterministic',
  egress: 'host-mediated',
});

/** Operator configuration or a host tool that breaks a catalog rule; thrown when the catalog is built. */
export class CatalogConfigError extends Error {
  constructor(
    message: string,
    readonly toolId: string,
  ) {
    super(message);
    this.name = 'CatalogConfigError';
  }
}

const isOneOf = <T extends string>(values: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (values as readonly string[]).includes(v);

/**
 * Checks one classification entry from operator configuration (untyped JSON) and returns it as a
 * `Classification`. `exec` is refused for an MCP tool: only a host extension may hold it.
 */
export function checkClassification(toolId: string, source: ToolSource, raw: unknown): Classification {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new CatalogConfigError(`classification of ${toolId} must be an object`, toolId);
  }
  const entry = raw as Record<string, unknown>;
  for (const key of Object.keys(entry)) {
    if (key !== 'safetyTier' && key !== 'replayPolicy' && key !== 'egress') {
      throw new CatalogConfigError(
        `classification of ${toolId} has unknown key "${key}" (allowed: safetyTier, replayPolicy, egress)`,
        toolId,
      );
    }
  }
  const { safetyTier, replayPolicy, egress } = entry;
  if (!isOneOf(SAFETY_TIERS, safetyTier)) {
    throw new CatalogConfigError(
      `classification of ${toolId}: safetyTier must be one of ${SAFETY_TIERS.join(', ')}`,
      toolId,
    );
  }
  if (safetyTier === 'exec' && source !== 'host-extension') {
    throw new CatalogConfigError(
      `classification of ${toolId}: safetyTier "exec" is only allowed for source "host-extension", not "${source}"`,
      toolId,
    );
  }
  if (replayPolicy !== undefined && !isOneOf(REPLAY_POLICIES, replayPolicy)) {
    throw new CatalogConfigError(
      `classification of ${toolId}: replayPolicy must be one of ${REPLAY_POLICIES.join(', ')}`,
      toolId,
    );
  }
  if (egress !== undefined && !isOneOf(EGRESSES, egress)) {
    throw new CatalogConfigError(`classification of ${toolId}: egress must be one of ${EGRESSES.join(', ')}`, toolId);
  }
  const out: Classification = { safetyTier };
  if (replayPolicy !== undefined) out.replayPolicy = replayPolicy;
  if (egress !== undefined) out.egress = egress;
  return out;
}
