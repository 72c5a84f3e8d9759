// Issue 7.1: who may select, insert, update and delete what, for every table and view in public,
// through supabase-js as each API caller. The tables come from pg_catalog, so a new table or view
// without a row in MATRIX fails the suite instead of slipping past unreviewed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../utils/stack.ts';
import { callers, type Callers, insertResult, type Role, ROLES } from './security-harness.ts';

/**
 * rows: the call succeeds on the target row. none: it succeeds but RLS hides the row (no
 * error, nothing read or changed). denied: 42501, 401 for anon and 403 for everyone else.
 */
type Outcome = 'rows' | 'none' | 'denied';
type Op = 'select' | 'insert' | 'update' | 'delete';
const OPS: Op[] = ['select', 'update', 'delete', 'insert'];

// prettier-ignore
const MATRIX: Record<string, Record<Op, [anon: Outcome, user: Outcome, admin: Outcome, service: Outcome]>> = {
  //                 anon      user      admin     service
  lottery_results: {
    select:        ['rows',   'rows',   'rows',   'rows'],   // a published result
    insert:        ['denied', 'denied', 'rows',   'rows'],
    update:        ['denied', 'none',   'rows',   'rows'],
    delete:        ['denied', 'none',   'rows',   'rows'],
  },
  lottery_settings: {
    select:        ['rows',   'rows',   'rows',   'rows'],
    insert:        ['denied', 'denied', 'denied', 'rows'],   // the singleton, after service deletes it
    update:        ['denied', 'denied', 'denied', 'rows'],
    delete:        ['denied', 'denied', 'denied', 'rows'],
  },
  result_audit_log: {
    select:        ['denied', 'none',   'rows',   'rows'],
    insert:        ['denied', 'denied', 'denied', 'denied'], // only the audit trigger writes it
    update:        ['denied', 'denied', 'denied', 'denied'],
    delete:        ['denied', 'denied', 'denied', 'denied'],
  },
  user_roles: {
    select:        ['denied', 'none',   'rows',   'rows'],   // another account's grant
    insert:        ['denied', 'denied', 'denied', 'rows'],
    update:        ['denied', 'denied', 'denied', 'rows'],
    delete:        ['denied', 'denied', 'denied', 'rows'],
  },
};

interface Fixture {
  /** A fresh row for one cell, as the filter that selects it. */
  target(): Promise<[column: string, value: unknown]>;
  insert(): Promise<Record<string, unknown>>;
  patch: Record<string, unknown>;
}

let stack: TestStack;
let who: Callers;
let day = 0;
/** A past, hence published, draw no other cell uses. */
const nextDraw = () =>
  new Date(Date.UTC(2001, 0, 1) + day++ * 86_400_000).toISOString().slice(0, 10);
const account = async () =>
  (
    await stack.pool.query<{ id: string }>(
      `insert into auth.users (id, email) values ($1, $2) returning id`,
      [randomUUID(), `victim-${randomUUID()}@example.com`],
    )
  ).rows[0]!.id;

const FIXTURES: Record<string, Fixture> = {
  lottery_results: {
    target: async () => ['id', await insertResult(stack, nextDraw(), 7)],
    insert: async () => ({
      draw_date: nextDraw(),
      draw_hour: 3,
      draw_time: '03:30:00',
      first_prize: '0042',
    }),
    patch: { first_prize: '9999' },
  },
  lottery_settings: {
    target: async () => ['id', true],
    insert: async () => ({ id: true, timezone: 'UTC' }),
    patch: { timezone: 'UTC' },
  },
  result_audit_log: {
    target: async () => {
      const id = await insertResult(stack, nextDraw(), 9);
      const { rows } = await stack.pool.query<{ id: string }>(
        `select id from public.result_audit_log where result_id = $1`,
        [id],
      );
      return ['id', rows[0]!.id];
    },
    insert: async () => ({
      action: 'INSERT',
      result_id: randomUUID(),
      actor_email: 'forged@example.com',
    }),
    patch: { actor_email: 'forged@example.com' },
  },
  user_roles: {
    target: async () => {
      const { rows } = await stack.pool.query<{ id: string }>(
        `insert into public.user_roles (user_id, role) values ($1, 'admin') returning id`,
        [await account()],
      );
      return ['id', rows[0]!.id];
    },
    insert: async () => ({ user_id: await account(), role: 'admin' }),
    patch: { created_at: '2000-01-01T00:00:00Z' },
  },
};

beforeAll(async () => {
  stack = await startTestStack();
  who = await callers(stack);
});
afterAll(() => stack?.stop());

describe('every table and view in public is in the matrix', () => {
  it('pg_catalog lists exactly the relations the matrix covers', async () => {
    const { rows } = await stack.pool.query<{ name: string }>(
      `select c.relname as name from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = any ($1) order by 1`,
      [['r', 'v', 'm', 'p', 'f']],
    );
    expect(rows.map((r) => r.name)).toEqual(Object.keys(MATRIX).sort());
    expect(Object.keys(FIXTURES).sort()).toEqual(Object.keys(MATRIX).sort());
  });
});

const cells = Object.entries(MATRIX).flatMap(([table, ops]) =>
  ROLES.flatMap((role, index) => OPS.map((op) => ({ table, role, op, expected: ops[op][index]! }))),
);

describe('the access matrix', () => {
  it.each(cells)('$role $op on $table: $expected', async ({ table, role, op, expected }) => {
    const fixture = FIXTURES[table]!;
    const from = who.clients[role as Role].from(table);
    let result: { data: unknown; error: { code?: string } | null; status: number };
    let column = '';
    let value: unknown;
    if (op === 'insert') {
      result = await from.insert(await fixture.insert()).select();
    } else {
      [column, value] = await fixture.target();
      if (op === 'select') result = await from.select('*').eq(column, value);
      else if (op === 'update')
        result = await from.update(fixture.patch).eq(column, value).select();
      else result = await from.delete().eq(column, value).select();
    }

    if (expected === 'denied') {
      expect(result.error?.code).toBe('42501');
      expect(result.status).toBe(role === 'anon' ? 401 : 403);
    } else {
      expect(result.error).toBeNull();
      expect((result.data as unknown[]).length).toBe(expected === 'rows' ? 1 : 0);
    }
    // What did not succeed changed nothing: the target is still there, as it was.
    if (op !== 'insert' && op !== 'select') {
      const left = await stack.pool.query(`select * from public.${table} where ${column} = $1`, [
        value,
      ]);
      const changed = expected === 'rows';
      expect(left.rowCount).toBe(op === 'delete' && changed ? 0 : 1);
    }
  });
});
