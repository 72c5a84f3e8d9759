// The honest side of a hostile run, in a process of its own so the attacker's load on the test
// process never counts as the stack's: a visitor reading Today over REST and subscribed to its
// changes, plus two probes of the stack's event loops that touch no database (GET /auth/v1/health
// on HTTP, a Phoenix heartbeat on an idle socket) and an honest join. One per stack, started by
// harness.ts with its target in HOSTILE_OBSERVER; for each run `baseline` (answered `warmed`) and
// `attack` mark the phases, and `report` is answered with the run's samples.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { RawSocket, type Frame } from '../utils/phoenix-socket.ts';
import { keepAlive, openResultsSocket } from '../utils/results-socket.ts';
import { readToday } from '../utils/read-today.ts';
import type { ObserverTarget, ProbeSamples } from './figures.ts';

const target = JSON.parse(process.env.HOSTILE_OBSERVER!) as ObserverTarget;
// Between runs the probes keep going (connections stay warm) but count for nothing.
let phase: 'idle' | 'baseline' | 'attack' = 'idle';
const running = true;
const empty = (): ProbeSamples => ({
  read: { baseline: [], attack: [] },
  http: { baseline: [], attack: [] },
  heartbeat: { baseline: [], attack: [] },
  join: { baseline: [], attack: [] },
  change: { baseline: [], attack: [] },
  failures: [],
});
let samples = empty();
/** Changes published in this run and not heard of yet. */
const pending = new Set<Promise<void>>();
const fail = (what: string, at = phase) =>
  at !== 'idle' && samples.failures.push(`${at}: ${what}`.slice(0, 200));

/**
 * The baseline holds a sample of every probe, or 15 s have passed. A machine that stalls
 * for a moment (another suite, a GC) can leave a one-second baseline without a heartbeat or a
 * join, and a ratio over nothing judges nothing.
 */
async function baselined(): Promise<void> {
  const probes = ['read', 'http', 'heartbeat', 'join', 'change'] as const;
  const until = Date.now() + 15_000;
  while (Date.now() < until && probes.some((key) => samples[key].baseline.length === 0)) {
    await sleep(50);
  }
}

/** Runs `probe` again and again (a pause between) while the observer runs, timing each. */
async function every(
  pauseMs: number,
  key: Exclude<keyof ProbeSamples, 'failures'>,
  probe: () => Promise<void>,
) {
  while (running) {
    const started = performance.now();
    const at = phase;
    try {
      await probe();
      if (at !== 'idle' && at === phase) samples[key][at].push(performance.now() - started);
    } catch (error) {
      fail(`${key}: ${String(error)}`);
    }
    await sleep(pauseMs);
  }
}

/** Replies on one socket by ref, each probe waiting at most `timeoutMs`. */
function replies(socket: RawSocket) {
  const waiting = new Map<string, (frame: Frame) => void>();
  socket.onFrame((frame) => frame.ref && waiting.get(frame.ref)?.(frame));
  return (ref: string | null, timeoutMs = 20_000) =>
    new Promise<Frame>((resolve, reject) => {
      if (ref === null) return reject(new Error('socket closed'));
      const timer = setTimeout(() => reject(new Error(`no reply in ${timeoutMs} ms`)), timeoutMs);
      waiting.set(ref, (frame) => {
        clearTimeout(timer);
        waiting.delete(ref);
        resolve(frame);
      });
    });
}

async function main() {
  const db = new pg.Client({ connectionString: target.databaseUrl });
  await db.connect();
  const arrived = new Map<string, () => void>();
  // The Today page's subscription: a heartbeat every 25 s as realtime-js sends it, and a new
  // socket a second after the stack closes one, as realtime-js reconnects.
  const subscribe = async (): Promise<void> => {
    const visitor = await openResultsSocket({
      apiUrl: target.url,
      anonKey: target.anonKey,
      topic: 'realtime:results-live-hostile',
      event: 'INSERT',
      onChange: ({ record }) =>
        record && arrived.get(`${record.draw_date} ${record.draw_hour}`)?.(),
    });
    const beat = keepAlive(() => [visitor]);
    visitor.ws.once('close', () => {
      beat();
      fail('the visitor socket was closed');
      const retry = () => void sleep(1000).then(subscribe).catch(retry);
      retry();
    });
  };
  await subscribe();
  const idle = await RawSocket.open(target.url, target.anonKey, '2.0.0', { record: false });
  // Never silent for long (a heartbeat every 200 ms), so the stack has no reason to close it.
  idle.ws.on('close', () => fail('the idle socket was closed'));
  const reply = replies(idle);
  const today = { url: target.url, anonKey: target.anonKey, date: target.today };
  process.on('message', (message: { phase?: 'baseline' | 'attack'; report?: true }) => {
    if (message.phase === 'baseline') {
      // REST's pool opens backends on demand and closes them after 10 s idle: open them now, so
      // the memory baseline has them and an attack is not charged for the pool's growth.
      void Promise.all(Array.from({ length: 20 }, () => readToday(today))).then(() => {
        samples = empty();
        phase = 'baseline';
        process.send!({ warmed: true });
      });
    }
    if (message.phase === 'attack') {
      void baselined().then(() => {
        phase = 'attack';
        process.send!({ attacking: true });
      });
    }
    if (message.report) {
      phase = 'idle';
      void Promise.all(pending).then(() => process.send!({ samples }));
    }
  });
  // Ready once a change has come through: the first ones after a start are slow (the change
  // listener and its caches warming) and would make a baseline of nothing the visitor sees later.
  let heardOne = () => {};
  void new Promise<void>((resolve) => (heardOne = resolve)).then(() =>
    process.send!({ ready: true }),
  );

  // Published results of 2012, an hour after another: no test's own rows (2013-2014) collide.
  let row = 0;
  let joins = 0;
  await Promise.all([
    every(100, 'read', async () => {
      const read = await readToday(today);
      if (read.failure) throw new Error(read.failure);
    }),
    every(200, 'http', async () => {
      const response = await fetch(`${target.url}/auth/v1/health`, {
        headers: { apikey: target.anonKey },
        signal: AbortSignal.timeout(20_000),
      });
      await response.text();
      if (response.status !== 200) throw new Error(`health answered ${response.status}`);
    }),
    every(200, 'heartbeat', async () => {
      await reply(idle.heartbeat());
    }),
    every(500, 'join', async () => {
      const topic = `realtime:hostile-join-${++joins}`;
      // The Today page's join (realtime-js's payload); supabase-js gives up on it after 10 s.
      const config = {
        private: false,
        postgres_changes: [{ event: '*', schema: 'public', table: 'lottery_results' }],
      };
      const answer = await reply(
        idle.send(topic, 'phx_join', { config, access_token: target.anonKey }),
      );
      if (answer.payload.status !== 'ok')
        throw new Error(`join answered ${JSON.stringify(answer.payload)}`);
      idle.send(topic, 'phx_leave', {}, answer.ref ?? undefined);
    }),
    (async () => {
      // A published result every 200 ms, as often as the other probes sample: the visitor's
      // socket must hear each one. (Once a second gave a 1 s baseline one change and a 4 s attack
      // four, in step with attacks that burst every 1.1 s: a median of whichever few landed in a
      // burst, 1x in one run and 10x in the next.)
      while (running) {
        const n = row++;
        const day = new Date(Date.UTC(2012, 0, 1) + Math.floor(n / 24) * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const at = phase;
        const started = performance.now();
        const heard = new Promise<void>((resolve) => {
          const timer = setTimeout(
            () => (fail(`change ${day} ${n % 24} never arrived`, at), resolve()),
            15_000,
          );
          arrived.set(`${day} ${n % 24}`, () => {
            clearTimeout(timer);
            heardOne();
            if (at !== 'idle') samples.change[at].push(performance.now() - started);
            resolve();
          });
        });
        if (at !== 'idle') {
          pending.add(heard);
          void heard.then(() => pending.delete(heard));
        }
        await db
          .query(
            `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize) values ($1, $2, make_time($2, 30, 0), $3)`,
            [day, n % 24, String(n % 10_000).padStart(4, '0')],
          )
          .catch((error: unknown) => fail(`insert: ${String(error)}`));
        await sleep(200);
      }
    })(),
  ]);
}

// The harness kills this process with its stack.
main().catch((error: unknown) => {
  process.send!({ error: String(error) }, () => process.exit(1));
});
