// Attacks on the inputs issues 23 and 25 added, each a function of its scale: the feeds' `feed`
// parameter, the draw-beacon function without the service key, the stack's local beacon (rounds
// to sign on demand, rounds to wait for) and a signed-up stranger's two-factor endpoints.
import { attackerAddress } from './harness.ts';
import { ask, pool, statuses, type Answer, type Target } from './requests.ts';
import type { Account } from './attacks-auth.ts';

export interface RateScale {
  /** Requests in flight at once. */
  concurrency: number;
  seconds: number;
}

const FEED_QUERIES = [
  'feed=commitments',
  'feed=results&format=json',
  'feed=nope',
  'feed=results&feed=commitments',
  'feed=commitments&format=rss',
  `feed=${'x'.repeat(1000)}`,
  `utm=${'y'.repeat(2000)}`,
];

/** The results feed with every kind of `feed`/`format`, valid and not, from 20 addresses. */
export async function feedParameters(target: Target, scale: RateScale) {
  const answers = await pool(
    scale.concurrency,
    (i) =>
      ask(target, {
        path: `/functions/v1/results-feed?${FEED_QUERIES[i % FEED_QUERIES.length]}&n=${i}`,
        from: attackerAddress(i % 20),
      }),
    { untilMs: scale.seconds * 1000 },
  );
  return { requests: answers.length, statuses: statuses(answers) };
}

/** draw-beacon asked to seal and store rounds with the anon key, or a made-up one. */
export async function drawBeaconWithoutKey(target: Target, scale: RateScale) {
  const answers = await pool(
    scale.concurrency,
    (i) =>
      ask(target, {
        method: 'POST',
        path: '/functions/v1/draw-beacon',
        headers: {
          'content-type': 'application/json',
          ...(i % 2 ? { authorization: 'Bearer not-a-service-key' } : {}),
        },
        body: '{}',
        from: attackerAddress(i % 20),
      }),
    { untilMs: scale.seconds * 1000 },
  );
  return { requests: answers.length, statuses: statuses(answers) };
}

/**
 * The local beacon's rounds: past ones (signed once, then cached), the next one (held until its
 * moment, at most a period), far future ones (425) and malformed ones (404), from 20 addresses.
 */
export async function beaconRounds(target: Target, scale: RateScale & { latestRound: number }) {
  const path = (i: number) => {
    switch (i % 4) {
      case 0:
        return `/beacon/public/${1 + ((i * 7919) % scale.latestRound)}`;
      case 1:
        return `/beacon/public/${scale.latestRound + 1}`;
      case 2:
        return `/beacon/public/${'9'.repeat(20)}`;
      default:
        return `/beacon/public/${'1'.repeat(64)}`;
    }
  };
  const answers = await pool(
    scale.concurrency,
    (i) => ask(target, { path: path(i), from: attackerAddress(i % 20), timeoutMs: 10_000 }),
    { untilMs: scale.seconds * 1000 },
  );
  return { requests: answers.length, statuses: statuses(answers) };
}

/** Enrols a TOTP factor for `account` (anyone signed in may) and returns its id. */
export async function enrolFactor(target: Target, account: Account): Promise<string> {
  const answer = await ask(target, {
    method: 'POST',
    path: '/auth/v1/factors',
    headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ factor_type: 'totp', friendly_name: 'attacker' }),
    from: attackerAddress(201),
  });
  const factor = JSON.parse(answer.text) as { id?: string };
  if (!factor.id) throw new Error(`enrol answered ${answer.status}: ${answer.text}`);
  return factor.id;
}

/**
 * Challenges and wrong codes against the stranger's own factor as fast as it can, from one
 * address (GoTrue's limit is per address: 15 a minute).
 */
export async function mfaGuessing(
  target: Target,
  scale: RateScale & { account: Account; factorId: string },
) {
  const headers = {
    authorization: `Bearer ${scale.account.accessToken}`,
    'content-type': 'application/json',
  };
  const from = attackerAddress(202);
  const answers: Answer[] = await pool(
    scale.concurrency,
    async (i) => {
      const challenge = await ask(target, {
        method: 'POST',
        path: `/auth/v1/factors/${scale.factorId}/challenge`,
        headers,
        body: '{}',
        from,
      });
      const id = (JSON.parse(challenge.text || '{}') as { id?: string }).id;
      if (!id) return challenge;
      return ask(target, {
        method: 'POST',
        path: `/auth/v1/factors/${scale.factorId}/verify`,
        headers,
        body: JSON.stringify({ challenge_id: id, code: String(i % 1_000_000).padStart(6, '0') }),
        from,
      });
    },
    { untilMs: scale.seconds * 1000 },
  );
  return { requests: answers.length, statuses: statuses(answers) };
}
