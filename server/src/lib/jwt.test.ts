import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JwtError, signJwt, verifyJwt } from './jwt.ts';

const secret = 'a-test-secret-that-is-at-least-32-characters';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

async function reason(token: string, key = secret): Promise<string> {
  try {
    await verifyJwt(token, key);
  } catch (error) {
    expect(error).toBeInstanceOf(JwtError);
    return (error as JwtError).reason;
  }
  throw new Error('token was accepted');
}

describe('signJwt / verifyJwt', () => {
  it('round-trips claims with iat and exp', async () => {
    const token = await signJwt({ role: 'authenticated', sub: 'u1', email: 'a@b.c' }, secret, 60);
    const claims = await verifyJwt(token, secret);
    expect(claims).toMatchObject({ role: 'authenticated', sub: 'u1', email: 'a@b.c' });
    expect(claims.exp! - (claims.iat as number)).toBe(60);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
  });

  it('keeps explicit iat and exp', async () => {
    const token = await signJwt({ role: 'anon', iat: 1000, exp: now() + 5 }, secret, 3600);
    const claims = await verifyJwt(token, secret);
    expect(claims.iat).toBe(1000);
    expect(claims.exp).toBeLessThanOrEqual(now() + 5);
  });

  it('accepts a token without exp (API keys may be long-lived)', async () => {
    await expect(verifyJwt(await signJwt({ role: 'anon' }, secret), secret)).resolves.toMatchObject(
      {
        role: 'anon',
      },
    );
  });

  it('refuses an expired token', async () => {
    expect(await reason(await signJwt({ role: 'anon', exp: now() - 1 }, secret))).toBe('expired');
  });

  it('refuses a token signed with another secret or tampered with', async () => {
    const token = await signJwt({ role: 'anon' }, secret, 60);
    expect(await reason(token, `${secret}-other`)).toBe('bad_signature');
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${b64({ role: 'service_role' })}.${signature}`;
    expect(await reason(tampered)).toBe('bad_signature');
  });

  it('refuses alg none, with or without a signature', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role' })}`;
    expect(await reason(`${unsigned}.`)).toBe('bad_alg');
    expect(await reason(`${unsigned}.c2ln`)).toBe('bad_alg');
    const noneUpper = `${b64({ alg: 'None' })}.${b64({ role: 'service_role' })}.`;
    expect(await reason(noneUpper)).toBe('bad_alg');
  });

  it('refuses other algorithms, even when the HMAC is right', async () => {
    const hs512 = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(secret));
    expect(await reason(hs512)).toBe('bad_alg');
    const rs256 = `${b64({ alg: 'RS256' })}.${b64({ role: 'service_role' })}.c2ln`;
    expect(await reason(rs256)).toBe('bad_alg');
  });

  it('refuses a token without a role', async () => {
    expect(await reason(await signJwt({ sub: 'u1' }, secret, 60))).toBe('missing_role');
    expect(await reason(await signJwt({ role: 42 }, secret, 60))).toBe('missing_role');
  });

  it('reports malformed tokens without throwing anything else', async () => {
    for (const token of [
      '',
      'abc',
      'a.b',
      'a.b.c',
      '...',
      `${b64({ alg: 'HS256' })}.not-json.x`,
      'x'.repeat(20_000),
    ]) {
      expect(await reason(token)).toBe('malformed');
    }
    const badExp = await signJwt({ role: 'anon', exp: 'tomorrow' }, secret);
    expect(await reason(badExp)).toBe('malformed');
  });
});

describe('verification cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers repeats alike, each caller with its own copy', async () => {
    const token = await signJwt(
      { role: 'authenticated', sub: 'u1', app_metadata: { a: 1 } },
      secret,
      60,
    );
    const first = await verifyJwt(token, secret);
    first.role = 'service_role';
    const second = await verifyJwt(token, secret);
    expect(second.role).toBe('authenticated');
    expect(second).not.toBe(first);
    expect(() => {
      (second.app_metadata as Record<string, unknown>).a = 2;
    }).toThrow(TypeError);
  });

  it('still refuses a cached token once it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await signJwt({ role: 'anon' }, secret, 2);
    await verifyJwt(token, secret);
    vi.setSystemTime(Date.now() + 5_000);
    expect(await reason(token)).toBe('expired');
  });

  it('keys by secret: a token verified under one secret is not valid under another', async () => {
    const token = await signJwt({ role: 'anon' }, secret, 60);
    await verifyJwt(token, secret);
    expect(await reason(token, `${secret}-rotated`)).toBe('bad_signature');
  });
});
