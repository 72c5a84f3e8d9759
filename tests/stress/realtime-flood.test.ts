// Realtime floods (ADR 008) against a stack started as `npm start` starts it, in a child process:
// for STRESS_FLOOD_SECONDS (default 5) each, 20 hostile sockets send full-size frames, heartbeat
// floods, joins with 100 bindings, or broadcasts on the live results channel, reconnecting
// whenever they are closed. Meanwhile a visitor reads today's results over REST and 200 honest
// subscribers listen on the private results channel. Asserted: no failed read, the visitor's
// median within 5x its own baseline, the stack's memory bounded, honest subscribers still get
// every insert and never a broadcast. Figures go to docs/reliability.md.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInAdmin, nthResult } from './clients.ts';
import { newJwtSecret, startStressStack, type StressStack } from './stress-stack.ts';
import { RawSocket } from '../utils/phoenix-socket.ts';
import { expectVisitorUnharmed, whileVisitorReads } from '../utils/visitor-probe.ts';

const SECONDS = Number(process.env.STRESS_FLOOD_SECONDS ?? 5);
const ATTACKERS = 20;
const LISTENERS = 200;
const dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-stress-flood-'));
let stack: StressStack;
const listeners: RawSocket[] = [];
let heard = { changes: 0, broadcasts: 0 };

beforeAll(async () => {
  stack = await startStressStack({
    port: 9147,
    dataDir,
    jwtSecret: newJwtSecret(),
    seedDemo: false,
  });
  for (let i = 0; i < LISTENERS; i++) listeners.push(await listen(`results-live-${i}`));
});
afterAll(async () => {
  for (const socket of listeners) socket.close();
  if (stack) await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const results = { event: '*', schema: 'public', table: 'lottery_results' };
const join = (topic: string, config: unknown, ref = '1') =>
  JSON.stringify([ref, ref, `realtime:${topic}`, 'phx_join', { config }]);

/** Frames are not kept: the attackers' replies would fill this process's memory. */
const open = () => RawSocket.open(stack.url, stack.anonKey, '2.0.0', { record: false });

/** An honest subscriber on the Today page's private channel. */
async function listen(topic: string): Promise<RawSocket> {
  const socket = await open();
  socket.ws.on('message', (data, isBinary) => {
    const text = String(data);
    if (isBinary || text.includes('"broadcast"')) heard.broadcasts++;
    else if (text.includes('"postgres_changes",{"ids"')) heard.changes++;
  });
  socket.send(`realtime:${topic}`, 'phx_join', {
    config: { private: true, postgres_changes: [results] },
  });
  return socket;
}

/** The stack's resident memory in MB (its node process, the launcher's child). */
function stackRssMb(): number {
  const pid = stack.child.pid!;
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(rss) / 1024;
}

/** Runs `attack` on ATTACKERS sockets for SECONDS, reopening each socket the stack closes. */
async function flood(attack: (ws: WebSocket, i: number) => void): Promise<number> {
  const end = Date.now() + SECONDS * 1000;
  let closes = 0;
  await Promise.all(
    Array.from({ length: ATTACKERS }, async (_, i) => {
      while (Date.now() < end) {
        const { ws } = await open();
        const closed = new Promise((resolve) => ws.once('close', resolve));
        const timer = setInterval(() => {
          // Send only what the socket has taken: the attacker's own memory stays bounded too.
          if (ws.readyState === ws.OPEN && ws.bufferedAmount < 4 * 1024 * 1024) attack(ws, i);
        }, 5);
        await Promise.race([closed, new Promise((r) => setTimeout(r, end - Date.now()))]);
        clearInterval(timer);
        if (ws.readyState !== ws.CLOSED) ws.terminate();
        else closes++;
      }
    }),
  );
  return closes;
}

const big = `["1","1","phoenix","heartbeat",{"x":"${'x'.repeat(1024 * 1024 - 64)}"}]`;
const many = Array.from({ length: 100 }, (_, i) => ({
  ...results,
  filter: `draw_hour=neq.${i % 24}`,
}));
const attacks: Record<string, (ws: WebSocket, i: number) => void> = {
  'full-size frames': (ws) => ws.send(big),
  'heartbeat flood': (ws) => {
    for (let k = 0; k < 50; k++) ws.send('[null,"1","phoenix","heartbeat",{}]');
  },
  'joins with 100 bindings': (ws) => ws.send(join(`j${Math.random()}`, { postgres_changes: many })),
  'broadcasts to the results channel': (ws, i) => {
    ws.send(join(`results-live-${i}`, { private: true }));
    ws.send(
      JSON.stringify([
        '1',
        '2',
        `realtime:results-live-${i}`,
        'broadcast',
        { type: 'broadcast', event: 'x', payload: { x: 'y'.repeat(100_000) } },
      ]),
    );
  },
};

let written = 0;
it.each(Object.keys(attacks))('survives %s', { timeout: 120_000 }, async (name) => {
  const admin = await signInAdmin(stack);
  heard = { changes: 0, broadcasts: 0 };
  const rssBefore = stackRssMb();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, stackRssMb())), 100);
  let closes = 0;
  const report = await whileVisitorReads(
    { url: stack.url, anonKey: stack.anonKey, date: nthResult(0, '2001-01-01').draw_date },
    async () => {
      const attacking = flood(attacks[name]!);
      // A published result every half second reaches every honest subscriber meanwhile.
      const writes = (async () => {
        for (let t = 0; t < SECONDS * 2; t++, written++) {
          const { error } = await admin
            .from('lottery_results')
            .insert(nthResult(written, '2001-01-01'));
          expect(error).toBeNull();
          await new Promise((r) => setTimeout(r, 500));
        }
      })();
      [closes] = await Promise.all([attacking, writes]);
    },
  );
  clearInterval(sampler);
  const expected = SECONDS * 2 * LISTENERS;
  await expect.poll(() => heard.changes, { timeout: 20_000 }).toBe(expected);
  console.info(
    `realtime-flood ${name}: visitor baseline ${report.baselineMs.toFixed(1)} ms, median ${report.medianMs.toFixed(1)} ms, worst ${report.worstMs.toFixed(0)} ms over ${report.reads} reads; stack RSS ${rssBefore.toFixed(0)} → peak ${rssPeak.toFixed(0)} MB; attacker sockets closed ${closes}; honest events ${heard.changes}/${expected}, broadcasts received ${heard.broadcasts}`,
  );
  expectVisitorUnharmed(report);
  expect(heard.broadcasts).toBe(0);
  expect(rssPeak - rssBefore).toBeLessThan(300);
  expect(stack.child.exitCode).toBeNull();
});
