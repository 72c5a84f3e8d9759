import { RateLimiter } from '../lib/rate-limit.ts';
import { AuthError } from './errors.ts';
import { tooManyRequests } from './limits.ts';
import type { AuthSettings } from './settings.ts';
import { normalizeEmail } from './email.ts';

const HOUR_MS = 3_600_000;
const FIVE_MINUTES = 300;

/**
 * GoTrue's `email_sent` limit: one budget per hour for every mail the instance sends, spent only
 * on mail actually sent (mailer.go checks it when sending): a recovery request for an address
 * with no account spends nothing, so two such requests can no longer block every real reset.
 * A full budget is refused to every caller alike, before the address is looked up, so the
 * refusal says nothing about the address (ADR 019).
 *
 * `token_verifications`: /verify tries per IP per 5 minutes (GoTrue's Verify limiter). GoTrue
 * bounds codes no further; here a code also dies after `MAX_CODE_ATTEMPTS` wrong tries for its
 * address, from any number of IPs, so six digits cannot be walked through however many
 * addresses the guesser has: each mail allows 5 guesses in 1,000,000.
 */
export const MAX_CODE_ATTEMPTS = 5;

export interface MailLimits {
  /** Throws 429 when the hour's budget has no room for `count` mails; spends nothing. */
  assertCanSend(count?: number): void;
  /** Spends `count` mails of the budget, or throws 429 if it cannot. */
  mailSent(count?: number): void;
  verifyFromIp(ip: string): void;
  /** Counts a wrong code for `email`; true when its pending codes must now be spent. */
  codeFailed(email: string): boolean;
  /** A fresh code was mailed to `email`: it gets its own attempts. */
  codeIssued(email: string): void;
}

function overEmailBudget(): AuthError {
  const error = new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
  error.retryAfterSeconds = HOUR_MS / 1000;
  return error;
}

export function createMailLimits(settings: AuthSettings): MailLimits {
  const sent = new RateLimiter({ limit: settings.emailSentPerHour, windowMs: HOUR_MS });
  const verify = new RateLimiter({
    limit: settings.tokenVerificationsPer5Min,
    windowMs: FIVE_MINUTES * 1000,
  });
  // Keyed by the address a code was mailed to, for as long as a code lives.
  const wrongCodes = new RateLimiter({
    limit: MAX_CODE_ATTEMPTS,
    windowMs: Math.max(1, settings.otpExpirySeconds) * 1000,
    maxKeys: 100_000,
  });
  const hasRoom = (count: number) => sent.count('email') + count <= sent.limit;
  return {
    assertCanSend: (count = 1) => {
      if (!hasRoom(count)) throw overEmailBudget();
    },
    mailSent: (count = 1) => {
      if (!hasRoom(count)) throw overEmailBudget();
      for (let i = 0; i < count; i++) sent.hit('email');
    },
    verifyFromIp: (ip) => {
      if (!verify.consume(ip)) throw tooManyRequests(FIVE_MINUTES);
    },
    codeFailed: (email) => {
      const key = normalizeEmail(email);
      wrongCodes.hit(key);
      if (wrongCodes.count(key) < MAX_CODE_ATTEMPTS) return false;
      wrongCodes.reset(key);
      return true;
    },
    codeIssued: (email) => wrongCodes.reset(normalizeEmail(email)),
  };
}

/**
 * Whether `max_frequency` has passed since the last mail of a kind. GoTrue answers a request
 * inside it with 429, which tells whoever asks that the address has an account (they asked a
 * moment ago and got a 200 either way); here the request is answered 200 like any other and
 * the mail already sent stays the one to use.
 */
export function sentLongEnoughAgo(sentAt: Date | null, maxFrequencySeconds: number): boolean {
  return !sentAt || Date.now() >= sentAt.getTime() + maxFrequencySeconds * 1000;
}

/** GoTrue's max_frequency refusal: the same user asked again too soon. */
export function assertSentLongEnoughAgo(sentAt: Date | null, maxFrequencySeconds: number): void {
  if (!sentAt) return;
  const waitMs = sentAt.getTime() + maxFrequencySeconds * 1000 - Date.now();
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    const error = new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
    );
    error.retryAfterSeconds = seconds;
    throw error;
  }
}
