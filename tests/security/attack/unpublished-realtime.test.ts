// Issue 7.1, realtime: postgres_changes must not push an unpublished result to anon or a plain
// user. Each check writes a published control afterwards and waits for it: changes arrive in
// commit order, so once the control is in, the hidden change was withheld, not just late.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listening, listen, waitFor } from '../../integration/realtime-harness.ts';
import { startTestStack, type TestStack } from '../../utils/stack.ts';
import { callers, type Callers, resultRow, tamper, unsigned } from './security-harness.ts';

let stack: TestStack;
let who: Callers;
let subscribers: Record<'anon' | 'user' | 'admin', Listening>;

beforeAll(async () => {
  stack = await startTestStack({ timezone: 'Pacific/Pago_Pago' });
  who = await callers(stack);
  // A global Authorization header does not reach the socket: realtime-js joins with the token
  // it is given, as a signed-in app's client does after sign-in.
  await who.clients.user.realtime.setAuth(who.tokens.user);
  await who.clients.admin.realtime.setAuth(who.tokens.admin);
  subscribers = {
    anon: await listen(who.clients.anon, 'sec-anon'),
    user: await listen(who.clients.user, 'sec-user'),
    admin: await listen(who.clients.admin, 'sec-admin'),
  };
});
afterAll(async () => {
  for (const client of Object.values(who?.clients ?? {})) await client.removeAllChannels();
  await stack?.stop();
});

let controlDay = 1;
/** A published insert everyone must receive: the barrier after each hidden change. */
async function control(): Promise<string> {
  const { data, error } = await who.clients.service
    .from('lottery_results')
    .insert(resultRow(`2020-02-${String(controlDay++).padStart(2, '0')}`, 5, '0101'))
    .select('id')
    .single();
  if (error) throw error;
  for (const listening of Object.values(subscribers)) {
    await waitFor(() => listening.changes.some((c) => (c.new as { id?: string }).id === data.id));
  }
  return data.id;
}

/** Every id or prize a subscriber has been sent, old and new rows alike. */
const seen = (listening: Listening) => JSON.stringify(listening.changes.map((c) => [c.new, c.old]));

/** Two hours ago on the UTC wall clock: nine hours ahead on Pago Pago time. */
function hiddenDraw(hoursAgo: number) {
  const at = new Date(Date.now() - hoursAgo * 3_600_000);
  return resultRow(at.toISOString().slice(0, 10), at.getUTCHours(), '7777');
}

describe('postgres_changes and unpublished results', () => {
  it('an insert as the service role reaches the admin only; the published control reaches all', async () => {
    const { data, error } = await who.clients.service
      .from('lottery_results')
      .insert(hiddenDraw(2))
      .select('id')
      .single();
    expect(error).toBeNull();
    await control();
    expect(seen(subscribers.anon)).not.toContain(data!.id);
    expect(seen(subscribers.user)).not.toContain(data!.id);
    expect(seen(subscribers.admin)).toContain(data!.id);
  });

  it('editing the hidden result pushes nothing to anon or a user', async () => {
    const { data } = await who.clients.service
      .from('lottery_results')
      .update({ first_prize: '7778' })
      .eq('first_prize', '7777')
      .select('id')
      .single();
    await control();
    for (const role of ['anon', 'user'] as const) {
      expect(seen(subscribers[role])).not.toContain(data!.id);
      expect(seen(subscribers[role])).not.toContain('7778');
    }
    expect(seen(subscribers.admin)).toContain('7778');
  });

  it('moving a published result into the future does not push its new content', async () => {
    const id = await control();
    const moved = hiddenDraw(3);
    const { error } = await who.clients.service
      .from('lottery_results')
      .update({ ...moved, first_prize: '7779' })
      .eq('id', id);
    expect(error).toBeNull();
    await control();
    for (const role of ['anon', 'user'] as const)
      expect(seen(subscribers[role])).not.toContain('7779');
    expect(seen(subscribers.admin)).toContain('7779');
  });

  it.each([
    ['the anon key edited to service_role', () => tamper(stack.anonKey, { role: 'service_role' })],
    ['an unsigned admin token', () => unsigned(who.tokens.admin)],
  ])('%s cannot join the channel', async (_name, forge) => {
    const thief = stack.client();
    await thief.realtime.setAuth(forge());
    await expect(listen(thief, `sec-thief-${Math.random()}`)).rejects.toBeDefined();
    await thief.removeAllChannels();
  });
});
