import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScheduler } from '../../server/src/cron/scheduler.ts';
import { createTestDatabase, type TestDatabase } from '../utils/database.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query(
    `create table public.cron_probe (at timestamptz not null, who text not null)`,
  );
  await db.pool.query(`grant insert on public.cron_probe to postgres`);
  // Scheduled the way a migration does it: as postgres, through the emulated cron.schedule.
  await db.pool.query(`set role postgres;
    select cron.schedule('probe', '1 seconds', 'select pg_sleep(1.2); insert into public.cron_probe values (clock_timestamp(), current_user)');
    select cron.schedule('unreadable', '@hourly', 'select 1');
    reset role`);
});
afterAll(() => db.drop());

const probes = async () =>
  (
    await db.pool.query<{ at: Date; who: string }>(
      `select "at", "who" from public.cron_probe order by 1`,
    )
  ).rows;

describe('the stack scheduler (pg_cron stand-in)', () => {
  it('runs each job as its user, never overlapping itself, skips what it cannot read, and stops cleanly', async () => {
    const logs: string[] = [];
    // The superuser pool: the scheduler must switch to the job's user itself.
    const scheduler = startScheduler({ pool: db.pool, pollMs: 100, log: (m) => logs.push(m) });
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    await scheduler.stop();
    const runs = await probes();
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(runs.map((run) => run.who))).toEqual(new Set(['postgres']));
    // Each run sleeps 1.2 s on a 1-second schedule: runs follow one another, never overlap.
    for (let i = 1; i < runs.length; i++)
      expect(runs[i]!.at.getTime() - runs[i - 1]!.at.getTime()).toBeGreaterThanOrEqual(1_150);
    expect(logs.filter((m) => m.includes('unsupported schedule "@hourly"'))).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await probes()).toHaveLength(runs.length);
  });
});
