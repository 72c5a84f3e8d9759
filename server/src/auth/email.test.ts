import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './email.ts';

describe('normalizeEmail', () => {
  it('lower-cases by Unicode’s simple mapping, as Go’s strings.ToLower and PostgreSQL’s lower()', () => {
    expect(normalizeEmail('KIWI@Example.COM')).toBe('kiwi@example.com');
    // JavaScript's toLowerCase gives "i̇" (i + U+0307) here; Go and PostgreSQL give "i".
    expect(normalizeEmail('k\u0130wi@example.com')).toBe('kiwi@example.com');
    // Kelvin sign: one more lookalike of a plain letter.
    expect(normalizeEmail('\u212Aiwi@example.com')).toBe('kiwi@example.com');
    // No final-sigma context: Σ at the end of a word is σ, as in the simple mapping.
    expect(normalizeEmail('ΟΔΟΣ@example.com')).toBe('οδοσ@example.com');
  });
});
