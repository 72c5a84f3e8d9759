import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICKNET } from '../../../src/shared/beacon/chains.ts';
import { chainHashOf, roundTime } from '../../../src/shared/beacon/rounds.ts';
import { verifyRound } from '../../../src/shared/beacon/verify.ts';
import { LOCAL_BEACON_FILE, loadLocalBeacon, type LocalBeacon } from './local-chain.ts';
import { localBeaconPlugin } from './routes.ts';
import { SIGNATURES_PER_SECOND } from './signer.ts';

const GENESIS = 1_800_000_000 - (1_800_000_000 % 60);
let dataDir: string;
let beacon: LocalBeacon;
let app: FastifyInstance;
let clock = GENESIS + 300; // round 101 is the latest
const waits: number[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-beacon-'));
  beacon = loadLocalBeacon(dataDir, GENESIS + 59);
  app = Fastify();
  await localBeaconPlugin(app, {
    beacon,
    now: () => clock,
    sleep: async (ms) => {
      waits.push(ms);
      clock += ms / 1000;
    },
  });
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('the local beacon key', () => {
  it('is created once in the data dir (mode 0600) and read back the same', () => {
    expect(statSync(path.join(dataDir, LOCAL_BEACON_FILE)).mode & 0o777).toBe(0o600);
    const again = loadLocalBeacon(dataDir, GENESIS + 9999);
    expect(again.chain).toEqual(beacon.chain);
    expect(beacon.chain).toMatchObject({
      genesisTime: GENESIS,
      period: 3,
      scheme: 'bls-unchained-g1-rfc9380',
      independent: false,
    });
    expect(beacon.chain.hash).toBe(chainHashOf(beacon.chain));
  });
});

describe("drand's HTTP API shape", () => {
  it('serves /info and /{chain-hash}/info with the v1 field names', async () => {
    for (const url of ['/info', `/${beacon.chain.hash}/info`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.json()).toEqual({
        public_key: beacon.chain.publicKey,
        period: 3,
        genesis_time: GENESIS,
        hash: beacon.chain.hash,
        groupHash: beacon.chain.genesisSeed,
        schemeID: 'bls-unchained-g1-rfc9380',
        metadata: { beaconID: 'local' },
      });
    }
  });

  it('serves past rounds that verify with the library, immutable', async () => {
    for (const round of [1, 2, 50, 101]) {
      const response = await get(`/${beacon.chain.hash}/public/${round}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=604800, immutable');
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['randomness', 'round', 'signature']);
      expect(verifyRound(beacon.chain, body, round)).toMatchObject({ ok: true });
      // Not quicknet's: a local round must never pass for an independent one.
      expect(verifyRound(QUICKNET, body).ok).toBe(false);
    }
  });

  it('serves the latest round at /public/latest, cached until the next one', async () => {
    const response = await get('/public/latest');
    expect(response.json().round).toBe(101);
    expect(response.headers['cache-control']).toBe('public, must-revalidate, max-age=3');
    expect(verifyRound(beacon.chain, response.json()).ok).toBe(true);
  });

  it('answers a future round 425 as drand/http-relay does, and signs nothing ahead', async () => {
    for (const round of ['103', '1000000', '18446744073709551615']) {
      const response = await get(`/public/${round}`);
      expect(response.statusCode).toBe(425);
      expect(response.body).toBe('Requested future beacon\n');
      expect(response.headers['cache-control']).toBe('must-revalidate, no-cache, max-age=0');
    }
  });

  it('makes the next round wait for its moment, then serves it', async () => {
    clock = roundTime(beacon.chain, 102) - 1.5;
    const response = await get('/public/102');
    expect(waits.at(-1)).toBe(1500);
    expect(response.statusCode).toBe(200);
    expect(verifyRound(beacon.chain, response.json(), 102).ok).toBe(true);
  });

  it('bounds how many uncached rounds it signs per second (429 past the budget)', async () => {
    const statuses: number[] = [];
    for (let round = 200; round < 200 + SIGNATURES_PER_SECOND * 3; round += 1) {
      statuses.push((await get(`/public/${round - 190}`)).statusCode);
    }
    const refused = await get(`/public/${60}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    // Cached rounds are still served while the budget is spent.
    expect((await get('/public/1')).statusCode).toBe(200);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(
      SIGNATURES_PER_SECOND * 2,
    );
    clock += 1;
    expect((await get(`/public/${60}`)).statusCode).toBe(200);
  });

  it('refuses other chains and malformed rounds like the relay', async () => {
    expect((await get(`/${QUICKNET.hash}/public/1`)).statusCode).toBe(400);
    expect((await get(`/${QUICKNET.hash}/info`)).body).toBe('unknown chain hash\n');
    expect((await get('/public/abc')).statusCode).toBe(404);
    expect((await get(`/public/${'9'.repeat(21)}`)).statusCode).toBe(404);
    expect((await get('/nothex/public/1')).statusCode).toBe(404);
  });
});
