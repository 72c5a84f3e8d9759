// check_number and draw_stats through /rest/v1/rpc with the unmodified supabase-js: results come
// from draws inserted here as the owner, only published ones count (a scheduled draw is never
// matched nor counted, for anon or an admin), and bad input is a 400 with the function's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row, startRestStack, type RestStack, type RestUser } from './rest-harness.ts';

let stack: RestStack;
let admin: RestUser;
let today: string;

const daysAgo = (days: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

/** Published draws, newest first: [date, hour, prize]. */
let published: Array<[string, number, string]>;

beforeAll(async () => {
  stack = await startRestStack();
  admin = await stack.createAdmin();
  const { rows } = await stack.pool.query<{ today: string }>(
    `select to_char((now() at time zone s.timezone)::date, 'YYYY-MM-DD') as today
       from public.lottery_settings s`,
  );
  today = rows[0]!.today;
  published = [
    [daysAgo(1), 2, '5534'],
    [daysAgo(10), 4, '0007'],
    [daysAgo(100), 9, '9234'],
    ['2021-03-04', 5, '1234'],
    ['2020-01-01', 1, '1234'],
    ['2019-05-05', 7, '0000'],
  ];
  const scheduled = [row('2099-01-01', 1, '1234'), row('2099-01-02', 1, '9999')];
  for (const draw of [...published.map(([d, h, p]) => row(d, h, p)), ...scheduled])
    await stack.pool.query(
      `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
       values ($1, $2, $3, $4)`,
      [draw.draw_date, draw.draw_hour, draw.draw_time, draw.first_prize],
    );
});
afterAll(() => stack?.stop());

const check = (n: unknown, kind?: string, client = stack.client()) =>
  client.rpc('check_number', kind ? { n, kind } : { n });

describe('check_number', () => {
  it('answers exact hits, then last 3, then last 2, newest first, published only', async () => {
    for (const client of [stack.client(), admin.client]) {
      const { data, error } = await check('1234', undefined, client);
      expect(error).toBeNull();
      expect(data).toEqual([
        { match: 'exact', draw_date: '2021-03-04', draw_hour: 5, first_prize: '1234', total: 2 },
        { match: 'exact', draw_date: '2020-01-01', draw_hour: 1, first_prize: '1234', total: 2 },
        { match: 'last3', draw_date: daysAgo(100), draw_hour: 9, first_prize: '9234', total: 1 },
        { match: 'last2', draw_date: daysAgo(1), draw_hour: 2, first_prize: '5534', total: 1 },
      ]);
    }
  });

  it('takes the last three or two digits alone', async () => {
    const three = await check('234');
    expect(three.data?.map((r: { match: string; first_prize: string }) => r.match)).toEqual([
      'last3',
      'last3',
      'last3',
      'last2',
    ]);
    const two = await check('34');
    expect(two.data?.every((r: { match: string }) => r.match === 'last2')).toBe(true);
    expect(two.data).toHaveLength(4);
  });

  it('a number never drawn (even if scheduled) has no match at all', async () => {
    for (const client of [stack.client(), admin.client]) {
      const { data, error } = await check('9999', undefined, client);
      expect({ data, error }).toEqual({ data: [], error: null });
    }
  });

  it('the newest so many of each tier with its whole count, or one tier alone', async () => {
    const first = await stack.client().rpc('check_number', { n: '34', per_tier: 2 });
    expect(first.error).toBeNull();
    expect(
      first.data?.map((r: { draw_date: string; total: number }) => [r.draw_date, r.total]),
    ).toEqual([
      [daysAgo(1), 4],
      [daysAgo(100), 4],
    ]);
    const { data, count } = await stack
      .client()
      .rpc('check_number', { n: '1234', kind: 'exact' }, { count: 'exact' })
      .range(0, 0);
    expect(count).toBe(2);
    expect(data).toEqual([
      { match: 'exact', draw_date: '2021-03-04', draw_hour: 5, first_prize: '1234', total: 2 },
    ]);
    for (const per_tier of [0, 1001, -1]) {
      const bad = await stack.client().rpc('check_number', { n: '34', per_tier });
      expect({ status: bad.status, code: bad.error?.code }).toEqual({ status: 400, code: '22023' });
      expect(bad.error?.message).toMatch(/^per_tier must be between 1 and 1000/);
    }
  });

  it.each([['abc'], ['12345'], ['1'], [''], [null], ['12 4']])(
    'refuses n = %j with 400 and its reason',
    async (n) => {
      const { status, error } = await check(n);
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: '22023' });
      expect(error?.message).toMatch(/^n must be a number of 2 to 4 digits/);
    },
  );

  it('refuses a call without n, an unknown kind and a wrong type with 400', async () => {
    const none = await stack.client().rpc('check_number', {});
    expect({ status: none.status, code: none.error?.code }).toEqual({ status: 400, code: '22023' });
    const kind = await check('1234', 'exactly');
    expect(kind.status).toBe(400);
    expect(kind.error?.message).toMatch(/^kind must be exact, last3 or last2/);
    const typed = await stack.client().rpc('check_number', { n: { a: 1 } });
    expect(typed.status).toBe(400);
  });
});

interface Stats {
  period: string;
  from: string | null;
  to: string;
  draws: number;
  positions: number[][];
  chi_squared: { positions: number[]; total: number; position_df: number; total_df: number };
  hot: Array<{ number: string; count: number; last_date: string | null; last_hour: number | null }>;
  cold: Array<{ number: string; count: number }>;
  longest_not_drawn: Array<{ number: string; last_date: string | null }>;
}

/** What the statistics of these prizes must be, computed here independently of the SQL. */
function expectedFor(prizes: string[]) {
  const positions = [0, 1, 2, 3].map((p) => {
    const counts = Array<number>(10).fill(0);
    for (const prize of prizes) counts[Number(prize[p])]! += 1;
    return counts;
  });
  const expected = prizes.length / 10;
  const chi = positions.map((counts) =>
    counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0),
  );
  return { positions, chi };
}

async function stats(period?: string, client = stack.client()) {
  const { data, error, status } = await client.rpc('draw_stats', period ? { period } : {});
  return { data: data as Stats | null, error, status };
}

describe('draw_stats', () => {
  it.each([
    ['7d', 7],
    ['30d', 30],
    ['365d', 365],
    ['all', 0],
  ] as const)('%s counts the published draws of its period', async (period, days) => {
    const inPeriod = published.filter(([date]) => days === 0 || date > daysAgo(days));
    for (const client of [stack.client(), admin.client]) {
      const { data, error } = await stats(period, client);
      expect(error).toBeNull();
      const want = expectedFor(inPeriod.map(([, , prize]) => prize));
      expect(data).toMatchObject({
        period,
        to: today,
        from: days === 0 ? null : daysAgo(days - 1),
        draws: inPeriod.length,
        positions: want.positions,
      });
      data!.chi_squared.positions.forEach((chi, i) => expect(chi).toBeCloseTo(want.chi[i]!, 3));
      expect(data!.chi_squared).toMatchObject({ position_df: 9, total_df: 36 });
    }
  });

  it('ranks two-digit endings: hot, cold and longest not drawn', async () => {
    const { data } = await stats('all');
    // 34 ends 1234 twice, 9234 and 5534 (the scheduled 1234 does not count).
    expect(data!.hot[0]).toEqual({ number: '34', count: 4, last_date: daysAgo(1), last_hour: 2 });
    expect(data!.hot.slice(1, 3).map((h) => h.number)).toEqual(['00', '07']);
    expect(data!.cold).toHaveLength(10);
    expect(data!.cold.every((c) => c.count === 0)).toBe(true);
    expect(data!.cold[0]!.number).toBe('01');
    expect(data!.longest_not_drawn[0]).toMatchObject({ number: '01', last_date: null });
  });

  it('all time by default; an unknown period is a 400 with its reason', async () => {
    expect((await stats()).data).toMatchObject({ period: 'all', draws: published.length });
    const bad = await stats('week');
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ code: '22023' });
    expect(bad.error?.message).toMatch(/^period must be 7d, 30d, 365d or all/);
  });

  it('follows edits and deletes of past months (the monthly totals are kept by trigger)', async () => {
    const before = (await stats('all')).data!;
    await admin.client
      .from('lottery_results')
      .update({ first_prize: '5555' })
      .eq('draw_date', '2019-05-05');
    const edited = (await stats('all')).data!;
    expect(edited.draws).toBe(before.draws);
    expect(edited.positions[0]![0]).toBe(before.positions[0]![0]! - 1);
    expect(edited.positions[0]![5]).toBe(before.positions[0]![5]! + 1);
    await admin.client.from('lottery_results').delete().eq('draw_date', '2019-05-05');
    expect((await stats('all')).data!.draws).toBe(before.draws - 1);
    await stack.pool.query(
      `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
       values ('2019-05-05', 7, '07:30:00', '0000')`,
    );
    expect((await stats('all')).data).toEqual(before);
  });

  it('a month is readable only once its last draw is published', async () => {
    const { data, error } = await stack.client().from('draw_stats_monthly').select('month');
    expect(error).toBeNull();
    const months = (data as Array<{ month: string }>).map((m) => m.month);
    expect(months).toContain('2020-01-01');
    expect(months).not.toContain('2099-01-01');
    const { rows } = await stack.pool.query(
      `select 1 from public.draw_stats_monthly where month = '2099-01-01'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('with nothing published in a period, counts are zero and chi-squared is null', async () => {
    await stack.pool.query(`delete from public.lottery_results where draw_date >= $1`, [
      daysAgo(6),
    ]);
    const { data, error } = await stats('7d');
    expect(error).toBeNull();
    expect(data).toMatchObject({ draws: 0, positions: Array(4).fill(Array(10).fill(0)) });
    expect(data!.chi_squared.total).toBeNull();
  });
});
