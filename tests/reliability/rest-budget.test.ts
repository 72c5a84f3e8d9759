// Database time is a budget: each API role carries hosted Supabase's statement_timeout, applied
// per request as PostgREST applies an impersonated role's settings; a query whose client hangs
// up is cancelled; waiting for a connection ends in PostgREST's 504 PGRST003.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../utils/stack.ts';

let stack: TestStack;
let userToken: string;

/** Test-only functions in public: the role's timeout as PostgreSQL sees it, and a slow call. */
const FUNCTIONS = `
  create function public.zz_statement_timeout() returns text language sql stable
    as $$ select current_setting('statement_timeout') $$;
  create function public.zz_sleep(seconds float8) returns int language sql volatile
    as $$ select 1 from pg_sleep(seconds) $$;
  create function public.zz_hold() returns int language plpgsql volatile as $$
  begin
    perform pg_advisory_lock_shared(4242);
    perform pg_advisory_unlock_shared(4242);
    return 1;
  end $$;
`;

beforeAll(async () => {
  stack = await startTestStack();
  await stack.pool.query(FUNCTIONS);
  userToken = (await stack.createUser()).accessToken;
});
afterAll(() => stack?.stop());

function rpc(name: string, token: string, body: object = {}, signal?: AbortSignal) {
  return fetch(`${stack.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
    signal,
  });
}

async function activeSleeps(on: TestStack = stack, name = 'zz_sleep'): Promise<number> {
  const { rows } = await on.pool.query<{ n: string }>(
    `select count(*) as n from pg_stat_activity
     where state = 'active' and query like '%' || $1 || '%' and pid <> pg_backend_pid()`,
    [name],
  );
  return Number(rows[0]!.n);
}

describe('per-role statement_timeout', () => {
  it('runs anon at 3s and authenticated at 8s, as hosted Supabase', async () => {
    const anon = await rpc('zz_statement_timeout', stack.anonKey);
    expect(await anon.json()).toBe('3s');
    const user = await rpc('zz_statement_timeout', userToken);
    expect(await user.json()).toBe('8s');
  });

  it("cancels anon's query after 3s with PostgREST's 57014 answer", async () => {
    const started = performance.now();
    const answer = await rpc('zz_sleep', stack.anonKey, { seconds: 6 });
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({
      code: '57014',
      details: null,
      hint: null,
      message: 'canceling statement due to statement timeout',
    });
    expect(elapsed).toBeGreaterThanOrEqual(2_900);
    expect(elapsed).toBeLessThan(5_500);
    expect(await activeSleeps()).toBe(0);
  });
});

describe('a client that hangs up', () => {
  it('has its query cancelled', { timeout: 20_000 }, async () => {
    const controller = new AbortController();
    const call = rpc('zz_sleep', stack.serviceRoleKey, { seconds: 30 }, controller.signal).catch(
      (error: unknown) => error,
    );
    while ((await activeSleeps()) === 0) await sleep(20);
    controller.abort();
    await call;
    const started = performance.now();
    while ((await activeSleeps()) > 0 && performance.now() - started < 5_000) await sleep(20);
    expect(await activeSleeps()).toBe(0);
    // The stack goes on serving, on a fresh connection.
    expect((await rpc('zz_statement_timeout', stack.anonKey)).status).toBe(200);
  });
});

describe('waiting for a pool connection', () => {
  let small: TestStack;
  beforeAll(async () => {
    // PostgREST's own variable, read once at start; 1 s keeps the test short.
    process.env.PGRST_DB_POOL_ACQUISITION_TIMEOUT = '1';
    try {
      small = await startTestStack();
    } finally {
      delete process.env.PGRST_DB_POOL_ACQUISITION_TIMEOUT;
    }
    await small.pool.query(FUNCTIONS);
  });
  afterAll(() => small?.stop());

  it('is bounded and answered 504 PGRST003, as PostgREST does', { timeout: 30_000 }, async () => {
    const slots = small.context.pools.rest.options.max ?? 10;
    const call = (path: string, body?: object) =>
      fetch(`${small.url}/rest/v1/${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          apikey: small.anonKey,
          authorization: `Bearer ${small.serviceRoleKey}`,
          'content-type': 'application/json',
        },
        body: body && JSON.stringify(body),
      });
    // Every slot held until the test lets go (an advisory lock the holders wait on), not for a
    // fixed time: on a busy machine a 3 s sleep could end before the waiting request got there.
    const lock = await small.pool.connect();
    try {
      await lock.query('select pg_advisory_lock(4242)');
      const holders = Array.from({ length: slots }, () => call('rpc/zz_hold', {}));
      while ((await activeSleeps(small, 'zz_hold')) < slots) await sleep(20);
      const started = performance.now();
      const waiting = await call('lottery_results?limit=1');
      expect(waiting.status).toBe(504);
      expect(await waiting.json()).toEqual({
        code: 'PGRST003',
        details: null,
        hint: null,
        message: 'Timed out acquiring connection from connection pool.',
      });
      // It waited its acquisition timeout (1 s) and no longer: the holders are still held.
      expect(performance.now() - started).toBeGreaterThanOrEqual(950);
      expect(await activeSleeps(small, 'zz_hold')).toBe(slots);
      await lock.query('select pg_advisory_unlock(4242)');
      expect((await Promise.all(holders)).map((r) => r.status)).toEqual(Array(slots).fill(200));
      expect((await call('lottery_results?limit=1')).status).toBe(200);
    } finally {
      // Closed, not returned: its session (and the lock, if a check failed first) ends with it.
      lock.release(true);
    }
  });
});
