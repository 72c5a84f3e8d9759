import { RateLimiter } from '../lib/rate-limit.ts';
import { AuthError } from './errors.ts';
import { tooManyRequests } from './limits.ts';
import type { AuthSettings } from './settings.ts';

const HOUR_MS = 3_600_000;
const FIVE_MINUTES = 300;

/**
 * GoTrue's `email_sent` limit: one budget per hour for every mail the instance sends, whoever
 * asks, counted on every request that could send one (an unknown address too, so the limit
 * reveals nothing). And `token_verifications`: /verify tries per IP, so six-digit codes cannot
 * be walked through.
 */
export interface MailLimits {
  mailSent(count?: number): void;
  verifyFromIp(ip: string): void;
}

export function createMailLimits(settings: AuthSettings): MailLimits {
  const sent = new RateLimiter({ limit: settings.emailSentPerHour, windowMs: HOUR_MS });
  const verify = new RateLimiter({
    limit: settings.tokenVerificationsPer5Min,
    windowMs: FIVE_MINUTES * 1000,
  });
  return {
    mailSent: (count = 1) => {
      for (let i = 0; i < count; i++) {
        if (!sent.consume('email')) {
          const error = new AuthError(
            429,
            'over_email_send_rate_limit',
            'Email rate limit exceeded',
          );
          error.retryAfterSeconds = HOUR_MS / 1000;
          throw error;
        }
      }
    },
    verifyFromIp: (ip) => {
      if (!verify.consume(ip)) throw tooManyRequests(FIVE_MINUTES);
    },
  };
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
