// What one visitor can make others receive, and what a deleted draw reveals (ADR 008). The Today
// page listens on a private channel that realtime.messages' policies let visitors read and nobody
// write; lottery_results has the default replica identity, so a DELETE carries the key alone.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertResult } from '../utils/realtime-harness.ts';
import { waitFor } from '../utils/wait-for.ts';
import { RawSocket } from '../utils/phoenix-socket.ts';
import { startTestStack, type TestClient, type TestStack } from '../utils/stack.ts';
import { expectVisitorUnharmed, whileVisitorReads } from '../utils/visitor-probe.ts';

let stack: TestStack;
const channels: RealtimeChannel[] = [];
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await Promise.all(channels.map((channel) => channel.unsubscribe()));
  await stack?.stop();
});

type Heard = { broadcasts: unknown[]; changes: Array<{ eventType: string; old: unknown }> };

/** Joins `topic` as the Today page does (private unless told otherwise) and records what comes. */
async function join(client: TestClient, topic: string, isPrivate = true) {
  const heard: Heard = { broadcasts: [], changes: [] };
  const channel = client
    .channel(topic, { config: { private: isPrivate, broadcast: { self: true } } })
    .on('broadcast', { event: '*' }, (message) => heard.broadcasts.push(message))
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'lottery_results' },
      (change: Heard['changes'][number]) => heard.changes.push(change),
    );
  channels.push(channel);
  const status = await new Promise<string>((resolve) =>
    channel.subscribe((s) => (s === 'SUBSCRIBED' || s === 'CHANNEL_ERROR') && resolve(s)),
  );
  return { channel, heard, status };
}

describe('broadcast on the live results channel', () => {
  it('lets visitors join and receive, but relays nothing a visitor sends', async () => {
    const topic = 'results-live-1';
    const visitor = await join(stack.client(), topic);
    const attacker = await join(stack.client(), topic);
    const publicTwin = await join(stack.client(), topic, false);
    expect([visitor.status, attacker.status, publicTwin.status]).toEqual(
      Array(3).fill('SUBSCRIBED'),
    );

    const report = await whileVisitorReads(
      { url: stack.url, anonKey: stack.anonKey, date: '2024-01-01' },
      async () => {
        const payload = { junk: 'x'.repeat(10_000) };
        for (let i = 0; i < 50; i++) {
          await attacker.channel.send({ type: 'broadcast', event: 'spam', payload });
          // The public channel of the same name is another topic altogether.
          await publicTwin.channel.send({ type: 'broadcast', event: 'spam', payload });
        }
      },
    );
    expectVisitorUnharmed(report);
    // The control: the service role bypasses the policies, and its broadcast arrives. Channel
    // events arrive in order, so once it is here nothing of the attacker's is still on its way.
    const service = await join(stack.client({ key: stack.serviceRoleKey }), topic);
    await service.channel.send({ type: 'broadcast', event: 'notice', payload: { ok: true } });
    await waitFor(() => visitor.heard.broadcasts.length > 0);
    expect(visitor.heard.broadcasts).toMatchObject([{ event: 'notice', payload: { ok: true } }]);
    expect(attacker.heard.broadcasts).toMatchObject([{ event: 'notice' }]);
    // The live list still works on the private channel.
    const row = await insertResult(stack.pool);
    await waitFor(() => visitor.heard.changes.some((c) => JSON.stringify(c).includes(row.id)));
  });

  it('refuses private topics no policy opens, with realtime reason', async () => {
    const socket = await RawSocket.open(stack.url, stack.anonKey);
    const reply = await socket.join('realtime:admin-room', { config: { private: true } });
    expect(reply.payload).toEqual({
      status: 'error',
      response: {
        reason:
          'Unauthorized: You do not have permissions to read from this Channel topic: admin-room',
      },
    });
    socket.close();
  });
});

describe('a deleted unpublished draw', () => {
  it('tells a subscriber with per-digit DELETE bindings nothing but its id', async () => {
    const secret = '7351';
    const row = await insertResult(stack.pool, false, secret);
    const socket = await RawSocket.open(stack.url, stack.anonKey);
    const base = { event: 'DELETE', schema: 'public', table: 'lottery_results' };
    // One binding per leading digit and per exact guess, on every column of the row but the key.
    const guesses = [
      ...Array.from({ length: 10 }, (_, d) => `first_prize=gte.${d}000`),
      ...Array.from({ length: 10 }, (_, d) => `first_prize=lt.${d}999`),
      `first_prize=eq.${secret}`,
      `first_prize=in.(${secret},0000)`,
      `draw_date=eq.${row.draw_date}`,
      `draw_hour=eq.${row.draw_hour}`,
    ];
    const bindings = [...guesses.map((filter) => ({ ...base, filter })), base];
    const joined = await socket.join('realtime:oracle', { config: { postgres_changes: bindings } });
    const ids = (
      joined.payload.response as { postgres_changes: Array<{ id: number }> }
    ).postgres_changes.map((b) => b.id);
    await socket.next((f) => f.topic === 'realtime:oracle' && f.event === 'system');
    const visitor = await join(stack.client(), 'results-live-2');

    await stack.pool.query(`delete from "public"."lottery_results" where "id" = $1`, [row.id]);
    const event = await socket.next((f) => f.event === 'postgres_changes');
    const { data, ids: matched } = event.payload as { data: unknown; ids: number[] };
    // Only the unfiltered binding matched: no filter on another column sees a deleted row.
    expect(matched).toEqual([ids.at(-1)]);
    expect(data).toMatchObject({ type: 'DELETE', old_record: { id: row.id } });
    expect(JSON.stringify(event)).not.toContain(secret);
    // The Today page's channel hears of it too, with the key it removes the draw by.
    await waitFor(() => visitor.heard.changes.some((c) => c.eventType === 'DELETE'));
    expect(visitor.heard.changes.find((c) => c.eventType === 'DELETE')?.old).toEqual({
      id: row.id,
    });
    socket.close();
  });
});
