import type { SupabaseClient } from '@supabase/supabase-js';
import { drawInstant } from './draw-time.ts';
import { FEED_WORDS, type FeedLanguage } from './feed-words.ts';

/**
 * The commitments feed (`?feed=commitments`, ADR 023): the commitments of the draws to come, each
 * with its time lock (beacon round, chain, tlock ciphertext), so third parties can archive them
 * before the draws and later catch a rewritten commitment. It carries nothing that fixes a number
 * before its moment: no seed, no prize, no round (rounds do not exist before their time); the
 * ciphertext is public by design and opens only with the round's signature. Its few words (title,
 * description) follow `lang` as the results feed's do (feed-words.ts); every other field is data,
 * the same in every language.
 */

export const COMMITMENTS_FORMAT = 'lotto24-commitments/1';
/** Today and tomorrow are committed (ADR 012): 48 draws at most. */
export const COMMITMENTS_SIZE = 48;
export const COMMITMENTS_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface CommitmentEntry {
  draw_date: string;
  draw_hour: number;
  /** The draw's moment (HH:30 on the lottery clock), ISO. */
  draw_at: string;
  commitment: string;
  committed_at: string;
  /** The draw's lock (draw_locks); null for a draw of ADR 012's scheme alone. */
  lock: {
    chain_hash: string;
    round: number;
    ciphertext: string | null;
    locked_at: string | null;
  } | null;
}

/** A project from before beacon draws has no draw_locks / beacon_chains (PGRST205) nor beacon_since (42703). */
const absent = (code?: string) => code === 'PGRST205' || code === '42703';

/**
 * Reads the commitments of the draws whose moment is after `now`, their locks and chains, with
 * the anon key: what any visitor may read. `null`: the database could not be read.
 */
export async function readCommitments(
  client: SupabaseClient,
  now: number,
  timeZone: string,
  lang: FeedLanguage = 'en',
) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(now));
  const [commitments, locks, chains, settings] = await Promise.all([
    client
      .from('draw_commitments')
      .select('draw_date, draw_hour, commitment, committed_at')
      .gte('draw_date', today)
      .order('draw_date')
      .order('draw_hour')
      .limit(COMMITMENTS_SIZE + 24)
      .retry(false),
    client
      .from('draw_locks')
      .select('draw_date, draw_hour, chain_hash, round, ciphertext, locked_at')
      .gte('draw_date', today)
      .limit(COMMITMENTS_SIZE + 24)
      .retry(false),
    client
      .from('beacon_chains')
      .select('chain_hash, scheme, public_key, genesis_time, period, beacon_id, independent')
      .retry(false),
    client.from('lottery_settings').select('beacon_since').maybeSingle().retry(false),
  ]);
  if (commitments.error) return null;
  for (const read of [locks, chains, settings]) {
    if (read.error && !absent(read.error.code)) return null;
  }
  type Lock = NonNullable<CommitmentEntry['lock']> & { draw_date: string; draw_hour: number };
  const lockOf = new Map(
    ((locks.data ?? []) as Lock[]).map((lock) => [`${lock.draw_date}/${lock.draw_hour}`, lock]),
  );
  const entries: CommitmentEntry[] = [];
  for (const row of commitments.data as Omit<CommitmentEntry, 'draw_at' | 'lock'>[]) {
    const at = drawInstant(row.draw_date, row.draw_hour, timeZone);
    if (at <= now) continue;
    const lock = lockOf.get(`${row.draw_date}/${row.draw_hour}`);
    entries.push({
      ...row,
      draw_at: new Date(at).toISOString(),
      lock: lock
        ? {
            chain_hash: lock.chain_hash,
            round: Number(lock.round),
            ciphertext: lock.ciphertext,
            locked_at: lock.locked_at,
          }
        : null,
    });
    if (entries.length === COMMITMENTS_SIZE) break;
  }
  const beaconSince = (settings.data as { beacon_since?: string | null } | null)?.beacon_since;
  const words = FEED_WORDS[lang];
  return {
    format: COMMITMENTS_FORMAT,
    language: words.tag,
    title: words.commitmentsTitle,
    description: words.commitmentsDescription,
    time_zone: timeZone,
    beacon_since: beaconSince ?? null,
    chains: chains.data ?? [],
    commitments: entries,
  };
}

export type CommitmentsDocument = NonNullable<Awaited<ReturnType<typeof readCommitments>>>;

export function renderCommitments(document: CommitmentsDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
