import type { RateLimits } from '../config.ts';
import { RateLimiter } from '../lib/rate-limit.ts';
import { normalizeEmail } from './email.ts';
import { AuthError } from './errors.ts';

/**
 * Per-IP request limits as GoTrue keeps them (internal/api/apilimiter, api.go): one budget per
 * endpoint and client address, never a lock on an account. A per-email lock of failed sign-ins
 * let anyone lock an owner out of their own account from anywhere (ADR 019); GoTrue has none.
 * - `attemptFromIp`: sign-up and password sign-in, `[auth.rate_limit] sign_in_sign_ups` per
 *   5 minutes, as the CLI documents it (GoTrue's code counts the password grant under
 *   `token_refresh`; the stricter reading is kept for guessing passwords).
 * - `refreshFromIp`: refreshes, GoTrue's more generous `token_refresh` (five times the above).
 * - `userUpdateFromIp`: `PUT /user` (GoTrue's `User` limiter, also `sign_in_sign_ups`); each
 *   password change there runs bcrypt twice.
 * - `recoverFromIp`: `POST /recover` (GoTrue's `Recover` limiter, the same budget).
 * Addresses are gateway/client-address.ts's, so a forwarded header buys no fresh budget.
 */
export interface AuthLimits {
  attemptFromIp(ip: string): void;
  refreshFromIp(ip: string): void;
  userUpdateFromIp(ip: string): void;
  recoverFromIp(ip: string): void;
  /** Sign-ups of one email (normalizeEmail()'s key); no owner ever signs up twice. */
  signupForEmail(email: string): void;
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
  const perIp = () => new RateLimiter({ limit: config.perIp, windowMs });
  const [ip, userUpdate, recover] = [perIp(), perIp(), perIp()];
  const refresh = new RateLimiter({ limit: config.perIp * 5, windowMs });
  const signups = new RateLimiter({ limit: config.perEmail, windowMs });
  const consume = (limiter: RateLimiter, key: string) => {
    if (!limiter.consume(key)) throw tooManyRequests(config.windowSeconds);
  };
  return {
    attemptFromIp: (address) => consume(ip, address),
    refreshFromIp: (address) => consume(refresh, address),
    userUpdateFromIp: (address) => consume(userUpdate, address),
    recoverFromIp: (address) => consume(recover, address),
    signupForEmail: (email) => consume(signups, normalizeEmail(email)),
  };
}
