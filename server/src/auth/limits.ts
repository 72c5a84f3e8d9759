import type { RateLimits } from '../config.ts';
import { RateLimiter } from '../lib/rate-limit.ts';
import { normalizeEmail } from './email.ts';
import { AuthError } from './errors.ts';

/**
 * Brute-force protection for sign-up and sign-in, as GoTrue's `sign_in_sign_ups` limit (one
 * per-IP budget shared by both, config.toml [auth.rate_limit]) plus a per-email budget of
 * failed password attempts, so one account cannot be guessed at from many addresses while
 * its owner can still sign in as often as they like. Refreshes get GoTrue's more generous
 * `token_refresh` budget (150 per 5 min against sign_in_sign_ups' 30: five times the per-IP one).
 */
export interface AuthLimits {
  /** Counts a sign-up or sign-in attempt from this address; throws 429 when over. */
  attemptFromIp(ip: string): void;
  /** Counts a refresh from this address; throws 429 when over. */
  refreshFromIp(ip: string): void;
  /** Counts a sign-up for this email; throws 429 when over. */
  signupForEmail(email: string): void;
  /** Throws 429 if this email has had too many failed sign-ins... */
  assertEmailNotLocked(email: string): void;
  /** ...which this records. */
  failedSignIn(email: string): void;
  // Every key is normalizeEmail()'s, the same the account lookup uses (email.ts).
}

/** "5 minutes", "30 seconds": the longest a limited caller waits (one window). */
function duration(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) {
    const minutes = seconds / 60;
    return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  }
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/**
 * GoTrue's code and message for every request limit (middleware.go), plus how long to wait: the
 * app shows the message as it comes, and a visitor told only "limit reached" retries at once.
 * A sliding window frees up within one window length, so that is the wait promised, also as
 * `Retry-After` (RFC 9110) for clients that read headers.
 */
export function tooManyRequests(windowSeconds: number): AuthError {
  const error = new AuthError(
    429,
    'over_request_rate_limit',
    `Request rate limit reached: please wait ${duration(windowSeconds)} before trying again.`,
  );
  error.retryAfterSeconds = windowSeconds;
  return error;
}

export function createAuthLimits(config: RateLimits): AuthLimits {
  const windowMs = config.windowSeconds * 1000;
  const ip = new RateLimiter({ limit: config.perIp, windowMs });
  const refresh = new RateLimiter({ limit: config.perIp * 5, windowMs });
  const signups = new RateLimiter({ limit: config.perEmail, windowMs });
  const failures = new RateLimiter({ limit: config.perEmail, windowMs });
  const consume = (limiter: RateLimiter, key: string) => {
    if (!limiter.consume(key)) throw tooManyRequests(config.windowSeconds);
  };
  return {
    attemptFromIp: (address) => consume(ip, address),
    refreshFromIp: (address) => consume(refresh, address),
    signupForEmail: (email) => consume(signups, normalizeEmail(email)),
    assertEmailNotLocked: (email) => {
      if (failures.isLimited(normalizeEmail(email))) throw tooManyRequests(config.windowSeconds);
    },
    failedSignIn: (email) => failures.hit(normalizeEmail(email)),
  };
}
