// draw-beacon under Deno, offline: its settings and their bounds, which key each chain's rounds
// are checked against, a seal made by tlock-js in Deno, and the handler's refusals. The data
// path runs against the real stack in tests/integration/beacon-draws.test.ts.
import { QUICKNET } from '../../_shared/beacon/chains.ts';
import { chainOf, chainSource, type ChainRow } from '../chain.ts';
import { readConfig } from '../config.ts';
import { createHandler } from '../handler.ts';
import { sealSeed } from '../seal.ts';
import { assert, assertEquals } from './assert.ts';

const quicknetRow: ChainRow = {
  chain_hash: QUICKNET.hash,
  scheme: QUICKNET.scheme,
  public_key: 'ab'.repeat(96),
  genesis_time: 1,
  period: 3,
  beacon_id: 'quicknet',
  independent: true,
};
const localRow: ChainRow = { ...quicknetRow, chain_hash: 'cd'.repeat(32), independent: false };

Deno.test('settings: defaults, and bounds that refuse a typo', () => {
  const defaults = readConfig({});
  assertEquals(defaults.relays[0], 'https://api.drand.sh');
  assertEquals([defaults.sealsPerCall, defaults.budgetMs, defaults.localUrl], [4, 1000, null]);
  const set = readConfig({
    BEACON_RELAYS: 'https://a.example/, http://b.example',
    BEACON_LOCAL_URL: 'http://127.0.0.1:8080/beacon/',
    BEACON_SEALS_PER_CALL: '24',
  });
  assertEquals(set.relays, ['https://a.example', 'http://b.example']);
  assertEquals(set.localUrl, 'http://127.0.0.1:8080/beacon');
  for (const env of [
    { BEACON_SEALS_PER_CALL: '25' },
    { BEACON_BUDGET_MS: '1e9' },
    { BEACON_RELAYS: 'file:///etc/passwd' },
    { BEACON_LOCAL_URL: 'not a url' },
  ]) {
    let threw = false;
    try {
      readConfig(env);
    } catch {
      threw = true;
    }
    assert(threw, JSON.stringify(env));
  }
});

Deno.test('quicknet is always the pinned chain; a local chain is never independent', () => {
  const config = readConfig({ BEACON_LOCAL_URL: 'http://127.0.0.1:1/beacon' });
  assertEquals(chainOf(quicknetRow), QUICKNET);
  const quicknet = chainSource(quicknetRow, config)!;
  assertEquals(quicknet.urls(7)[0], `https://api.drand.sh/${QUICKNET.hash}/public/7`);
  const local = chainSource(localRow, config)!;
  assertEquals(local.chain.independent, false);
  assertEquals(local.urls(7), [`http://127.0.0.1:1/beacon/${localRow.chain_hash}/public/7`]);
  assertEquals(chainSource(localRow, readConfig({})), null);
  // A row claiming independence for another chain gets no key at all.
  assertEquals(chainOf({ ...localRow, independent: true }), null);
});

Deno.test('tlock-js seals a seed in Deno with the pinned key and no network', async () => {
  const armored = await sealSeed(QUICKNET, 30_000_000, 'ab'.repeat(32));
  assert(armored.startsWith('-----BEGIN AGE ENCRYPTED FILE-----'), armored.slice(0, 40));
  assert(armored.length < 4096);
});

Deno.test('the handler answers the service role key only, and POST only', async () => {
  const handler = createHandler({
    SUPABASE_URL: 'http://127.0.0.1:9',
    SUPABASE_SERVICE_ROLE_KEY: 'service-key',
  });
  const call = (method: string, key?: string) =>
    handler(
      new Request('http://functions/draw-beacon', {
        method,
        headers: key ? { authorization: `Bearer ${key}` } : {},
      }),
    );
  assertEquals((await call('GET', 'service-key')).status, 405);
  for (const key of [undefined, 'anon-key', 'service-ke', 'service-keyy']) {
    const refused = await call('POST', key);
    assertEquals(refused.status, 401);
    assertEquals(Object.keys(await refused.json()), ['error']);
  }
  // The database unreachable: the step that failed, no database text.
  const failed = await call('POST', 'service-key');
  assertEquals(failed.status, 503);
  assertEquals((await failed.json()).error, 'beacon_rounds_due failed');
});

Deno.test('BEACON_CALLER_KEY, when set (32+ characters), is accepted too', async () => {
  const callerKey = 'c'.repeat(40);
  const request = (key: string) =>
    new Request('http://functions/draw-beacon', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
    });
  const env = { SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_SERVICE_ROLE_KEY: 'service-key' };
  assertEquals(
    (await createHandler({ ...env, BEACON_CALLER_KEY: callerKey })(request(callerKey))).status,
    503,
  );
  // Too short to be a secret: ignored.
  assertEquals(
    (await createHandler({ ...env, BEACON_CALLER_KEY: 'short' })(request('short'))).status,
    401,
  );
});
