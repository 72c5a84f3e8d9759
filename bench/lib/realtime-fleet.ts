// The client side of bench/realtime-rush.bench.ts: N websockets opened with a fixed number of
// joins in flight, each reporting the id of every row it receives, and what a server process
// costs while they are open (CPU time and resident memory, from /proc).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { RawSocket } from '../../tests/utils/phoenix-socket.ts';
import { openResultsSocket } from '../../tests/utils/results-socket.ts';

export type OnRow = (socket: number, id: string) => void;

export interface Fleet {
  joinMs: number;
  close(): void;
}

/** realtime-js heartbeats every 25 s; the stack drops a socket silent for 60 s. */
const HEARTBEAT_MS = 20_000;

/**
 * Opens `count` sockets with `inFlight` opening at a time; `joinMs` is the wall time of all.
 * Sockets already open are kept alive while the rest open (a slow machine can take minutes).
 */
async function openFleet<S>(
  count: number,
  inFlight: number,
  open: (index: number) => Promise<S>,
  close: (socket: S) => void,
  heartbeat: (socket: S) => void,
): Promise<Fleet> {
  const sockets: S[] = [];
  const timer = setInterval(() => sockets.forEach(heartbeat), HEARTBEAT_MS);
  const start = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < count) sockets.push(await open(next++));
  };
  try {
    await Promise.all(Array.from({ length: Math.min(inFlight, count) }, lane));
  } catch (error) {
    clearInterval(timer);
    for (const socket of sockets) close(socket);
    throw error;
  }
  const joinMs = performance.now() - start;
  return {
    joinMs,
    close: () => {
      clearInterval(timer);
      sockets.forEach(close);
    },
  };
}

/** The stack: realtime-js's join of INSERTs on lottery_results, one topic per socket, as anon. */
export function stackFleet(
  apiUrl: string,
  anonKey: string,
  count: number,
  inFlight: number,
  onRow: OnRow,
): Promise<Fleet> {
  return openFleet<RawSocket>(
    count,
    inFlight,
    (index) =>
      openResultsSocket({
        apiUrl,
        anonKey,
        topic: `realtime:rush-${index}`,
        event: 'INSERT',
        onChange: (change) => change.record && onRow(index, change.record.id),
      }),
    (socket) => socket.close(),
    (socket) => socket.heartbeat(),
  );
}

/** The floor: a plain websocket connect, then every frame parsed as the stack's are. */
export function floorFleet(
  port: number,
  count: number,
  inFlight: number,
  onRow: OnRow,
): Promise<Fleet> {
  return openFleet<WebSocket>(
    count,
    inFlight,
    (index) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
        ws.on('message', (data) => {
          const [, , , , payload] = JSON.parse(String(data)) as [
            null,
            null,
            string,
            string,
            { data: { record: { id: string } } },
          ];
          onRow(index, payload.data.record.id);
        });
      }),
    (ws) => ws.terminate(),
    () => {},
  );
}

/** A process's CPU time (user + system) in ms and its resident memory in bytes. */
export function processUsage(pid: number): { cpuMs: number; rssBytes: number } {
  // /proc/<pid>/stat: fields after the `(comm)`; utime and stime are the 12th and 13th of them.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssPages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
  // USER_HZ is 100 on Linux; pages are 4 KiB on x64.
  return { cpuMs: ticks * 10, rssBytes: rssPages * 4096 };
}
