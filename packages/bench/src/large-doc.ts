import { Prng } from './prng.js';
import { DEFAULT_SEED } from './generate.js';

const WORDS = ['host', 'record', 'state', 'token', 'family', 'scope', 'stream', 'ledger', 'budget', 'catalog'];
const KEYWORDS = ['MUST', 'SHOULD', 'MAY', 'MUST NOT'];

/** One word as the document writes it: plain, inline code, emphasised or strong, or followed by a pipe. */
function word(rng: Prng): string {
  const w = rng.pick(WORDS);
  const r = rng.next();
  if (r < 0.15) return `\`${w}.${rng.int(1, 99)}\``;
  if (r < 0.3) return `*${w}*`;
  if (r < 0.38) return `**${w}**`;
  if (r < 0.46) return `${w} |`;
  return w;
}

/**
 * A core document of at least `bytes` bytes (ASCII) of what a markdown parser works hardest at per
 * byte: wrapped paragraphs dense with inline code, emphasis and table pipes outside any table. Same
 * arguments, same text.
 */
export function largeDocument(bytes: number, seed: string = DEFAULT_SEED): string {
  const rng = new Prng(`openwop-bench-large:${seed}`);
  const parts = ['# A very large document\n\n> **Status: Draft.**\n\n'];
  let size = parts[0]!.length;
  while (size < bytes) {
    const lines: string[] = [];
    for (let l = rng.int(3, 8); l > 0; l--) {
      const words = Array.from({ length: rng.int(6, 14) }, () => word(rng));
      words.splice(rng.int(0, words.length), 0, rng.pick(KEYWORDS));
      lines.push(words.join(' '));
    }
    const paragraph = `${lines.join('\n')}.\n\n`;
    parts.push(paragraph);
    size += paragraph.length;
  }
  return parts.join('');
}
