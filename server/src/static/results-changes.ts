import type pg from 'pg';
import { NotifyFollower } from '../db/notify-follower.ts';
import { CAPTURE_CHANNEL } from '../db/capture.ts';

export const RESULTS_CHANGES_NAME = 'lotto24 served pages listener';

/**
 * What the served pages keep (a draw's number, a day's rows) is dropped when a published table
 * changes: the change capture's NOTIFY (db/capture.ts) reaches this worker too, on a connection
 * of its own. It covers every writer (the draw clock, psql, another stack); the API's own writes
 * drop the caches before they are answered (lib/write-signal.ts), since a NOTIFY can arrive
 * after the writer's next request on a busy machine. Any change and any catalog change drops
 * everything (changes are rare; telling them apart would mean parsing every payload); a
 * reconnect does too, since what was sent meanwhile is lost. The caches' own time limits still
 * bound what a missed notification could hide.
 */
export function followResultsChanges(pool: pg.Pool, forget: () => void): NotifyFollower {
  return new NotifyFollower(pool, {
    channel: CAPTURE_CHANNEL,
    applicationName: RESULTS_CHANGES_NAME,
    onNotify: forget,
    onResume: forget,
  });
}
