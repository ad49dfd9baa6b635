// A synthetic 72-family tree reproducing RFC 0204's figures, built
// programmatically so tests can flip one thing at a time. Word counts are made exact with the
// reference rule `split(/\s+/)`, independent of the budget gate's own counter.

export const RESOLVED = [
  'supportedEnvelopes',
  'schemaVersions',
  'envelopeStrictness',
  'envelopeContracts',
  'nodePackRuntimes',
  'connections',
  'dataResidency',
  'replay',
  'authorization',
  'multiPartyConversation',
  'conversationTurnModelProvenance',
  'channelPresence',
  'conversationPrimitive',
  'toolCatalog',
  'forms',
  'aiEnvelope',
  'promptLibrary',
  'agentRuntime',
  'webhooks',
  'a2a',
  'nondeterminismPolicy',
  'workflowChainPacks',
  'packs',
  'mcp',
  'sandbox',
  'compensation',
  'idempotency',
  'eventLog',
  'auth',
  'runList',
  'interrupt',
] as const;

export const V1_DEPENDENT = [
  'toolHooks',
  'multiAgent',
  'oauth',
  'heartbeat',
  'limits',
  'selfHostedRunner',
  'purposePropagation',
  'anonymousActor',
  'credentials',
  'subWorkflow',
  'httpClient',
  'triggerBridge',
  'content',
  'budget',
  'i18n',
  'portability',
  'workspace',
  'fs',
  'kvStorage',
  'tableStorage',
  'nosql',
  'vectorStore',
  'searchIndex',
  'blobStorage',
  'cache',
  'sql',
  'deadLetter',
  'queueBus',
  'scheduling',
  'secrets',
  'modelCapabilities',
  'artifactTypes',
  'uiPlugins',
  'memory',
  'aiProviders',
  'agents',
  'production',
  'prompts',
  'envelopes',
  'feedback',
  'providerUsage',
] as const;

export type Stage = 'before' | 'after';

export const wc = (s: string): number => s.split(/\s+/).filter(Boolean).length;

/** Declaration order: the two lists interleaved, so "declaration order" differs from either list. */
export const DECLARATION_ORDER: readonly string[] = (() => {
  const out: string[] = [];
  for (let i = 0; i < Math.max(RESOLVED.length, V1_DEPENDENT.length); i++) {
    if (RESOLVED[i]) out.push(RESOLVED[i]!);
    if (V1_DEPENDENT[i]) out.push(V1_DEPENDENT[i]!);
  }
  return out;
})();

const MCP_FACETS = [
  'revisions',
  'preferredVersion',
  'minimumRevision',
  'refreshedAt',
  'profiles',
  'features',
  'serverUrls',
  'serverMount',
  'mrtr',
];
const FACETS: Record<string, string[]> = {
  toolCatalog: ['sources', 'sessionLifecycle', 'compactView'],
  limits: ['maxBudgetTokens'],
  kvStorage: ['maxTtlSeconds'],
  runList: ['maxPageSize'],
};

/** Filler prose of exactly `n` words that names no family. */
export const filler = (n: number): string => {
  const words = [
    'the',
    'host',
    'keeps',
    'this',
    'record',
    'stable',
    'across',
    'versions',
    'and',
    'readers',
    'rely',
    'on',
    'that',
  ];
  return Array.from({ length: n }, (_, i) => words[i % words.length]).join(' ');
};

/** Pads `text` with a final filler paragraph so it has exactly `target` words. */
const padTo = (text: string, target: number): string => {
  const have = wc(text);
  if (have > target) throw new Error(`fixture text already has ${have} words, over ${target}`);
  return have === target ? text : `${text}\n${filler(target - have)}\n`;
};

const marker = (keys: readonly string[]): string => `> **Normative home:** ${keys.map((k) => `\`${k}\``).join(', ')}.`;

const coreDoc = (title: string, keys: readonly string[]): string =>
  [
    `# ${title}`,
    '',
    '> **Status: Stable · v2.0.**',
    marker(keys),
    '',
    ...keys.flatMap((k) => [
      `## \`${k}\``,
      '',
      `A host advertising \`${k}\` MUST honour this section.${(FACETS[k] ?? []).map((f) => ` It reports \`${k}.${f}\`.`).join('')}`,
      '',
    ]),
  ].join('\n');

export const HOST_SERVICES_BEFORE_WORDS = 154;
export const MCP_SECTION_WORDS = 136;
export const TOOL_CATALOG_WORDS = 306;

const hostServices = (stage: Stage): string => {
  const keys =
    stage === 'after'
      ? ['aiEnvelope', 'promptLibrary', 'agentRuntime', 'mcp']
      : ['aiEnvelope', 'promptLibrary', 'agentRuntime'];
  const body = [
    '# Host services',
    '',
    '> **Status: Stable · RFC 0204.**',
    marker(keys),
    '',
    '## `aiEnvelope`',
    '',
    'A host advertising `aiEnvelope` MUST expose ctx.aiEnvelope.generate to pack code.',
    '',
    '## `promptLibrary`',
    '',
    '- A host advertising `promptLibrary` MUST resolve prompts by id.',
    '',
    '## `agentRuntime`',
    '',
    '| rule | text |',
    '| --- | --- |',
    '| run | A host advertising `agentRuntime` MUST bound every loop. |',
    '',
  ].join('\n');
  // The marker is the last word of its line; appending `mcp` turns `agentRuntime`. into two words.
  const before = padTo(body.replace(marker(keys), marker(keys.slice(0, 3))), HOST_SERVICES_BEFORE_WORDS);
  if (stage === 'before') return before;
  const section = padTo(
    [
      '',
      '## `mcp`',
      '',
      'A host advertising `mcp.client` MUST expose ctx.mcp.callTool, listTools, readResource and serverHealth to pack code.',
      '',
    ].join('\n'),
    MCP_SECTION_WORDS,
  );
  return before.replace(marker(keys.slice(0, 3)), marker(keys)) + section;
};

const toolCatalogDoc = (): string =>
  padTo(
    [
      '# Tool catalog',
      '',
      '> **Status: Stable · RFC 0204, RFC 0078, RFC 0112.**',
      '> **Normative home:** `toolCatalog`.',
      '',
      '## The catalog',
      '',
      'A host advertising toolCatalog MUST serve GET /tools. `toolCatalog.sources` names the sources projected.',
      '',
      '## Views and sessions',
      '',
      'A host advertising `toolCatalog.compactView` MUST answer ?view=compact; `toolCatalog.sessionLifecycle` MAY bracket calls.',
      '',
    ].join('\n'),
    TOOL_CATALOG_WORDS,
  );

const interop = (): string =>
  [
    '# Interop',
    '',
    '> **Status: Stable · v2.0.**',
    marker(['mcp']),
    '',
    '## Negotiation is a protocol',
    '',
    'A host advertising `mcp` MUST negotiate a revision.',
    '',
    '```json',
    JSON.stringify({ mcp: Object.fromEntries(MCP_FACETS.map((f) => [f, true])) }),
    '```',
    '',
  ].join('\n');

/** spec/v1 documents: the 41 (42 before RFC 0204) v1-dependent families over 20 (21) documents. */
const V1_BANNER = (doc: string): string => `> **Status: Stable · v1.1.** Normative for ${doc}.`;
const STORAGE = [
  'fs',
  'kvStorage',
  'tableStorage',
  'nosql',
  'vectorStore',
  'searchIndex',
  'blobStorage',
  'cache',
  'sql',
  'secrets',
];

export function v1Docs(stage: Stage): Record<string, { path: string; keys: string[]; text: string }> {
  const docs: Record<string, { path: string; keys: string[]; text: string }> = {};
  const rest = V1_DEPENDENT.filter((k) => !STORAGE.includes(k));
  const add = (name: string, keys: string[], body: string): void => {
    const path = `spec/v1/${name}.md`;
    docs[path] = { path, keys, text: `# ${name}\n\n${V1_BANNER(name)}\n\n${body}` };
  };
  // Storage contracts: the key is in the section title and the obligation in a table row (§2.4).
  add(
    'host-capabilities',
    STORAGE,
    STORAGE.map(
      (k) =>
        `## §host.${k}\n\nThe \`${k}\` service is optional.\n\n| rule | text |\n| --- | --- |\n| tenancy | A get for tenant A MUST NOT return values written by tenant B. |\n${(FACETS[k] ?? []).map((f) => `\n\`\`\`json\n{"${f}": 60}\n\`\`\`\n`).join('')}`,
    ).join('\n'),
  );
  // The other 31 over 19 documents, round robin: twelve documents carry two families, seven one.
  for (let i = 0; i < 19; i++) {
    const keys = rest.filter((_, j) => j % 19 === i);
    add(
      `doc-${String(i + 1).padStart(2, '0')}`,
      keys,
      keys
        .map(
          (k) =>
            `## Section ${k}\n\nA host MUST implement \`${k}\` as written here.${(FACETS[k] ?? []).map((f) => ` See ${k}.${f}.`).join('')}\n`,
        )
        .join('\n'),
    );
  }
  if (stage === 'before')
    add(
      'tool-catalog',
      ['toolCatalog'],
      '## The catalog\n\nA host advertising `toolCatalog` MUST serve GET /tools with `sources`, `sessionLifecycle` and `compactView`.\n',
    );
  return docs;
}

export const BEFORE_TOTAL = 25_385;
export const AFTER_TOTAL = 25_828;

/** The declaration row of one core family at a stage. */
function familyRow(
  key: string,
  stage: Stage,
  v1: Record<string, { path: string; keys: string[] }>,
  coreHomes: Map<string, string[]>,
): Record<string, unknown> {
  const facets = key === 'mcp' ? (stage === 'after' ? [...MCP_FACETS, 'client'] : MCP_FACETS) : (FACETS[key] ?? []);
  const v1Home = Object.values(v1).find((d) => d.keys.includes(key))?.path;
  const normativeText = coreHomes.get(key) ?? (v1Home ? [v1Home] : []);
  return { key, kind: 'family', anchor: 'core', section: `core/capabilities.md#${key}`, facets, normativeText };
}

export interface Rfc0204Tree {
  files: Record<string, string>;
  /** The baseline this stage's tree passes with. */
  baseline: Record<string, unknown>;
}

export function rfc0204Tree(stage: Stage): Rfc0204Tree {
  const files: Record<string, string> = {};
  const coreHomes = new Map<string, string[]>();
  const put = (path: string, text: string, keys: readonly string[]): void => {
    files[path] = text;
    for (const k of keys) coreHomes.set(k, [...(coreHomes.get(k) ?? []), path]);
  };
  put('spec/v2/core/interop.md', interop(), ['mcp']);
  put(
    'spec/v2/core/host-services.md',
    hostServices(stage),
    stage === 'after'
      ? ['aiEnvelope', 'promptLibrary', 'agentRuntime', 'mcp']
      : ['aiEnvelope', 'promptLibrary', 'agentRuntime'],
  );
  if (stage === 'after') put('spec/v2/core/tool-catalog.md', toolCatalogDoc(), ['toolCatalog']);
  const others = RESOLVED.filter(
    (k) => !['mcp', 'toolCatalog', 'aiEnvelope', 'promptLibrary', 'agentRuntime'].includes(k),
  );
  for (let i = 0; i < others.length; i += 3) {
    const keys = others.slice(i, i + 3);
    put(
      `spec/v2/core/family-${String(i / 3 + 1).padStart(2, '0')}.md`,
      coreDoc(`Families ${keys.join(', ')}`, keys),
      keys,
    );
  }
  files['spec/v2/core/capabilities.md'] = [
    '# Capabilities',
    '',
    ...DECLARATION_ORDER.flatMap((k) => [`## § \`${k}\``, '', 'Witness declared; owner RFC recorded.', '']),
  ].join('\n');
  const v1 = v1Docs(stage);
  for (const d of Object.values(v1)) files[d.path] = d.text;
  // The budget padding: a reference document that brings the kernel to RFC 0204's "before" total.
  const coreWords = (): number =>
    Object.entries(files)
      .filter(([p]) => p.startsWith('spec/v2/core/'))
      .reduce((n, [, t]) => n + wc(t), 0);
  const beforeWithoutPadding =
    stage === 'before' ? coreWords() : coreWords() - (MCP_SECTION_WORDS + 1) - TOOL_CATALOG_WORDS;
  files['spec/v2/core/reference.md'] = `# Reference\n\n${filler(BEFORE_TOTAL - beforeWithoutPadding - 2)}\n`;

  const declaration = {
    $comment: 'fixture declaration',
    families: [
      ...DECLARATION_ORDER.map((k) => familyRow(k, stage, v1, coreHomes)),
      { key: 'dataIntegration', kind: 'family', anchor: 'ext', section: 'ext/dataIntegration/' },
      { key: 'legacyThing', anchor: 'deleted', reason: 'removed in v2' },
    ],
    metadata: [],
  };
  files['spec/v2/declaration.json'] = JSON.stringify(declaration, null, 2) + '\n';
  files['evidence/v1-end-of-support.json'] = JSON.stringify({ endOfSupportNotBefore: '2026-12-04' }, null, 2) + '\n';
  const v1Dependent = stage === 'after' ? [...V1_DEPENDENT] : [...V1_DEPENDENT, 'toolCatalog'];
  const carried = DECLARATION_ORDER.filter((k) => v1Dependent.includes(k));
  const banners = Object.fromEntries(
    Object.values(v1)
      .map((d) => d.path)
      .sort()
      .map((p) => [p, V1_BANNER(p.slice('spec/v1/'.length, -3))]),
  );
  const baseline = {
    $comment: 'RFC 0189 ratchets; lower by editing or with --write-baseline.',
    t0: '2026-09-18',
    openAtT0: 66,
    v1Dependent: carried.length,
    undeclared: 0,
    facetsUncovered: 0,
    v1Banners: banners,
    v1Carried: carried,
  };
  files['docs/normative-home-baseline.json'] = JSON.stringify(baseline, null, 2) + '\n';
  files['pnpm-workspace.yaml'] = "packages:\n  - 'packages/*'\n";
  return { files, baseline };
}

/** The baseline file text for an object, as --write-baseline formats it. */
export const baselineText = (b: Record<string, unknown>): string => JSON.stringify(b, null, 2) + '\n';
