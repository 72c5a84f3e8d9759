// Load: STRESS_VISITORS (default 500) visitors of the Today page against one
// stack started as `npm start` starts it, in a child process, while an admin publishes a result
// every second for STRESS_SECONDS (default 60), visitors arriving over STRESS_RAMP_SECONDS. Figures go to docs/reliability.md.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuSeconds, postgresProcesses } from './processes.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../../server/src/config.ts';
import { chunksBeyondFirstLoad, readManifest } from '../../server/src/static/route-preloads.ts';
import { nthResult, resultKey, signInAdmin } from './clients.ts';
import { newJwtSecret, startStressStack, type StressStack } from './stress-stack.ts';
import { summary } from './stats.ts';
import { Visitor, type Site } from './visitor.ts';

const VISITORS = Number(process.env.STRESS_VISITORS ?? 500);
const SECONDS = Number(process.env.STRESS_SECONDS ?? 60);
/** Visitors arrive over this long (STRESS_RAMP_SECONDS, default 10), as a crowd does. */
const RAMP_MS = Number(process.env.STRESS_RAMP_SECONDS ?? 10) * 1000;
/** A visitor re-reads the day every 1-3 s while the writes go on. */
const REREAD_MS: [number, number] = [1_000, 3_000];
const FIRST_DAY = '2001-01-01'; // long past: published at once, and far from the demo data

const dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-stress-load-'));
let stack: StressStack;

beforeAll(async () => {
  stack = await startStressStack({
    port: 9141,
    dataDir,
    jwtSecret: newJwtSecret(),
    seedDemo: true,
    readyTimeoutMs: 120_000,
  });
});

afterAll(async () => {
  if (stack) await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The Supabase client's chunks, which the Today page imports after its first paint. */
function afterPaintAssets(): string[] {
  const manifest = readManifest(path.join(repoRoot, 'dist'));
  if (!manifest) throw new Error('dist/ has no Vite manifest');
  const chunks = chunksBeyondFirstLoad(manifest, 'src/lib/supabase-client.ts');
  if (chunks.length === 0) throw new Error('no Supabase client chunk in the manifest');
  return chunks.map((chunk) => `/${chunk}`);
}

/** A visitor arrives: the page, the day's results, then the live socket. */
async function arrive(visitor: Visitor): Promise<void> {
  await sleep(Math.random() * RAMP_MS);
  await visitor.loadPage();
  await visitor.readToday();
  await visitor.subscribe();
}

/** Then keeps re-reading the day until `done`. */
async function reread(visitor: Visitor, done: () => boolean): Promise<void> {
  while (!done()) {
    await sleep(REREAD_MS[0] + Math.random() * (REREAD_MS[1] - REREAD_MS[0]));
    if (!done()) await visitor.readToday();
  }
}

it(`serves ${VISITORS} live visitors while a result is published every second for ${SECONDS} s`, async () => {
  const site: Site = {
    url: stack.url,
    anonKey: stack.anonKey,
    today: new Date().toISOString().slice(0, 10), // the stack runs with LOTTERY_TIMEZONE=UTC
    afterPaintAssets: afterPaintAssets(),
    pageMs: [],
    readMs: [],
    errors: [],
  };
  const visitors = Array.from({ length: VISITORS }, (_, i) => new Visitor(site, i));
  // CPU of the stack's node process and of its PostgreSQL (backends come and go with the pool,
  // but the pool keeps them for the whole run), to show how busy the 2-core machine was.
  const pgDir = path.join(realpathSync(dataDir), 'postgres');
  const cpu = () => ({
    node: cpuSeconds(stack.child.pid!), // the launcher's child is the stack's node process
    postgres: postgresProcesses(pgDir).reduce((sum, p) => sum + cpuSeconds(p.pid), 0),
  });
  const cpuBefore = cpu();
  const arrived = performance.now();
  await Promise.all(visitors.map(arrive));
  const arrivalMs = performance.now() - arrived;
  const readsOnArrival = site.readMs.length; // the rest are re-reads during the writes
  expect(site.errors, 'errors while visitors arrived').toEqual([]);

  let writing = true;
  const readers = visitors.map((visitor) => reread(visitor, () => !writing));
  const admin = await signInAdmin(stack);
  const sentAt = new Map<string, number>();
  const writeErrors: string[] = [];
  const started = performance.now();
  for (let n = 0; n < SECONDS; n += 1) {
    await sleep(Math.max(0, started + n * 1000 - performance.now()));
    const row = nthResult(n, FIRST_DAY);
    sentAt.set(resultKey(row), performance.now());
    const { error } = await admin.from('lottery_results').insert(row);
    if (error) writeErrors.push(`${resultKey(row)}: ${error.message}`);
  }
  // Events of the last writes may still be on their way: wait until each socket has them all.
  const deadline = performance.now() + 10_000;
  const complete = () => visitors.every((v) => [...sentAt.keys()].every((k) => v.received.has(k)));
  while (!complete() && performance.now() < deadline) await sleep(100);
  writing = false;
  await Promise.all(readers);
  const cpuAfter = cpu();
  const wallSeconds = (performance.now() - arrived) / 1000;
  for (const visitor of visitors) visitor.close();

  const delivery: number[] = [];
  let lost = 0;
  for (const visitor of visitors)
    for (const [key, sent] of sentAt) {
      const at = visitor.received.get(key);
      if (at === undefined) lost += 1;
      else delivery.push(at - sent);
    }
  console.log(
    `${VISITORS} visitors arrived in ${Math.round(arrivalMs)} ms; ${SECONDS} writes; ` +
      `${site.readMs.length} REST reads; ${delivery.length} events delivered, ${lost} lost`,
  );
  console.log(
    `stack CPU over ${wallSeconds.toFixed(0)} s: node ${(cpuAfter.node - cpuBefore.node).toFixed(1)} s, ` +
      `postgres ${(cpuAfter.postgres - cpuBefore.postgres).toFixed(1)} s`,
  );
  console.table([
    summary('page load (/, assets, client chunk), ms', site.pageMs),
    summary('REST read of today as anon, ms', site.readMs),
    summary('  of which re-reads during the writes, ms', site.readMs.slice(readsOnArrival)),
    summary('event delivery (insert sent → frame), ms', delivery),
  ]);
  expect(writeErrors).toEqual([]);
  expect(site.errors.slice(0, 20), `${site.errors.length} errors`).toEqual([]);
  expect(lost, 'events lost').toBe(0);
  expect(site.pageMs).toHaveLength(VISITORS);
  expect(site.readMs.length).toBeGreaterThan(VISITORS);
});
