import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBinding } from '../../server/src/lib/phoenix/bindings.ts';
import { installChangeCapture } from '../../server/src/db/capture.ts';
import { Dispatcher, type Subscriber } from '../../server/src/realtime/dispatcher.ts';
import { compileBinding } from '../../server/src/realtime/subscribe.ts';
import { identityOf } from '../../server/src/realtime/visibility.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';
import { insertResult } from '../utils/realtime-harness.ts';
import { waitFor } from '../utils/wait-for.ts';

// Change capture without logical replication (triggers + NOTIFY), and the fan-out's cost model.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});
const pool = () => stack.pool;

async function subscribeNotes(): Promise<{ changes: Array<Record<string, unknown>> }> {
  const client = stack.client();
  const received = { changes: [] as Array<Record<string, unknown>> };
  const channel = client
    .channel('notes')
    .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes' }, (p) =>
      received.changes.push(p),
    );
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) =>
      status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' && reject(error),
    ),
  );
  return received;
}

describe('change capture', () => {
  it('captures a table published while the stack runs, oversized rows included', async () => {
    await pool().query(`
      create table "public"."rt_notes" ("id" int primary key, "body" text not null);
      grant select on "public"."rt_notes" to "anon";
      alter publication "supabase_realtime" add table "public"."rt_notes";`);
    const notes = await subscribeNotes();
    // Far past NOTIFY's 8000-byte payload limit: it travels through the queue table.
    const body = 'x'.repeat(50_000);
    await pool().query(`insert into "public"."rt_notes" values (1, $1)`, [body]);
    await pool().query(`delete from "public"."rt_notes" where "id" = 1`);
    await waitFor(() => notes.changes.length === 2);
    expect(notes.changes[0]).toMatchObject({ eventType: 'INSERT', new: { id: 1, body } });
    // Default replica identity: logical decoding would carry only the key of the old row.
    expect(notes.changes[1]).toMatchObject({ eventType: 'DELETE', old: { id: 1 } });
    expect(Object.keys(notes.changes[1]!.old as object)).toEqual(['id']);
  });

  it('is idempotent and follows tables leaving the publication', async () => {
    await installChangeCapture(pool());
    await installChangeCapture(pool());
    const triggers = `select count(*)::int as "n" from pg_trigger where "tgname" = '_realtime_local_capture'`;
    // lottery_results, draw_commitments, the three beacon tables and the test's rt_notes.
    expect((await pool().query<{ n: number }>(triggers)).rows[0]!.n).toBe(6);
    await pool().query(`alter publication "supabase_realtime" drop table "public"."rt_notes"`);
    expect((await pool().query<{ n: number }>(triggers)).rows[0]!.n).toBe(5);
  });
});

describe('fan-out', () => {
  it('checks row-level security once per distinct identity, not once per socket', async () => {
    const dispatcher = new Dispatcher(pool());
    const parsed = parseBinding({ event: 'INSERT', schema: 'public', table: 'lottery_results' });
    if (!parsed.ok) throw new Error(parsed.error);
    const delivered: string[] = [];
    const subscriber = (claims: Record<string, unknown>, name: string): Subscriber => ({
      topic: 'realtime:fanout',
      identity: identityOf(claims),
      bindings: [],
      deliver: () => void delivered.push(name),
      rejoin: () => {},
    });
    const anon = { role: 'anon', iss: 'lotto24' };
    const users = [randomUUID(), randomUUID()].map((sub) => ({ role: 'authenticated', sub }));
    const subscribers = [
      ...Array.from({ length: 500 }, () => subscriber(anon, 'anon')),
      ...users.map((claims) => subscriber(claims, claims.sub)),
    ];
    for (const s of subscribers) {
      (s as { bindings: unknown }).bindings = [
        await compileBinding(pool(), 1, parsed.value, s.identity.role),
      ];
      dispatcher.add(s);
    }
    const row = await insertResult(pool());
    let checkouts = 0;
    const count = () => checkouts++;
    pool().on('acquire', count);
    dispatcher.push({
      schema: 'public',
      table: 'lottery_results',
      type: 'INSERT',
      record: row,
      oldRecord: null,
      commitTimestamp: new Date().toISOString(),
    });
    await dispatcher.idle();
    pool().off('acquire', count);
    expect(delivered).toHaveLength(502);
    // One catalog query for the table, then one RLS check per identity (anon + two users).
    expect(checkouts).toBe(1 + 3);
  });
});
