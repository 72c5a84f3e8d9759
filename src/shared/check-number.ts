/**
 * What "Check my number" accepts: the whole first prize (4 digits) or its last 3 or 2 digits.
 * The database checks the same bound (public.check_number); the page checks first so a typo
 * gets a sentence beside the field, not a round trip. Relative imports only: the local stack
 * reads this through src/shared/config/page-meta.ts under Node.
 */
export const CHECK_NUMBER_PATTERN = /^[0-9]{2,4}$/;

/** `n` as typed, without the spaces and dashes people put in numbers; `null` when not 2-4 digits. */
export function parseCheckNumber(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const cleaned = raw.replace(/[\s-]/g, '');
  return CHECK_NUMBER_PATTERN.test(cleaned) ? cleaned : null;
}

/** The tiers of a match, strongest first, as check_number names them. */
export const MATCH_KINDS = ['exact', 'last3', 'last2'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** The tiers a number of this length can have: 4 digits all three, 3 digits two, 2 digits one. */
export function kindsFor(n: string): MatchKind[] {
  if (n.length === 4) return [...MATCH_KINDS];
  if (n.length === 3) return ['last3', 'last2'];
  return ['last2'];
}
