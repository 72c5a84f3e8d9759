import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLocalBeacon, type LocalBeacon } from '../../server/src/beacon/local-chain.ts';
import { createSigner } from '../../server/src/beacon/signer.ts';
import { switchBeacon } from '../../server/src/seed/beacon.ts';
import { deriveBeaconPrize } from '../../src/lib/beacon/derive.ts';
import { drawRound } from '../../src/shared/beacon/rounds.ts';
import { verifyRound } from '../../src/shared/beacon/verify.ts';
import { sealSeed } from '../../supabase/functions/draw-beacon/seal.ts';
import { insertLockedDraw, openSeal, pastDraw, sha256Hex } from '../utils/beacon.ts';
import { startTestStack, type SignedIn, type TestStack } from '../utils/stack.ts';
import { allow } from '../utils/load-factor.ts';

// A draw through the stack's local beacon, end to end (ADR 023): locked with its commitment,
// sealed before its moment by draw-beacon, then at its moment the round fetched from /beacon,
// verified, stored and drawn. The stack's own periodic call is off (test stacks default), so each
// step is one POST to the function, as pg_cron's would be.

let stack: TestStack;
let admin: SignedIn;
let dataDir: string;
let beacon: LocalBeacon;
const seeds: string[] = [];

const callFunction = async (key = stack.serviceRoleKey) => {
  const response = await fetch(`${stack.url}/functions/v1/draw-beacon`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
  });
  const text = await response.text();
  for (const seed of seeds) expect(text).not.toContain(seed);
  return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> };
};

/** Everything realtime sends a visitor about the beacon tables and the results, as text. */
const events: Array<{ table: string; payload: string }> = [];

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-beacon-draws-'));
  // The beacon began two days ago, so the last hours' draws have rounds to fetch.
  beacon = loadLocalBeacon(dataDir, Date.now() / 1000 - 2 * 86_400);
  stack = await startTestStack({ dataDir });
  admin = await stack.createAdmin();
  await switchBeacon(stack.pool, dataDir, 'local');
  const visitor = stack.client();
  await Promise.all(
    ['draw_locks', 'beacon_rounds', 'lottery_results'].map(
      (table) =>
        new Promise<void>((resolve, reject) => {
          visitor
            .channel(`beacon-${table}`)
            .on('postgres_changes', { event: '*', schema: 'public', table } as never, (change) =>
              events.push({ table, payload: JSON.stringify(change) }),
            )
            .subscribe((status, error) =>
              status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' && reject(error),
            );
        }),
    ),
  );
}, allow(60_000));

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('locking and sealing ahead of the draws', () => {
  it('Generate locks tomorrow to the local chain and fills none of its hours', async () => {
    const { data, error } = await admin.client.rpc('generate_lottery_results', {
      from_date: tomorrow(),
      to_date: tomorrow(),
    });
    expect(error).toBeNull();
    expect(data).toEqual({ created: 0, skipped: 24 });
    const locks = await stack.client().from('draw_locks').select('*').eq('draw_date', tomorrow());
    expect(locks.data).toHaveLength(24);
    for (const lock of locks.data!) {
      const at = Date.parse(`${tomorrow()}T${String(lock.draw_hour).padStart(2, '0')}:30:00Z`);
      expect(lock.chain_hash).toBe(beacon.chain.hash);
      expect(lock.round).toBe(drawRound(beacon.chain, at / 1000));
      expect(lock.ciphertext).toBeNull();
    }
    const chain = await stack.client().from('beacon_chains').select('*').eq('independent', false);
    expect(chain.data).toEqual([
      expect.objectContaining({
        chain_hash: beacon.chain.hash,
        public_key: beacon.chain.publicKey,
      }),
    ]);
  });

  it('draw-beacon seals them a few per call, each to the seed its commitment names', async () => {
    const secret = await stack.pool.query<{ seed: string }>(
      `select seed from public.draw_seeds where draw_date = $1`,
      [tomorrow()],
    );
    seeds.push(...secret.rows.map((row) => row.seed));
    const first = await callFunction();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ drawn: 0, seal_failures: 0 });
    expect(first.body.sealed).toBeGreaterThanOrEqual(1);
    for (let call = 0; call < 30; call++) {
      if ((await callFunction()).body.sealed === 0) break;
    }
    const { data: locks } = await stack
      .client()
      .from('draw_locks')
      .select('draw_hour, round, ciphertext, locked_at')
      .eq('draw_date', tomorrow())
      .order('draw_hour');
    const { data: commitments } = await stack
      .client()
      .from('draw_commitments')
      .select('draw_hour, commitment')
      .eq('draw_date', tomorrow())
      .order('draw_hour');
    expect(locks!.every((lock) => lock.ciphertext && lock.locked_at)).toBe(true);
    // Opened with the round the local beacon will publish (signed here with its key, as the
    // test can and nobody else should): the seed whose SHA-256 is the published commitment.
    const sign = createSigner(beacon.secretKey, () => Date.now() / 1000);
    for (const index of [0, 23]) {
      const round = sign(locks![index]!.round)!;
      const seed = await openSeal(beacon.chain, locks![index]!.ciphertext!, round, {
        ahead: true,
      });
      expect(sha256Hex(seed)).toBe(commitments![index]!.commitment);
    }
  });

  it('before its moment nobody reads a seed, a round or a number of those draws', async () => {
    const user = await stack.createUser();
    for (const client of [stack.client(), user.client, admin.client]) {
      const day = tomorrow();
      expect((await client.from('draw_seeds').select('*').eq('draw_date', day)).data).toEqual([]);
      expect((await client.from('lottery_results').select('*').eq('draw_date', day)).data).toEqual(
        [],
      );
      expect((await client.from('beacon_rounds').select('*')).data).toEqual([]);
      for (const [name, args] of [
        ['beacon_seeds_to_seal', { max_locks: 4 }],
        ['beacon_rounds_due', { max_rounds: 4 }],
      ] as const) {
        const { data, error } = await client.rpc(name, args);
        expect(data).toBeNull();
        expect(error?.code).toBe('42501');
      }
    }
    // The function answers its scheduler only: a visitor's key gets a refusal and nothing else.
    for (const key of [stack.anonKey, user.accessToken, 'nonsense']) {
      const refused = await callFunction(key);
      expect(refused.status).toBe(401);
      expect(Object.keys(refused.body)).toEqual(['error']);
    }
  });
});

describe('a draw at its moment', () => {
  const draw = pastDraw(0);
  let round: number;
  let seed: string;

  beforeAll(async () => {
    round = drawRound(beacon.chain, draw.at / 1000);
    seed = randomBytes(32).toString('hex');
    seeds.push(seed);
    const armored = await sealSeed(beacon.chain, round, seed);
    await insertLockedDraw(stack.pool, draw, beacon.chain.hash, round, armored, seed);
  });

  it('is drawn from its round: stored, verified, derived, and the seal opens with it', async () => {
    const called = await callFunction();
    expect(called.body).toMatchObject({
      drawn: 1,
      stored: [{ chain_hash: beacon.chain.hash, round }],
    });
    const visitor = stack.client();
    const { data: stored } = await visitor
      .from('beacon_rounds')
      .select('round, signature, randomness')
      .eq('round', round)
      .single();
    const verified = verifyRound(beacon.chain, stored!, round);
    expect(verified).toEqual({ ok: true, round, randomness: stored!.randomness });
    const { data: result } = await visitor
      .from('lottery_results')
      .select('first_prize, source')
      .eq('draw_date', draw.date)
      .eq('draw_hour', draw.hour)
      .single();
    const expected = deriveBeaconPrize(seed, {
      date: draw.date,
      hour: draw.hour,
      round,
      randomness: stored!.randomness,
    });
    expect(result).toEqual({ first_prize: expected.prize, source: 'system' });
    const { data: lock } = await visitor
      .from('draw_locks')
      .select('ciphertext')
      .eq('draw_date', draw.date)
      .eq('draw_hour', draw.hour)
      .single();
    expect(await openSeal(beacon.chain, lock!.ciphertext!, stored!)).toBe(seed);
    const { data: revealed } = await visitor
      .from('draw_seeds')
      .select('seed')
      .eq('draw_date', draw.date)
      .eq('draw_hour', draw.hour)
      .single();
    expect(revealed!.seed).toBe(seed);
  });

  it('a stored round never changes, and a round no draw names is refused', async () => {
    const service = stack.client({ key: stack.serviceRoleKey });
    const other = await service.rpc('store_beacon_round', {
      beacon_chain: beacon.chain.hash,
      beacon_round: round,
      signature: 'a'.repeat(96),
    });
    expect(other.error?.message).toBe('Another signature is stored for this round');
    const unknown = await service.rpc('store_beacon_round', {
      beacon_chain: beacon.chain.hash,
      beacon_round: round + 1,
      signature: 'a'.repeat(96),
    });
    expect(unknown.error?.message).toBe('No draw is locked to this round');
    const update = await stack.pool.query(`update public.beacon_rounds set signature = signature`);
    expect(update.rowCount).toBe(0);
  });
});

describe('realtime', () => {
  it('streamed each seal and the round to visitors, and never a seed', async () => {
    const deadline = Date.now() + 5_000;
    while (!events.some((event) => event.table === 'lottery_results') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const sealedEvents = events.filter(
      (event) => event.table === 'draw_locks' && event.payload.includes('BEGIN AGE'),
    );
    expect(sealedEvents.length).toBeGreaterThanOrEqual(24);
    expect(events.filter((event) => event.table === 'beacon_rounds')).toHaveLength(1);
    expect(events.filter((event) => event.table === 'lottery_results')).toHaveLength(1);
    for (const seed of seeds)
      expect(events.some((event) => event.payload.includes(seed))).toBe(false);
  });
});
