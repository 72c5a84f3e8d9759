// Behind a same-host reverse proxy (TRUST_PROXY=1, issue 21): a forged X-Forwarded-For must not
// dodge the per-address sign-in limit, nor open the local mailbox to the proxy's visitors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgedForwardedFor } from './attacks-auth.ts';
import { expectUnharmed, hostileTimeouts, startHostileStack, underAttack, type HostileStack } from './harness.ts';
import { ask } from './requests.ts';

hostileTimeouts();
let stack: HostileStack;
beforeAll(async () => {
  stack = await startHostileStack({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => stack?.stop());

describe('behind a proxy (TRUST_PROXY=1)', () => {
  it('a forged left-most X-Forwarded-For does not dodge the per-address limit', async () => {
    const figures = await underAttack(stack, 'forged X-Forwarded-For', () => forgedForwardedFor(stack, { attempts: 60 }));
    expectUnharmed(figures, { ratio: 10, memoryMiB: 64 });
    // GoTrue's sign_in_sign_ups budget is 30 per 5 minutes per address: 60 tries from one client meet it.
    expect(figures.outcome.firstLimitedAt, 'the attempt the limit stopped').not.toBeNull();
  });

  it('the mailbox is not readable through the proxy', async () => {
    const answer = await ask(stack, { path: '/mailbox/api/messages', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(answer.status, answer.text.slice(0, 100)).not.toBe(200);
  });
});
