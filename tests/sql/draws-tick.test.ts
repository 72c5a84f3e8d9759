import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../utils/database.ts';
import { anon, as } from './helpers.ts';

let db: TestDatabase;
beforeEach(async () => {
  db = await createTestDatabase();
});
afterEach(() => db.drop());

const tick = async (client: pg.Pool | pg.PoolClient = db.pool) =>
  (await client.query<{ n: number }>(`select "private"."run_due_draws"() as "n"`)).rows[0]!.n;

/** Auto draw on, as if switched on `hours` ago and nothing ran since (a stack that was down). */
const switchedOnHoursAgo = (hours: number) =>
  db.pool.query(
    `update "public"."lottery_settings" set "auto_draw" = true, "auto_draw_since" = now() - make_interval(hours => $1)`,
    [hours],
  );

interface Drawn {
  draw_date: string;
  draw_hour: number;
  first_prize: string;
  source: string;
  late: boolean;
  committed_late: boolean;
}

/** Every result, with whether it was drawn over a minute late and committed after its moment. */
const drawn = async () =>
  (
    await db.pool.query<Drawn>(
      `select r."draw_date"::text, r."draw_hour", r."first_prize", r."source",
              r."created_at" > m.at + interval '60 seconds' as "late",
              c."committed_at" > m.at as "committed_late"
         from "public"."lottery_results" r
         cross join lateral (select (r."draw_date" + make_interval(hours => r."draw_hour", mins => 30)) at time zone 'UTC' as at) m
         left join "public"."draw_commitments" c using ("draw_date", "draw_hour")
        order by 1, 2`,
    )
  ).rows;

/** The draw moments (HH:30 UTC) in (now - hours, now], as the database's clock has them. */
const momentsInLast = async (hours: number) =>
  (
    await db.pool.query<{ draw_date: string; draw_hour: number }>(
      `select (m at time zone 'UTC')::date::text as "draw_date", extract(hour from m at time zone 'UTC')::int as "draw_hour"
         from generate_series(date_trunc('hour', now() - make_interval(hours => $1)) + interval '30 minutes',
                              now(), interval '1 hour') as m
        where m > now() - make_interval(hours => $1) and m <= now()
        order by m`,
      [hours],
    )
  ).rows;

describe('private.run_due_draws (one scheduler tick)', () => {
  it('does nothing while auto_draw is off', async () => {
    expect(await tick()).toBe(0);
    const { rows } = await db.pool.query(
      `select count(*)::int as "n" from "public"."draw_commitments"`,
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('commits today and tomorrow, and draws only the hours due since it was switched on', async () => {
    await switchedOnHoursAgo(3);
    const due = await momentsInLast(3);
    expect(await tick()).toBe(due.length);
    const rows = await drawn();
    expect(rows.map(({ draw_date, draw_hour }) => ({ draw_date, draw_hour }))).toEqual(due);
    expect(rows.every((row) => row.source === 'system')).toBe(true);
    const days = await db.pool.query<{ d: string; n: number }>(
      `select "draw_date"::text as "d", count(*)::int as "n" from "public"."draw_commitments"
        where "draw_date" >= (now() at time zone 'UTC')::date group by 1 order by 1`,
    );
    expect(days.rows.map((row) => row.n)).toEqual([24, 24]);
    // Published at once: anon sees them.
    const visible = await as(db.pool, anon, `select 1 from "public"."lottery_results"`);
    expect(visible.rowCount).toBe(due.length);
  });

  it('draws the hours missed while nothing ran, marked late; a second tick draws nothing', async () => {
    await switchedOnHoursAgo(5);
    await tick();
    const rows = await drawn();
    expect(rows).toHaveLength((await momentsInLast(5)).length);
    // Every missed hour except possibly the last minute's is late, and was committed after the fact.
    expect(rows.filter((row) => row.late).length).toBeGreaterThanOrEqual(rows.length - 1);
    expect(rows.filter((row) => row.late).every((row) => row.committed_late)).toBe(true);
    expect(await tick()).toBe(0);
    expect(await drawn()).toEqual(rows);
  });

  it('leaves results that exist alone and does not redraw a result deleted afterwards', async () => {
    const [first] = await momentsInLast(2);
    await db.pool.query(
      `insert into "public"."lottery_results" ("draw_date", "draw_hour", "draw_time", "first_prize") values ($1, $2, to_char($2::int, 'FM00') || ':30:00', '4242')`,
      [first!.draw_date, first!.draw_hour],
    );
    await switchedOnHoursAgo(2);
    await tick();
    const rows = await drawn();
    expect(
      rows.find((row) => row.draw_hour === first!.draw_hour && row.draw_date === first!.draw_date),
    ).toMatchObject({ first_prize: '4242', source: 'operator' });
    expect(rows).toHaveLength(2);
    await db.pool.query(`delete from "public"."lottery_results" where "source" = 'system'`);
    expect(await tick()).toBe(0);
  });

  it('switching auto_draw on again does not backfill the hours it was off', async () => {
    await db.pool.query(`update "public"."lottery_settings" set "auto_draw" = true`);
    expect(await tick()).toBe(0);
    await db.pool.query(`update "public"."lottery_settings" set "auto_draw" = false`);
    await db.pool.query(`update "public"."lottery_settings" set "auto_draw" = true`);
    const { rows } = await db.pool.query<{ fresh: boolean }>(
      `select "auto_draw_since" > now() - interval '5 seconds' as "fresh" from "public"."lottery_settings"`,
    );
    expect(rows).toEqual([{ fresh: true }]);
    expect(await tick()).toBe(0);
  });
});

describe('races', () => {
  it('two ticks at once draw each hour once: the second finds the lock taken and returns', async () => {
    await switchedOnHoursAgo(4);
    const due = await momentsInLast(4);
    const [a, b] = [await db.pool.connect(), await db.pool.connect()];
    try {
      await a.query('begin');
      expect(await tick(a)).toBe(due.length);
      // A's transaction still holds the lock and its rows are uncommitted.
      expect(await tick(b)).toBe(0);
      await a.query('commit');
      expect(await tick(b)).toBe(0);
    } finally {
      a.release();
      b.release();
    }
    expect(await drawn()).toHaveLength(due.length);
  });

  it('many concurrent ticks and draws of the same hour still leave one row per draw', async () => {
    await switchedOnHoursAgo(6);
    const due = await momentsInLast(6);
    const [hour] = due;
    const results = await Promise.all([
      tick(),
      tick(),
      tick(),
      db.pool.query<{ drew: boolean }>(`select "private"."draw_hour"($1, $2) as "drew"`, [
        hour!.draw_date,
        hour!.draw_hour,
      ]),
    ]);
    const rows = await drawn();
    expect(rows.map(({ draw_date, draw_hour }) => ({ draw_date, draw_hour }))).toEqual(due);
    // Every draw was made once, by exactly one of the four callers.
    const ticks = results.slice(0, 3) as number[];
    const direct = (results[3] as pg.QueryResult<{ drew: boolean }>).rows[0]!.drew ? 1 : 0;
    expect(ticks.reduce((sum, n) => sum + n, 0) + direct).toBe(due.length);
  });
});
