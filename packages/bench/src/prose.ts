import type { Prng } from './prng.js';

const NOUNS = [
  'host',
  'client',
  'run',
  'workflow',
  'node',
  'pack',
  'envelope',
  'event',
  'record',
  'request',
  'response',
  'capability',
  'family',
  'record',
  'field',
  'value',
  'server',
  'session',
  'token',
  'credential',
  'payload',
  'schema',
  'document',
  'cursor',
  'page',
  'step',
  'interrupt',
  'replay',
  'snapshot',
  'artifact',
  'result',
  'error',
  'timeout',
  'limit',
  'budget',
  'header',
  'version',
  'endpoint',
  'transport',
  'channel',
  'queue',
  'operator',
  'tenant',
  'workspace',
  'policy',
  'identifier',
  'signature',
  'digest',
  'entry',
  'log',
  'sequence',
  'configuration',
  'implementation',
  'authorization',
  'acknowledgement',
  'representation',
  'continuation',
  'subscription',
  'notification',
  'idempotency-key',
  'correlation',
  'advertisement',
  'negotiation',
  'attestation',
  'serialisation',
  'dependency',
  'checkpoint',
  'compensation',
  'reservation',
  'delegation',
  'provenance',
];
const VERBS = [
  'returns',
  'accepts',
  'rejects',
  'records',
  'emits',
  'forwards',
  'validates',
  'retains',
  'advertises',
  'resolves',
  'declares',
  'carries',
  'preserves',
  'orders',
  'replays',
  'persists',
  'exposes',
  'omits',
  'signals',
  'reports',
  'derives',
  'binds',
  'caches',
  'serialises',
  'negotiates',
];
const ADJECTIVES = [
  'opaque',
  'stable',
  'durable',
  'idempotent',
  'ordered',
  'bounded',
  'signed',
  'closed',
  'optional',
  'deterministic',
  'scoped',
  'immutable',
  'unknown',
  'partial',
  'terminal',
  'authenticated',
  'monotonic',
  'canonical',
  'current',
  'previous',
  'pending',
  'explicit',
  'authoritative',
  'transactional',
  'asynchronous',
  'interoperable',
  'backward-compatible',
  'content-addressed',
  'cryptographic',
  'implementation-defined',
  'well-formed',
  'non-retryable',
  'rate-limited',
  'replay-safe',
];
const GLUE = ['the', 'a', 'each', 'every', 'its', 'that', 'this', 'any', 'no', 'one'];
const PREPS = ['for', 'with', 'before', 'after', 'within', 'under', 'across', 'from', 'into', 'per'];
const KEYWORDS = ['MUST', 'MUST NOT', 'SHOULD', 'SHOULD NOT', 'MAY'];
const IDENTS = [
  'runId',
  'traceId',
  'nodeId',
  'packId',
  'cursor',
  'limit',
  'etag',
  'retryAfter',
  'expiresAt',
  'status',
  'createdAt',
  'sequence',
  'checksum',
  'attempt',
  'deadline',
  'scope',
  'tenantId',
  'correlationId',
];

export const TITLE_WORDS = [
  'Overview',
  'Semantics',
  'Lifecycle',
  'Ordering',
  'Errors',
  'Limits',
  'Security',
  'Discovery',
  'Retries',
  'Pagination',
  'Caching',
  'Replay',
  'Compatibility',
  'Migration',
  'Examples',
  'Conformance',
  'Transport',
  'Identifiers',
  'Timeouts',
  'Observability',
  'Privacy',
  'Extensions',
  'Negotiation',
  'Persistence',
];

/** Writes realistic specification prose from a seeded stream. */
export class Prose {
  constructor(private readonly rng: Prng) {}

  /** One sentence of 8–20 words; `keyword` puts an RFC 2119 keyword in it, `subject` names a key. */
  sentence(options: { keyword?: boolean; subject?: string; code?: boolean } = {}): string {
    const r = this.rng;
    const words: string[] = [];
    const subject = options.subject
      ? `\`${options.subject}\``
      : `${r.pick(GLUE)} ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`;
    words.push(`${r.chance(0.5) ? 'The' : 'A'} ${r.pick(NOUNS)} ${options.subject ? 'of' : 'for'} ${subject}`);
    if (options.keyword ?? r.chance(0.25))
      words.push(r.pick(KEYWORDS), r.pick(VERBS).replace(/s$/, '').replace(/ie$/, 'y'));
    else words.push(r.pick(VERBS));
    const n = r.int(3, 10);
    for (let i = 0; i < n; i++) {
      const roll = r.next();
      if (roll < 0.3) words.push(r.pick(GLUE));
      else if (roll < 0.5) words.push(r.pick(ADJECTIVES));
      else if (roll < 0.6) words.push(r.pick(PREPS));
      else if (roll < 0.65 && (options.code ?? true)) words.push(`\`${r.pick(IDENTS)}\``);
      else words.push(r.pick(NOUNS));
    }
    const tail = r.chance(0.3) ? `, ${r.pick(PREPS)} ${r.pick(GLUE)} ${r.pick(NOUNS)}` : '';
    const s = words.join(' ') + tail;
    return s.charAt(0).toUpperCase() + s.slice(1) + '.';
  }

  /** A paragraph of `n` sentences, wrapped near 100 columns as hand-written markdown is. */
  paragraph(n: number, options: { subject?: string; keyword?: boolean } = {}): string {
    const sentences: string[] = [];
    for (let i = 0; i < n; i++) {
      sentences.push(this.sentence(i === 0 ? options : {}));
      if (this.rng.chance(0.08))
        sentences.push(
          `See [${this.rng.pick(TITLE_WORDS)}](#${this.rng.pick(NOUNS)}s-${this.rng.pick(TITLE_WORDS).toLowerCase()}).`,
        );
    }
    return wrap(sentences.join(' '));
  }

  heading(depth: number): string {
    const r = this.rng;
    return `${'#'.repeat(depth)} ${r.pick(TITLE_WORDS)}${r.chance(0.5) ? ` and ${r.pick(TITLE_WORDS).toLowerCase()}` : ''}`;
  }

  /** A bullet or numbered list; some items wrap onto a continuation line. */
  list(items: number, options: { subject?: string } = {}): string {
    const ordered = this.rng.chance(0.3);
    const lines: string[] = [];
    for (let i = 0; i < items; i++) {
      const marker = ordered ? `${i + 1}.` : '-';
      const text = this.sentence(
        i === 0 && options.subject ? { subject: options.subject, keyword: true } : { code: true },
      );
      const pad = ' '.repeat(marker.length + 1);
      lines.push(`${marker} ${wrap(text, 96).split('\n').join(`\n${pad}`)}`);
    }
    return lines.join('\n');
  }

  /** A GFM table with a header row and `rows` body rows. */
  table(rows: number, firstColumn?: readonly string[]): string {
    const r = this.rng;
    const out = ['| field | type | meaning |', '| --- | --- | --- |'];
    for (let i = 0; i < rows; i++) {
      const name = firstColumn?.[i] ?? r.pick(IDENTS);
      out.push(
        `| \`${name}\` | ${r.pick(['string', 'integer', 'boolean', 'object', 'array'])} | ${this.sentence({ code: false }).slice(0, -1)} |`,
      );
    }
    return out.join('\n');
  }

  /** A fenced code block (JSON or TypeScript). */
  fence(): string {
    const r = this.rng;
    if (r.chance(0.5)) {
      const fields = [r.pick(IDENTS), r.pick(IDENTS), r.pick(IDENTS)];
      const body = [...new Set(fields)].map(
        (f, i, all) =>
          `  "${f}": ${r.chance(0.5) ? `"${r.pick(NOUNS)}"` : r.int(1, 500)}${i < all.length - 1 ? ',' : ''}`,
      );
      return ['```json', '{', ...body, '}', '```'].join('\n');
    }
    const id = r.pick(IDENTS);
    return [
      '```ts',
      `const ${id} = await host.${r.pick(NOUNS)}.${r.pick(VERBS).replace(/s$/, '')}({ ${r.pick(IDENTS)}: ${r.int(1, 99)} });`,
      `if (!${id}) throw new Error('${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}');`,
      '```',
    ].join('\n');
  }

  /** A `> **Note:**` blockquote in the body of a document. */
  note(): string {
    return `> **Note:** ${this.sentence({ code: false })}`;
  }

  /** A body section: heading, paragraphs and some of list, table, fence and note. */
  section(depth: number, options: { subject?: string } = {}): string {
    const r = this.rng;
    const blocks = [
      this.heading(depth),
      this.paragraph(r.int(2, 4), options.subject ? { subject: options.subject, keyword: true } : {}),
    ];
    if (r.chance(0.5)) blocks.push(this.list(r.int(3, 6)));
    if (r.chance(0.35)) blocks.push(this.table(r.int(3, 5)));
    if (r.chance(0.3)) blocks.push(this.fence());
    if (r.chance(0.15)) blocks.push(this.note());
    if (r.chance(0.5)) blocks.push(this.paragraph(r.int(1, 3)));
    return blocks.join('\n\n');
  }
}

/** Greedy word wrap at `width` columns (hand-written markdown wraps; the parser must join lines). */
export function wrap(text: string, width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}
