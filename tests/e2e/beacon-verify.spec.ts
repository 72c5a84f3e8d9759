import { readFileSync } from 'node:fs';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { expect, test } from '@playwright/test';
import type pg from 'pg';
import { SCHEME_G1_RFC9380, type BeaconChain } from '../../src/shared/beacon/chains.ts';
import { deriveBeaconPrize, seedCommitment } from '../../src/lib/beacon/derive.ts';
import { chainHashOf, drawRound } from '../../src/shared/beacon/rounds.ts';
import { sealToRound } from '../../src/lib/beacon/time-lock.ts';
import { randomnessOf, roundPoint } from '../../src/shared/beacon/verify.ts';
import { lotteryDay } from './public-data.ts';
import { drawMoment, ownerPool } from './verify-utils.ts';
import { allow } from '../utils/load-factor.ts';

// The browser's verification of a beacon draw (ADR 023, "Verification"): a draw tied to a local
// test beacon, its rows written as the stack's draw-beacon function writes them (a fresh key of
// quicknet's scheme, the seed time-locked to the draw's round, the round signed at the moment).

let pool: pg.Pool;

test.beforeAll(() => {
  pool = ownerPool();
});
test.afterAll(() => pool.end());

/** Writes one beacon draw's public rows as the owner; returns what the page must show. */
async function beaconDraw(date: string, hour: number) {
  const secretKey = bls12_381.utils.randomSecretKey();
  const publicKey = bytesToHex(bls12_381.shortSignatures.getPublicKey(secretKey).toBytes());
  const moment = drawMoment(date, hour).getTime() / 1000;
  const base = {
    name: 'local',
    publicKey,
    genesisTime: Math.floor(moment / 60) * 60 - 86_400 * 10,
    period: 3,
    scheme: SCHEME_G1_RFC9380,
    genesisSeed: bytesToHex(sha256(hexToBytes(publicKey))),
    beaconId: 'local',
    independent: false,
  } as const;
  const chain: BeaconChain = { ...base, hash: chainHashOf(base) };
  const round = drawRound(chain, moment);
  const signature = bytesToHex(
    bls12_381.shortSignatures.sign(roundPoint(round), secretKey).toBytes(),
  );
  const randomness = randomnessOf(signature);
  const seed = bytesToHex(bls12_381.utils.randomSecretKey());
  const ciphertext = await sealToRound(chain, round, seed);
  const { prize } = deriveBeaconPrize(seed, { date, hour, round, randomness });
  const key = [date, hour];
  const where = 'where "draw_date" = $1 and "draw_hour" = $2';
  const client = await pool.connect();
  try {
    await client.query('begin');
    // A fixture's rewrite of history no API caller can make: triggers off for these statements.
    for (const table of ['draw_commitments', 'draw_locks', 'draw_seeds', 'lottery_results']) {
      await client.query(`alter table "public"."${table}" disable trigger user`);
      await client.query(`delete from "public"."${table}" ${where}`, key);
    }
    await client.query(
      `insert into "public"."beacon_chains" ("chain_hash", "scheme", "public_key", "genesis_time", "period", "beacon_id", "independent")
       values ($1, $2, $3, $4, $5, $6, false)`,
      [chain.hash, chain.scheme, publicKey, chain.genesisTime, chain.period, chain.beaconId],
    );
    const before = new Date((moment - 86_400) * 1000);
    await client.query(
      `insert into "public"."draw_commitments" ("draw_date", "draw_hour", "commitment", "committed_at") values ($1, $2, $3, $4)`,
      [...key, seedCommitment(seed), before],
    );
    await client.query(
      `insert into "public"."draw_locks" ("draw_date", "draw_hour", "chain_hash", "round", "ciphertext", "locked_at") values ($1, $2, $3, $4, $5, $6)`,
      [...key, chain.hash, round, ciphertext, before],
    );
    await client.query(
      `insert into "public"."beacon_rounds" ("chain_hash", "round", "signature", "randomness") values ($1, $2, $3, $4)`,
      [chain.hash, round, signature, randomness],
    );
    await client.query(
      `insert into "public"."draw_seeds" ("draw_date", "draw_hour", "seed") values ($1, $2, $3)`,
      [...key, seed],
    );
    await client.query(
      `insert into "public"."lottery_results" ("draw_date", "draw_hour", "draw_time", "first_prize", "source")
       values ($1, $2, $3, $4, 'system')`,
      [...key, `${String(hour).padStart(2, '0')}:30:00`, prize],
    );
    for (const table of ['draw_commitments', 'draw_locks', 'draw_seeds', 'lottery_results']) {
      await client.query(`alter table "public"."${table}" enable trigger user`);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  return { prize, round, seed };
}

test('a beacon draw verifies in five steps on its page, and its proof downloads', async ({
  page,
}) => {
  const date = lotteryDay(-3);
  const hour = 11;
  const { prize, round, seed } = await beaconDraw(date, hour);

  await page.goto(`/draw/${date}/${String(hour).padStart(2, '0')}`);
  const outcome = page.getByRole('status').filter({ hasText: /beacon draw/ });
  await expect(outcome).toHaveText('Verified (beacon draw, local test beacon: not independent)', {
    timeout: allow(30_000),
  });
  const steps = page.getByRole('list', { name: 'Verification steps' }).getByRole('listitem');
  await expect(steps).toHaveText([
    /^Commitment: ok\./,
    /^Time-locked seed: ok\./,
    /^Round signature: ok\./,
    /^Round time: ok\./,
    new RegExp(`^Derivation: ok\\. .* derive ${prize}, the published result\\.$`),
  ]);
  await expect(page.getByText(`Beacon round ${round}`)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download proof' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    `lotto24-${date}-${String(hour).padStart(2, '0')}.proof.json`,
  );
  const proof = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(proof).toMatchObject({
    format: 'lotto24-draw-proof/1',
    draw: { date, hour, prize, source: 'system' },
    seed,
    lock: { round },
    round: { round },
  });
});

test('a changed prize is reported as the derivation step', async ({ page }) => {
  const date = lotteryDay(-3);
  const hour = 12;
  const { prize } = await beaconDraw(date, hour);
  const changed = String((Number(prize) + 5_000) % 10_000).padStart(4, '0');
  await pool.query(
    `update "public"."lottery_results" set "first_prize" = $3 where "draw_date" = $1 and "draw_hour" = $2`,
    [date, hour, changed],
  );
  await page.goto(`/draw/${date}/${hour}`);
  await expect(page.getByRole('status').filter({ hasText: /beacon draw/ })).toHaveText(
    'Not verified (beacon draw, local test beacon: not independent): derivation failed',
    { timeout: allow(30_000) },
  );
  await expect(
    page.getByRole('list', { name: 'Verification steps' }).getByRole('listitem').last(),
  ).toHaveText(new RegExp(`^Derivation: failed\\. .*the published result is ${changed}\\.$`));
});
