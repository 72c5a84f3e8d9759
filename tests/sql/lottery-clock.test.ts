import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../utils/database.ts';
import { anon, as, createUsersDatabase, serviceRole, sqlState, type TestUser } from './helpers.ts';

let db: TestDatabase;
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ db, user, admin } = await createUsersDatabase());
});
afterAll(() => db.drop());

const setZone = (zone: string) =>
  as(db.pool, serviceRole, `update "public"."lottery_settings" set "timezone" = $1`, [zone]);

describe('lottery_settings', () => {
  it('is readable by everyone', async () => {
    for (const ctx of [anon, user.ctx, admin.ctx]) {
      const { rows } = await as(db.pool, ctx, `select "timezone" from "public"."lottery_settings"`);
      expect(rows).toEqual([{ timezone: 'UTC' }]);
    }
  });

  it('is written by the service role only', async () => {
    for (const ctx of [anon, user.ctx, admin.ctx]) {
      expect(
        await sqlState(
          as(db.pool, ctx, `update "public"."lottery_settings" set "timezone" = 'Asia/Tokyo'`),
        ),
      ).toBe('42501');
    }
    expect((await setZone('Asia/Tokyo')).rowCount).toBe(1);
    await setZone('UTC');
  });

  it('holds one row and only real IANA zones', async () => {
    expect(await sqlState(setZone('Mars/Olympus_Mons'))).toBe('23514');
    expect(await sqlState(setZone(''))).toBe('23514');
    const second = `insert into "public"."lottery_settings" ("id", "timezone") values (false, 'UTC')`;
    expect(await sqlState(as(db.pool, serviceRole, second))).toBe('23514');
  });
});

describe('publication at draw time, in the lottery timezone', () => {
  // The draw at the current UTC date and hour is 14 h in the past in Kiritimati (UTC+14) and
  // 11 h in the future in Pago Pago (UTC-11), whenever the test runs.
  let draw: { date: string; hour: number; id: string };

  beforeAll(async () => {
    const { rows } = await db.pool.query<{ date: string; hour: number }>(
      `select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as "date", extract(hour from now() at time zone 'UTC')::int as "hour"`,
    );
    const { date, hour } = rows[0]!;
    const inserted = await db.pool.query<{ id: string }>(
      `insert into "public"."lottery_results" ("draw_date", "draw_hour", "draw_time", "first_prize")
       values ($1, $2, to_char($2::int, 'FM00') || ':30:00', '2468') returning "id"`,
      [date, hour],
    );
    draw = { date, hour, id: inserted.rows[0]!.id };
  });

  const visibleTo = async (ctx: typeof anon) =>
    (await as(db.pool, ctx, `select 1 from "public"."lottery_results" where "id" = $1`, [draw.id]))
      .rowCount === 1;
  const isPublished = async () =>
    (
      await db.pool.query<{ ok: boolean }>(`select "private"."is_published"($1, $2) as "ok"`, [
        draw.date,
        draw.hour,
      ])
    ).rows[0]?.ok;

  it('publishes the draw where its local time has passed (Pacific/Kiritimati)', async () => {
    await setZone('Pacific/Kiritimati');
    expect([await visibleTo(anon), await visibleTo(user.ctx), await isPublished()]).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('keeps it hidden where its local time is still ahead (Pacific/Pago_Pago), except from admins', async () => {
    await setZone('Pacific/Pago_Pago');
    expect([await visibleTo(anon), await visibleTo(user.ctx), await isPublished()]).toEqual([
      false,
      false,
      false,
    ]);
    expect(await visibleTo(admin.ctx)).toBe(true);
  });

  it('agrees with private.is_published() in the policy for every hour around now', async () => {
    for (const zone of [
      'UTC',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'America/New_York',
      'Asia/Kolkata',
    ]) {
      await setZone(zone);
      const { rows } = await db.pool.query<{ mismatches: number }>(
        `select count(*)::int as "mismatches"
           from generate_series(now() - interval '2 days', now() + interval '2 days', interval '1 hour') t,
                lateral (select (t at time zone $1)::date as "d", extract(hour from t at time zone $1)::int as "h") l
          where "private"."is_published"(l."d", l."h")
                is distinct from ((l."d" + make_interval(hours => l."h", mins => 30)) at time zone $1 <= now())`,
        [zone],
      );
      expect(rows[0]?.mismatches).toBe(0);
    }
  });
});
