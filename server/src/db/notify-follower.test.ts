import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/utils/database.ts';
import { NotifyFollower } from './notify-follower.ts';

const NAME = 'lotto24 notify follower test';
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const listenerPid = async (except = 0) =>
  (
    await db.pool.query<{ pid: number }>(
      `select "pid" from pg_stat_activity
        where "application_name" = $1 and "pid" <> $2 and "state" = 'idle' and "query" like 'listen %'`,
      [NAME, except],
    )
  ).rows[0]?.pid;

it('hands over payloads in commit order, the empty one included, and listens again after a cut', async () => {
  const received: string[] = [];
  let resumed = 0;
  const follower = new NotifyFollower(db.pool, {
    channel: 'follower test',
    applicationName: NAME,
    onNotify: (payload) => received.push(payload),
    onResume: () => (resumed += 1),
  });
  await follower.start();
  try {
    await db.pool.query(`notify "follower test", 'one'; notify "follower test"`);
    await db.pool.query(`select pg_notify('follower test', 'two'), pg_notify('elsewhere', 'x')`);
    await expect.poll(() => received).toEqual(['one', '', 'two']);
    expect(resumed).toBe(0);

    const first = await listenerPid();
    await db.pool.query('select pg_terminate_backend($1)', [first]);
    await expect.poll(() => listenerPid(first)).toBeGreaterThan(0);
    expect(follower.listening).toBe(true);
    // Whatever was sent while it was away is lost: its owner is told to catch up.
    expect(resumed).toBe(1);
    await db.pool.query(`notify "follower test", 'three'`);
    await expect.poll(() => received.at(-1)).toBe('three');
  } finally {
    await follower.stop();
  }
  expect(follower.listening).toBe(false);
  await expect.poll(() => listenerPid()).toBeUndefined();
});
