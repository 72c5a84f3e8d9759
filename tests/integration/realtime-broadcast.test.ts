import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../utils/stack.ts';
import { waitFor } from '../utils/wait-for.ts';

// Broadcast on public channels, as realtime's BroadcastHandler relays it. realtime-js ≥ 2.75 sends
// broadcasts as binary frames on vsn 2.0.0 (lib/serializer.ts), JSON on vsn 1.0.0.
let stack: TestStack;
const clients: SupabaseClient[] = [];
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  await stack?.stop();
});

type Message = { event: string; payload: unknown };

async function join(vsn: '1.0.0' | '2.0.0', config: { self?: boolean; ack?: boolean } = {}) {
  const client = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never, vsn },
  });
  clients.push(client);
  const received: Message[] = [];
  const channel: RealtimeChannel = client
    .channel('room', { config: { broadcast: config } })
    .on('broadcast', { event: '*' }, (message: Message) => received.push(message));
  await new Promise<void>((resolve) =>
    channel.subscribe((status) => status === 'SUBSCRIBED' && resolve()),
  );
  return { channel, received };
}

it('relays broadcasts between vsn 2.0.0 and vsn 1.0.0 sockets, not back to the sender', async () => {
  const sender = await join('2.0.0');
  const modern = await join('2.0.0');
  const legacy = await join('1.0.0', { self: true, ack: true });

  expect(await sender.channel.send({ type: 'broadcast', event: 'cursor', payload: { x: 1 } })).toBe(
    'ok',
  );
  await waitFor(() => modern.received.length === 1 && legacy.received.length === 1);
  expect(modern.received[0]).toMatchObject({ event: 'cursor', payload: { x: 1 } });
  expect(legacy.received[0]).toMatchObject({ event: 'cursor', payload: { x: 1 } });

  // The vsn 1.0.0 client sends JSON and asked for an ack and for its own messages.
  expect(await legacy.channel.send({ type: 'broadcast', event: 'wave', payload: { y: 2 } })).toBe(
    'ok',
  );
  await waitFor(
    () =>
      modern.received.length === 2 && legacy.received.length === 2 && sender.received.length === 1,
  );
  expect(sender.received).toMatchObject([{ event: 'wave', payload: { y: 2 } }]);
  expect(modern.received.map((m) => m.event)).toEqual(['cursor', 'wave']);
  expect(legacy.received.map((m) => m.event)).toEqual(['cursor', 'wave']);
});
