import { BoundedCache } from '../lib/bounded-cache.ts';
import { checkToken, type TokenCheck } from './token.ts';
import { identityOf, type Identity } from './visibility.ts';

/** A token that verified, with the identity every channel joined with it shares. */
export type VerifiedToken = Extract<TokenCheck, { ok: true }> & { identity: Identity };

/** Tokens kept at once, and the longest kept: a session token is a few hundred bytes. */
const MAX_TOKENS = 4096;
const MAX_TOKEN_BYTES = 2048;

/**
 * Verified tokens by their text, until they expire (realtime checks a channel's token at join and
 * again at its `exp`; verifying the same anon key for each of 10,000 joins is the same answer
 * 10,000 times). Only successes are kept, and only while `exp` is in the future, so an expired
 * token is verified again and refused with realtime's "Token has expired" text; one stack has one
 * secret, so a kept answer cannot go stale another way. Bounded in count and token size.
 */
export class TokenCache {
  private readonly verified = new BoundedCache<string, VerifiedToken>(MAX_TOKENS);

  constructor(
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  async check(token: string): Promise<VerifiedToken | Extract<TokenCheck, { ok: false }>> {
    const kept = this.verified.get(token);
    if (kept && kept.exp * 1000 > this.now()) return kept;
    if (kept) this.verified.delete(token);
    const check = await checkToken(token, this.secret);
    if (!check.ok) return check;
    const verified = { ...check, identity: identityOf(check.claims) };
    if (token.length <= MAX_TOKEN_BYTES) this.verified.set(token, verified);
    return verified;
  }
}
