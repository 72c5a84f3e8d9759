// Every input of /rest/v1 a stranger controls has a bound, answered with a 4xx in PostgREST's
// body: NUL bytes, and/or nesting, select items, JSON nesting, max_rows; and pg-safeupdate's
// refusal of UPDATE/DELETE without a filter, as on hosted Supabase. See docs/reliability.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeDraw, http, seedResult, startSecurityStack, type SecurityStack } from './harness.ts';

let sec: SecurityStack;
const MAX_ROWS = 1000; // supabase/config.toml [api] max_rows
const SEEDED = 1100;

beforeAll(async () => {
  sec = await startSecurityStack();
  for (let i = 0; i < SEEDED; i++) await seedResult(sec.stack, freeDraw(true));
});
afterAll(() => sec?.stop());

const rest = (path: string) => `/rest/v1/${path}`;
const count = async () =>
  Number(
    (await sec.stack.pool.query<{ n: string }>('select count(*) as n from public.lottery_results'))
      .rows[0]!.n,
  );

function expectPostgrestError(answer: { status: number; json: unknown }, status: number) {
  expect(answer.status).toBe(status);
  expect(Object.keys(answer.json as object).sort()).toEqual(['code', 'details', 'hint', 'message']);
}

describe('NUL bytes', () => {
  it.each([
    'lottery_results?select=%22draw%00hour%22',
    'lottery_results?%22draw%00hour%22=eq.1',
    'lottery_results?draw_hour=eq.1%00',
    'lottery_results?or=(%22a%00%22.eq.1)',
    'lottery_results?order=%22draw%00hour%22',
    'lottery_results?select=draw_hour::%22te%00xt%22',
    'lottery_results?columns=%22a%00%22',
  ])('%s is a 400, not a broken connection', async (path) => {
    const answer = await http(sec.stack, sec.callers.anon, rest(path));
    expectPostgrestError(answer, 400);
    expect(answer.json).toMatchObject({ code: 'PGRST100' });
    // The connection it would have broken keeps serving.
    expect((await http(sec.stack, sec.callers.anon, rest('lottery_results?limit=1'))).status).toBe(
      200,
    );
  });
});

describe('logic trees', () => {
  const nested = (depth: number) =>
    `or=(${'or('.repeat(depth - 1)}draw_hour.eq.1${')'.repeat(depth - 1)})`;

  it('answers or= nested 3,000 deep with 400 PGRST100', async () => {
    const answer = await http(sec.stack, sec.callers.anon, rest(`lottery_results?${nested(3000)}`));
    expectPostgrestError(answer, 400);
    expect(answer.json).toMatchObject({ code: 'PGRST100' });
  });

  it('still runs a tree 32 levels deep', async () => {
    const answer = await http(sec.stack, sec.callers.anon, rest(`lottery_results?${nested(32)}`));
    expect(answer.status).toBe(200);
  });
});

describe('JSON bodies', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  it.each([
    ['POST', 'lottery_results'],
    ['PATCH', 'lottery_results?id=eq.00000000-0000-0000-0000-000000000000'],
    ['POST', 'rpc/anything'],
  ])('%s %s with a body 200,000 deep is a 400 PGRST102', async (method, path) => {
    const before = await count();
    const answer = await http(sec.stack, sec.callers.admin, rest(path), {
      method,
      body: `{"first_prize":${deep(200_000)}}`,
    });
    expectPostgrestError(answer, 400);
    expect(answer.json).toMatchObject({ code: 'PGRST102' });
    expect(await count()).toBe(before);
  });
});

describe('select', () => {
  it('sends a repeated item once: select=*,*,… is no larger than select=*', async () => {
    const one = await http(sec.stack, sec.callers.anon, rest('lottery_results?select=*'));
    const many = await http(
      sec.stack,
      sec.callers.anon,
      rest(`lottery_results?select=${Array(3000).fill('*').join(',')}`),
    );
    expect(many.status).toBe(200);
    expect(many.text.length).toBe(one.text.length);
    expect(many.json).toEqual(one.json);
  });

  it('refuses more than 100 distinct items with 400 PGRST100', async () => {
    const items = Array.from({ length: 101 }, (_, i) => `a${i}:draw_hour`).join(',');
    const answer = await http(sec.stack, sec.callers.anon, rest(`lottery_results?select=${items}`));
    expectPostgrestError(answer, 400);
    expect(answer.json).toMatchObject({ code: 'PGRST100' });
  });
});

describe('max_rows', () => {
  it('caps a read at max_rows, as db-max-rows does', async () => {
    const answer = await http(sec.stack, sec.callers.anon, rest('lottery_results?select=id'));
    expect(answer.status).toBe(200);
    expect(answer.json).toHaveLength(MAX_ROWS);
    expect(answer.headers.get('content-range')).toBe(`0-${MAX_ROWS - 1}/*`);
  });

  it('still counts every row with count=exact (206)', async () => {
    const answer = await http(sec.stack, sec.callers.anon, rest('lottery_results?select=id'), {
      headers: { prefer: 'count=exact' },
    });
    expect(answer.status).toBe(206);
    expect(answer.json).toHaveLength(MAX_ROWS);
    expect(answer.headers.get('content-range')).toBe(`0-${MAX_ROWS - 1}/${SEEDED}`);
  });

  it('caps a larger limit, and pages past it with offset', async () => {
    const big = await http(sec.stack, sec.callers.anon, rest('lottery_results?limit=5000'));
    expect(big.json).toHaveLength(MAX_ROWS);
    const rest_ = await http(sec.stack, sec.callers.anon, rest('lottery_results?offset=1000'));
    expect(rest_.json).toHaveLength(SEEDED - MAX_ROWS);
    expect(rest_.headers.get('content-range')).toBe(`1000-${SEEDED - 1}/*`);
  });

  it('caps what supabase-js reads, and leaves smaller limits alone', async () => {
    const { data } = await sec.callers.anon.client.from('lottery_results').select('id');
    expect(data).toHaveLength(MAX_ROWS);
    const { data: ten } = await sec.callers.anon.client
      .from('lottery_results')
      .select('id')
      .limit(10);
    expect(ten).toHaveLength(10);
  });
});

describe('UPDATE and DELETE without a filter (pg-safeupdate)', () => {
  it.each(['admin', 'service'] as const)(
    'DELETE as %s answers 400 21000 and deletes nothing',
    async (role) => {
      const before = await count();
      const answer = await http(sec.stack, sec.callers[role], rest('lottery_results'), {
        method: 'DELETE',
      });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        code: '21000',
        details: null,
        hint: null,
        message: 'DELETE requires a WHERE clause',
      });
      expect(await count()).toBe(before);
    },
  );

  it('PATCH without a filter answers 400 21000 and changes nothing', async () => {
    const { rows: before } = await sec.stack.pool.query(
      "select md5(string_agg(first_prize, ',' order by id)) as h from public.lottery_results",
    );
    const { error, status } = await sec.callers.admin.client
      .from('lottery_results')
      .update({ first_prize: '0000' })
      .select();
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
    const { rows: after } = await sec.stack.pool.query(
      "select md5(string_agg(first_prize, ',' order by id)) as h from public.lottery_results",
    );
    expect(after).toEqual(before);
  });

  it('a filter that matches every row is allowed, as with pg-safeupdate', async () => {
    const id = await seedResult(sec.stack, freeDraw(true));
    const { error, count: deleted } = await sec.callers.admin.client
      .from('lottery_results')
      .delete({ count: 'exact' })
      .eq('id', id);
    expect(error).toBeNull();
    expect(deleted).toBe(1);
  });
});
