import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAuthApiError } from '../utils/auth-errors.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';
import { totpCode, wrongCode } from '../utils/totp.ts';

// Guessing a TOTP code (auth-mfa.test.ts has the factors API): GoTrue's own limit on
// verifications per address, on a stack of this file's own that keeps it (the other test stacks
// raise it to sign many admins in).
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({
    rateLimits: { windowSeconds: 300, perIp: 10_000, perEmail: 10_000 },
  });
});
afterAll(() => stack?.stop());

it('30 verifications per address, then 429 even for the right code', async () => {
  const { client } = await stack.createUser();
  const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
  const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
  const attempt = (code: string) =>
    client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code });
  let refused = 0;
  let error = (await attempt(wrongCode(factor!.totp.secret))).error;
  while (error?.status === 422 && refused < 40) {
    expect(error).toMatchObject({ code: 'mfa_verification_failed' });
    refused += 1;
    error = (await attempt(wrongCode(factor!.totp.secret))).error;
  }
  expectAuthApiError(error, 429, 'over_request_rate_limit');
  // GoTrue's burst of 30; the sliding window may let a hit or two more through when the
  // attempts straddle two windows (its estimate never counts more hits than were made).
  expect(refused).toBeGreaterThanOrEqual(30);
  expect(refused).toBeLessThanOrEqual(32);
  expectAuthApiError(
    (await attempt(totpCode(factor!.totp.secret))).error,
    429,
    'over_request_rate_limit',
  );
});
