import { type FunctionInvokeOptions } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, startTestStack, type TestStack } from '../utils/stack.ts';
import { invoke, rowsBetween as rowsAs } from '../utils/functions-helpers.ts';

// The unmodified supabase-js invoking supabase/functions/generate-lottery-results on the local
// stack, as anon, a plain user and an admin: who may generate, what it writes, what it refuses.
// Each test uses its own dates, so they share one stack.

let stack: TestStack;
let admin: SignedIn;

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.createAdmin();
});
afterAll(async () => {
  await stack?.stop();
});

const rowsBetween = (from: string, to: string) => rowsAs(admin.client, from, to);

describe('who may generate', () => {
  it('anon is 401 and a plain user 403; neither writes a row', async () => {
    const range = { fromDate: '2001-01-01', toDate: '2001-01-02' };
    expect(await invoke(stack.client(), range)).toEqual({
      status: 401,
      body: { error: 'Sign in as an admin to generate results' },
    });
    const user = await stack.createUser();
    expect(await invoke(user.client, range)).toEqual({
      status: 403,
      body: { error: 'Only admins can generate results' },
    });
    expect(await rowsBetween('2001-01-01', '2001-01-02')).toEqual([]);
  });

  it('an admin fills every hour, stamped with their email and public once drawn', async () => {
    const range = { fromDate: '2002-03-01', toDate: '2002-03-03' };
    expect(await invoke(admin.client, range)).toEqual({
      status: 200,
      body: { created: 72, skipped: 0, ...range },
    });
    const rows = await rowsBetween(range.fromDate, range.toDate);
    expect(rows).toHaveLength(72);
    for (const row of rows) {
      expect(row.created_by).toBe(admin.email);
      expect(row.first_prize).toMatch(/^[0-9]{4}$/);
      expect(row.draw_time).toBe(`${String(row.draw_hour).padStart(2, '0')}:30:00`);
    }
    const { data: visible } = await stack
      .client()
      .from('lottery_results')
      .select('id')
      .eq('draw_date', '2002-03-02');
    expect(visible).toHaveLength(24);
  });
});

describe('never overwrites', () => {
  it('running twice creates nothing the second time and changes no prize', async () => {
    const range = { fromDate: '2002-04-01', toDate: '2002-04-02' };
    expect((await invoke(admin.client, range)).body).toMatchObject({ created: 48, skipped: 0 });
    const before = await rowsBetween(range.fromDate, range.toDate);
    expect(await invoke(admin.client, range)).toEqual({
      status: 200,
      body: { created: 0, skipped: 48, ...range },
    });
    expect(await rowsBetween(range.fromDate, range.toDate)).toEqual(before);
  });

  it('keeps a result entered by hand and fills only the free hours', async () => {
    const { data: manual, error } = await admin.client
      .from('lottery_results')
      .insert({ draw_date: '2003-05-01', draw_hour: 5, draw_time: '05:30:00', first_prize: '1234' })
      .select('id')
      .single();
    expect(error).toBeNull();
    const answer = await invoke(admin.client, { fromDate: '2003-05-01', toDate: '2003-05-02' });
    expect(answer.body).toMatchObject({ created: 47, skipped: 1 });
    const kept = (await rowsBetween('2003-05-01', '2003-05-01')).find((row) => row.draw_hour === 5);
    expect(kept).toMatchObject({ id: manual!.id, first_prize: '1234' });
  });

  it('two concurrent calls over one range create each hour exactly once', async () => {
    const range = { fromDate: '2004-07-01', toDate: '2004-07-02' };
    const [a, b] = await Promise.all([invoke(admin.client, range), invoke(admin.client, range)]);
    const created =
      (a.body as { created: number }).created + (b.body as { created: number }).created;
    expect([a.status, b.status, created]).toEqual([200, 200, 48]);
    expect(await rowsBetween(range.fromDate, range.toDate)).toHaveLength(48);
  });
});

describe('range limit', () => {
  it('accepts 366 days (a leap year) in one call, with evenly spread digits', async () => {
    const range = { fromDate: '2008-01-01', toDate: '2008-12-31' };
    expect(await invoke(admin.client, range)).toEqual({
      status: 200,
      body: { created: 8784, skipped: 0, ...range },
    });
    // Read straight from PostgreSQL: the API caps a read at max_rows.
    const { rows } = await stack.pool.query<{ first_prize: string }>(
      `select "first_prize" from "public"."lottery_results" where "draw_date" between $1 and $2`,
      [range.fromDate, range.toDate],
    );
    expect(rows).toHaveLength(8784);
    // Chi-squared per digit position (df 9) below its 1e-6 quantile: a sanity check that the stack
    // runs the fair drawer. The 1,000,000-draw test is in the function's Deno tests.
    for (let position = 0; position < 4; position++) {
      const counts = Array<number>(10).fill(0);
      for (const { first_prize } of rows) counts[Number(first_prize[position])]!++;
      const statistic = counts.reduce((sum, n) => sum + (n - 878.4) ** 2 / 878.4, 0);
      expect(statistic, `digit ${position + 1}: ${counts.join(' ')}`).toBeLessThan(44.82);
    }
  }, 60_000); // 8,784 rows in one transaction, each captured for realtime: seconds, not ms.

  it('refuses 367 days and writes nothing', async () => {
    const answer = await invoke(admin.client, { fromDate: '2009-01-01', toDate: '2010-01-02' });
    expect(answer).toEqual({
      status: 400,
      body: { error: 'The range spans 367 days; at most 366 days can be generated per call' },
    });
    expect(await rowsBetween('2009-01-01', '2010-01-02')).toEqual([]);
  });
});

describe('hostile bodies get a 400 with a clear message and write nothing', () => {
  const date = '2005-01-01';
  const cases: Array<[string, FunctionInvokeOptions['body'], string]> = [
    ['no dates', {}, 'Please select both from and to dates: fromDate and toDate are required'],
    [
      'one date',
      { fromDate: date },
      'Please select both from and to dates: fromDate and toDate are required',
    ],
    [
      'a number',
      { fromDate: 20050101, toDate: date },
      'fromDate must be a string in yyyy-MM-dd format',
    ],
    [
      'an array',
      { fromDate: date, toDate: [date] },
      'toDate must be a string in yyyy-MM-dd format',
    ],
    [
      'an object',
      { fromDate: { $gt: '' }, toDate: date },
      'fromDate must be a string in yyyy-MM-dd format',
    ],
    [
      'a sloppy date',
      { fromDate: '2005-1-1', toDate: date },
      'fromDate must be a date in yyyy-MM-dd format',
    ],
    [
      'SQL',
      { fromDate: "2005-01-01'; drop table lottery_results; --", toDate: date },
      'fromDate must be a date in yyyy-MM-dd format',
    ],
    [
      'a long string',
      { fromDate: date, toDate: 'x'.repeat(5000) },
      'toDate must be a date in yyyy-MM-dd format',
    ],
    [
      'an impossible date',
      { fromDate: '2005-02-29', toDate: '2005-03-01' },
      'fromDate is not a valid calendar date: 2005-02-29',
    ],
    [
      'reversed dates',
      { fromDate: '2005-01-02', toDate: date },
      'From date must be before or equal to To date',
    ],
    [
      'a huge range',
      { fromDate: '0001-01-01', toDate: '9999-12-31' },
      'The range spans 3652059 days; at most 366 days can be generated per call',
    ],
    [
      'extra fields',
      { fromDate: date, toDate: date, created_by: 'mallory@example.com' },
      'Unknown field(s) "created_by": only fromDate and toDate are accepted',
    ],
    ['a JSON array', [date, date], 'Request body must be a JSON object with fromDate and toDate'],
  ];
  it.each(cases)('%s', async (_label, body, error) => {
    expect(await invoke(admin.client, body)).toEqual({ status: 400, body: { error } });
  });

  it('invalid JSON, an empty body and JSON null', async () => {
    const json = { headers: { 'Content-Type': 'application/json' } };
    expect(await invoke(admin.client, '{"fromDate":', json)).toEqual({
      status: 400,
      body: { error: 'Request body is not valid JSON' },
    });
    const noObject = {
      status: 400,
      body: { error: 'Request body must be a JSON object with fromDate and toDate' },
    };
    expect(await invoke(admin.client, undefined)).toEqual(noObject);
    expect(await invoke(admin.client, 'null', json)).toEqual(noObject);
  });

  it('an oversized body is 413', async () => {
    const answer = await invoke(admin.client, { fromDate: 'x'.repeat(100_000), toDate: date });
    expect(answer).toEqual({ status: 413, body: { error: 'Request body is too large' } });
    expect(await rowsBetween(date, date)).toEqual([]);
  });

  it('only POST generates', async () => {
    expect(await invoke(admin.client, undefined, { method: 'GET' })).toEqual({
      status: 405,
      body: { error: 'Method not allowed: use POST' },
    });
  });
});
