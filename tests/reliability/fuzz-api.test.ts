// Fuzzing: thousands of hostile HTTP requests against /rest/v1, /auth/v1, /functions/v1
// and static paths. Never a 5xx, always the real service's error body, the stack keeps serving
// and no row in public or auth changes. Replay a run with FUZZ_SEED=<printed seed>.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checksums, fuzzHttp, reportFailures, type Failure } from './fuzz-harness.ts';
import { assertServing, startFuzzStack, type FuzzStack } from './fuzz-stack.ts';
import { authRequest } from './grammar-auth.ts';
import { functionsRequest, staticRequest } from './grammar-functions.ts';
import { restRequest } from './grammar-rest.ts';
import { closeAgent, type FuzzRequest } from './http-client.ts';
import { fuzzCount, fuzzSeed, Prng } from './prng.ts';

const seed = fuzzSeed();
const total = fuzzCount();
/** Shares of FUZZ_COUNT; the websocket fuzz (fuzz-realtime.test.ts) takes the remaining 20%. */
const SHARES = { rest: 0.4, auth: 0.17, functions: 0.15, static: 0.08 } as const;
const BATCH = 400;

let fuzz: FuzzStack;
beforeAll(async () => {
  fuzz = await startFuzzStack();
});
afterAll(async () => {
  closeAgent();
  await fuzz?.stop();
});

function generate(surface: keyof typeof SHARES, rng: Prng): FuzzRequest[] {
  const n = Math.round(total * SHARES[surface]);
  return Array.from({ length: n }, () => {
    if (surface === 'rest') return restRequest(rng, fuzz.creds);
    if (surface === 'auth') return authRequest(rng, fuzz.creds, fuzz.admin.email);
    if (surface === 'functions') return functionsRequest(rng, fuzz.creds);
    return staticRequest(rng);
  });
}

it(`survives hostile HTTP input (seed ${seed})`, { timeout: 240_000 }, async () => {
  console.info(`fuzz-api: FUZZ_SEED=${seed} FUZZ_COUNT=${total}`);
  const before = await checksums(fuzz.stack.pool);
  const failures: Failure[] = [];
  const counts: Record<string, { requests: number; statuses: Record<number, number> }> = {};
  const started = Date.now();
  for (const surface of Object.keys(SHARES) as Array<keyof typeof SHARES>) {
    // One stream per surface, so a surface's requests do not depend on the others' shares.
    const rng = new Prng((seed ^ (surface.length * 0x9e3779b1)) >>> 0);
    const requests = generate(surface, rng);
    const statuses: Record<number, number> = {};
    for (let i = 0; i < requests.length; i += BATCH) {
      const batch = await fuzzHttp(fuzz.stack.url, requests.slice(i, i + BATCH), failures);
      for (const [status, n] of Object.entries(batch))
        statuses[+status] = (statuses[+status] ?? 0) + n;
      await assertServing(fuzz);
    }
    counts[surface] = { requests: requests.length, statuses };
  }
  console.info(`fuzz-api: ${JSON.stringify(counts)} in ${Date.now() - started} ms`);
  const after = await checksums(fuzz.stack.pool);
  reportFailures('fuzz-api', failures);
  expect(after).toEqual(before);
});
