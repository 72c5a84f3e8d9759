import { randomUUID } from 'node:crypto';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, linkAndCode, projectWith } from '../utils/mailbox.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// The recovery form on /auth that takes the mailed code (src/features/auth/api/password.ts,
// recoverWithCode): the same calls, in the same order, through the unmodified supabase-js.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ mailbox: true, project: projectWith({}) });
});
afterAll(async () => {
  await stack?.stop();
});

async function mailedCode(email: string): Promise<string> {
  const { error } = await stack.client().auth.resetPasswordForEmail(email);
  expect(error).toBeNull();
  return linkAndCode((await latestMail(stack.url, email.toLowerCase()))!).code;
}

describe('recovery by the mailed code', () => {
  it('the code signs a recovery session in (PASSWORD_RECOVERY), the new password is set, and the code is spent', async () => {
    const { email, password } = await stack.createUser();
    const code = await mailedCode(email);
    const page = stack.client();
    const events: AuthChangeEvent[] = [];
    page.auth.onAuthStateChange((event) => void events.push(event));

    const verified = await page.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(verified.error).toBeNull();
    // What keeps /auth on its recovery forms instead of sending the session to /admin.
    expect(events).toContain('PASSWORD_RECOVERY');
    const chosen = `new-${randomUUID()}`;
    expect((await page.auth.updateUser({ password: chosen })).error).toBeNull();

    const old = await stack.client().auth.signInWithPassword({ email, password });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await stack.client().auth.signInWithPassword({ email, password: chosen });
    expect(fresh.error).toBeNull();
    const again = await stack.client().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('takes the address as typed on the login form, capitals included', async () => {
    const { email } = await stack.createUser();
    const typed = email.toUpperCase();
    const code = await mailedCode(typed);
    const verified = await stack.client().auth.verifyOtp({
      email: typed,
      token: code,
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
  });

  it('a refused new password leaves the recovery session signed in, so the page can ask again', async () => {
    const { email, password } = await stack.createUser();
    const code = await mailedCode(email);
    const page = stack.client();
    expect((await page.auth.verifyOtp({ email, token: code, type: 'recovery' })).error).toBeNull();
    const same = await page.auth.updateUser({ password });
    expect(same.error?.code).toBe('same_password');
    const short = await page.auth.updateUser({ password: 'short' });
    expect(short.error?.code).toBe('weak_password');
    const chosen = `new-${randomUUID()}`;
    expect((await page.auth.updateUser({ password: chosen })).error).toBeNull();
    const fresh = await stack.client().auth.signInWithPassword({ email, password: chosen });
    expect(fresh.error).toBeNull();
  });

  it('a wrong code signs nobody in and changes nothing', async () => {
    const { email, password } = await stack.createUser();
    const code = await mailedCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const page = stack.client();
    const bad = await page.auth.verifyOtp({ email, token: wrong, type: 'recovery' });
    expect(bad.error?.code).toBe('otp_expired');
    expect((await page.auth.getSession()).data.session).toBeNull();
    const updated = await page.auth.updateUser({ password: `new-${randomUUID()}` });
    expect(updated.error).not.toBeNull();
    const still = await stack.client().auth.signInWithPassword({ email, password });
    expect(still.error).toBeNull();
  });
});
