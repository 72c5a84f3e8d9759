import { describe, expect, it } from 'vitest';
import { signJwt } from '../lib/jwt.ts';
import { TokenCache } from './token-cache.ts';

const SECRET = 'token-cache-test-secret-of-some-length';

describe('TokenCache', () => {
  it('verifies a token once and hands every later join the same identity', async () => {
    const cache = new TokenCache(SECRET);
    const token = await signJwt({ role: 'anon' }, SECRET, 60);
    const first = await cache.check(token);
    const second = await cache.check(token);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.identity).toBe(first.identity);
    expect(first.identity.role).toBe('anon');
  });

  it('refuses a kept token once it expires, with realtime text', async () => {
    let now = Date.now();
    const cache = new TokenCache(SECRET, () => now);
    const exp = Math.floor(now / 1000) + 1;
    const token = await signJwt({ role: 'anon', exp }, SECRET);
    expect((await cache.check(token)).ok).toBe(true);
    // Past exp the kept answer is not used: the token is verified again, and jose refuses it.
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
    now = Date.now();
    expect(await cache.check(token)).toMatchObject({
      ok: false,
      code: 'InvalidJWTToken',
      message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
    });
  });

  it('keeps no refusal, and no token longer than its bound', async () => {
    const cache = new TokenCache(SECRET);
    const forged = await signJwt({ role: 'service_role' }, 'another-secret', 60);
    expect(await cache.check(forged)).toMatchObject({ ok: false, code: 'JwtSignatureError' });
    const long = await signJwt({ role: 'anon', padding: 'x'.repeat(3000) }, SECRET, 60);
    const [a, b] = [await cache.check(long), await cache.check(long)];
    expect(a.ok && b.ok && a.identity !== b.identity).toBe(true);
  });
});
