import { randomUUID } from 'node:crypto';
import { AuthSessionMissingError, type Session } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../server/src/lib/jwt.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// Sessions through the unmodified supabase-js: refresh rotation (tokens/service.go
// RefreshTokenGrant), /user (auth.go requireAuthentication) and /logout scopes (logout.go).

let stack: TestStack;
beforeAll(async () => {
  // Many sign-ups from one address: room above the default limits (auth-rate-limit tests those).
  stack = await startTestStack({ rateLimits: { windowSeconds: 300, perIp: 1000, perEmail: 1000 } });
});
afterAll(async () => {
  await stack?.stop();
});

const password = 'correct-horse-battery';

async function signedUp() {
  const email = `user-${randomUUID()}@example.com`;
  const { data, error } = await stack.client().auth.signUp({ email, password });
  if (error) throw error;
  return { email, session: data.session!, userId: data.user!.id };
}

async function signIn(email: string): Promise<Session> {
  const { data, error } = await stack.client().auth.signInWithPassword({ email, password });
  if (error) throw error;
  return data.session!;
}

const refresh = (refreshToken: string) =>
  stack.client().auth.refreshSession({ refresh_token: refreshToken });
const getUser = (jwt: string) => stack.client().auth.getUser(jwt);
/** What the clock would do in 11 s: the token was spent longer ago than the reuse interval. */
const ageToken = (token: string) =>
  stack.pool.query(
    `update auth.refresh_tokens set updated_at = updated_at - interval '11 seconds' where token = $1`,
    [token],
  );

describe('refresh', () => {
  it('rotates: a new access and refresh token for the same session and amr', async () => {
    const { session } = await signedUp();
    const { data, error } = await refresh(session.refresh_token);
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(session.refresh_token);
    const before = decodeJwt(session.access_token);
    const after = decodeJwt(data.session!.access_token);
    expect(after.session_id).toBe(before.session_id);
    expect(after.amr).toEqual(before.amr);
    expect((await getUser(data.session!.access_token)).data.user!.id).toBe(before.sub);
  });

  it('answers a spent token replayed within 10 s with the live one (a lost response)', async () => {
    const { session } = await signedUp();
    const first = await refresh(session.refresh_token);
    const replay = await refresh(session.refresh_token);
    expect(replay.error).toBeNull();
    expect(replay.data.session!.refresh_token).toBe(first.data.session!.refresh_token);
  });

  it('gives concurrent refreshes of one token the same new token (two tabs at once)', async () => {
    const { session } = await signedUp();
    const results = await Promise.all([1, 2, 3].map(() => refresh(session.refresh_token)));
    const tokens = results.map((result) => result.data.session?.refresh_token);
    expect(results.map((result) => result.error)).toEqual([null, null, null]);
    expect(new Set(tokens).size).toBe(1);
  });

  it('revokes the whole session when a spent token comes back later', async () => {
    const { session } = await signedUp();
    const rotated = (await refresh(session.refresh_token)).data.session!;
    await ageToken(session.refresh_token);
    const reuse = await refresh(session.refresh_token);
    expect(reuse.data.session).toBeNull();
    expect(reuse.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    // The thief's and the owner's tokens die with the session.
    expect((await refresh(rotated.refresh_token)).error).toMatchObject({
      code: 'refresh_token_not_found',
    });
    expect((await getUser(rotated.access_token)).error).toBeInstanceOf(AuthSessionMissingError);
  });

  it('refuses an unknown token with refresh_token_not_found', async () => {
    const { error } = await refresh('not-a-real-token');
    expect(error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });
});

describe('getUser', () => {
  it('returns the user of a valid token', async () => {
    const { session, userId, email } = await signedUp();
    const { data, error } = await getUser(session.access_token);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: userId, email, aud: 'authenticated' });
  });

  it('refuses forged, expired and unsigned tokens with bad_jwt 403', async () => {
    const { session } = await signedUp();
    const claims = decodeJwt(session.access_token);
    const header = (alg: string) =>
      Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const forged = await signJwt(claims, 'some-other-secret-that-is-32-chars-long!!');
    const expired = await signJwt(
      {
        ...claims,
        iat: Math.floor(Date.now() / 1000) - 7200,
        exp: Math.floor(Date.now() / 1000) - 3600,
      },
      stack.context.config.jwtSecret,
    );
    const unsigned = `${header('none')}.${body}.`;
    const tampered = `${session.access_token.split('.')[0]}.${Buffer.from(
      JSON.stringify({ ...claims, role: 'service_role' }),
    ).toString('base64url')}.${session.access_token.split('.')[2]}`;
    for (const token of [forged, expired, unsigned, tampered, 'garbage']) {
      const { data, error } = await getUser(token);
      expect(data.user).toBeNull();
      expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
    }
  });

  it('refuses a project key, which names no user', async () => {
    const anon = await signJwt({ role: 'anon', iss: 'lotto24' }, stack.context.config.jwtSecret);
    const { error } = await getUser(anon);
    expect(error).toMatchObject({
      status: 403,
      code: 'bad_jwt',
      message: 'invalid claim: missing sub claim',
    });
  });
});

describe('signOut', () => {
  async function threeSessions() {
    const { email, session } = await signedUp();
    return [session, await signIn(email), await signIn(email)] as const;
  }
  const alive = async (session: Session) => (await getUser(session.access_token)).error === null;

  async function signOutWith(session: Session, scope: 'global' | 'local' | 'others') {
    const client = stack.client();
    await client.auth.setSession({
      access_token: session.access_token,
      refresh_token: session.refresh_token,
    });
    const { error } = await client.auth.signOut({ scope });
    expect(error).toBeNull();
    return client;
  }

  it('local ends only this session', async () => {
    const [a, b, c] = await threeSessions();
    const client = await signOutWith(a, 'local');
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, true, true]);
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect((await refresh(a.refresh_token)).error).toMatchObject({
      code: 'refresh_token_not_found',
    });
  });

  it('others ends every other session and keeps this one signed in', async () => {
    const [a, b, c] = await threeSessions();
    const client = await signOutWith(a, 'others');
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([true, false, false]);
    expect((await client.auth.getSession()).data.session).not.toBeNull();
  });

  it('global (the default) ends them all', async () => {
    const [a, b, c] = await threeSessions();
    await signOutWith(b, 'global');
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, false, false]);
  });

  it('signing out twice is harmless: supabase-js ignores the 403 of a gone session', async () => {
    const [a] = await threeSessions();
    await signOutWith(a, 'local');
    await signOutWith(a, 'local');
  });
});
