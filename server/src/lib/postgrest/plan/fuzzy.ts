/**
 * The fuzzy match behind PostgREST's "Perhaps you meant" hints (the Haskell fuzzyset package,
 * as Error.hs uses it): names are lowercased; only names sharing a trigram (else a bigram) are
 * candidates; candidates are scored by Levenshtein distance (1 - distance / longer length) and
 * the best at or above `minScore` wins. Without the shared n-gram, any two short names would
 * look alike. Checked against the hints of PostgREST's RpcSpec.hs: `(a, b, smthelse)` and
 * `(x, y)` both hint `(a, b)`, `(wrong_arg)` hints nothing.
 */
function normalise(text: string): string {
  return text.toLowerCase();
}

function grams(text: string, size: number): Set<string> {
  const padded = `-${text}-`;
  const out = new Set<string>();
  for (let i = 0; i + size <= padded.length; i++) out.add(padded.slice(i, i + size));
  return out;
}

/** Levenshtein distance: insertions, deletions and substitutions, one each. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Levenshtein similarity in [0, 1]: 1 - distance / the longer length (1 for two empty names). */
export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - distance(a, b) / longest;
}

/** The candidate closest to `name`, or undefined when none is close enough. */
export function fuzzyBest(
  name: string,
  candidates: Iterable<string>,
  minScore: number,
): string | undefined {
  const key = normalise(name);
  const all = [...candidates];
  for (const size of [3, 2]) {
    const wanted = grams(key, size);
    const sharing = all.filter((c) => [...grams(normalise(c), size)].some((g) => wanted.has(g)));
    if (sharing.length === 0) continue;
    let best: string | undefined;
    let bestScore = minScore;
    for (const candidate of sharing) {
      const other = normalise(candidate);
      const score = similarity(key, other);
      if (score >= bestScore && (best === undefined || score > bestScore))
        [best, bestScore] = [candidate, score];
    }
    return best;
  }
  return undefined;
}
