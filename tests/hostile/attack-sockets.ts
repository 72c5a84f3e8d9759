// Attacker websockets: raw `ws` from chosen source addresses, frames sent as written, replies
// counted and never kept (thousands of sockets must not fill the test process).
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { RawSocket } from '../utils/phoenix-socket.ts';
import type { Target } from './requests.ts';

export interface Tally {
  opened: number;
  /** Upgrades refused or connections that failed. */
  refused: number;
  /** Sockets the stack closed while the attack held them. */
  closedByStack: number;
  ok: number;
  errors: number;
}

export const newTally = (): Tally => ({
  opened: 0,
  refused: 0,
  closedByStack: 0,
  ok: 0,
  errors: 0,
});

/** Opens one socket from `from`; undefined (counted as refused) when the stack will not have it. */
export async function openAttacker(
  target: Target,
  from: string,
  tally: Tally,
): Promise<WebSocket | undefined> {
  const url = RawSocket.url(`http://${target.host}:${target.port}`, {
    apikey: target.anonKey,
    vsn: '2.0.0',
  });
  const ws = new WebSocket(url, { localAddress: from, handshakeTimeout: 20_000 });
  const opened = await new Promise<boolean>((resolve) => {
    ws.once('open', () => resolve(true));
    ws.once('error', () => resolve(false));
    ws.once('unexpected-response', () => resolve(false));
  });
  if (!opened) {
    tally.refused++;
    ws.terminate();
    return undefined;
  }
  tally.opened++;
  let closing = false;
  ws.on('error', () => undefined);
  ws.once('close', () => closing || tally.closedByStack++);
  ws.on('message', (data) => {
    const text = String(data);
    if (text.includes('"phx_reply"')) {
      if (text.includes('"status":"ok"')) tally.ok++;
      else tally.errors++;
    }
  });
  const terminate = ws.terminate.bind(ws);
  ws.terminate = () => {
    closing = true;
    terminate();
  };
  return ws;
}

/** Opens `count` sockets, `concurrency` at a time, the i-th from `address(i)`. */
export async function openMany(
  target: Target,
  count: number,
  address: (i: number) => string,
  tally: Tally,
  concurrency = 100,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const ws = await openAttacker(target, address(next++), tally);
        if (ws) sockets.push(ws);
      }
    }),
  );
  return sockets;
}

/** Keeps sockets alive as realtime-js does (a heartbeat every 25 s) for `ms`, then closes them. */
export async function holdThenClose(sockets: WebSocket[], ms: number): Promise<void> {
  const beat = () => {
    for (const ws of sockets)
      if (ws.readyState === WebSocket.OPEN) ws.send('[null,"hb","phoenix","heartbeat",{}]');
  };
  const timer = setInterval(beat, 25_000);
  await sleep(ms);
  clearInterval(timer);
  for (const ws of sockets) ws.terminate();
}

export const joinFrame = (ref: number, topic: string, config: object) =>
  JSON.stringify([String(ref), String(ref), topic, 'phx_join', { config }]);
