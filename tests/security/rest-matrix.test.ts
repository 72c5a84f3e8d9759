// Every cell of TABLE_MATRIX through /rest/v1 with supabase-js: each caller selects, inserts,
// updates and deletes on each public table, and the database (read as its owner) says whether
// the write really happened, not just what the API answered.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  deniedStatus,
  freeDraw,
  LOTTERY_TIMEZONE,
  ROLES,
  type SecurityStack,
  seedResult,
  startSecurityStack,
} from './harness.ts';
import { OPERATIONS, type Outcome, TABLE_MATRIX } from './matrix.ts';

let sec: SecurityStack;
beforeAll(async () => {
  sec = await startSecurityStack();
  await seedResult(sec.stack, freeDraw(true));
  await seedResult(sec.stack, freeDraw(false));
});
afterAll(() => sec?.stop());

const db = () => sec.stack.pool;
const ident = (table: string) => `public."${table}"`;
const freshUserId = async () => (await sec.stack.createUser()).userId;

interface Fixture {
  /** The primary key column, when it is not `id`. */
  key?: string;
  /** A row for an insert; a user tries to grant themselves, others grant someone else. */
  newRow(who: Caller): Promise<Record<string, unknown>>;
  /** The id of an existing row for update and delete, arranged by the owner. */
  target(): Promise<string | boolean>;
  patch(who: Caller): Promise<Record<string, unknown>>;
  /** What `published` and `own` mean, as owner-side SQL over the table's ids. */
  visible?: Partial<Record<Outcome, (who: Caller) => Promise<string[]>>>;
}

const ids = async (sql: string, params: unknown[] = []) =>
  (await db().query<{ id: unknown }>(sql, params)).rows.map((r) => String(r.id)).sort();

const FIXTURES: Record<string, Fixture> = {
  lottery_results: {
    newRow: async () => freeDraw(true),
    target: () => seedResult(sec.stack, freeDraw(true)),
    patch: async () => ({ first_prize: '0000' }),
    visible: {
      published: () =>
        ids(
          `select id from public.lottery_results where private.is_published(draw_date, draw_hour)`,
        ),
    },
  },
  lottery_settings: {
    newRow: async () => ({ timezone: 'UTC' }),
    target: async () => true,
    // The same zone: the trigger still stamps updated_at, so a write shows, and nothing moves.
    patch: async () => ({ timezone: LOTTERY_TIMEZONE }),
  },
  user_roles: {
    newRow: async (who) => ({ user_id: who.userId ?? (await freshUserId()), role: 'admin' }),
    target: async () => {
      const { rows } = await db().query<{ id: string }>(
        `insert into public.user_roles (user_id, role) values ($1, 'admin') returning id`,
        [await freshUserId()],
      );
      return rows[0]!.id;
    },
    // Moving someone's admin grant onto oneself.
    patch: async (who) => ({
      user_id: who.role === 'user' && who.userId ? who.userId : await freshUserId(),
    }),
    visible: {
      own: (who) => ids(`select id from public.user_roles where user_id = $1`, [who.userId]),
    },
  },
  // Totals kept by a trigger: nobody writes them through the API, not even the service role.
  draw_stats_monthly: {
    key: 'month',
    newRow: async () => ({
      month: '2001-06-01',
      draws: 0,
      digits: Array(40).fill(0),
      endings: Array(100).fill(0),
      ending_last: Array(100).fill(null),
    }),
    target: async () =>
      (await ids(`select month::text as id from public.draw_stats_monthly limit 1`))[0]!,
    patch: async () => ({ draws: 9999 }),
    visible: {
      published: () =>
        ids(
          `select to_char(month, 'YYYY-MM-DD') as id from public.draw_stats_monthly
            where (month + interval '1 month' - interval '30 minutes') at time zone private.lottery_timezone() <= now()`,
        ),
    },
  },
  result_audit_log: {
    newRow: async () => ({ action: 'DELETE', result_id: randomUUID(), actor_email: 'x@y.z' }),
    target: async () => (await ids(`select id from public.result_audit_log limit 1`))[0]!,
    patch: async () => ({ actor_email: 'forged@example.com' }),
  },
};

const keyOf = (table: string) => FIXTURES[table]!.key ?? 'id';

async function snapshot(table: string, id: string | boolean): Promise<unknown> {
  const { rows } = await db().query<{ row: unknown }>(
    `select to_jsonb(t) as row from ${ident(table)} t where t."${keyOf(table)}" = $1`,
    [id],
  );
  return rows[0]?.row ?? null;
}

const count = async (table: string) =>
  Number((await db().query(`select count(*) from ${ident(table)}`)).rows[0].count);

const cells = Object.entries(TABLE_MATRIX).flatMap(([table, ops]) =>
  OPERATIONS.flatMap((op) => ROLES.map((role) => [table, op, role, ops[op][role]] as const)),
);

describe('access matrix: every role × table × operation on /rest/v1', () => {
  it.each(cells)('%s %s as %s: %s', async (table, op, role, outcome) => {
    const who = sec.callers[role];
    const fixture = FIXTURES[table]!;
    const from = () => who.client.from(table);

    if (op === 'select') {
      const key = keyOf(table);
      const all = await ids(`select "${key}"::text as id from ${ident(table)}`);
      expect(all.length).toBeGreaterThan(0);
      const { data, error, status } = await from().select('*');
      if (outcome === 'denied') {
        expect({ status, code: error?.code }).toEqual({
          status: deniedStatus(role),
          code: '42501',
        });
        return;
      }
      expect(error).toBeNull();
      const seen = (data as Array<Record<string, unknown>>).map((r) => String(r[key])).sort();
      const expected =
        outcome === 'all' ? all : outcome === 'none' ? [] : await fixture.visible![outcome]!(who);
      expect(seen).toEqual(expected);
      if (outcome === 'published') expect(seen.length).toBeLessThan(all.length);
      return;
    }

    if (op === 'insert') {
      const before = await count(table);
      const { error, status } = await from()
        .insert(await fixture.newRow(who))
        .select();
      const expected = { done: 201, conflict: 409, denied: deniedStatus(role) }[
        outcome as 'done' | 'conflict' | 'denied'
      ];
      expect(status).toBe(expected);
      if (outcome === 'denied') expect(error?.code).toBe('42501');
      expect(await count(table)).toBe(before + (outcome === 'done' ? 1 : 0));
      return;
    }

    const id = await fixture.target();
    const before = await snapshot(table, id);
    expect(before).not.toBeNull();
    const { data, error, status } =
      op === 'update'
        ? await from()
            .update(await fixture.patch(who))
            .eq(keyOf(table), id)
            .select()
        : await from().delete().eq(keyOf(table), id).select();
    const after = await snapshot(table, id);
    if (outcome === 'denied') {
      expect({ status, code: error?.code }).toEqual({ status: deniedStatus(role), code: '42501' });
      expect(after).toEqual(before);
    } else if (outcome === 'none') {
      expect({ status, data }).toEqual({ status: 200, data: [] });
      expect(after).toEqual(before);
    } else {
      expect(status).toBe(200);
      expect(data).toHaveLength(1);
      if (op === 'delete') expect(after).toBeNull();
      else expect(after).not.toEqual(before);
    }
    if (table === 'lottery_settings' && after === null) {
      // The service role may delete the singleton; put the lottery's clock back.
      await db().query(`insert into public.lottery_settings (timezone) values ($1)`, [
        LOTTERY_TIMEZONE,
      ]);
    }
  });
});
