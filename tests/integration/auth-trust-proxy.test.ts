import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { trustProxy } from '../../server/src/config.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// The per-IP limit keys on the client address. Behind a reverse proxy that address is the
// proxy's, unless TRUST_PROXY names it; a visitor must never pick its own address by header.

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.stop();
  stack = undefined;
});

async function signUpFrom(forwardedFor: string): Promise<number> {
  const response = await fetch(`${stack!.url}/auth/v1/signup`, {
    method: 'POST',
    headers: {
      apikey: stack!.anonKey,
      'Content-Type': 'application/json',
      'X-Forwarded-For': forwardedFor,
    },
    body: JSON.stringify({ email: `user-${randomUUID()}@example.com`, password: 'pw-123456' }),
  });
  return response.status;
}

const limits = { windowSeconds: 300, perIp: 2, perEmail: 100 };

describe('TRUST_PROXY', () => {
  it('parses off, any proxy, and a list of proxies', () => {
    expect([undefined, '', 'false', '0', 'off'].map(trustProxy)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy(' 10.0.0.1, 10.0.0.0/8 ')).toBe('10.0.0.1, 10.0.0.0/8');
  });

  it('off: a forged X-Forwarded-For does not dodge the per-IP limit', async () => {
    stack = await startTestStack({ rateLimits: limits });
    expect(await signUpFrom('203.0.113.1')).toBe(200);
    expect(await signUpFrom('203.0.113.2')).toBe(200);
    expect(await signUpFrom('203.0.113.3')).toBe(429);
  });

  it('behind a trusted proxy: each visitor has a limit of their own', async () => {
    stack = await startTestStack({ rateLimits: limits, trustProxy: '127.0.0.1' });
    expect(await signUpFrom('203.0.113.1')).toBe(200);
    expect(await signUpFrom('203.0.113.1')).toBe(200);
    expect(await signUpFrom('203.0.113.1')).toBe(429);
    expect(await signUpFrom('203.0.113.2')).toBe(200);
  });
});
