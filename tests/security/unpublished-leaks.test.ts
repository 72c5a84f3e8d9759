// A result is public only from its draw time on the lottery's clock (ADR 003, "publication at
// draw time"). Every read path of /rest/v1 is tried as anon and as a plain user against two
// scheduled draws: one in 2099, and one of the last UTC hour, already past in UTC but 11 hours
// ahead on this stack's UTC-12 lottery clock. The admin runs the same requests as the control.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  type Caller,
  freeDraw,
  http,
  type SecurityStack,
  seedResult,
  startSecurityStack,
} from './harness.ts';

let sec: SecurityStack;
const hidden = { far: '', clock: '' };
let published = '';
let far = freeDraw(false);
let clock = { ...far };
let publishedCount = 0;

beforeAll(async () => {
  sec = await startSecurityStack();
  const { rows } = await sec.stack.pool.query<{ d: string; h: number }>(
    `select to_char(t, 'YYYY-MM-DD') as d, extract(hour from t)::int as h
       from (select (now() at time zone 'UTC') - interval '1 hour' as t) s`,
  );
  const { d, h } = rows[0]!;
  far = { ...freeDraw(false), first_prize: '7777' };
  clock = {
    draw_date: d,
    draw_hour: h,
    draw_time: `${String(h).padStart(2, '0')}:30:00`,
    first_prize: '8888',
  };
  hidden.far = await seedResult(sec.stack, far);
  hidden.clock = await seedResult(sec.stack, clock);
  published = await seedResult(sec.stack, { ...freeDraw(true), first_prize: '1111' });
  const check = await sec.stack.pool.query(
    `select private.is_published($1, $2) as lottery, ($1::date + make_interval(hours => $2, mins => 30)) at time zone 'UTC' <= now() as utc,
            (select count(*)::int from public.lottery_results where private.is_published(draw_date, draw_hour)) as n`,
    [d, h],
  );
  // The premise: hidden on the lottery's clock, though a UTC clock would publish it.
  expect(check.rows[0]).toMatchObject({ lottery: false, utc: true });
  publishedCount = check.rows[0].n;
});
afterAll(() => sec?.stop());

const leaks = (answer: Answer) =>
  [hidden.far, hidden.clock, '7777', '8888'].some((secret) => answer.text.includes(secret));
const ids = (answer: Answer) => (answer.json as Array<{ id: string }>).map((r) => r.id).sort();

interface Path {
  name: string;
  path: () => string;
  headers?: Record<string, string>;
  method?: string;
  /** What anon and the user get (besides never a hidden id or prize). */
  hiddenCaller: (answer: Answer, caller: Caller) => void | Promise<void>;
  /** The admin control: the same request does find the scheduled draws. */
  admin?: (answer: Answer, caller: Caller) => void | Promise<void>;
}

const rows = '/rest/v1/lottery_results?select=id,first_prize';
const empty = (a: Answer) => expect([a.status, a.json]).toEqual([200, []]);
const finds = (a: Answer) => expect(leaks(a)).toBe(true);
const totalOf = (a: Answer) => Number(a.headers.get('content-range')?.split('/')[1]);

/**
 * `count=planned` is the planner's estimate, as on PostgREST (EXPLAIN of the count query, run as
 * the caller): statistics of the whole table, never its rows. The same EXPLAIN as this caller.
 */
async function plannedAs(caller: Caller): Promise<number> {
  const claims = JSON.parse(Buffer.from(caller.bearer.split('.')[1]!, 'base64url').toString()) as {
    role: string;
  };
  const client = await sec.stack.pool.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('request.jwt.claims', $1, true)", [
      JSON.stringify(claims),
    ]);
    await client.query(
      claims.role === 'anon' ? 'set local role anon' : 'set local role authenticated',
    );
    const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
      'explain (format json) select 1 from public.lottery_results',
    );
    return rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows'];
  } finally {
    await client.query('rollback');
    client.release();
  }
}

const PATHS: Path[] = [
  {
    name: 'eq on id',
    path: () => `${rows}&id=eq.${hidden.far}`,
    hiddenCaller: empty,
    admin: finds,
  },
  {
    name: 'eq on date and hour',
    path: () => `${rows}&draw_date=eq.${clock.draw_date}&draw_hour=eq.${clock.draw_hour}`,
    hiddenCaller: empty,
    admin: finds,
  },
  {
    name: 'in on ids',
    path: () => `${rows}&id=in.(${hidden.far},${hidden.clock},${published})`,
    hiddenCaller: (a) => expect(ids(a)).toEqual([published]),
    admin: finds,
  },
  {
    name: 'or= on prizes',
    path: () => `${rows}&or=(first_prize.eq.7777,first_prize.eq.8888)`,
    hiddenCaller: empty,
    admin: finds,
  },
  {
    name: 'not.eq',
    path: () => `${rows}&first_prize=not.eq.1111`,
    hiddenCaller: (a) => expect(a.status).toBe(200),
    admin: finds,
  },
  { name: 'like', path: () => `${rows}&first_prize=like.7*`, hiddenCaller: empty, admin: finds },
  {
    name: 'ilike',
    path: () => `${rows}&first_prize=ilike.*88*`,
    hiddenCaller: empty,
    admin: finds,
  },
  {
    name: 'gte on date',
    path: () => `${rows}&draw_date=gte.${clock.draw_date}`,
    hiddenCaller: empty,
    admin: finds,
  },
  {
    name: 'order desc, limit 1',
    path: () => `${rows}&order=draw_date.desc,draw_hour.desc&limit=1`,
    hiddenCaller: (a) => expect(ids(a)).toHaveLength(1),
    admin: finds,
  },
  {
    name: 'limit and offset',
    path: () => `${rows}&order=draw_date.desc&limit=2&offset=0`,
    hiddenCaller: (a) => expect(a.status).toBe(200),
    admin: finds,
  },
  {
    name: 'Range header, count=exact',
    path: () => rows,
    headers: { range: '0-999', 'range-unit': 'items', prefer: 'count=exact' },
    hiddenCaller: (a) => expect(totalOf(a)).toBe(publishedCount),
    admin: (a) => expect(totalOf(a)).toBe(publishedCount + 2),
  },
  {
    name: 'HEAD, count=planned',
    path: () => `/rest/v1/lottery_results?select=id`,
    method: 'HEAD',
    headers: { prefer: 'count=planned' },
    hiddenCaller: async (a: Answer, caller: Caller) =>
      expect(totalOf(a)).toBe(await plannedAs(caller)),
    admin: async (a: Answer, caller: Caller) => expect(totalOf(a)).toBe(await plannedAs(caller)),
  },
  ...(['exact', 'estimated'] as const).map((mode) => ({
    name: `HEAD, count=${mode}`,
    path: () => `/rest/v1/lottery_results?select=id`,
    method: 'HEAD',
    headers: { prefer: `count=${mode}` },
    hiddenCaller: (a: Answer) => expect(totalOf(a)).toBe(publishedCount),
    admin: (a: Answer) => expect(totalOf(a)).toBe(publishedCount + 2),
  })),
  {
    name: 'HEAD count of one hidden id',
    path: () => `/rest/v1/lottery_results?id=eq.${hidden.clock}`,
    method: 'HEAD',
    headers: { prefer: 'count=exact' },
    hiddenCaller: (a) => expect(a.headers.get('content-range')).toBe('*/0'),
    admin: (a) => expect(a.headers.get('content-range')).toBe('0-0/1'),
  },
  {
    name: 'select=count() aggregate (not supported: 400, no figure)',
    path: () => `/rest/v1/lottery_results?select=count()&draw_date=gte.2090-01-01`,
    hiddenCaller: (a) => expect(a).toMatchObject({ status: 400, json: { code: 'PGRST100' } }),
  },
];

describe.each(['anon', 'user'] as const)('as %s, no read path shows a scheduled draw', (role) => {
  it.each(PATHS)('$name', async (p) => {
    const answer = await http(sec.stack, sec.callers[role], p.path(), {
      method: p.method,
      headers: p.headers,
    });
    expect(leaks(answer)).toBe(false);
    await p.hiddenCaller(answer, sec.callers[role]);
  });

  it('a single-object read of a hidden id answers exactly as for an id that never existed', async () => {
    const single = { accept: 'application/vnd.pgrst.object+json' };
    const get = (id: string) =>
      http(sec.stack, sec.callers[role], `${rows}&id=eq.${id}`, { headers: single });
    const [hiddenOne, missing] = [await get(hidden.clock), await get(randomUUID())];
    expect(hiddenOne.status).toBe(406);
    expect([hiddenOne.status, hiddenOne.json]).toEqual([missing.status, missing.json]);
  });

  it("writing into a hidden draw's slot answers as writing into a free one (no conflict oracle)", async () => {
    const who = sec.callers[role];
    const attempt = (slot: typeof clock) =>
      who.client
        .from('lottery_results')
        .upsert({ ...slot, first_prize: '0001' }, { onConflict: 'draw_date,draw_hour' });
    const taken = await attempt(clock);
    const free = await attempt(freeDraw(true));
    expect(taken.status).toBe(role === 'anon' ? 401 : 403);
    expect([taken.status, taken.error]).toEqual([free.status, free.error]);
    const updated = await who.client
      .from('lottery_results')
      .update({ first_prize: '0002' })
      .eq('id', hidden.far)
      .select();
    expect(updated.data ?? []).toEqual([]);
    const stored = await sec.stack.pool.query(
      `select first_prize from public.lottery_results where id = $1`,
      [hidden.far],
    );
    expect(stored.rows[0].first_prize).toBe('7777');
  });
});

describe('the admin control', () => {
  it.each(PATHS.filter((p) => p.admin))('$name finds the scheduled draws', async (p) => {
    const answer = await http(sec.stack, sec.callers.admin, p.path(), {
      method: p.method,
      headers: p.headers,
    });
    await p.admin!(answer, sec.callers.admin);
  });
});
