// The stand-in for "a draw is due": a pg_cron job, scheduled as `postgres` every second as the
// draw job is scheduled (supabase/migrations/*_schedule_draws.sql), writes its time into a table.
// Gaps between its rows show whether the stack's scheduler kept time while an attack ran.
import pg from 'pg';

export interface ClockFigures {
  /** Ticks written between the attack's start and end. */
  ticks: number;
  /** Ticks the job should have written in that time (one a second). */
  dueTicks: number;
  /** Longest time without a tick, the attack's start and end included. */
  maxGapMs: number;
}

export async function startDrawClock(databaseUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`create table if not exists public."hostile_probe" ("at" timestamptz not null)`);
    await db.query(`grant insert on public."hostile_probe" to "postgres"`);
    await db.query(`set role "postgres"`);
    await db.query(
      `select cron.schedule('hostile-probe', '1 seconds', $$insert into public."hostile_probe" values (clock_timestamp())$$)`,
    );
  } finally {
    await db.end();
  }
}

/** The clock's ticks from `startMs` to `endMs` (epoch ms), read once the attack is over. */
export async function readDrawClock(
  databaseUrl: string,
  startMs: number,
  endMs: number,
): Promise<ClockFigures> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ at: Date }>(
      `select "at" from public."hostile_probe" where "at" between $1 and $2 order by "at"`,
      [new Date(startMs), new Date(endMs)],
    );
    const times = [startMs, ...rows.map((row) => row.at.getTime()), endMs];
    let maxGapMs = 0;
    for (let i = 1; i < times.length; i++) maxGapMs = Math.max(maxGapMs, times[i]! - times[i - 1]!);
    return { ticks: rows.length, dueTicks: Math.floor((endMs - startMs) / 1000), maxGapMs };
  } finally {
    await db.end();
  }
}
