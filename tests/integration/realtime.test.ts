import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type SignedIn, type TestStack } from '../utils/stack.ts';
import { insertResult, listen, newRows, type Result } from '../utils/realtime-harness.ts';
import { waitFor } from '../utils/wait-for.ts';

// realtime as the unmodified supabase-js sees it, against supabase/realtime's behaviour
// (lib/realtime_web/channels/realtime_channel.ex, priv/repo/.../apply_rls.sql).
let stack: TestStack;
let admin: SignedIn;

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.createAdmin();
});
afterAll(async () => {
  await stack?.stop();
});

const pool = () => stack.pool;

describe('postgres_changes', () => {
  it('delivers INSERT, UPDATE and DELETE to anon with the payload realtime-js builds', async () => {
    const client = stack.client();
    const today = await listen(client, 'today');
    expect(today.system).toEqual([
      {
        extension: 'postgres_changes',
        status: 'ok',
        message: 'Subscribed to PostgreSQL',
        channel: 'today',
      },
    ]);

    const row = await insertResult(pool());
    const inserted = await waitFor(() => today.changes[0]);
    expect(inserted).toMatchObject({
      schema: 'public',
      table: 'lottery_results',
      eventType: 'INSERT',
      errors: null,
      old: {},
    });
    expect(inserted.new).toMatchObject(row);
    expect(inserted.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await pool().query(
      `update "public"."lottery_results" set "first_prize" = '0043' where "id" = $1`,
      [row.id],
    );
    const updated = await waitFor(() => today.changes[1]);
    // Replica identity default: the old row of an UPDATE is its primary key alone, so an edit
    // that publishes a draw cannot show its unpublished values.
    expect(updated).toMatchObject({
      eventType: 'UPDATE',
      new: { id: row.id, first_prize: '0043' },
      old: { id: row.id },
    });
    expect(Object.keys(updated.old)).toEqual(['id']);

    await pool().query(`delete from "public"."lottery_results" where "id" = $1`, [row.id]);
    const deleted = await waitFor(() => today.changes[2]);
    // With RLS on, realtime sends only the primary key of a deleted row (apply_rls.sql).
    expect(deleted).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: row.id } });
    expect(Object.keys(deleted.old)).toEqual(['id']);
    await client.removeAllChannels();
  });

  it('keeps unpublished results from anon while admins receive them', async () => {
    const anon = stack.client();
    const visitor = await listen(anon, 'publication');
    const operator = await listen(admin.client, 'publication');

    const scheduled = await insertResult(pool(), false);
    await pool().query(
      `update "public"."lottery_results" set "first_prize" = '9999' where "id" = $1`,
      [scheduled.id],
    );
    const drawn = await insertResult(pool(), true);

    // Changes arrive in commit order: once anon has the drawn result, the scheduled one was skipped.
    await waitFor(() => newRows(visitor).includes(drawn.id));
    await waitFor(() => operator.changes.length >= 3);
    expect(newRows(visitor)).toEqual([drawn.id]);
    expect(operator.changes.map((c) => [c.eventType, (c.new as Result).id])).toEqual([
      ['INSERT', scheduled.id],
      ['UPDATE', scheduled.id],
      ['INSERT', drawn.id],
    ]);

    // As on Supabase, a DELETE is not checked against RLS (the row is gone): everyone subscribed
    // hears of it, with the primary key alone, so nothing of the unpublished result leaks.
    await pool().query(`delete from "public"."lottery_results" where "id" = $1`, [scheduled.id]);
    const deleted = await waitFor(() => visitor.changes.find((c) => c.eventType === 'DELETE'));
    expect(deleted.old).toEqual({ id: scheduled.id });
    await anon.removeAllChannels();
    await admin.client.removeAllChannels();
  });

  it('reports a result an admin adds through the API to anonymous visitors', async () => {
    const anon = stack.client();
    const visitor = await listen(anon, 'via-api', { event: 'INSERT' });
    const { data, error } = await admin.client
      .from('lottery_results')
      .insert({ draw_date: '2024-03-01', draw_hour: 7, draw_time: '07:30:00', first_prize: '0777' })
      .select()
      .single();
    expect(error).toBeNull();
    const change = await waitFor(() => visitor.changes[0]);
    expect(change.new).toEqual(data);
    expect(change.new).toMatchObject({ created_by: admin.email });
    await anon.removeAllChannels();
  });

  it('applies eq, neq, lt, lte, gt, gte and in filters', async () => {
    const client = stack.client();
    const filters = {
      eq: 'draw_hour=eq.1',
      neq: 'draw_hour=neq.1',
      lt: 'draw_hour=lt.2',
      lte: 'draw_hour=lte.2',
      gt: 'draw_hour=gt.1',
      gte: 'draw_hour=gte.2',
      in: 'draw_hour=in.(1,3)',
      date: 'draw_date=eq.2024-06-01',
      and: 'draw_hour=gt.1,first_prize=eq.0003',
    };
    const channels = Object.fromEntries(
      await Promise.all(
        Object.entries(filters).map(
          async ([name, filter]) =>
            [name, await listen(client, `filter-${name}`, { event: 'INSERT', filter })] as const,
        ),
      ),
    );
    const [a, b, c] = [
      await insertResult(pool(), true, '0001', { draw_date: '2024-06-01', draw_hour: 1 }),
      await insertResult(pool(), true, '0002', { draw_date: '2024-06-01', draw_hour: 2 }),
      await insertResult(pool(), true, '0003', { draw_date: '2024-06-01', draw_hour: 3 }),
    ];
    // Every change reaches `neq`, `gt`, `date` in order: when c is there, all were dispatched.
    await waitFor(() => newRows(channels.date!).includes(c.id));
    const received = Object.fromEntries(
      Object.entries(channels).map(([name, l]) => [name, newRows(l)]),
    );
    expect(received).toEqual({
      eq: [a.id],
      neq: [b.id, c.id],
      lt: [a.id],
      lte: [a.id, b.id],
      gt: [b.id, c.id],
      gte: [b.id, c.id],
      in: [a.id, c.id],
      date: [a.id, b.id, c.id],
      and: [c.id],
    });
    await client.removeAllChannels();
  });

  it('follows setAuth: a new token changes what the channel may see, a bad one closes it', async () => {
    const client = stack.client();
    const listening = await listen(client, 'token');
    // realtime-js refreshes the token itself after joining; let that settle before overriding it.
    const realtime = client.realtime as unknown as { _authPromise: Promise<void> | null };
    await waitFor(() => realtime._authPromise === null);
    await client.realtime.setAuth(admin.accessToken);
    await waitFor(() => listening.system.length === 2);
    const scheduled = await insertResult(pool(), false);
    await waitFor(() => newRows(listening).includes(scheduled.id));

    await client.realtime.setAuth('not-a-jwt');
    const shutdown = await waitFor(() => listening.system[2]);
    expect(shutdown).toEqual({
      extension: 'system',
      status: 'error',
      message: 'The token provided is not a valid JWT',
      channel: 'token',
    });
    await waitFor(() => listening.statuses.includes('CLOSED'));
    await client.removeAllChannels();
  });

  it('rejoins after the socket drops and delivers again', async () => {
    const client = stack.client();
    const listening = await listen(client, 'reconnect');
    const socket = (
      client.realtime as unknown as { socketAdapter: { getSocket(): { conn: WebSocket } } }
    ).socketAdapter.getSocket();
    socket.conn.terminate();
    // realtime-js reconnects after 1 s and rejoins its channels (a second system message).
    await waitFor(() => listening.system.length >= 2, 10_000);
    const row = await insertResult(pool());
    await waitFor(() => newRows(listening).includes(row.id));
    await client.removeAllChannels();
  });

  it('has its channels join again after the database drops its listening connection', async () => {
    const client = stack.client();
    const listening = await listen(client, 'relisten');
    const listeners = `select "pid" from pg_stat_activity where "application_name" = 'lotto24 realtime listener' and "datname" = current_database()`;
    const { rows } = await pool().query<{ pid: number }>(listeners);
    expect(rows).toHaveLength(1);
    await pool().query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    // Committed while nobody listens: NOTIFY keeps nothing, so this change cannot be sent.
    await insertResult(pool());
    // Once the stack listens again, every channel gets phx_error and realtime-js joins again:
    // that second SUBSCRIBED is when the app re-reads its lists (use-results-realtime.ts).
    await waitFor(() => listening.statuses.filter((s) => s === 'SUBSCRIBED').length === 2, 10_000);
    expect(listening.statuses).toEqual(['SUBSCRIBED', 'CHANNEL_ERROR', 'SUBSCRIBED']);
    const row = await insertResult(pool());
    await waitFor(() => newRows(listening).includes(row.id));
    await client.removeAllChannels();
  });

  it.each(['1.0.0', '2.0.0'])('speaks vsn %s', async (vsn) => {
    const client = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never, vsn },
    });
    const listening = await listen(client, `vsn-${vsn}`);
    expect(client.realtime.endpointURL()).toContain(`vsn=${vsn}`);
    const row = await insertResult(pool());
    await waitFor(() => newRows(listening).includes(row.id));
    expect(listening.changes[0]!.new).toMatchObject({ draw_hour: row.draw_hour });
    await client.removeAllChannels();
  });
});
