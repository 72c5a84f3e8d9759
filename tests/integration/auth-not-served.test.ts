import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAuthApiError } from '../utils/auth-errors.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// What supabase-js can ask for that the stack does not offer: each answer is GoTrue's JSON for
// that feature switched off, so the client gets an AuthApiError with a code (never an
// AuthUnknownError from a body it cannot parse). auth/not-served.ts, ADR 019.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

describe('features the stack does not serve', () => {
  it('one-time passwords, magic links, anonymous sign-in and SSO', async () => {
    const auth = stack.client().auth;
    expectAuthApiError(
      (await auth.signInWithOtp({ email: 'ada@example.com' })).error,
      422,
      'email_provider_disabled',
    );
    expectAuthApiError(
      (await auth.signInWithOtp({ phone: '+15555550100' })).error,
      400,
      'phone_provider_disabled',
    );
    expectAuthApiError((await auth.signInAnonymously()).error, 422, 'anonymous_provider_disabled');
    expectAuthApiError(
      (await auth.signInWithSSO({ domain: 'example.com' })).error,
      404,
      'saml_provider_disabled',
    );
    expectAuthApiError(
      (await auth.resend({ type: 'signup', email: 'ada@example.com' })).error,
      404,
      'not_found',
    );
    expectAuthApiError(
      (await auth.signInWithIdToken({ provider: 'google', token: 'x' })).error,
      400,
      'provider_disabled',
    );
  });

  it('MFA types left off, identity linking and reauthentication for a signed-in user', async () => {
    const { client } = await stack.createUser();
    // TOTP is served (auth-mfa.test.ts); phone factors stay off as config.toml leaves them.
    expectAuthApiError(
      (await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' })).error,
      422,
      'mfa_phone_enroll_not_enabled',
    );
    expectAuthApiError(
      (await client.auth.mfa.challenge({ factorId: crypto.randomUUID() })).error,
      404,
      'mfa_factor_not_found',
    );
    const factors = await client.auth.mfa.listFactors();
    expect(factors.error).toBeNull();
    expect(factors.data?.all).toEqual([]);
    expectAuthApiError(
      (
        await client.auth.linkIdentity({
          provider: 'github',
          options: { skipBrowserRedirect: true },
        })
      ).error,
      404,
      'manual_linking_disabled',
    );
    expectAuthApiError((await client.auth.reauthenticate()).error, 404, 'not_found');
    // Without a session the guard answers first, as GoTrue's requireAuthentication does.
    const anonymous = await fetch(`${stack.url}/auth/v1/factors`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: '{"factor_type":"totp"}',
    });
    expect(anonymous.status).toBe(401);
  });

  it('the admin API: invitations and links, behind the service role', async () => {
    const admin = stack.client({ key: stack.serviceRoleKey }).auth.admin;
    expectAuthApiError((await admin.inviteUserByEmail('ada@example.com')).error, 404, 'not_found');
    expectAuthApiError(
      (await admin.generateLink({ type: 'magiclink', email: 'ada@example.com' })).error,
      404,
      'not_found',
    );
    const { userId } = await stack.createUser();
    const factors = await admin.mfa.listFactors({ userId });
    expect(factors.error).toBeNull();
    expect(factors.data?.factors).toEqual([]);
    const asAnon = await stack.client().auth.admin.inviteUserByEmail('ada@example.com');
    expectAuthApiError(asAnon.error, 403, 'not_admin');
  });
});
