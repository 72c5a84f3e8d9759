import { randomUUID } from 'node:crypto';
import { AuthApiError, AuthWeakPasswordError, type AuthChangeEvent } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyJwt } from '../../server/src/lib/jwt.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// The unmodified supabase-js against /auth/v1. Behaviour that looks surprising is GoTrue's;
// each test names the supabase/auth source it follows.

let stack: TestStack;
beforeAll(async () => {
  // Many sign-ups from one address: room above the default limits (auth-rate-limit tests those).
  stack = await startTestStack({ rateLimits: { windowSeconds: 300, perIp: 1000, perEmail: 1000 } });
});
afterAll(async () => {
  await stack?.stop();
});

const newEmail = () => `user-${randomUUID()}@example.com`;
const password = 'correct-horse-battery';

describe('sign-up', () => {
  it('creates a confirmed account and answers a session, as with auto-confirm (signup.go)', async () => {
    const email = newEmail();
    const { data, error } = await stack
      .client()
      .auth.signUp({ email, password, options: { data: { name: 'Ada' } } });
    expect(error).toBeNull();
    const { session, user } = data;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session!.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(session!.refresh_token).toEqual(expect.any(String));
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Ada', email_verified: true },
      is_anonymous: false,
    });
    for (const key of [
      'email_confirmed_at',
      'confirmed_at',
      'last_sign_in_at',
      'created_at',
      'updated_at',
    ] as const) {
      expect(Date.parse(user![key] as string)).not.toBeNaN();
    }
    expect(user!.identities).toEqual([
      expect.objectContaining({
        id: user!.id,
        user_id: user!.id,
        provider: 'email',
        email,
        identity_data: expect.objectContaining({ sub: user!.id, email, email_verified: false }),
      }),
    ]);
    expect(JSON.stringify(data)).not.toContain('$2');
  });

  it('issues the access token GoTrue issues (tokens/service.go GenerateAccessToken)', async () => {
    const email = newEmail();
    const { data } = await stack.client().auth.signUp({ email, password });
    const token = data.session!.access_token;
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toMatchObject({
      alg: 'HS256',
    });
    const claims = await verifyJwt(token, stack.context.config.jwtSecret);
    expect(claims).toMatchObject({
      aud: 'authenticated',
      iss: `${stack.url}/auth/v1`,
      sub: data.user!.id,
      email,
      phone: '',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { email_verified: true },
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      is_anonymous: false,
    });
    expect(claims.exp! - (claims.iat as number)).toBe(3600);
    expect(claims.exp).toBe(data.session!.expires_at);
  });

  it('refuses a taken email, whatever its case, with user_already_exists 422', async () => {
    const email = newEmail();
    await stack.client().auth.signUp({ email, password });
    const { data, error } = await stack
      .client()
      .auth.signUp({ email: email.toUpperCase(), password });
    expect(data.user).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
  });

  it('refuses a short password with weak_password 422 and its reasons (password.go)', async () => {
    const { error } = await stack.client().auth.signUp({ email: newEmail(), password: 'short' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      reasons: ['length'],
      message: 'Password should be at least 8 characters.',
    });
  });

  it('refuses an invalid email with validation_failed 400 (mail.go validateEmail)', async () => {
    const { error } = await stack.client().auth.signUp({ email: 'not-an-email', password });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(error!.message).toMatch(/Unable to validate email address/);
  });

  it('accepts any emailRedirectTo, using it only when allowed (utilities/request.go)', async () => {
    const client = stack.client();
    const evil = await client.auth.signUp({
      email: newEmail(),
      password,
      options: { emailRedirectTo: 'https://evil.example/steal' },
    });
    expect(evil.error).toBeNull();
  });
});

describe('sign-in', () => {
  it('signs in with the right password and records last_sign_in_at', async () => {
    const email = newEmail();
    const signUp = await stack.client().auth.signUp({ email, password });
    const { data, error } = await stack
      .client()
      .auth.signInWithPassword({ email: email.toUpperCase(), password });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(signUp.data.user!.id);
    expect(data.session!.access_token).not.toBe(signUp.data.session!.access_token);
    expect(decodeJwt(data.session!.access_token).session_id).not.toBe(
      decodeJwt(signUp.data.session!.access_token).session_id,
    );
  });

  it('answers the same invalid_credentials 400 for a wrong password and an unknown email (token.go)', async () => {
    const email = newEmail();
    await stack.client().auth.signUp({ email, password });
    const wrong = await stack
      .client()
      .auth.signInWithPassword({ email, password: 'wrong-password' });
    const unknown = await stack.client().auth.signInWithPassword({ email: newEmail(), password });
    for (const { data, error } of [wrong, unknown]) {
      expect(data.session).toBeNull();
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });
});

describe('onAuthStateChange', () => {
  it('reports sign-in, refresh and sign-out as supabase-js sees them', async () => {
    const email = newEmail();
    await stack.client().auth.signUp({ email, password });
    const client = stack.client();
    const events: AuthChangeEvent[] = [];
    const { data } = client.auth.onAuthStateChange((event) => void events.push(event));
    await client.auth.signInWithPassword({ email, password });
    await client.auth.refreshSession();
    await client.auth.signOut();
    await new Promise((resolve) => setTimeout(resolve, 50));
    data.subscription.unsubscribe();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'SIGNED_OUT']);
  });
});
