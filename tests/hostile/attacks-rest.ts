// REST attacks (issue 21), each a function of its scale: deep offsets on an unindexed sort,
// all-time statistics, draw dates out of any sane range.
import pg from 'pg';
import { attackerAddress, owner } from './harness.ts';
import { ask, pool, statuses, type Target } from './requests.ts';

/** Two years of hourly published draws (17,520 rows, 2013-2014), so offsets past 12,900 exist. */
export async function seedHistory(databaseUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`insert into public."lottery_results" ("draw_date", "draw_hour", "draw_time", "first_prize")
      select d::date, h, make_time(h, 30, 0), lpad(((extract(doy from d)::int * 24 + h) * 7919 % 10000)::text, 4, '0')
        from generate_series('2013-01-01'::date, '2014-12-31'::date, '1 day') d, generate_series(0, 23) h`);
  } finally {
    await db.end();
  }
}

const flood = (
  target: Target,
  scale: { concurrency: number; seconds: number },
  path: (i: number) => string,
) =>
  pool(scale.concurrency, (i) => ask(target, { path: path(i), from: attackerAddress(i % 20) }), {
    untilMs: scale.seconds * 1000,
  }).then((answers) => ({ requests: answers.length, statuses: statuses(answers) }));

/** `order=<unindexed>&offset=12900&limit=100`, as many clients at once. */
export function deepOffsets(target: Target, scale: { concurrency: number; seconds: number }) {
  return flood(
    target,
    scale,
    (i) =>
      `/rest/v1/lottery_results?select=*&order=first_prize.desc&offset=${12_900 + (i % 50)}&limit=100`,
  );
}

/**
 * The largest page a table read gives (`max_rows`, 1,000 rows, about 320 KB), asking for brotli
 * as a browser does, as many clients at once: each answer is compressed (on the thread pool, past
 * 64 KB) before it goes (server/src/rest/compress.ts).
 */
export function compressedPages(target: Target, scale: { concurrency: number; seconds: number }) {
  return pool(
    scale.concurrency,
    (i) =>
      ask(target, {
        path: `/rest/v1/lottery_results?select=*&order=draw_date,draw_hour&offset=${(i % 17) * 1000}&limit=1000`,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        from: attackerAddress(i % 20),
      }),
    { untilMs: scale.seconds * 1000 },
  ).then((answers) => ({ requests: answers.length, statuses: statuses(answers) }));
}

/** `rpc/draw_stats?period=all`, as many clients at once. */
export function allTimeStats(target: Target, scale: { concurrency: number; seconds: number }) {
  return flood(target, scale, () => '/rest/v1/rpc/draw_stats?period=all');
}

/**
 * An admin (or a stolen admin session) writes draws dated `infinity`, `-infinity` and BC; then a
 * visitor checks a number, reads the statistics and today's draws. The rows are removed after.
 */
export async function outOfRangeDates(
  target: Target & { url: string; databaseUrl: string; today: string },
) {
  const signIn = await ask(target, {
    method: 'POST',
    path: '/auth/v1/token?grant_type=password',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(owner),
  });
  const token = (JSON.parse(signIn.text) as { access_token: string }).access_token;
  const writes = [];
  for (const [i, date] of ['infinity', '-infinity', '0100-01-01 BC', '5874897-12-31'].entries())
    writes.push(
      await ask(target, {
        method: 'POST',
        path: '/rest/v1/lottery_results',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          draw_date: date,
          draw_hour: i,
          draw_time: `0${i}:30:00`,
          first_prize: '1234',
        }),
      }),
    );
  const check = await ask(target, { path: '/rest/v1/rpc/check_number?n=1234&kind=exact' });
  // The page turns each draw_date into a day and a link (/draw/yyyy-MM-dd/H): one it cannot read
  // breaks the check for every visitor who asks for that number.
  const checkRows = check.status === 200 ? (JSON.parse(check.text) as { draw_date: string }[]) : [];
  const unreadable = checkRows
    .map((row) => row.draw_date)
    .filter((date) => !/^\d{4}-\d{2}-\d{2}$/.test(date));
  const stats = await ask(target, { path: '/rest/v1/rpc/draw_stats?period=all' });
  const today = await ask(target, {
    path: `/rest/v1/lottery_results?select=*&draw_date=eq.${target.today}&order=draw_hour.desc`,
  });
  const db = new pg.Client({ connectionString: target.databaseUrl });
  await db.connect();
  await db.query(
    `delete from public."lottery_results" where "draw_date" < '1900-01-01' or "draw_date" > '3000-01-01'`,
  );
  await db.end();
  return {
    writes: statuses(writes),
    check: check.status,
    unreadable,
    stats: stats.status,
    today: today.status,
  };
}
