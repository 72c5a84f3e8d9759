import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../utils/database.ts';
import { as, createAdmin, drawTime, pastDate, serviceRole, type TestUser } from './helpers.ts';

let db: TestDatabase;
let admin: TestUser;
let other: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.pool, 'first.admin@example.com');
  other = await createAdmin(db.pool, 'second.admin@example.com');
});
afterAll(() => db.drop());

interface Stamped {
  id: string;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
}

const forgedInsert = `insert into "public"."lottery_results"
  ("draw_date", "draw_hour", "draw_time", "first_prize", "created_by", "updated_by", "created_at", "updated_at")
  values ($1, $2, $3, '1234', 'ceo@example.com', 'ceo@example.com', '2000-01-01', '2000-01-01') returning *`;

describe('who and when stamps', () => {
  it('sets created_by from the JWT and created_at from the clock, whatever the client sends', async () => {
    const { rows } = await as<Stamped>(db.pool, admin.ctx, forgedInsert, [
      pastDate,
      1,
      drawTime(1),
    ]);
    const row = rows[0]!;
    expect(row.created_by).toBe('first.admin@example.com');
    expect(row.updated_by).toBeNull();
    expect(row.created_at.getFullYear()).toBeGreaterThan(2000);
    expect(row.updated_at).toEqual(row.created_at);
  });

  it('sets updated_by/updated_at on update and keeps created_by/created_at', async () => {
    const { rows } = await as<Stamped>(db.pool, admin.ctx, forgedInsert, [
      pastDate,
      2,
      drawTime(2),
    ]);
    const before = rows[0]!;
    const after = await as<Stamped>(
      db.pool,
      other.ctx,
      `update "public"."lottery_results"
          set "first_prize" = '4321', "created_by" = 'ceo@example.com', "created_at" = '2000-01-01',
              "updated_by" = 'ceo@example.com', "updated_at" = '2000-01-01'
        where "id" = $1 returning *`,
      [before.id],
    );
    const row = after.rows[0]!;
    expect(row.created_by).toBe('first.admin@example.com');
    expect(row.created_at).toEqual(before.created_at);
    expect(row.updated_by).toBe('second.admin@example.com');
    expect(row.updated_at.getTime()).toBeGreaterThanOrEqual(before.created_at.getTime());
  });

  it('lets trusted callers without a user (service role, owner) attribute a row explicitly', async () => {
    const { rows } = await as<Stamped>(db.pool, serviceRole, forgedInsert, [
      pastDate,
      3,
      drawTime(3),
    ]);
    expect(rows[0]!.created_by).toBe('ceo@example.com');
    expect(rows[0]!.created_at.getFullYear()).toBeGreaterThan(2000);
  });
});
