// Auth attacks (issue 21), each a function of its scale: bcrypt work on demand, deep metadata,
// guessing the owner's password, forged X-Forwarded-For, recovery mail for unknown addresses.
import { randomUUID } from 'node:crypto';
import { attackerAddress } from './harness.ts';
import { ask, pool, statuses, type Target } from './requests.ts';

export interface Account {
  email: string;
  password: string;
  accessToken: string;
}

/** Signs a new account up from an attacker's address: anyone may. */
export async function signUpAttacker(
  target: Target,
  from = attackerAddress(200),
): Promise<Account> {
  const email = `attacker-${randomUUID()}@example.com`;
  const password = `pw-${randomUUID()}`;
  const answer = await ask(target, {
    method: 'POST',
    path: '/auth/v1/signup',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    from,
  });
  const session = JSON.parse(answer.text) as { access_token?: string };
  if (!session.access_token) throw new Error(`sign-up answered ${answer.status}: ${answer.text}`);
  return { email, password, accessToken: session.access_token };
}

const asUser = (account: Account) => ({
  authorization: `Bearer ${account.accessToken}`,
  'content-type': 'application/json',
});

/** `PUT /auth/v1/user {password: <current>}`, `concurrency` at once: each costs a bcrypt compare. */
export async function samePasswordChanges(
  target: Target,
  scale: { concurrency: number; seconds: number; account: Account },
) {
  const body = JSON.stringify({ password: scale.account.password });
  const answers = await pool(
    scale.concurrency,
    () =>
      ask(target, {
        method: 'PUT',
        path: '/auth/v1/user',
        headers: asUser(scale.account),
        body,
        from: attackerAddress(200),
      }),
    { untilMs: scale.seconds * 1000 },
  );
  return { requests: answers.length, statuses: statuses(answers) };
}

/**
 * User metadata nested `depth` deep (arrays: two bytes a level, so thousands fit the 8 KiB
 * metadata bound), `count` times; then the user is read back.
 */
export async function deepMetadata(
  target: Target,
  scale: { depth: number; count: number; account: Account },
) {
  const data = `{"a":${'['.repeat(scale.depth)}${']'.repeat(scale.depth)}}`;
  const answers = await pool(
    4,
    () =>
      ask(target, {
        method: 'PUT',
        path: '/auth/v1/user',
        headers: asUser(scale.account),
        body: `{"data":${data}}`,
        from: attackerAddress(201),
      }),
    { total: scale.count },
  );
  const user = await ask(target, {
    path: '/auth/v1/user',
    headers: asUser(scale.account),
    from: attackerAddress(201),
  });
  return { requests: answers.length, statuses: statuses(answers), readBack: user.status };
}

const signIn = (target: Target, email: string, password: string, from: string, headers = {}) =>
  ask(target, {
    method: 'POST',
    path: '/auth/v1/token?grant_type=password',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
    from,
  });

/** Wrong passwords for the owner's address from strangers' addresses. */
export async function guessPassword(
  target: Target,
  scale: { attempts: number; addresses: number; email: string },
) {
  const answers = await pool(
    4,
    (i) => signIn(target, scale.email, `wrong-${i}`, attackerAddress(300 + (i % scale.addresses))),
    {
      total: scale.attempts,
    },
  );
  return { attempts: answers.length, statuses: statuses(answers) };
}

/**
 * Sign-in attempts through a same-host proxy that appends the real client (203.0.113.9) to a
 * forged X-Forwarded-For: with TRUST_PROXY=1 the per-IP limit must meet the real client.
 */
export async function forgedForwardedFor(target: Target, scale: { attempts: number }) {
  const answers = await pool(
    4,
    (i) =>
      signIn(target, `nobody-${i}@example.com`, 'wrong', '127.0.0.1', {
        'x-forwarded-for': `198.51.100.${i % 250}, 203.0.113.9`,
      }),
    { total: scale.attempts },
  );
  const firstLimited = answers.findIndex((answer) => answer.status === 429);
  return {
    attempts: answers.length,
    firstLimitedAt: firstLimited < 0 ? null : firstLimited + 1,
    statuses: statuses(answers),
  };
}

/** Recovery requests for addresses that have no account, from a stranger's address. */
export async function unknownRecoveries(target: Target, scale: { requests: number }) {
  const answers = await pool(
    2,
    () =>
      ask(target, {
        method: 'POST',
        path: '/auth/v1/recover',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `unknown-${randomUUID()}@example.com` }),
        from: attackerAddress(400),
      }),
    { total: scale.requests },
  );
  return { requests: answers.length, statuses: statuses(answers) };
}
