/**
 * The codings the stack sends, best first: the build writes them beside each file
 * (scripts/vite-precompress.ts), and pages and REST answers are compressed into them.
 */
export const CODINGS = ['br', 'gzip'] as const;

export type Coding = (typeof CODINGS)[number];

/**
 * Which of the `offered` codings to send for an `Accept-Encoding`: one rule for files, pages and
 * REST answers. It is how @fastify/static chooses its `preCompressed` siblings (its
 * `getEncodingHeader` and @fastify/accept-negotiator), so a file answers the same from memory as
 * from disk: the highest weight wins, brotli before gzip at equal weights; `q=0` refuses a
 * coding; `*` stands for gzip (@fastify/static's and @fastify/compress's reading, kept for
 * parity); `identity` is never refused (no 406), so `undefined` means the body as it is.
 */
export function preferredCoding(
  header: string | undefined,
  offered: readonly Coding[],
): Coding | undefined {
  if (!header || offered.length === 0) return undefined;
  let best: Coding | undefined;
  let bestWeight = 0;
  // Blanks carry no meaning in the header: `br ; q = 0` is `br;q=0`.
  for (const part of header.toLowerCase().replace(/[ \t]/g, '').split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = (name === '*' ? 'gzip' : name) as Coding;
    if (!offered.includes(coding)) continue;
    const q = params.find((param) => param.startsWith('q='));
    // As the negotiator reads it: no weight is 1, one it cannot read is 0 (a refusal).
    const weight = q === undefined ? 1 : Number.parseFloat(q.slice(2)) || 0;
    const better =
      weight > bestWeight ||
      (weight === bestWeight &&
        best !== undefined &&
        CODINGS.indexOf(coding) < CODINGS.indexOf(best));
    if (weight > 0 && better) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
