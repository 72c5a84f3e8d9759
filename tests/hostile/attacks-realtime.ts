// Realtime attacks as the red team ran them (issue 21), each a function of its scale.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import WebSocket from 'ws';
import { attackerAddress } from './harness.ts';
import { holdThenClose, joinFrame, newTally, openAttacker, openMany } from './attack-sockets.ts';
import { ask, type Target } from './requests.ts';

export interface HugeTopicsScale {
  sockets: number;
  /** Joins per socket (the per-socket bound is 100 channels). */
  joins: number;
  /** Topic length: ~900 KB stays under the 1 MiB frame bound. */
  topicBytes: number;
  private: boolean;
}

/**
 * Sockets from as many addresses joining channels with ~900 KB topic names, one join a second
 * each (the per-socket byte budget is 1 MiB/s): within every per-socket bound.
 */
export async function hugeTopics(target: Target, scale: HugeTopicsScale) {
  const tally = newTally();
  const filler = 'x'.repeat(scale.topicBytes);
  let sent = 0;
  const sockets: WebSocket[] = [];
  await Promise.all(
    Array.from({ length: scale.sockets }, async (_, i) => {
      const ws = await openAttacker(target, attackerAddress(i), tally);
      if (!ws) return;
      sockets.push(ws);
      for (let j = 0; j < scale.joins && ws.readyState === WebSocket.OPEN; j++) {
        if (ws.bufferedAmount < 2 * scale.topicBytes) {
          ws.send(joinFrame(j + 1, `realtime:${i}-${j}-${filler}`, { private: scale.private }));
          sent++;
        }
        await sleep(1100);
      }
    }),
  );
  await sleep(1500); // the last replies
  for (const ws of sockets) ws.terminate();
  return { ...tally, joinsSent: sent, topicKiB: Math.round(scale.topicBytes / 1024) };
}

/** realtime.messages' dead tuples and size: where private-channel checks leave their rows. */
export async function messagesFootprint(databaseUrl: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ dead: string; bytes: string }>(
      `select coalesce(s."n_dead_tup", 0)::text as "dead",
              pg_total_relation_size('"realtime"."messages"')::text as "bytes"
         from pg_stat_all_tables s where s."schemaname" = 'realtime' and s."relname" = 'messages'`,
    );
    return { deadTuples: Number(rows[0]?.dead ?? 0), mib: Number(rows[0]?.bytes ?? 0) / 2 ** 20 };
  } finally {
    await db.end();
  }
}

export interface HeldSocketsScale {
  sockets: number;
  /** Source addresses they come from: 1 meets a per-address cap, many a total one. */
  addresses: number;
  holdMs: number;
}

/**
 * Sockets opened and kept alive by heartbeats; while they are held a new visitor (a fresh
 * connection from an address of its own) reads Today.
 */
export async function heldSockets(target: Target, scale: HeldSocketsScale) {
  const tally = newTally();
  const sockets = await openMany(
    target,
    scale.sockets,
    (i) => attackerAddress(i % scale.addresses),
    tally,
    200,
  );
  const held = holdThenClose(sockets, scale.holdMs);
  const newVisitor = await ask(target, {
    path: '/rest/v1/lottery_results?select=*&limit=1',
    headers: { connection: 'close' },
    from: '127.0.0.2',
    timeoutMs: 10_000,
  });
  await held;
  return { ...tally, newVisitorStatus: newVisitor.status };
}

export interface RejoinScale {
  sockets: number;
  /** Joins a second each socket makes (the per-socket bound is 50). */
  joinsPerSecond: number;
  seconds: number;
}

/**
 * One visitor's sockets joining and leaving the Today page's channel over and over (the red team's
 * storm came from one machine). The join queue is fair per address (ADR 018), so the honest join
 * waits only for work in flight; the same storm spread over 100 addresses saturates this 2-core
 * machine's CPU instead (docs/reliability.md).
 */
export async function rejoinStorm(target: Target, scale: RejoinScale) {
  const tally = newTally();
  const sockets = await openMany(target, scale.sockets, () => attackerAddress(0), tally, 200);
  const config = {
    private: false,
    postgres_changes: [{ event: '*', schema: 'public', table: 'lottery_results' }],
  };
  const end = Date.now() + scale.seconds * 1000;
  let joins = 0;
  await Promise.all(
    sockets.map(async (ws, i) => {
      for (let ref = 1; Date.now() < end && ws.readyState === WebSocket.OPEN; ref += 2) {
        ws.send(joinFrame(ref, `realtime:storm-${i}`, config));
        joins++;
        await sleep(1000 / scale.joinsPerSecond);
        ws.send(
          JSON.stringify([String(ref), String(ref + 1), `realtime:storm-${i}`, 'phx_leave', {}]),
        );
      }
    }),
  );
  for (const ws of sockets) ws.terminate();
  return { ...tally, joins };
}
