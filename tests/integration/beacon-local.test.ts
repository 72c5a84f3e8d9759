import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BeaconChain } from '../../src/shared/beacon/chains.ts';
import { roundAt } from '../../src/shared/beacon/rounds.ts';
import { verifyRound } from '../../src/shared/beacon/verify.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// The stack's local beacon (ADR 023) as a client finds it: drand's v1 API under /beacon, no API
// key, rounds that the library verifies against the key the beacon publishes.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('the local beacon under the stack', () => {
  it('publishes its chain and rounds that verify against it', async () => {
    const info = await (await fetch(`${stack.url}/beacon/info`)).json();
    expect(info.schemeID).toBe('bls-unchained-g1-rfc9380');
    const chain: BeaconChain = {
      name: 'local',
      hash: info.hash,
      publicKey: info.public_key,
      genesisTime: info.genesis_time,
      period: info.period,
      scheme: info.schemeID,
      genesisSeed: info.groupHash,
      beaconId: info.metadata.beaconID,
      independent: false,
    };
    const before = roundAt(chain, Date.now() / 1000);
    const latest = await fetch(`${stack.url}/beacon/${chain.hash}/public/latest`);
    const after = roundAt(chain, Date.now() / 1000);
    expect(latest.status).toBe(200);
    const beacon = await latest.json();
    expect(beacon.round).toBeGreaterThanOrEqual(before);
    expect(beacon.round).toBeLessThanOrEqual(after);
    expect(verifyRound(chain, beacon)).toMatchObject({ ok: true });
    const first = await (await fetch(`${stack.url}/beacon/public/1`)).json();
    expect(verifyRound(chain, first, 1)).toMatchObject({ ok: true });
  });

  it('answers a round whose time has not come 425, with no API key asked', async () => {
    const response = await fetch(`${stack.url}/beacon/public/999999999`);
    expect(response.status).toBe(425);
    expect(await response.text()).toBe('Requested future beacon\n');
  });
});
