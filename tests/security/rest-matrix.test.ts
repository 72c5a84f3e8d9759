// Every cell of TABLE_MATRIX through /rest/v1 with supabase-js: each caller selects, inserts,
// updates and deletes on each public table, and the database (read as its owner) says whether
// the write really happened, not just what the API answered.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
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
import { QUICKNET } from '../../src/shared/beacon/chains.ts';
import { OPERATIONS, type Outcome, TABLE_MATRIX } from './matrix.ts';

const QUICKNET_HASH = QUICKNET.hash;
const ROUND_1 = (
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/drand/quicknet-rounds.json'),
      'utf8',
    ),
  ) as { rounds: Array<{ round: number; signature: string; randomness: string }> }
).rounds.find((r) => r.round === 1)!;

let sec: SecurityStack;
beforeAll(async () => {
  sec = await startSecurityStack();
  await seedResult(sec.stack, freeDraw(true));
  await seedResult(sec.stack, freeDraw(false));
  // A drawn day and a day to come, committed by the system (the day to come locked to quicknet,
  // ADR 023), and one refused change of a commitment.
  await db().query(
    `update public.lottery_settings set beacon_since = now(), beacon_chain_hash = $1`,
    [QUICKNET_HASH],
  );
  for (const day of ['2000-01-01', '2099-01-01'])
    await db().query(`select private.commit_draw_days($1, $1)`, [day]);
  await db().query(
    `update public.lottery_settings set beacon_since = null, beacon_chain_hash = null`,
  );
  // A round as draw-beacon stores it (drand's quicknet round 1, its real signature).
  await db().query(
    `insert into public.beacon_rounds (chain_hash, round, signature, randomness) values ($1, 1, $2, $3)`,
    [QUICKNET_HASH, ROUND_1.signature, ROUND_1.randomness],
  );
  await db().query(
    `update public.draw_commitments set commitment = repeat('0', 64) where draw_date = '2000-01-01' and draw_hour = 0`,
  );
  // A published result withdrawn (its trace by the trigger), and a trace of a draw that is ahead
  // again (as after a change of the lottery's zone), written as the owner.
  const withdrawn = await seedResult(sec.stack, freeDraw(true));
  await db().query(`delete from public.lottery_results where id = $1`, [withdrawn]);
  await db().query(
    `insert into public.withdrawn_results (draw_date, draw_hour, first_prize, source)
     values ('2099-06-01', 3, '5153', 'operator')`,
  );
  // A change of the settings, for their trail (migration 20250601001200).
  await db().query(`update public.lottery_settings set timezone = timezone`);
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

/** Tables keyed by draw rather than by id; their "id" here is `date/hour`. */
const DRAW_KEYED = new Set(['draw_commitments', 'draw_seeds', 'draw_locks']);
const keyColumn = (table: string) => FIXTURES[table]?.key ?? 'id';
const keyOf = (table: string) =>
  DRAW_KEYED.has(table) ? `(draw_date::text || '/' || draw_hour)` : `"${keyColumn(table)}"::text`;
const rowKey = (table: string, row: Record<string, unknown>) =>
  DRAW_KEYED.has(table)
    ? `${String(row.draw_date)}/${String(row.draw_hour)}`
    : String(row[keyColumn(table)]);
/** A draw the system committed, for update and delete. */
const committedDraw = async () =>
  (await ids(`select ${keyOf('draw_seeds')} as id from public.draw_seeds limit 1`))[0]!;
const DRAW_ROW = { draw_date: '2031-01-01', draw_hour: 1 };

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
  draw_commitments: {
    newRow: async () => ({ ...DRAW_ROW, commitment: 'a'.repeat(64) }),
    target: committedDraw,
    patch: async () => ({ commitment: 'b'.repeat(64) }),
  },
  draw_seeds: {
    newRow: async () => ({ ...DRAW_ROW, seed: 'a'.repeat(64) }),
    target: committedDraw,
    patch: async () => ({ seed: 'b'.repeat(64) }),
    visible: {
      published: () =>
        ids(
          `select ${keyOf('draw_seeds')} as id from public.draw_seeds where private.is_published(draw_date, draw_hour)`,
        ),
    },
  },
  withdrawn_results: {
    newRow: async () => ({ ...DRAW_ROW, first_prize: '1234', source: 'operator' }),
    // The owner deletes a published result: the trigger leaves its trace.
    target: async () => {
      const id = await seedResult(sec.stack, freeDraw(true));
      await db().query(`delete from public.lottery_results where id = $1`, [id]);
      return (await ids(`select id from public.withdrawn_results order by id desc limit 1`))[0]!;
    },
    patch: async () => ({ first_prize: '0000' }),
    visible: {
      published: () =>
        ids(
          `select id from public.withdrawn_results where private.is_published(draw_date, draw_hour)`,
        ),
    },
  },
  beacon_chains: {
    key: 'chain_hash',
    newRow: async () => ({
      chain_hash: 'a'.repeat(64),
      scheme: 'bls-unchained-g1-rfc9380',
      public_key: 'b'.repeat(192),
      genesis_time: 1,
      period: 3,
      beacon_id: 'forged',
      independent: false,
    }),
    target: async () => QUICKNET_HASH,
    patch: async () => ({ public_key: 'b'.repeat(192) }),
  },
  draw_locks: {
    newRow: async () => ({ ...DRAW_ROW, chain_hash: QUICKNET_HASH, round: 5 }),
    target: async () =>
      (await ids(`select ${keyOf('draw_locks')} as id from public.draw_locks limit 1`))[0]!,
    patch: async () => ({ ciphertext: '-----BEGIN AGE ENCRYPTED FILE-----' }),
  },
  beacon_rounds: {
    key: 'round',
    newRow: async () => ({
      chain_hash: QUICKNET_HASH,
      round: 2,
      signature: ROUND_1.signature,
      randomness: ROUND_1.randomness,
    }),
    target: async () => '1',
    patch: async () => ({ signature: 'a'.repeat(96) }),
  },
  draw_commitment_audit: {
    newRow: async () => ({ action: 'DELETE', draw_date: '2031-01-01', draw_hour: 1, old_row: {} }),
    target: async () => (await ids(`select id from public.draw_commitment_audit limit 1`))[0]!,
    patch: async () => ({ actor_email: 'forged@example.com' }),
  },
  settings_audit_log: {
    newRow: async () => ({ action: 'UPDATE', old_row: {}, actor_email: 'x@y.z' }),
    target: async () => (await ids(`select id from public.settings_audit_log limit 1`))[0]!,
    patch: async () => ({ actor_email: 'forged@example.com' }),
  },
  audit_trail: {
    newRow: async () => ({ action: 'DELETE', subject: 'result', actor_email: 'x@y.z' }),
    target: async () => (await ids(`select id from public.audit_trail limit 1`))[0]!,
    patch: async () => ({ actor_email: 'forged@example.com' }),
  },
};

async function snapshot(table: string, id: string | boolean): Promise<unknown> {
  const { rows } = await db().query<{ row: unknown }>(
    `select to_jsonb(t) as row from ${ident(table)} t where ${keyOf(table)} = $1::text`,
    [id],
  );
  return rows[0]?.row ?? null;
}

const count = async (table: string) =>
  Number((await db().query(`select count(*) from ${ident(table)}`)).rows[0].count);

/** What an admin without the second factor gets for any change (migration 20250601001400). */
const MFA_REFUSAL = { code: '42501', message: 'Two-factor authentication required' };

const cells = Object.entries(TABLE_MATRIX).flatMap(([table, ops]) =>
  OPERATIONS.flatMap((op) => ROLES.map((role) => [table, op, role, ops[op][role]] as const)),
);

describe('access matrix: every role × table × operation on /rest/v1', () => {
  it.each(cells)('%s %s as %s: %s', async (table, op, role, outcome) => {
    const who = sec.callers[role];
    const fixture = FIXTURES[table]!;
    const from = () => who.client.from(table);

    if (op === 'select') {
      const all = await ids(`select ${keyOf(table)} as id from ${ident(table)}`);
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
      const seen = (data as Array<Record<string, unknown>>).map((r) => rowKey(table, r)).sort();
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
      const expected = { done: 201, conflict: 409, denied: deniedStatus(role), mfa: 403 }[
        outcome as 'done' | 'conflict' | 'denied' | 'mfa'
      ];
      expect(status).toBe(expected);
      if (outcome === 'denied') expect(error?.code).toBe('42501');
      if (outcome === 'mfa') expect(error).toMatchObject(MFA_REFUSAL);
      expect(await count(table)).toBe(before + (outcome === 'done' ? 1 : 0));
      return;
    }

    const id = await fixture.target();
    const before = await snapshot(table, id);
    expect(before).not.toBeNull();
    const [date, hour] = String(id).split('/');
    // The same target by its key: `id`, or the draw's date and hour.
    const byKey = <Q extends { eq(column: string, value: unknown): Q }>(query: Q): Q =>
      DRAW_KEYED.has(table)
        ? query.eq('draw_date', date).eq('draw_hour', hour)
        : query.eq(keyColumn(table), id);
    const { data, error, status } =
      op === 'update'
        ? await byKey(from().update(await fixture.patch(who))).select()
        : await byKey(from().delete()).select();
    const after = await snapshot(table, id);
    if (outcome === 'denied') {
      expect({ status, code: error?.code }).toEqual({ status: deniedStatus(role), code: '42501' });
      expect(after).toEqual(before);
    } else if (outcome === 'mfa') {
      // Refused out loud although the admin can see the target: not a silent "no rows".
      expect(status).toBe(403);
      expect(error).toMatchObject(MFA_REFUSAL);
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
