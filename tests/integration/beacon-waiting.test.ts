import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadLocalBeacon, type LocalBeacon } from '../../server/src/beacon/local-chain.ts';
import { createSigner } from '../../server/src/beacon/signer.ts';
import { switchBeacon } from '../../server/src/seed/beacon.ts';
import { deriveBeaconPrize } from '../../src/lib/beacon/derive.ts';
import { drawRound } from '../../src/shared/beacon/rounds.ts';
import { createHandler } from '../../supabase/functions/draw-beacon/handler.ts';
import { insertLockedDraw, pastDraw } from '../utils/beacon.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';
import { allow } from '../utils/load-factor.ts';

// The beacon unreachable for a while (ADR 023): the draw waits without a result, is retried
// with backoff kept in the database, then drawn late from the same round to the same number.
// draw-beacon runs in this process (as the stack runs it) with BEACON_LOCAL_URL pointing at a
// relay the test cuts and restores in front of the stack's real /beacon.

let stack: TestStack;
let dataDir: string;
let beacon: LocalBeacon;
let relay: Server;
let relayUp = false;
let call: () => Promise<Record<string, unknown>>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-beacon-waiting-'));
  beacon = loadLocalBeacon(dataDir, Date.now() / 1000 - 2 * 86_400);
  stack = await startTestStack({ dataDir });
  await switchBeacon(stack.pool, dataDir, 'local');
  relay = createServer((req, res) => {
    // Down: the connection drops, as an unreachable host's would.
    if (!relayUp) return req.socket.destroy();
    fetch(`${stack.url}/beacon${req.url}`).then(
      async (upstream) => {
        res.writeHead(upstream.status, { 'content-type': 'application/json' });
        res.end(await upstream.text());
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const handler = createHandler(
    {
      SUPABASE_URL: stack.url,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
      BEACON_LOCAL_URL: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
      BEACON_FETCH_TIMEOUT_MS: '1000',
    },
    { realtime: { transport: WebSocket as never } },
  );
  call = async () => {
    const response = await handler(
      new Request('http://functions/draw-beacon', {
        method: 'POST',
        headers: { authorization: `Bearer ${stack.serviceRoleKey}` },
      }),
    );
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
}, allow(60_000));

afterAll(async () => {
  relay?.close();
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const resultOf = async (draw: { date: string; hour: number }) =>
  (
    await stack
      .client()
      .from('lottery_results')
      .select('first_prize, source')
      .eq('draw_date', draw.date)
      .eq('draw_hour', draw.hour)
  ).data;

describe('the beacon unreachable', () => {
  const draw = pastDraw(1);
  const seed = randomBytes(32).toString('hex');
  let round: number;
  let retryAt = 0;

  beforeAll(async () => {
    round = drawRound(beacon.chain, draw.at / 1000);
    await insertLockedDraw(stack.pool, draw, beacon.chain.hash, round, null, seed);
  });

  it('leaves the draw waiting, records the failure and backs off', async () => {
    const first = await call();
    expect(first).toMatchObject({
      drawn: 0,
      waiting: [{ draw_date: draw.date, draw_hour: draw.hour, round }],
    });
    const waiting = (first.waiting as Array<{ reason: string; retry_at: string }>)[0]!;
    expect(waiting.reason).toMatch(/^127\.0\.0\.1:\d+: unreachable$/);
    retryAt = Date.parse(waiting.retry_at);
    const retryIn = retryAt - Date.now();
    expect(retryIn).toBeGreaterThan(2_000);
    expect(retryIn).toBeLessThanOrEqual(5_000);
    expect(await resultOf(draw)).toEqual([]);
    // Visitors see the lock, no round and no result: "waiting for the beacon".
    const rounds = await stack.client().from('beacon_rounds').select('round').eq('round', round);
    expect(rounds.data).toEqual([]);
    // Within the backoff the next call does not ask again.
    expect(await call()).toMatchObject({ drawn: 0, waiting: [] });
    const state = await stack.pool.query(
      `select attempts, last_error from private.beacon_attempts where round = $1`,
      [round],
    );
    expect(state.rows).toEqual([{ attempts: 1, last_error: waiting.reason }]);
  });

  it('the tick never draws it from the seed alone', async () => {
    await stack.pool.query(
      `update public.lottery_settings set auto_draw = true, auto_draw_since = $1`,
      [new Date(draw.at - 60_000)],
    );
    await stack.pool.query(`select private.run_due_draws()`);
    expect(await resultOf(draw)).toEqual([]);
    await stack.pool.query(`update public.lottery_settings set auto_draw = false`);
  });

  it('once the beacon is back and the backoff has run out, draws it late with the same number', async () => {
    // The number the round gives, known to the test only because it holds the beacon's key.
    const signed = createSigner(beacon.secretKey, () => Date.now() / 1000)(round)!;
    const expected = deriveBeaconPrize(seed, { ...draw, round, randomness: signed.randomness });
    relayUp = true;
    // Back, but the backoff holds until its time: nothing is asked before it.
    if (retryAt - Date.now() > 500) expect(await call()).toMatchObject({ drawn: 0, stored: [] });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, retryAt - Date.now() + 100)));
    expect(await call()).toMatchObject({ drawn: 1, waiting: [] });
    expect(await resultOf(draw)).toEqual([{ first_prize: expected.prize, source: 'system' }]);
    const state = await stack.pool.query(`select 1 from private.beacon_attempts`);
    expect(state.rowCount).toBe(0);
  });
});
