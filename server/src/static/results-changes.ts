import type pg from 'pg';
import { NotifyFollower } from '../db/notify-follower.ts';
import { CAPTURE_CHANNEL } from '../db/capture.ts';

export const RESULTS_CHANGES_NAME = 'lotto24 served pages listener';

/**
 * What the served pages keep (a draw's number, a day's rows) is dropped the moment a published
 * table changes: the change capture's NOTIFY (db/capture.ts) reaches this worker too, on a
 * connection of its own. So a visitor who reloads right after an admin's edit sees it, as a
 * read through the API would. Any change and any catalog change drops everything (changes are
 * rare; telling them apart would mean parsing every payload); a reconnect does too, since what
 * was sent meanwhile is lost. The caches' own time limits still bound what a missed
 * notification could hide.
 */
export function followResultsChanges(pool: pg.Pool, forget: () => void): NotifyFollower {
  return new NotifyFollower(pool, {
    channel: CAPTURE_CHANNEL,
    applicationName: RESULTS_CHANGES_NAME,
    onNotify: forget,
    onResume: forget,
  });
}
