// Realtime's REST broadcast with the unmodified supabase-js (ADR 018): `channel.httpSend()` and
// `send()` before joining (the batch endpoint). Public topics relay to every subscriber; private
// ones only when the caller's token may write by the policies on realtime.messages, as a socket's
// broadcast; bodies are bounded; and no write check leaves a row, live or dead, in the table.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/src/realtime/limits.ts';
import { startTestStack, type SignedIn, type TestClient, type TestStack } from '../utils/stack.ts';
import { probeRowCounter } from '../utils/probe-rows.ts';
import { waitFor } from '../utils/wait-for.ts';

let stack: TestStack;
let sender: SignedIn;
let receiver: SignedIn;
const channels: RealtimeChannel[] = [];
let probeRows: () => Promise<number>;

beforeAll(async () => {
  stack = await startTestStack();
  // As a project migration would: members read every room, and may write to the open one only.
  await stack.pool.query(`
    create policy "rooms read" on "realtime"."messages" for select to "authenticated"
      using ((select "realtime"."topic"()) like 'room-%');
    create policy "open room write" on "realtime"."messages" for insert to "authenticated"
      with check ((select "realtime"."topic"()) like 'room-open%');`);
  probeRows = await probeRowCounter(stack.pool);
  sender = await stack.createUser();
  receiver = await stack.createUser();
  for (const user of [sender, receiver]) await user.client.realtime.setAuth(user.accessToken);
});
afterAll(async () => {
  await Promise.all(channels.map((channel) => channel.unsubscribe()));
  await stack?.stop();
});

/** Subscribes to `topic` and records the broadcasts that arrive. */
async function listen(client: TestClient, topic: string, isPrivate: boolean) {
  const heard: unknown[] = [];
  const channel = client
    .channel(topic, { config: { private: isPrivate } })
    .on('broadcast', { event: '*' }, (message: { payload: unknown }) =>
      heard.push(message.payload),
    );
  channels.push(channel);
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status) =>
      status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' && reject(new Error(status)),
    ),
  );
  return heard;
}

describe('channel.httpSend', () => {
  it('relays on a public topic to every subscriber', async () => {
    const heard = await listen(receiver.client, 'lobby', false);
    const channel = stack.client().channel('lobby');
    expect(await channel.httpSend('hello', { n: 1 })).toEqual({ success: true });
    await waitFor(() => heard.length === 1);
    expect(heard).toEqual([{ n: 1 }]);
  });

  it('relays on a private topic only where the policies let the caller write, and writes no row', async () => {
    const open = await listen(receiver.client, 'room-open', true);
    const closed = await listen(receiver.client, 'room-closed', true);
    const before = await probeRows();
    const send = (client: TestClient, topic: string) =>
      client.channel(topic, { config: { private: true } }).httpSend('note', { topic });
    expect(await send(sender.client, 'room-open')).toEqual({ success: true });
    await expect(send(sender.client, 'room-closed')).rejects.toThrow('Unauthorized');
    await expect(send(stack.client(), 'room-open')).rejects.toThrow('Unauthorized');
    await waitFor(() => open.length === 1);
    expect(open).toEqual([{ topic: 'room-open' }]);
    expect(closed).toEqual([]);
    expect(await probeRows()).toBe(before);
  });

  it('refuses a body over the frame bound, and a topic over the topic bound', async () => {
    const channel = stack.client().channel('lobby');
    await expect(channel.httpSend('big', { junk: 'x'.repeat(LIMITS.frameBytes) })).rejects.toThrow(
      'Payload Too Large',
    );
    await expect(
      stack
        .client()
        .channel('t'.repeat(LIMITS.topicBytes + 1))
        .httpSend('e', {}),
    ).rejects.toThrow('Topic or event name is too long');
  });
});

describe('send() before joining (the batch endpoint)', () => {
  it('falls back to REST and relays with the same rights', async () => {
    const heard = await listen(receiver.client, 'room-open-batch', true);
    const start = heard.length;
    const channel = sender.client.channel('room-open-batch', { config: { private: true } });
    expect(
      await channel.send({ type: 'broadcast', event: 'batch', payload: { via: 'rest' } }),
    ).toBe('ok');
    await waitFor(() => heard.length > start);
    expect(heard.at(-1)).toEqual({ via: 'rest' });
  });
});

describe('a socket broadcast on a private channel', () => {
  it('is checked against the write policy without writing a row', async () => {
    const heard = await listen(receiver.client, 'room-open-ws', true);
    const start = heard.length;
    const before = await probeRows();
    const channel = sender.client.channel('room-open-ws', {
      config: { private: true, broadcast: { ack: true } },
    });
    channels.push(channel);
    await new Promise<void>((resolve) => channel.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    expect(await channel.send({ type: 'broadcast', event: 'ws', payload: { via: 'socket' } })).toBe(
      'ok',
    );
    await waitFor(() => heard.length > start);
    expect(heard.at(-1)).toEqual({ via: 'socket' });
    // The sender's own join probed once (a read); its broadcast's write check wrote nothing.
    expect(await probeRows()).toBe(before + 1);
  });
});
