// Realtime postgres_changes as each caller: scheduled results written through the API (by the
// service role and by an admin) reach only the admin and the service role, while a published one
// reaches everybody (the control); tables outside the publication send nothing; forged tokens
// cannot join as someone else.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawSocket } from '../utils/phoenix-socket.ts';
import { waitFor } from '../utils/wait-for.ts';
import { freeDraw, ROLES, type Role, type SecurityStack, startSecurityStack } from './harness.ts';
import { TABLE_MATRIX } from './matrix.ts';

let sec: SecurityStack;
const heard: Record<Role, Array<{ table: string; eventType: string; text: string }>> = {
  anon: [],
  user: [],
  admin_aal1: [],
  admin: [],
  service: [],
};
const channels: RealtimeChannel[] = [];

async function subscribe(role: Role, table: string): Promise<void> {
  const channel = sec.callers[role].client
    .channel(`${role}-${table}`)
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table } as never,
      (payload: { eventType: string }) =>
        heard[role].push({ table, eventType: payload.eventType, text: JSON.stringify(payload) }),
    );
  channels.push(channel);
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status !== 'CLOSED') reject(error ?? new Error(status));
    }),
  );
}

beforeAll(async () => {
  sec = await startSecurityStack();
  for (const role of ROLES)
    for (const table of Object.keys(TABLE_MATRIX)) await subscribe(role, table);
});
afterAll(async () => {
  await Promise.all(channels.map((channel) => channel.unsubscribe()));
  await sec?.stop();
});

const secrets = ['7777', '8888', '7778', '2099-'];

describe('postgres_changes per role', () => {
  it('scheduled results reach only admin and service; the published control reaches all', async () => {
    const { service, admin } = sec.callers;
    const write = async (result: PromiseLike<{ error: unknown }>) =>
      expect((await result).error).toBeNull();
    // Published first, then moved into the future: the move must not be announced to the public.
    const moved = { ...freeDraw(true), first_prize: '4321' };
    await write(admin.client.from('lottery_results').insert(moved));
    await waitFor(() => heard.anon.some((c) => c.text.includes('4321')));

    await write(
      service.client.from('lottery_results').insert({ ...freeDraw(false), first_prize: '7777' }),
    );
    await write(
      admin.client.from('lottery_results').insert({ ...freeDraw(false), first_prize: '8888' }),
    );
    await write(
      admin.client
        .from('lottery_results')
        .update({ first_prize: '7778' })
        .eq('first_prize', '8888'),
    );
    const target = freeDraw(false);
    await write(
      admin.client
        .from('lottery_results')
        .update({ draw_date: target.draw_date })
        .eq('draw_date', moved.draw_date)
        .eq('draw_hour', moved.draw_hour),
    );
    // Writes to tables outside the publication (and the audit rows the trigger adds meanwhile).
    // The grant goes to a bystander: realtime checks visibility when it dispatches, so granting
    // a subscriber admin would (rightly) let it see changes still in the queue.
    const bystander = (await sec.stack.createUser()).userId;
    await write(service.client.from('user_roles').insert({ user_id: bystander, role: 'admin' }));
    await write(service.client.from('user_roles').delete().eq('user_id', bystander));
    await write(
      service.client.from('lottery_settings').update({ timezone: 'Etc/GMT+12' }).eq('id', true),
    );
    // The control, last: changes arrive in commit order, so everything before it was decided.
    await write(
      admin.client.from('lottery_results').insert({ ...freeDraw(true), first_prize: '1234' }),
    );
    for (const role of ROLES) await waitFor(() => heard[role].some((c) => c.text.includes('1234')));

    const summary = (role: Role) => heard[role].map((c) => `${c.table} ${c.eventType}`);
    for (const role of ['anon', 'user'] as const) {
      expect(summary(role)).toEqual(['lottery_results INSERT', 'lottery_results INSERT']);
      for (const secret of secrets)
        expect(heard[role].map((c) => c.text).join()).not.toContain(secret);
    }
    // An admin at aal1 reads the dashboard (ADR 025), so it hears what an admin hears; what it
    // may not do is write, which rest-matrix and admin-mfa.test.ts check.
    for (const role of ['admin_aal1', 'admin', 'service'] as const) {
      expect(summary(role)).toEqual([
        'lottery_results INSERT',
        'lottery_results INSERT',
        'lottery_results INSERT',
        'lottery_results UPDATE',
        'lottery_results UPDATE',
        'lottery_results INSERT',
      ]);
    }
  });
});

describe('joining with a forged token', () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each([
    [
      'alg none claiming service_role',
      () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role' })}.`,
    ],
    [
      'the anon key with its role edited to service_role',
      () => {
        const [header, , signature] = sec.stack.anonKey.split('.');
        return `${header}.${b64({ iss: 'lotto24', role: 'service_role', exp: 2_051_222_400 })}.${signature}`;
      },
    ],
  ])('%s: the join is refused', async (_name, forge) => {
    const socket = await RawSocket.open(sec.stack.url, sec.stack.anonKey);
    try {
      const reply = await socket.join('realtime:forged', {
        config: { postgres_changes: [{ event: '*', schema: 'public', table: 'lottery_results' }] },
        access_token: forge(),
      });
      expect(reply.payload.status).toBe('error');
    } finally {
      socket.close();
    }
  });
});
