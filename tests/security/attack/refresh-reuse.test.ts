// Issue 7.2: a stolen refresh token. server/src/routes/auth/refresh.ts follows GoTrue's
// RefreshTokenGrant: rotation on every use, a 10 s reuse interval for lost responses and
// concurrent tabs, and revocation of the whole session when a spent token comes back later.
// These tests pin down what a thief holding a spent token can and cannot still do.
import { type Session } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_REUSE_INTERVAL_SECONDS } from '../../../server/src/routes/auth/refresh.ts';
import { startTestStack, type TestStack } from '../../utils/stack.ts';
import { raw } from './security-harness.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

const refresh = async (token: string) => {
  const { data, error } = await stack.client().auth.refreshSession({ refresh_token: token });
  return { session: data.session, error };
};
const rotated = async (token: string): Promise<Session> => {
  const { session, error } = await refresh(token);
  if (error || !session) throw error ?? new Error('no session');
  return session;
};
/** Moves a spend into the past, as if the interval had gone by (the clock is the database's). */
const age = (token: string) =>
  stack.pool.query(
    `update auth.refresh_tokens set updated_at = updated_at - make_interval(secs => $2) where token = $1`,
    [token, REFRESH_TOKEN_REUSE_INTERVAL_SECONDS + 1],
  );
const userStatus = async (accessToken: string) =>
  (await raw(stack, '/auth/v1/user', { headers: { authorization: `Bearer ${accessToken}` } }))
    .status;

describe('replaying a spent refresh token', () => {
  it('is 10 s, as on Supabase', () => {
    expect(REFRESH_TOKEN_REUSE_INTERVAL_SECONDS).toBe(10);
  });

  it('after the interval: refresh_token_already_used, and the session dies for owner and thief', async () => {
    const { session: first } = await signedIn();
    const owner = await rotated(first.refresh_token);
    await age(first.refresh_token);
    const replay = await refresh(first.refresh_token);
    expect(replay.session).toBeNull();
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    // Everything issued in the session is refused from now on.
    expect((await refresh(owner.refresh_token)).error).toMatchObject({ status: 400 });
    expect(await userStatus(owner.access_token)).toBe(403);
    // A second replay does not resurrect anything.
    expect((await refresh(first.refresh_token)).session).toBeNull();
  });

  it('within the interval, the parent of the live token gets that same token back (no fork)', async () => {
    const { session: first } = await signedIn();
    const owner = await rotated(first.refresh_token);
    const replay = await rotated(first.refresh_token);
    expect(replay.refresh_token).toBe(owner.refresh_token);
  });

  it('within the interval, an older spent token forks the session (GoTrue does the same)', async () => {
    const { session: first } = await signedIn();
    const second = await rotated(first.refresh_token);
    const third = await rotated(second.refresh_token);
    // `first` is a grandparent now; GoTrue swaps it for a fresh child while in the interval.
    const fork = await rotated(first.refresh_token);
    expect(fork.refresh_token).not.toBe(third.refresh_token);
    expect((await refresh(third.refresh_token)).session).not.toBeNull();
    // The fork cannot outlive detection: once `first` is replayed late, the session ends.
    await age(first.refresh_token);
    expect((await refresh(first.refresh_token)).error).toMatchObject({
      code: 'refresh_token_already_used',
    });
    expect((await refresh(fork.refresh_token)).session).toBeNull();
  });

  it('after sign-out, the refresh token is dead for everyone; REST still honours the access token until exp', async () => {
    const { client, session } = await signedIn();
    await client.auth.signOut();
    expect((await refresh(session.refresh_token)).error).toMatchObject({ status: 400 });
    expect(await userStatus(session.access_token)).toBe(403);
    // PostgREST checks the signature and exp only, as on Supabase: the window is the JWT expiry.
    const rest = await stack
      .client({ accessToken: session.access_token })
      .from('lottery_results')
      .select('id');
    expect(rest.status).toBe(200);
  });
});

/** A fresh account and its signed-in session (the client keeps it, so signOut works). */
async function signedIn() {
  const user = await stack.createUser();
  const { data } = await user.client.auth.getSession();
  return { client: user.client, session: data.session! };
}
