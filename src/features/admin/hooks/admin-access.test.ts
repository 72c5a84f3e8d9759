import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { adminAccess } from './admin-access';

const session = (id: string, email = `${id}@example.com`) =>
  ({ user: { id, email } }) as unknown as Session;

describe('adminAccess', () => {
  it('is checking while the session is read and while the role is checked', () => {
    expect(adminAccess(undefined, null)).toEqual({ status: 'checking' });
    expect(adminAccess(session('a'), null)).toEqual({ status: 'checking' });
  });

  it('sends a visitor without a session to sign in', () => {
    expect(adminAccess(null, null)).toEqual({ status: 'no-session' });
    expect(adminAccess(null, { userId: 'a', outcome: 'admin' })).toEqual({ status: 'no-session' });
  });

  it('grants an admin, with the email for the header', () => {
    expect(
      adminAccess(session('a', 'boss@example.com'), { userId: 'a', outcome: 'admin' }),
    ).toEqual({ status: 'granted', email: 'boss@example.com' });
  });

  it('denies a signed-in user without the role, naming the account for the denial page', () => {
    expect(adminAccess(session('a'), { userId: 'a', outcome: 'not-admin' })).toEqual({
      status: 'denied',
      email: 'a@example.com',
    });
  });

  it('fails when the session or the role check could not be read', () => {
    expect(adminAccess('failed', null)).toEqual({ status: 'failed' });
    expect(adminAccess(session('a'), { userId: 'a', outcome: 'failed' })).toEqual({
      status: 'failed',
    });
  });

  it("ignores a check that belongs to a different user's session", () => {
    expect(adminAccess(session('b'), { userId: 'a', outcome: 'admin' })).toEqual({
      status: 'checking',
    });
  });
});
