// One hostile visitor against /rest/v1 while an honest one keeps reading the Today page's query:
// the honest reads stay within a small multiple of their own baseline, every hostile answer is
// PostgREST's (4xx, or the 5xx PostgREST itself gives: 57014 on statement_timeout, 504 PGRST003),
// and no row changes. Bigger floods run in tests/stress/rest-floods.test.ts. The stack runs in a
// process of its own, as `npm start` runs it (tests/utils/separate-stack.ts), and the visitor
// reads from a thread of its own (visitor-probe.ts): what the visitor measures is the stack, not
// this worker reading the attacker's answers.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { allow } from '../utils/load-factor.ts';
import { startSeparateStack, type SeparateStack } from '../utils/separate-stack.ts';
import {
  expectVisitorUnharmed,
  whileVisitorReads,
  type ProbeTarget,
} from '../utils/visitor-probe.ts';

let stack: SeparateStack;
let adminToken: string;
let target: ProbeTarget;
const DAYS = 100; // 2,400 published draws

beforeAll(async () => {
  stack = await startSeparateStack();
  await stack.pool.query(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
     select d::date, h, to_char(h, 'FM00') || ':30:00', lpad(((h * 37 + extract(doy from d)::int * 11) % 10000)::text, 4, '0')
     from generate_series('2001-01-01'::date, '2001-01-01'::date + $1::int - 1, '1 day') d, generate_series(0, 23) h`,
    [DAYS],
  );
  // A big embedded table, for this test's database only: 40 parents of 1,500 children each.
  await stack.pool.query(`
    create table public.probe_parents (id int primary key);
    create table public.probe_children (
      id int primary key, parent_id int not null references public.probe_parents (id), note text);
    insert into public.probe_parents select generate_series(1, 40);
    insert into public.probe_children
      select n, 1 + n % 40, repeat('x', 40) from generate_series(1, 60000) n;
    grant select on public.probe_parents, public.probe_children to anon;
  `);
  adminToken = await stack.adminAccessToken();
  target = { url: stack.url, anonKey: stack.anonKey, date: '2001-01-01' };
}, allow(120_000));
afterAll(() => stack?.stop());

async function checksum(): Promise<string> {
  const { rows } = await stack.pool.query<{ h: string }>(
    `select md5(coalesce(string_agg(t::text, '|' order by id), '')) as h from public.lottery_results t`,
  );
  return rows[0]!.h;
}

interface Answer {
  status: number;
  code?: string;
  bytes: number;
}

async function hit(path: string, init: RequestInit = {}, token = stack.anonKey): Promise<Answer> {
  const response = await fetch(`${stack.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
  });
  const text = await response.text();
  const code = response.status >= 400 ? (JSON.parse(text) as { code: string }).code : undefined;
  return { status: response.status, code, bytes: text.length };
}

async function attack(run: () => Promise<Answer[]>): Promise<Answer[]> {
  const before = await checksum();
  let answers: Answer[] = [];
  const report = await whileVisitorReads(target, async () => {
    answers = await run();
  });
  expectVisitorUnharmed(report);
  expect(await checksum()).toBe(before);
  // The process is alive and serving.
  expect((await hit('lottery_results?limit=1')).status).toBe(200);
  return answers;
}

const parallel = (n: number, fn: () => Promise<Answer>) =>
  Promise.all(Array.from({ length: n }, fn));

it('24 parallel reads with a costly regular expression', { timeout: allow(60_000) }, async () => {
  const costly = encodeURIComponent('(.{1,99}){1,99}x');
  const answers = await attack(() =>
    parallel(24, () => hit(`lottery_results?first_prize=match.${costly}`)),
  );
  // PostgREST's own answers: anon's statement_timeout (57014, 500) or no connection in time
  // (PGRST003, 504); never anything else.
  for (const a of answers) expect(['57014', 'PGRST003', undefined]).toContain(a.code);
});

it('deep and wide embeds of a big table under anon', { timeout: allow(90_000) }, async () => {
  // Wide: many aliases of one big embed; deep: each child embeds its parent and all its siblings
  // again (1,000 × 1,000 rows per parent). Both wait in the narrow lanes and stop at anon's
  // statement_timeout; a plain embed is capped at max_rows (1,000) rows on every level.
  const wide = Array.from({ length: 8 }, (_, i) => `c${i}:probe_children(*)`).join(',');
  const deep = 'probe_children(*,probe_parents(*,probe_children(*)))';
  const capped = await hit('probe_parents?select=id,probe_children(id)&id=eq.1');
  expect(capped.status).toBe(200);
  const answers = await attack(() =>
    Promise.all([
      ...Array.from({ length: 8 }, () => hit(`probe_parents?select=*,${wide}`)),
      ...Array.from({ length: 8 }, () => hit(`probe_parents?select=*,${deep}`)),
      hit('probe_parents?select=a(b(c(d(e(id)))))'),
    ]),
  );
  for (const a of answers.slice(0, 16)) expect([200, 500, 504]).toContain(a.status);
  for (const a of answers.slice(0, 16)) expect(['57014', 'PGRST003', undefined]).toContain(a.code);
  expect(answers.at(-1)).toMatchObject({ status: 400, code: 'PGRST100' });
  const one = await fetch(`${stack.url}/rest/v1/probe_parents?select=probe_children(id)&id=eq.1`, {
    headers: { apikey: stack.anonKey },
  });
  expect(
    ((await one.json()) as Array<{ probe_children: unknown[] }>)[0]!.probe_children,
  ).toHaveLength(1000);
});

it('a flood of select=*,*,*,…', { timeout: allow(60_000) }, async () => {
  const plain = await hit('lottery_results?select=*');
  const stars = Array(3000).fill('*').join(',');
  const answers = await attack(async () => {
    const all: Answer[] = [];
    for (let round = 0; round < 5; round++)
      all.push(...(await parallel(20, () => hit(`lottery_results?select=${stars}`))));
    return all;
  });
  for (const a of answers) expect(a).toEqual({ status: 200, code: undefined, bytes: plain.bytes });
});

it('or= nested 3,000 deep', { timeout: allow(60_000) }, async () => {
  const deep = `or=(${'or('.repeat(2999)}draw_hour.eq.1${')'.repeat(2999)})`;
  const answers = await attack(() => parallel(100, () => hit(`lottery_results?${deep}`)));
  for (const a of answers) expect([a.status, a.code]).toEqual([400, 'PGRST100']);
});

it('a JSON body nested 200,000 deep', { timeout: allow(60_000) }, async () => {
  const body = `{"first_prize":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
  const answers = await attack(() =>
    parallel(30, () => hit('lottery_results', { method: 'POST', body }, adminToken)),
  );
  for (const a of answers) expect([a.status, a.code]).toEqual([400, 'PGRST102']);
});

it("an admin's DELETE with no filter leaves every row", { timeout: allow(60_000) }, async () => {
  const answers = await attack(() =>
    parallel(10, () => hit('lottery_results', { method: 'DELETE' }, adminToken)),
  );
  for (const a of answers) expect([a.status, a.code]).toEqual([400, '21000']);
});
