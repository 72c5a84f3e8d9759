// REST floods against a stack started as `npm start` starts it, holding 11,000 public results
// (the count at which one `select=*,*,*,…` once crashed the process), while an honest visitor
// keeps reading the Today page's query. Each flood must leave the visitor within a small multiple
// of its own baseline, every answer PostgREST's, and the process serving. Figures go to
// docs/reliability.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectVisitorUnharmed, whileVisitorReads } from '../utils/visitor-probe.ts';
import { resultRow } from '../utils/draws.ts';
import { newJwtSecret, startStressStack, type StressStack } from './stress-stack.ts';

const PORT = Number(process.env.STRESS_REST_PORT ?? 9142);
const RESULTS = 11_000;
const FIRST_DAY = Date.UTC(2001, 0, 1);
const dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-stress-rest-'));
let stack: StressStack;

const day = (n: number) => new Date(FIRST_DAY + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  stack = await startStressStack({
    port: PORT,
    dataDir,
    jwtSecret: newJwtSecret(),
    seedDemo: false,
  });
  for (let first = 0; first < RESULTS; first += 1000) {
    const rows = Array.from({ length: Math.min(1000, RESULTS - first) }, (_, i) => {
      const n = first + i;
      return resultRow(day(Math.floor(n / 24)), n % 24, String(n % 10_000).padStart(4, '0'));
    });
    const answer = await call('lottery_results', {
      method: 'POST',
      body: JSON.stringify(rows),
      token: stack.serviceRoleKey,
    });
    expect(answer.status).toBe(201);
  }
});

afterAll(async () => {
  if (stack) await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  code?: string;
  bytes: number;
}

async function call(
  p: string,
  init: { method?: string; body?: string; token?: string; signal?: AbortSignal } = {},
): Promise<Answer> {
  const response = await fetch(`${stack.url}/rest/v1/${p}`, {
    method: init.method ?? 'GET',
    body: init.body,
    signal: init.signal,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${init.token ?? stack.anonKey}`,
      'content-type': 'application/json',
    },
  });
  const text = await response.text();
  const code = response.status >= 400 ? (JSON.parse(text) as { code: string }).code : undefined;
  return { status: response.status, code, bytes: text.length };
}

/** `total` requests, `width` at a time; the statuses and codes seen, and the largest body. */
async function flood(total: number, width: number, one: () => Promise<Answer>) {
  const seen: Record<string, number> = {};
  let largest = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next++ < total) {
        const a = await one();
        const key = `${a.status}${a.code ? ` ${a.code}` : ''}`;
        seen[key] = (seen[key] ?? 0) + 1;
        largest = Math.max(largest, a.bytes);
      }
    }),
  );
  return { seen, largest };
}

async function underAttack(name: string, run: () => ReturnType<typeof flood>) {
  let result = { seen: {} as Record<string, number>, largest: 0 };
  const started = performance.now();
  const report = await whileVisitorReads(
    { url: stack.url, anonKey: stack.anonKey, date: day(0) },
    async () => {
      result = await run();
    },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(
    `rest-floods: ${name}: ${JSON.stringify(result.seen)}, largest body ${result.largest} B, ` +
      `${seconds} s; visitor baseline ${report.baselineMs.toFixed(1)} ms, median ` +
      `${report.medianMs.toFixed(1)} ms, worst ${report.worstMs.toFixed(0)} ms over ${report.reads} reads`,
  );
  expectVisitorUnharmed(report);
  expect(stack.child.exitCode).toBeNull();
  expect((await call('lottery_results?limit=1')).status).toBe(200);
  return result;
}

/** Only PostgREST's own answers: 2xx, 4xx, 57014 (statement_timeout) and 504 PGRST003. */
function expectPostgrestAnswers(seen: Record<string, number>, allowed: string[]) {
  for (const key of Object.keys(seen)) expect(allowed).toContain(key);
}

it('select=*,*,*,… ×3,000, 400 requests 20 at a time', async () => {
  const stars = Array(3000).fill('*').join(',');
  const { seen, largest } = await underAttack('select flood', () =>
    flood(400, 20, () => call(`lottery_results?select=${stars}`)),
  );
  expectPostgrestAnswers(seen, ['200', '504 PGRST003']);
  // One page of max_rows plain rows: far from tens of MB.
  expect(largest).toBeLessThan(400_000);
});

it('48 reads with a costly regular expression at once', async () => {
  const costly = encodeURIComponent('(.{1,99}){1,99}x');
  const { seen } = await underAttack('costly regex', () =>
    flood(48, 48, () => call(`lottery_results?first_prize=match.${costly}`)),
  );
  expectPostgrestAnswers(seen, ['200', '500 57014', '504 PGRST003']);
});

it('costly reads whose clients hang up after 100 ms', async () => {
  const costly = encodeURIComponent('(.{1,99}){1,99}x');
  const hangUp = async (): Promise<Answer> => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    return call(`lottery_results?first_prize=match.${costly}`, {
      signal: controller.signal,
    }).catch(() => ({ status: 0, code: 'hung up', bytes: 0 }));
  };
  const { seen } = await underAttack('hang-ups', () => flood(200, 20, hangUp));
  expectPostgrestAnswers(seen, ['0 hung up', '200']);
});

it('or= nested 3,000 deep and JSON bodies nested 200,000 deep, 8 at a time', async () => {
  const deep = `or=(${'or('.repeat(2999)}draw_hour.eq.1${')'.repeat(2999)})`;
  const body = `{"first_prize":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
  const { seen } = await underAttack('deep nesting', () =>
    flood(300, 8, () =>
      Math.random() < 0.5
        ? call(`lottery_results?${deep}`)
        : call('lottery_results', { method: 'POST', body }),
    ),
  );
  expectPostgrestAnswers(seen, ['400 PGRST100', '400 PGRST102']);
});
