import { AuthClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestClient, type TestStack } from '../utils/stack.ts';
import { totpCode } from '../utils/totp.ts';

// auth-js's own MFA tests (supabase/supabase-js packages/core/auth-js/test/GoTrueClient.test.ts,
// describe('MFA')), ported case by case: they run under Jest against a GoTrue in Docker, so
// they cannot run here as they are. Their cases that mock getUser test auth-js alone and are
// left out; every case that talks to the server is kept, with the same assertions.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** setupUserWithMFA: sign up, then sign in with the password on the same client. */
async function setupUserWithMFA() {
  const { client, email, password } = await stack.createUser();
  const { error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { client, email, password };
}

async function setupUserWithMFAAndTOTP() {
  const user = await setupUserWithMFA();
  const { data, error } = await user.client.auth.mfa.enroll({ factorType: 'totp' });
  expect(error).toBeNull();
  expect(data!.totp).not.toBeNull();
  return { ...user, factorId: data!.id, totp: data!.totp };
}

/** '123456', as upstream uses, unless it happens to be the right code this half-minute. */
function upstreamWrongCode(secret: string): string {
  const now = Date.now() / 1000;
  const accepted = [-30, 0, 30].map((skew) => totpCode(secret, now + skew));
  return accepted.includes('123456') ? '654321' : '123456';
}

describe('auth-js MFA tests, against the stack', () => {
  it('enroll({factorType: "totp"}) returns totp', async () => {
    const { client } = await setupUserWithMFA();
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(error).toBeNull();
    expect(data!.totp.qr_code).not.toBeNull();
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,/);
  });

  it('enroll({factorType: "totp"}) should fail without session', async () => {
    // Upstream's client is a bare GoTrueClient: without a session it sends no Authorization
    // header at all (supabase-js would send the anon key, which names no user).
    const { email, password } = await stack.createUser();
    const auth = new AuthClient({
      url: `${stack.url}/auth/v1`,
      headers: { apikey: stack.anonKey },
      persistSession: false,
      autoRefreshToken: false,
    });
    expect((await auth.signInWithPassword({ email, password })).error).toBeNull();
    await auth.signOut();
    const { data, error } = await auth.mfa.enroll({ factorType: 'totp' });
    expect(error).not.toBeNull();
    expect(error?.message).toContain('Bearer token');
    expect(data).toBeNull();
  });

  it('challenge should create MFA challenge', async () => {
    const { client, factorId } = await setupUserWithMFAAndTOTP();
    const { data, error } = await client.auth.mfa.challenge({ factorId });
    expect(error).toBeNull();
    expect(data!.id).not.toBeNull();
    expect(data!.expires_at).not.toBeNull();
  });

  it('verify should verify MFA challenge (a wrong code is refused)', async () => {
    const { client, factorId, totp } = await setupUserWithMFAAndTOTP();
    const challenge = await client.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    const { data, error } = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: upstreamWrongCode(totp.secret),
    });
    expect(error).not.toBeNull();
    expect(error?.message).toContain('Invalid TOTP code');
    expect(data).toBeNull();
  });

  it('challengeAndVerify should handle MFA challenge and verification in one call', async () => {
    const { client, factorId, totp } = await setupUserWithMFAAndTOTP();
    const { data, error } = await client.auth.mfa.challengeAndVerify({
      factorId,
      code: upstreamWrongCode(totp.secret),
    });
    expect(error).not.toBeNull();
    expect(error?.message).toContain('Invalid TOTP code');
    expect(data).toBeNull();
  });

  it('unenroll should remove MFA factor', async () => {
    const { client, factorId } = await setupUserWithMFAAndTOTP();
    const { error } = await client.auth.mfa.unenroll({ factorId });
    expect(error).toBeNull();
    const { data } = await client.auth.mfa.listFactors();
    expect(data!.all).toHaveLength(0);
    expect(data!.totp).toHaveLength(0);
  });

  it('getAuthenticatorAssuranceLevel should return current AAL', async () => {
    const { client } = await setupUserWithMFAAndTOTP();
    const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(error).toBeNull();
    expect(data!.currentLevel).toBeDefined();
    expect(data!.nextLevel).toBeDefined();
    expect(data!.currentAuthenticationMethods).toBeDefined();
  });

  it('getAuthenticatorAssuranceLevel(jwt): aal1 with a verified factor is aal1/aal2', async () => {
    const { client, factorId, totp, email, password } = await setupUserWithMFAAndTOTP();
    expect(
      (await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(totp.secret) })).error,
    ).toBeNull();
    // A fresh password sign-in: a real aal1 token of a user whose factor is verified.
    const other = stack.client();
    const signedIn = await other.auth.signInWithPassword({ email, password });
    const { data, error } = await other.auth.mfa.getAuthenticatorAssuranceLevel(
      signedIn.data.session!.access_token,
    );
    expect(error).toBeNull();
    expect(data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(data!.currentAuthenticationMethods).toHaveLength(1);
  });

  it('getAuthenticatorAssuranceLevel(jwt): an invalid JWT returns an error', async () => {
    const { data, error } = await stack.client().auth.mfa.getAuthenticatorAssuranceLevel('bad');
    expect(error!.message).toContain('Invalid JWT');
    expect(data).toBeNull();
  });

  it('getAuthenticatorAssuranceLevel(jwt): a user the server does not know returns an error', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: now }],
      session_id: crypto.randomUUID(),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(crypto.randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(stack.jwtSecret));
    const { data, error } = await stack.client().auth.mfa.getAuthenticatorAssuranceLevel(forged);
    expect(error).not.toBeNull();
    expect(data).toBeNull();
  });

  it('enroll, challenge, verify and unenroll without a session are refused', async () => {
    const client: TestClient = stack.client();
    const enroll = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(enroll.error).not.toBeNull();
    expect(enroll.data?.id).toBeUndefined();
    const challenge = await client.auth.mfa.challenge({ factorId: 'test-factor-id' });
    expect(challenge.error).not.toBeNull();
    expect(challenge.data?.id).toBeUndefined();
    const verify = await client.auth.mfa.verify({
      factorId: 'test-factor-id',
      challengeId: 'f7850041-ba10-4eb3-851c-8ceb7ff8463d',
      code: '123456',
    });
    expect(verify.error).not.toBeNull();
    expect(verify.data?.access_token).toBeUndefined();
    const unenroll = await client.auth.mfa.unenroll({ factorId: 'test-factor-id' });
    expect(unenroll.error).not.toBeNull();
    expect(unenroll.data?.id).toBeUndefined();
  });
});
