/**
 * The one normalisation of an email address, used for the account lookup and for every rate-limit
 * and lockout key, so no spelling finds an account under a key of its own.
 *
 * GoTrue lower-cases with Go's strings.ToLower, which maps each code point by Unicode's simple
 * case mapping; PostgreSQL's lower() with the builtin C.UTF-8 locale does the same. JavaScript's
 * toLowerCase applies the full mapping instead, which differs for one code point: U+0130 (İ)
 * becomes "i" plus a combining dot (U+0307), so `kİwi@…` had a lockout key of its own while
 * PostgreSQL's lower() matched it to `kiwi@…`. Mapped one code point at a time (no final-sigma
 * context) with that exception, the result is the simple mapping.
 */
export function normalizeEmail(email: string): string {
  let out = '';
  for (const char of email) out += char === '\u0130' ? 'i' : char.toLowerCase();
  return out;
}
