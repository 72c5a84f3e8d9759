// Reads that look cheap but are not (ADR 020): a deep offset, an order no index gives, the
// all-time statistics. 64 clients send each kind at once while an honest visitor keeps reading
// the Today page's query: the visitor stays within a small multiple of its own baseline, measured
// in the same run, because those reads wait in the costly lane (rest/admission.ts) instead of
// holding every connection. Every hostile answer is a 200 or PostgREST's own 504 PGRST003.
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  expectVisitorUnharmed,
  whileVisitorReads,
  type ProbeTarget,
} from '../utils/visitor-probe.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

let stack: TestStack;
let target: ProbeTarget;
const DAYS = 3650; // ten years of hourly draws: 87,600, as docs/benchmarks.md measures
const CLIENTS = 64;
const ROUNDS = 2;

beforeAll(async () => {
  stack = await startTestStack();
  // Ten years of rows without their row triggers (stamps, audit, realtime capture): as the
  // superuser, in one transaction, then the monthly totals the statistics read, recomputed once.
  const client = await stack.pool.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query(
      `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
       select d::date, h, to_char(h, 'FM00') || ':30:00', lpad(((h * 37 + extract(doy from d)::int * 11) % 10000)::text, 4, '0')
       from generate_series('2001-01-01'::date, '2001-01-01'::date + $1::int - 1, '1 day') d, generate_series(0, 23) h`,
      [DAYS],
    );
    await client.query('commit');
    await client.query(
      `select private.draw_stats_monthly_refresh(
         array(select distinct date_trunc('month', r.draw_date)::date from public.lottery_results r))`,
    );
    await client.query('analyze public.lottery_results');
  } finally {
    client.release();
  }
  target = { url: stack.url, anonKey: stack.anonKey, date: '2001-01-01' };
}, 120_000);
afterAll(() => stack?.stop());

interface Answer {
  status: number;
  code?: string;
}

async function hit(path: string): Promise<Answer> {
  const response = await fetch(`${stack.url}/rest/v1/${path}`, {
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
  });
  const text = await response.text();
  const code = response.status >= 400 ? (JSON.parse(text) as { code: string }).code : undefined;
  return { status: response.status, code };
}

/** `CLIENTS` clients at once, each sending `path` `ROUNDS` times one after another. */
async function flood(path: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let round = 0; round < ROUNDS; round++) answers.push(await hit(path));
    }),
  );
  return answers;
}

const KINDS: Array<[string, string]> = [
  [
    'a deep offset in index order',
    'lottery_results?order=draw_date.desc,draw_hour.desc&offset=80000&limit=100',
  ],
  ['an order no index gives', 'lottery_results?order=created_at.desc,id.asc&limit=100'],
  ['the all-time statistics', 'rpc/draw_stats?period=all'],
];

it.each(KINDS)(`${CLIENTS} clients reading %s`, { timeout: 120_000 }, async (_kind, path) => {
  const first = await hit(path);
  expect(first).toEqual({ status: 200, code: undefined });
  let answers: Answer[] = [];
  const report = await whileVisitorReads(target, async () => {
    answers = await flood(path);
  });
  expectVisitorUnharmed(report);
  expect(answers).toHaveLength(CLIENTS * ROUNDS);
  for (const answer of answers) expect(['PGRST003', undefined]).toContain(answer.code);
});
