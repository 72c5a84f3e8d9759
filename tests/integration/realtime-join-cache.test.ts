import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../server/src/lib/jwt.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// A join's token and compiled bindings are kept (server/src/realtime/token-cache.ts,
// binding-cache.ts); what decides them may change while they are kept, and the next join must
// see the change as realtime, which checks each join afresh, would.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
  await stack.pool.query(`
    create table "public"."rt_join" ("id" int primary key, "secret" text, "shown" text);
    alter table "public"."rt_join" enable row level security;
    create policy "everyone" on "public"."rt_join" for select using (true);
    grant select on "public"."rt_join" to "anon", "authenticated";
    alter publication "supabase_realtime" add table "public"."rt_join";`);
});
afterAll(async () => {
  await stack?.stop();
});

let topics = 0;
/**
 * Joins a filtered binding on rt_join; resolves with SUBSCRIBED once the `system` message says
 * the binding is subscribed, or with the refusal's text (a join refused, a binding refused).
 */
async function join(client: SupabaseClient, filter: string): Promise<string> {
  const channel = client
    .channel(`join-cache-${++topics}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_join', filter }, () => {});
  const outcome = await new Promise<string>((resolve) => {
    channel.on('system', {}, (payload: { status: string; message: string }) =>
      resolve(payload.status === 'ok' ? 'SUBSCRIBED' : payload.message),
    );
    channel.subscribe((status, error) => {
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve(error?.message ?? status);
    });
  });
  await client.removeChannel(channel);
  return outcome;
}

/** Joins until the answer is `expected` (the DDL's notice reaches the stack within moments). */
async function joinsAs(client: SupabaseClient, filter: string, expected: RegExp): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const outcome = await join(client, filter);
    if (expected.test(outcome) || Date.now() > deadline) return outcome;
  }
}

describe('kept join answers', () => {
  it('forget a column privilege once it is revoked, per role', async () => {
    const anon = stack.client();
    const token = await signJwt(
      { role: 'authenticated', sub: crypto.randomUUID() },
      stack.jwtSecret,
      600,
    );
    const user = stack.client({ accessToken: token });
    await user.realtime.setAuth(token);
    expect(await join(anon, 'secret=eq.x')).toBe('SUBSCRIBED');
    expect(await join(anon, 'secret=eq.x')).toBe('SUBSCRIBED');

    await stack.pool.query(`
      revoke select on "public"."rt_join" from "anon";
      grant select ("id", "shown") on "public"."rt_join" to "anon";`);
    expect(await joinsAs(anon, 'secret=eq.x', /invalid column for filter secret/)).toMatch(
      /invalid column for filter secret/,
    );
    // The same parameters under another role are another answer, and still allowed.
    expect(await join(user, 'secret=eq.x')).toBe('SUBSCRIBED');
    expect(await join(anon, 'secret=eq.x')).toMatch(/invalid column for filter secret/);
    expect(await join(anon, 'shown=eq.x')).toBe('SUBSCRIBED');

    await stack.pool.query(`grant select on "public"."rt_join" to "anon"`);
    expect(await joinsAs(anon, 'secret=eq.x', /^SUBSCRIBED$/)).toBe('SUBSCRIBED');
    anon.realtime.disconnect();
    user.realtime.disconnect();
  });

  it('forget a table that leaves the publication', async () => {
    const anon = stack.client();
    expect(await join(anon, 'id=eq.1')).toBe('SUBSCRIBED');
    await stack.pool.query(`alter publication "supabase_realtime" drop table "public"."rt_join"`);
    expect(await joinsAs(anon, 'id=eq.1', /Unable to subscribe/)).toMatch(/Unable to subscribe/);
    await stack.pool.query(`alter publication "supabase_realtime" add table "public"."rt_join"`);
    expect(await joinsAs(anon, 'id=eq.1', /^SUBSCRIBED$/)).toBe('SUBSCRIBED');
    anon.realtime.disconnect();
  });

  it('refuse a token that joined before once it has expired', async () => {
    const exp = Math.floor(Date.now() / 1000) + 2;
    const token = await signJwt({ role: 'anon', exp }, stack.jwtSecret);
    const client = stack.client({ accessToken: token });
    await client.realtime.setAuth(token);
    expect(await join(client, 'id=eq.1')).toBe('SUBSCRIBED');
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 100));
    expect(await join(client, 'id=eq.1')).toMatch(/Token has expired/);
    client.realtime.disconnect();
  });
});
