import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { trustProxy } from '../../server/src/config.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// The per-IP limits key on the client address (gateway/client-address.ts, ADR 019). Behind a
// reverse proxy that address is the proxy's, unless TRUST_PROXY says how many hops or which
// proxies to trust; then it is the right-most address no trusted proxy added. A visitor must
// never pick its own address by header.

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
  it('parses off, a hop count, a list of proxies; true is one hop, with a warning', () => {
    const off = [undefined, '', 'false', '0', 'off'].map((value) => trustProxy(value));
    expect(off).toEqual([false, false, false, false, false]);
    expect(trustProxy('2')).toEqual({ hops: 2 });
    expect(trustProxy(' 10.0.0.1, 10.0.0.0/8 ')).toEqual({ proxies: ['10.0.0.1', '10.0.0.0/8'] });
    const warnings: string[] = [];
    expect(trustProxy('true', (message) => warnings.push(message))).toEqual({ hops: 1 });
    expect(warnings[0]).toMatch(/one proxy hop/);
    expect(() => trustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY: "10.0.0.0\/33"/);
    expect(() => trustProxy('proxy.example')).toThrow(/not an address/);
  });

  it('off: a forged X-Forwarded-For does not dodge the per-IP limit', async () => {
    stack = await startTestStack({ rateLimits: limits });
    expect(await signUpFrom('203.0.113.1')).toBe(200);
    expect(await signUpFrom('203.0.113.2')).toBe(200);
    expect(await signUpFrom('203.0.113.3')).toBe(429);
  });

  it('behind a trusted proxy: each visitor has a limit of their own', async () => {
    stack = await startTestStack({ rateLimits: limits, trustProxy: { proxies: ['127.0.0.1'] } });
    expect(await signUpFrom('203.0.113.1')).toBe(200);
    expect(await signUpFrom('203.0.113.1')).toBe(200);
    expect(await signUpFrom('203.0.113.1')).toBe(429);
    expect(await signUpFrom('203.0.113.2')).toBe(200);
  });

  it('one hop: a visitor writing the left end of the header gets no fresh budget', async () => {
    stack = await startTestStack({ rateLimits: limits, trustProxy: trustProxy('true', () => {}) });
    // What nginx forwards when the visitor sent "X-Forwarded-For: <made up>" itself.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await signUpFrom(`198.51.100.${i}, 203.0.113.7`));
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(await signUpFrom('198.51.100.9, 203.0.113.8')).toBe(200);
  });
});
