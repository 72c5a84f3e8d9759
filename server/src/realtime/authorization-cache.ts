import { TOTALS } from './limits.ts';

/**
 * One socket's private-channel answers by topic and token (ADR 018). realtime checks a channel's
 * policies once, at join, and keeps them for the channel's life; a socket that leaves and joins
 * the same topic with the same token here gets the same answer for a while instead of another
 * probe row. Bounded in count (oldest forgotten first) and in time (TOTALS.authorizationTtlMs).
 */
export class AuthorizationCache {
  private readonly answers = new Map<string, { at: number; allowed: Promise<boolean> }>();

  get(topic: string, token: string, check: () => Promise<boolean>): Promise<boolean> {
    const key = `${topic}\u0000${token}`;
    const now = Date.now();
    const kept = this.answers.get(key);
    if (kept && now - kept.at < TOTALS.authorizationTtlMs) return kept.allowed;
    this.answers.delete(key);
    const allowed = check();
    this.answers.set(key, { at: now, allowed });
    // A failed check (the queue was full, the database away) is not an answer to keep.
    allowed.catch(() => this.answers.delete(key));
    if (this.answers.size > TOTALS.authorizationCache) {
      this.answers.delete(this.answers.keys().next().value!);
    }
    return allowed;
  }
}
