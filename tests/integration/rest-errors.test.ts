// Bad and hostile input never gets a 500 from /rest/v1: always a 4xx with PostgREST's body
// {code, message, details, hint}. Syntax this stack does not implement says so (400).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestStack, type RestStack } from './rest-harness.ts';

let stack: RestStack;
beforeAll(async () => {
  stack = await startRestStack();
});
afterAll(() => stack?.stop());

async function call(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await fetch(`${stack.url}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: stack.anonKey, 'Content-Type': 'application/json', ...init.headers },
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
  };
}

describe('hostile filters and parameters', () => {
  it.each([
    'lottery_results?draw_hour=eq.1;drop table public.lottery_results',
    "lottery_results?draw_date=eq.'; drop table public.lottery_results; --",
    'lottery_results?select=*;drop table x',
    'lottery_results?select=draw_hour::text);drop table x;--',
    'lottery_results?draw_hour=in.(1,2',
    'lottery_results?draw_hour=in.(select 1)',
    'lottery_results?draw_hour=eq(any).{1,2',
    'lottery_results?draw_hour=zz.1',
    'lottery_results?draw_hour=like.1',
    'lottery_results?draw_hour=cs.{1}',
    'lottery_results?draw_hour=fts(english).x',
    'lottery_results?draw_hour->>x=eq.1',
    'lottery_results?or=(draw_hour.eq.1',
    'lottery_results?or=draw_hour.eq.1',
    'lottery_results?and=(,)',
    'lottery_results?order=draw_hour.sideways',
    'lottery_results?order=nope',
    'lottery_results?limit=-1',
    'lottery_results?offset=-5',
    'lottery_results?offset=99999999999999999999999',
    'lottery_results?nope=eq.1',
    'lottery_results?%22draw%22%22hour%22=eq.1',
    'lottery_results?select=%00',
    'lottery_results?draw_hour=eq.%00',
    'lottery_results?draw_date=gt.infinity-and-beyond',
    'lottery_results?draw_hour=eq.99999999999999999999',
    'lottery_results?id=eq.not-a-uuid',
    'lottery_results?select=%E0%A4%A',
    'pg_catalog.pg_authid',
    '..%2F..%2Fetc%2Fpasswd',
    'rpc/pg_sleep?seconds=10',
    'rpc/version',
  ])('%s', async (path) => {
    const { status, body } = await call(path);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(Object.keys(body ?? {}).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const { rowCount } = await stack.pool.query(
      `select 1 from pg_class where relname = 'lottery_results'`,
    );
    expect(rowCount).toBe(1);
  });

  it('reports a parse error as PostgREST does', async () => {
    const { status, body } = await call('lottery_results?draw_hour=zz.1');
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'PGRST100',
      message: '"failed to parse filter (zz.1)" (line 1, column 1)',
      details: 'unexpected "z" expecting "not" or operator (eq, gt, ...)',
      hint: null,
    });
  });

  it('an unknown column is 42703 (400)', async () => {
    const { status, body } = await call('lottery_results?select=nope');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: '42703',
      message: 'column lottery_results.nope does not exist',
    });
  });

  it('an unknown table is PGRST205 (404) with a hint', async () => {
    const { status, body } = await call('lottery_result');
    expect(status).toBe(404);
    expect(body).toEqual({
      code: 'PGRST205',
      message: "Could not find the table 'public.lottery_result' in the schema cache",
      details: null,
      hint: "Perhaps you meant the table 'public.lottery_results'",
    });
  });
});

describe('bodies', () => {
  const service = { apikey: '', Authorization: '' };
  beforeAll(() => {
    service.apikey = stack.serviceRoleKey;
    service.Authorization = `Bearer ${stack.serviceRoleKey}`;
  });

  it.each(['{', '', 'null', '[1, 2]', '[{"draw_hour":1},{"first_prize":"1"}]', '"text"'])(
    '%j → 400 PGRST102 or nothing inserted',
    async (body) => {
      const { status, body: error } = await call('lottery_results', {
        method: 'POST',
        body,
        headers: service,
      });
      expect([201, 400]).toContain(status);
      if (status === 400) expect(error).toMatchObject({ code: 'PGRST102' });
    },
  );

  it('bad JSON is PGRST102 "Empty or invalid json"', async () => {
    const { status, body } = await call('lottery_results', {
      method: 'POST',
      body: '{"draw_hour":',
      headers: service,
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: null,
      hint: null,
    });
  });

  it('a body over the limit is 413', async () => {
    const { status, body } = await call('lottery_results', {
      method: 'POST',
      body: JSON.stringify({ x: 'y'.repeat(2_000_000) }),
      headers: service,
    });
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: 'PGRST102' });
  });

  it('a body that is not JSON is refused', async () => {
    const { status, body } = await call('lottery_results', {
      method: 'POST',
      body: '<xml/>',
      headers: { ...service, 'Content-Type': 'text/xml' },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'PGRST102',
      message: 'Content-Type not acceptable: text/xml',
    });
  });
});

describe('what this stack does not implement: a clear 400, never a wrong answer', () => {
  it.each([
    ['aggregates', 'lottery_results?select=count()'],
    ['column aggregates', 'lottery_results?select=draw_hour.sum()'],
    ['embedding into a function call', 'rpc/anything?select=*,user_roles(*)'],
    ['CSV', 'lottery_results', { Accept: 'text/csv' }],
  ] as Array<[string, string, Record<string, string>?]>)(
    '%s',
    async (_name, path, headers = {}) => {
      const { status, body } = await call(path, { headers });
      expect(status).toBe(400);
      expect(body).toMatchObject({
        code: 'PGRST100',
        message: expect.stringContaining('not supported'),
      });
    },
  );

  it('PUT', async () => {
    const { status, body } = await call('lottery_results?id=eq.1', { method: 'PUT', body: '{}' });
    expect(status).toBe(400);
    expect(body?.message).toContain('not supported');
  });

  it('an RPC method other than GET/HEAD/POST is 405 PGRST101', async () => {
    const { status, body } = await call('rpc/anything', { method: 'DELETE' });
    expect(status).toBe(405);
    expect(body).toMatchObject({
      code: 'PGRST101',
      message: 'Cannot use the DELETE method on RPC',
    });
  });
});
