import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type SignedIn, type TestStack } from '../utils/stack.ts';

let stack: TestStack;
let admin: SignedIn;

interface Row {
  draw_date: string;
  draw_hour: number;
  first_prize: string;
}

/** Polls until `check` holds (the scheduler ticks every 10 seconds). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 25_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting for the scheduler');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The draws the scheduler has made, oldest first. */
const systemDraws = async () =>
  (
    await stack.pool.query<Row>(
      `select "draw_date"::text, "draw_hour", "first_prize" from "public"."lottery_results"
        where "created_by" = 'automatic draw' order by 1, 2`,
    )
  ).rows;

/** `npm run verify` as a third party runs it: the public URL and the anon key, nothing else. */
function verify(...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/verify-draw.ts',
        ...args,
        '--url',
        stack.url,
        '--key',
        stack.anonKey,
      ],
      { env: { PATH: process.env.PATH } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.createAdmin();
  // Switched on two hours ago with nothing run since: the stack's scheduler owes two draws.
  await stack.pool.query(
    `update "public"."lottery_settings" set "auto_draw" = true, "auto_draw_since" = now() - interval '2 hours'`,
  );
  await eventually(async () => (await systemDraws()).length === 2);
}, 60_000);
afterAll(() => stack?.stop());

describe('the stack draws on its own', () => {
  it('the scheduler drew each due hour once, published to everyone, with tomorrow committed', async () => {
    const draws = await systemDraws();
    expect(draws).toHaveLength(2);
    const { data } = await stack
      .client()
      .from('lottery_results')
      .select('draw_date, draw_hour, source');
    expect(data).toHaveLength(2);
    const tomorrow = await stack
      .client()
      .from('draw_commitments')
      .select('draw_hour')
      .gt('draw_date', new Date().toISOString().slice(0, 10));
    expect(tomorrow.data?.length).toBeGreaterThanOrEqual(24);
  });

  it('no API caller reads a seed before its draw, admins and the service role included', async () => {
    const future = '2099-01-01';
    const { error: generated } = await admin.client.rpc('generate_lottery_results', {
      from_date: future,
      to_date: future,
    });
    expect(generated).toBeNull();
    for (const client of [stack.client(), admin.client]) {
      const { data, error } = await client.from('draw_seeds').select('*').eq('draw_date', future);
      expect([data, error]).toEqual([[], null]);
    }
    const service = await stack
      .client({ key: stack.serviceRoleKey })
      .from('draw_seeds')
      .select('*')
      .eq('draw_date', future);
    expect(service.error?.code).toBe('42501');
    const commitments = await stack
      .client()
      .from('draw_commitments')
      .select('*')
      .eq('draw_date', future);
    expect(commitments.data).toHaveLength(24);
  });
});

describe('realtime', () => {
  it('streams new commitments to visitors and never a seed', async () => {
    const visitor = stack.client();
    const events: Array<{ table: string; payload: string }> = [];
    const system: string[] = [];
    /** One channel per table, as the app would: a refused binding must not hide the other. */
    const watch = (table: string) =>
      new Promise<void>((resolve, reject) => {
        visitor
          .channel(`draws-${table}`)
          .on(
            'postgres_changes',
            { event: '*', schema: 'public', table } as never,
            (change: { table: string }) =>
              events.push({ table: change.table, payload: JSON.stringify(change) }),
          )
          .on('system', {}, (payload: { message: string }) => system.push(payload.message))
          .subscribe((status, error) =>
            status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' && reject(error),
          );
      });
    await watch('draw_commitments');
    await watch('draw_seeds');
    // Seeds are not in the publication: realtime refuses the binding, as hosted Realtime does.
    await eventually(
      async () => system.some((message) => message.includes('table: draw_seeds')),
      5_000,
    );
    const day = '2098-06-01';
    const { error } = await admin.client.rpc('generate_lottery_results', {
      from_date: day,
      to_date: day,
    });
    expect(error).toBeNull();
    await eventually(async () => events.length >= 24, 10_000);
    const seeds = await stack.pool.query<{ seed: string }>(
      `select "seed" from "public"."draw_seeds" where "draw_date" = $1`,
      [day],
    );
    expect(seeds.rows).toHaveLength(24);
    // Give stragglers a moment: still only the 24 commitments, and no seed anywhere in them.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(events.map((event) => event.table)).toEqual(Array(24).fill('draw_commitments'));
    for (const { seed } of seeds.rows) {
      expect(events.some((event) => event.payload.includes(seed))).toBe(false);
      expect(system.some((message) => message.includes(seed))).toBe(false);
    }
    await visitor.removeAllChannels();
  });
});

describe('npm run verify', () => {
  it('verifies a system draw from public data alone, step by step', async () => {
    const [draw] = await systemDraws();
    const hh = String(draw!.draw_hour).padStart(2, '0');
    const { code, out } = await verify(draw!.draw_date, String(draw!.draw_hour));
    expect(out).toContain(`HMAC lotto24:${draw!.draw_date}:${hh}:0`);
    expect(out).toContain(`mod 10000 = ${draw!.first_prize}`);
    // The scheduler drew two missed hours: committed when it drew them, after their moment.
    expect(out).toMatch(
      /1\. Commitment {9}FAILED {2}The commitment was published at .*, not before the draw/,
    );
    expect(out.trim().split('\n').at(-1)).toBe(
      'Not verified (seed commitment only): commitment failed',
    );
    expect(code).toBe(1);
  });

  it('says Verified for a draw committed before its moment', async () => {
    // A day committed ahead (as every tick commits tomorrow), whose draw time has since come. The
    // test cannot wait a day, so it backdates the commitment as only a superuser could, with the
    // immutability trigger off for that one statement.
    await stack.pool.query(`select "private"."commit_draw_days"('2020-01-01', '2020-01-01')`);
    await stack.pool.query(`begin;
      alter table "public"."draw_commitments" disable trigger "draw_commitments_refuse_change";
      update "public"."draw_commitments" set "committed_at" = '2019-12-31T12:00:00Z' where "draw_date" = '2020-01-01';
      alter table "public"."draw_commitments" enable trigger "draw_commitments_refuse_change";
      commit`);
    await stack.pool.query(`select "private"."draw_hour"('2020-01-01', 4)`);
    const { code, out } = await verify('2020-01-01', '4');
    expect(out).toContain('Committed at      2019-12-31T12:00:00');
    expect(out).toMatch(/Lead {14}\d+ minutes before the draw/);
    expect(out).not.toContain("the draw's own day");
    expect(out.trim().split('\n').at(-1)).toBe('Verified (seed commitment only)');
    expect(code).toBe(0);
  });

  it('saves the proof, which then verifies alone, with no project at all', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'lotto24-proof-')), 'draw.proof.json');
    const saved = await verify('2020-01-01', '4', '--save', file);
    expect(saved.out).toContain(`Proof saved to    ${file}`);
    const proof = JSON.parse(readFileSync(file, 'utf8'));
    expect(proof).toMatchObject({ format: 'lotto24-draw-proof/1', lock: null, round: null });
    const offline = await new Promise<{ code: number; out: string }>((resolve) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/verify-draw.ts', '--proof', file],
        { env: { PATH: process.env.PATH, DATA_DIR: path.dirname(file) } },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
      ),
    );
    expect(offline.out).not.toContain(stack.url);
    expect([offline.code, offline.out.trim().split('\n').at(-1)]).toEqual([
      0,
      'Verified (seed commitment only)',
    ]);
  });

  it('reports a tampered seed and a changed result as not verified', async () => {
    const [first, second] = await systemDraws();
    await stack.pool.query(
      `update "public"."draw_seeds" set "seed" = repeat('ab', 32) where "draw_date" = $1 and "draw_hour" = $2`,
      [first!.draw_date, first!.draw_hour],
    );
    const tampered = await verify(first!.draw_date, String(first!.draw_hour));
    expect(tampered.code).toBe(1);
    expect(tampered.out).toMatch(
      /1\. Commitment {9}FAILED {2}SHA-256 of the seed is [0-9a-f]{64}, not the published commitment/,
    );
    expect(tampered.out.trim().split('\n').at(-1)).toMatch(
      /^Not verified \(seed commitment only\): commitment .*failed$/,
    );
    const changed = second!.first_prize === '0000' ? '0001' : '0000';
    await stack.pool.query(
      `update "public"."lottery_results" set "first_prize" = $3 where "draw_date" = $1 and "draw_hour" = $2`,
      [second!.draw_date, second!.draw_hour, changed],
    );
    const edited = await verify(second!.draw_date, String(second!.draw_hour));
    expect(edited.out).toContain(`Corrected from ${second!.first_prize}`);
    expect(edited.code).toBe(1);
    expect(edited.out).toContain(
      `5. Derivation         FAILED  The seed derives ${second!.first_prize}; the published result is ${changed}.`,
    );
  });

  it('says what it cannot verify: operator entries, draws to come, bad input', async () => {
    await admin.client.from('lottery_results').insert({
      draw_date: '2021-06-01',
      draw_hour: 9,
      draw_time: '09:30:00',
      first_prize: '1234',
    });
    const operator = await verify('2021-06-01', '9');
    expect([operator.code, operator.out.trim().split('\n').at(-1)]).toEqual([
      1,
      'Entered by the operator: not verifiable by seed',
    ]);
    const later = await verify('2099-12-31', '23');
    expect([later.code, later.out.trim().split('\n').at(-1)]).toEqual([1, 'Not drawn yet']);
    expect((await verify('tomorrow', '25')).code).toBe(2);
  });
});
