import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../utils/database.ts';
import {
  as,
  createAdmin,
  drawTime,
  insertSql,
  pastDate,
  sqlState,
  type TestUser,
} from './helpers.ts';

let db: TestDatabase;
let admin: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.pool);
});
afterAll(() => db.drop());

const insert = (date: string, hour: number, time: string, prize: string) =>
  as(db.pool, admin.ctx, insertSql, [date, hour, time, prize]);

describe('lottery_results constraints', () => {
  it('refuses a second result for the same draw with 23505', async () => {
    await insert(pastDate, 14, drawTime(14), '1414');
    const error = await insert(pastDate, 14, drawTime(14), '4141').catch(
      (e: { code: string; constraint: string }) => e,
    );
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'lottery_results_draw_date_draw_hour_key',
    });
  });

  it.each(['123', '12345', 'abcd', '12a4', ' 1234', '1234\n', ''])(
    'refuses the prize %j with 23514',
    async (prize) => {
      expect(await sqlState(insert(pastDate, 15, drawTime(15), prize))).toBe('23514');
    },
  );

  it.each([-1, 24, 100])('refuses the hour %d with 23514', async (hour) => {
    expect(await sqlState(insert(pastDate, hour, drawTime(hour), '0000'))).toBe('23514');
  });

  it.each(['5:30:00', '05:00:00', '06:30:00', '05:30', ''])(
    'refuses draw_time %j for hour 5 with 23514',
    async (time) => {
      expect(await sqlState(insert(pastDate, 5, time, '0000'))).toBe('23514');
    },
  );

  it('refuses an update that breaks a rule, with the same SQLSTATEs', async () => {
    const { rows } = await insert(pastDate, 16, drawTime(16), '1616');
    const id = (rows[0] as { id: string }).id;
    const update = (set: string) =>
      as(db.pool, admin.ctx, `update "public"."lottery_results" set ${set} where "id" = $1`, [id]);
    expect(await sqlState(update(`"first_prize" = '16'`))).toBe('23514');
    expect(await sqlState(update(`"draw_hour" = 17`))).toBe('23514');
    expect(await sqlState(update(`"draw_hour" = 14, "draw_time" = '14:30:00'`))).toBe('23505');
  });

  it('accepts the extremes: 0000 and 9999, hours 0 and 23', async () => {
    await insert(pastDate, 0, '00:30:00', '0000');
    await insert(pastDate, 23, '23:30:00', '9999');
  });
});
