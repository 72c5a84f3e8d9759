import { decodeJwt } from 'jose';
import * as OTPAuth from 'otpauth';
import { create as createQr } from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestClient, type TestStack } from '../utils/stack.ts';
import { expectAuthApiError } from '../utils/auth-errors.ts';
import { totpCode, wrongCode } from '../utils/totp.ts';

// supabase-js's `auth.mfa`, unmodified, against the stack's factors API (supabase/auth
// internal/api/mfa.go). Codes come from the `otpauth` library, as an authenticator app would
// compute them from the secret: never from the stack's own totp.ts.

/** The dark modules of the SVG's path, as a `size`×`size` grid of 0 and 1. */
function svgModules(svg: string, size: number, border: number): number[] {
  const grid = new Array<number>(size * size).fill(0);
  for (const [, x, y] of svg.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    grid[(Number(y) - border) * size + (Number(x) - border)] = 1;
  }
  return grid;
}

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function enrolled(client: TestClient, friendlyName = 'phone') {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error) throw error;
  return data;
}

/** A user with a verified factor, signed in at aal2 on `client`. */
async function atAal2() {
  const user = await stack.createUser();
  const factor = await enrolled(user.client);
  const { data, error } = await user.client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: totpCode(factor.totp.secret),
  });
  if (error) throw error;
  return { ...user, factor, session: data };
}

async function accessToken(client: TestClient) {
  return decodeJwt((await client.auth.getSession()).data.session!.access_token);
}

describe('enrolment', () => {
  it('returns the secret and otpauth URI as GoTrue does; the factor is listed unverified', async () => {
    const { client, email } = await stack.createUser();
    const factor = await enrolled(client, 'Authenticator');
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Authenticator' });
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    // The issuer is the site URL's host when the app names none (mfa.go enrollTOTPFactor).
    const host = new URL(stack.context.config.siteUrl).host;
    expect(factor.totp.uri).toBe(
      `otpauth://totp/${host}:${email}?algorithm=SHA1&digits=6&issuer=${encodeURIComponent(host)}&period=30&secret=${factor.totp.secret}`,
    );
    // An authenticator app reads the URI: the otpauth library parses it back to the secret.
    const parsed = OTPAuth.URI.parse(factor.totp.uri);
    expect(parsed).toBeInstanceOf(OTPAuth.TOTP);
    expect(parsed.secret.base32).toBe(factor.totp.secret);
    expect(parsed.issuer).toBe(host);
    // GoTrue sends a raw SVG; auth-js makes it the data URI an <img> shows (GoTrueClient _enroll).
    const prefix = 'data:image/svg+xml;utf-8,';
    expect(factor.totp.qr_code.startsWith(`${prefix}<?xml version="1.0"?>\n<svg `)).toBe(true);
    const svg = factor.totp.qr_code.slice(prefix.length);
    // The modules drawn are those of the URI at GoTrue's error-correction level H.
    const { modules } = createQr(factor.totp.uri, { errorCorrectionLevel: 'H' });
    expect(svgModules(svg, modules.size, 4)).toEqual(Array.from(modules.data));
    expect(svg).toContain(`width="${(modules.size + 8) * 3}"`);
    const { data } = await client.auth.mfa.listFactors();
    expect(data!.all).toEqual([
      expect.objectContaining({ id: factor.id, status: 'unverified', factor_type: 'totp' }),
    ]);
    expect(data!.totp).toEqual([]);
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('refuses a taken friendly name, an overlong one, a NUL in one and a bad type', async () => {
    const { client } = await stack.createUser();
    await enrolled(client, 'same');
    expectAuthApiError(
      (await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'same' })).error,
      422,
      'mfa_factor_name_conflict',
    );
    expectAuthApiError(
      (await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'x'.repeat(1001) })).error,
      400,
      'validation_failed',
    );
    expectAuthApiError(
      (await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'a\u0000b' })).error,
      400,
      'validation_failed',
    );
    expectAuthApiError(
      (await client.auth.mfa.enroll({ factorType: 'sms' as 'totp' })).error,
      400,
      'validation_failed',
    );
  });

  it('holds at most 10 factors; abandoned enrolments expire after 5 minutes', async () => {
    const { client, userId } = await stack.createUser();
    for (let i = 0; i < 10; i++) await enrolled(client, `f${i}`);
    expectAuthApiError(
      (await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'f10' })).error,
      422,
      'too_many_enrolled_mfa_factors',
    );
    await stack.pool.query(
      `update auth.mfa_factors set created_at = created_at - interval '301 seconds'
        where user_id = $1 and friendly_name = 'f0'`,
      [userId],
    );
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'f10' })).error).toBe(
      null,
    );
  });
});

describe('challenge and verify', () => {
  it('reaches aal2 with totp in amr; the level and factors are on the user', async () => {
    const { client, factor, session } = await atAal2();
    expect(session).toMatchObject({ token_type: 'bearer', refresh_token: expect.any(String) });
    const claims = await accessToken(client);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr).toEqual([
      { method: 'totp', timestamp: expect.any(Number) },
      { method: 'password', timestamp: expect.any(Number) },
    ]);
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(
      level.data!.currentAuthenticationMethods.map((entry) =>
        typeof entry === 'string' ? entry : entry.method,
      ),
    ).toEqual(['totp', 'password']);
    const { data } = await client.auth.mfa.listFactors();
    expect(data!.totp).toEqual([expect.objectContaining({ id: factor.id, status: 'verified' })]);
  });

  it('keeps aal2 across a refresh; a new password sign-in starts at aal1 with aal2 next', async () => {
    const { client, email, password } = await atAal2();
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal2');

    const other = stack.client();
    await other.auth.signInWithPassword({ email, password });
    const level = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await accessToken(other)).amr).toEqual([
      { method: 'password', timestamp: expect.any(Number) },
    ]);
  });

  it('refuses a wrong code, a spent challenge and an expired one', async () => {
    const { client } = await stack.createUser();
    const factor = await enrolled(client);
    const challenge = async () => (await client.auth.mfa.challenge({ factorId: factor.id })).data!;

    const first = await challenge();
    expect(first.expires_at).toBeGreaterThan(Date.now() / 1000 + 290);
    const verify = (challengeId: string, code: string) =>
      client.auth.mfa.verify({ factorId: factor.id, challengeId, code });
    expectAuthApiError(
      (await verify(first.id, wrongCode(factor.totp.secret))).error,
      422,
      'mfa_verification_failed',
    );
    // A wrong code leaves the challenge open, as GoTrue does.
    expect((await verify(first.id, totpCode(factor.totp.secret))).error).toBeNull();
    expectAuthApiError(
      (await verify(first.id, totpCode(factor.totp.secret))).error,
      422,
      'mfa_ip_address_mismatch',
    );

    const late = await challenge();
    await stack.pool.query(
      `update auth.mfa_challenges set created_at = created_at - interval '301 seconds' where id = $1`,
      [late.id],
    );
    expectAuthApiError(
      (await verify(late.id, totpCode(factor.totp.secret))).error,
      422,
      'mfa_challenge_expired',
    );
    expectAuthApiError(
      (await verify(late.id, totpCode(factor.totp.secret))).error,
      422,
      'mfa_factor_not_found',
    );
  });

  it("answers another user's factor and a made-up one as not found", async () => {
    const { factor } = await atAal2();
    const { client } = await stack.createUser();
    for (const factorId of [factor.id, crypto.randomUUID()]) {
      expectAuthApiError(
        (await client.auth.mfa.challenge({ factorId })).error,
        404,
        'mfa_factor_not_found',
      );
    }
  });
});

describe('unenrolment', () => {
  it('needs aal2 for a verified factor, then drops the session to aal1', async () => {
    const { client, email, password, factor } = await atAal2();
    const aal1 = stack.client();
    await aal1.auth.signInWithPassword({ email, password });
    expectAuthApiError(
      (await aal1.auth.mfa.unenroll({ factorId: factor.id })).error,
      422,
      'insufficient_aal',
    );
    expectAuthApiError(
      (await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' })).error,
      403,
      'insufficient_aal',
    );
    const { data, error } = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factor.id });
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
    });
    expect((await client.auth.mfa.listFactors()).data!.all).toEqual([]);
  });

  it('the admin API lists and removes a factor (a lost phone)', async () => {
    const { userId, factor, client } = await atAal2();
    const admin = stack.client({ key: stack.serviceRoleKey }).auth.admin;
    const listed = await admin.mfa.listFactors({ userId });
    expect(listed.data!.factors).toEqual([
      expect.objectContaining({ id: factor.id, status: 'verified' }),
    ]);
    const removed = await admin.mfa.deleteFactor({ userId, id: factor.id });
    expect(removed.error).toBeNull();
    expect((await admin.mfa.listFactors({ userId })).data!.factors).toEqual([]);
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal1');
    expectAuthApiError(
      (await admin.mfa.deleteFactor({ userId, id: factor.id })).error,
      404,
      'mfa_factor_not_found',
    );
  });
});
