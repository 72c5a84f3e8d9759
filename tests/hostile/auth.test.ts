// Auth attacks at a small scale (issue 21): bcrypt work on demand, deep metadata, an attacker
// guessing the owner's password, recovery requests for unknown addresses, and, as behind a
// same-host reverse proxy (TRUST_PROXY=1), a forged X-Forwarded-For and the local mailbox.
// tests/stress/hostile-scale.test.ts runs the same functions at the red team's scale.
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, linkAndCode } from '../utils/mailbox.ts';
import {
  deepMetadata,
  forgedForwardedFor,
  guessPassword,
  samePasswordChanges,
  signUpAttacker,
  unknownRecoveries,
  type Account,
} from './attacks-auth.ts';
import {
  expectUnharmed,
  hostileTimeouts,
  owner,
  startHostileStack,
  underAttack,
  type HostileStack,
} from './harness.ts';
import { ask } from './requests.ts';

hostileTimeouts();
let stack: HostileStack;
let attacker: Account;
beforeAll(async () => {
  // Behind one proxy hop; requests without X-Forwarded-For (the visitor, the attackers on their
  // own addresses) are their socket's address either way.
  stack = await startHostileStack({ env: { TRUST_PROXY: '1' } });
  attacker = await signUpAttacker(stack);
});
afterAll(() => stack?.stop());

/** The owner's own browser: supabase-js from the visitor's address. */
const ownerClient = () =>
  createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

describe('an auth attacker is not everyone’s outage', () => {
  it('concurrent password changes to the current password', async () => {
    const scale = { concurrency: 8, seconds: 3, account: attacker };
    const figures = await underAttack(stack, 'same-password changes', () =>
      samePasswordChanges(stack, scale),
    );
    // bcrypt needs ~4 KiB a hash: nothing of it stays.
    expectUnharmed(figures, { ratio: 10, memoryMiB: 64 });
    expect(Object.keys(figures.outcome.statuses).filter((s) => s === '0' || s === '500')).toEqual(
      [],
    );
  });

  it('user metadata thousands deep', async () => {
    const scale = { depth: 3500, count: 40, account: attacker };
    const figures = await underAttack(stack, 'deep metadata', () => deepMetadata(stack, scale));
    expectUnharmed(figures, { ratio: 10, memoryMiB: 64 });
    // Kept or refused as bad input, never a 500: neither on the write nor on reading the user back.
    const { statuses, readBack } = figures.outcome;
    expect(Object.keys(statuses).filter((s) => s === '0' || s === '500')).toEqual([]);
    expect(readBack, 'GET /auth/v1/user afterwards').toBe(200);
  });

  it('the owner signs in while strangers guess their password', async () => {
    const figures = await underAttack(stack, 'password guessing', async () => {
      const guessing = guessPassword(stack, { attempts: 24, addresses: 4, email: owner.email });
      await guessing;
      const { error } = await ownerClient().auth.signInWithPassword(owner);
      return { ...(await guessing), ownerSignIn: error ? `${error.status} ${error.code}` : 'ok' };
    });
    expectUnharmed(figures, { ratio: 10, memoryMiB: 64 });
    expect(figures.outcome.ownerSignIn, 'the owner signs in').toBe('ok');
  });

  it('a real recovery after recovery requests for unknown addresses', async () => {
    const figures = await underAttack(stack, 'unknown recoveries', async () => {
      const spam = await unknownRecoveries(stack, { requests: 4 });
      const { error } = await ownerClient().auth.resetPasswordForEmail(owner.email);
      return { ...spam, ownerReset: error ? `${error.status} ${error.code}` : 'ok' };
    });
    expectUnharmed(figures, { ratio: 10, memoryMiB: 64 });
    expect(figures.outcome.ownerReset, 'the owner’s reset is accepted').toBe('ok');
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ sent: Date | null }>(
      `select "recovery_sent_at" as "sent" from "auth"."users" where "email" = $1`,
      [owner.email],
    );
    await db.end();
    expect(rows[0]?.sent, 'a recovery was issued to the owner').toBeTruthy();
    // Where the local mailbox is on, the owner also completes the reset with the mailed code.
    const mail = (await fetch(`${stack.url}/mailbox/api/messages`)).ok
      ? await latestMail(stack.url, owner.email)
      : undefined;
    if (mail) {
      const { error } = await ownerClient().auth.verifyOtp({
        email: owner.email,
        token: linkAndCode(mail).code,
        type: 'recovery',
      });
      expect(error).toBeNull();
    }
  });

  it('a forged left-most X-Forwarded-For does not dodge the per-address limit', async () => {
    const figures = await underAttack(stack, 'forged X-Forwarded-For', () =>
      forgedForwardedFor(stack, { attempts: 40 }),
    );
    expectUnharmed(figures, { ratio: 10, memoryMiB: 64 });
    // GoTrue's sign_in_sign_ups budget is 30 per 5 minutes per address: 40 tries from one client meet it.
    expect(figures.outcome.firstLimitedAt, 'the attempt the limit stopped').not.toBeNull();
  });

  it('the mailbox is not readable through the proxy', async () => {
    const answer = await ask(stack, {
      path: '/mailbox/api/messages',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(answer.status, answer.text.slice(0, 100)).not.toBe(200);
  });
});
