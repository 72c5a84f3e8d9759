// Refresh-token reuse, against GoTrue's rules (RefreshTokenGrant): a spent token replayed within
// the reuse interval (10 s) gets the live child back, never a second live branch; replayed later
// it counts as stolen and revokes its whole session, thief and owner alike, and only that session.
// server/src/auth/refresh.ts is stricter than GoTrue in one place: the parent of the live
// token is not replayable for ever. Plain rotation, races and sign-out: tests/integration/auth-session.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_REUSE_INTERVAL_SECONDS } from '../../server/src/auth/refresh.ts';
import { http, type SecurityStack, startSecurityStack, uniqueEmail } from './harness.ts';

let sec: SecurityStack;
beforeAll(async () => {
  sec = await startSecurityStack();
});
afterAll(() => sec?.stop());

const password = 'correct-horse-battery';
const refresh = async (token: string) => {
  const { data, error } = await sec.stack.client().auth.refreshSession({ refresh_token: token });
  return { session: data.session, error };
};
async function signUpAndIn() {
  const email = uniqueEmail();
  const client = sec.stack.client();
  const first = await client.auth.signUp({ email, password });
  const second = await client.auth.signInWithPassword({ email, password });
  return [first.data.session!, second.data.session!] as const;
}
/** As if the token had been spent longer ago than the reuse interval. */
const age = (token: string) =>
  sec.stack.pool.query(
    `update auth.refresh_tokens set updated_at = updated_at - make_interval(secs => $2) where token = $1`,
    [token, REFRESH_TOKEN_REUSE_INTERVAL_SECONDS + 1],
  );
const liveTokens = async (sessionId: unknown) =>
  (
    await sec.stack.pool.query(
      `select token from auth.refresh_tokens where session_id = $1 and not revoked`,
      [sessionId],
    )
  ).rows.map((r: { token: string }) => r.token);
const userAnswer = (accessToken: string) =>
  http(sec.stack, { ...sec.callers.anon, bearer: accessToken }, '/auth/v1/user');

describe('a spent refresh token', () => {
  it('replayed within the interval returns the live child, and no second branch', async () => {
    const [session] = await signUpAndIn();
    const first = await refresh(session.refresh_token);
    const replay = await refresh(session.refresh_token);
    expect(replay.error).toBeNull();
    expect(replay.session!.refresh_token).toBe(first.session!.refresh_token);
    expect(await liveTokens(decodeJwt(session.access_token).session_id)).toEqual([
      first.session!.refresh_token,
    ]);
  });

  it('replayed after the interval revokes the family: thief and owner are both out', async () => {
    const [stolen, otherDevice] = await signUpAndIn();
    const owner = (await refresh(stolen.refresh_token)).session!;
    const ownerNext = (await refresh(owner.refresh_token)).session!;
    await age(stolen.refresh_token);

    const reuse = await refresh(stolen.refresh_token);
    expect(reuse.session).toBeNull();
    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    // Every token of the session is gone, live or spent, and its access tokens with it.
    expect(await liveTokens(decodeJwt(stolen.access_token).session_id)).toEqual([]);
    for (const token of [ownerNext.refresh_token, owner.refresh_token, stolen.refresh_token]) {
      expect((await refresh(token)).error).toMatchObject({ status: 400 });
    }
    expect(await userAnswer(ownerNext.access_token)).toMatchObject({
      status: 403,
      json: { error_code: 'session_not_found' },
    });
    // The account's other session is not the stolen one: it stays signed in.
    expect((await userAnswer(otherDevice.access_token)).status).toBe(200);
    expect((await refresh(otherDevice.refresh_token)).error).toBeNull();
  });

  it('the parent of the live token, replayed late, also revokes (stricter than GoTrue)', async () => {
    const [session] = await signUpAndIn();
    const child = (await refresh(session.refresh_token)).session!;
    await age(session.refresh_token);
    expect((await refresh(session.refresh_token)).error).toMatchObject({
      code: 'refresh_token_already_used',
    });
    expect((await refresh(child.refresh_token)).error).toMatchObject({
      code: 'refresh_token_not_found',
    });
  });

  it('a grandparent replayed within the interval mints a child but revokes on a late replay', async () => {
    // GoTrue swaps a spent non-parent token within the interval too; what matters is that the
    // branch dies with the session once any spent token comes back late.
    const [session] = await signUpAndIn();
    const child = (await refresh(session.refresh_token)).session!;
    const grandchild = (await refresh(child.refresh_token)).session!;
    const branch = await refresh(session.refresh_token);
    expect(branch.error).toBeNull();
    await age(child.refresh_token);
    expect((await refresh(child.refresh_token)).error).toMatchObject({
      code: 'refresh_token_already_used',
    });
    for (const token of [grandchild.refresh_token, branch.session!.refresh_token]) {
      expect((await refresh(token)).error).toMatchObject({ status: 400 });
    }
  });
});

describe('refresh tokens cannot be guessed or outlive their user', () => {
  it('are 24 random bytes, and a near miss is unknown', async () => {
    const [session] = await signUpAndIn();
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const flipped = `${session.refresh_token.slice(0, -1)}${session.refresh_token.endsWith('A') ? 'B' : 'A'}`;
    expect((await refresh(flipped)).error).toMatchObject({ code: 'refresh_token_not_found' });
  });

  it('die with a deleted account', async () => {
    const [session] = await signUpAndIn();
    await sec.stack.pool.query(`delete from auth.users where id = $1`, [
      decodeJwt(session.access_token).sub,
    ]);
    expect((await refresh(session.refresh_token)).error).toMatchObject({
      code: 'refresh_token_not_found',
    });
  });
});
