import { describe, expect, it } from 'vitest';
import { signJwt } from '../lib/jwt.ts';
import { verifyGatewayJwt } from './gateway.ts';

const secret = 'a-functions-gateway-secret-of-32-chars-or-more';

describe('verifyGatewayJwt (verify_jwt = true)', () => {
  it('admits any role signed with the project secret, the anon key included', async () => {
    expect(
      await verifyGatewayJwt(`Bearer ${await signJwt({ role: 'anon' }, secret)}`, secret),
    ).toBeNull();
    const user = await signJwt({ role: 'authenticated', sub: 'u' }, secret, 60);
    expect(await verifyGatewayJwt(`Bearer ${user}`, secret)).toBeNull();
  });

  it('refuses a missing or malformed header with the runtime messages', async () => {
    expect(await verifyGatewayJwt(undefined, secret)).toBe('Missing authorization header');
    expect(await verifyGatewayJwt('Basic abc', secret)).toBe("Auth header is not 'Bearer {token}'");
  });

  it('refuses forged, expired and garbage tokens', async () => {
    const forged = await signJwt(
      { role: 'service_role' },
      'some-other-secret-of-at-least-32-chars!',
    );
    const expired = await signJwt({ role: 'authenticated', exp: 1_000 }, secret);
    for (const token of [forged, expired, 'not.a.jwt', 'x']) {
      expect(await verifyGatewayJwt(`Bearer ${token}`, secret)).toBe('Invalid JWT');
    }
  });
});
