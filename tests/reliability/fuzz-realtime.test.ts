// Fuzzing the websocket: hostile Phoenix frames (malformed JSON, wrong arity, unknown
// events, huge and binary frames, absurd joins, heartbeats to other topics, floods) and hostile
// upgrades. The server may close a socket it cannot read (1007, 1009), never with 1011 (its own
// failure); every reply is a Phoenix reply; the stack keeps serving; no row changes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { refusedUpgrade, RawSocket } from '../utils/phoenix-socket.ts';
import { checksums, runLimited, type Failure, reportFailures } from './fuzz-harness.ts';
import { assertServing, startFuzzStack, type FuzzStack } from './fuzz-stack.ts';
import { wsFrame, type WsFrame } from './grammar-realtime.ts';
import { fuzzCount, fuzzSeed, Prng } from './prng.ts';
import { badToken, hostileText } from './atoms.ts';

const seed = fuzzSeed();
const frameCount = Math.round(fuzzCount() * 0.2);
const upgradeCount = Math.round(frameCount * 0.05);

let fuzz: FuzzStack;
beforeAll(async () => {
  fuzz = await startFuzzStack();
});
afterAll(() => fuzz?.stop());

/** Close codes seen, for the log: 1007 unreadable frame, 1009 too big. */
const closes: Record<number, number> = {};

interface Session {
  frames: WsFrame[];
}

/** Sessions of 5 to 40 frames; some end in a flood of one frame repeated. */
function sessions(rng: Prng, tokens: string[]): Session[] {
  const out: Session[] = [];
  let left = frameCount;
  while (left > 0) {
    const frames = Array.from({ length: Math.min(left, rng.int(5, 40)) }, () =>
      wsFrame(rng, tokens),
    );
    if (rng.chance(0.1) && frames.length > 0) {
      const flood = rng.pick([
        frames[0]!,
        {
          data: JSON.stringify([null, '1', `realtime:${hostileText(rng)}`, 'heartbeat', {}]),
          binary: false,
        },
      ]);
      frames.push(
        ...Array.from({ length: Math.min(Math.max(left - frames.length, 0), 100) }, () => flood),
      );
    }
    left -= frames.length;
    out.push({ frames });
  }
  return out;
}

const describeFrame = (f: WsFrame) =>
  f.binary
    ? `binary ${(f.data as Buffer).toString('hex').slice(0, 160)}`
    : `text ${String(f.data).slice(0, 200)}${String(f.data).length > 200 ? `…(${String(f.data).length})` : ''}`;

/** Whether the server can decode the frame at all (a 5-element JSON array); others close the socket. */
function decodable(frame: WsFrame): boolean {
  if (frame.binary) return false;
  try {
    const value: unknown = JSON.parse(String(frame.data));
    return Array.isArray(value) && value.length === 5;
  } catch {
    return false;
  }
}

/**
 * Sends a heartbeat and resolves with 0 once it is answered, or with the close code if the server
 * closed the socket instead (-1: neither within 5 s).
 */
async function settle(socket: RawSocket, closed: Promise<number>): Promise<number> {
  const ref =
    socket.ws.readyState === socket.ws.OPEN ? socket.send('phoenix', 'heartbeat', {}) : null;
  const answered = ref
    ? socket.replyTo(ref).then(
        () => 0,
        () => -1,
      )
    : new Promise<number>(() => undefined);
  return Promise.race([closed, answered]);
}

/**
 * Plays one session. After any frame the server cannot decode, and at the end, a heartbeat must
 * be answered or the socket closed with a client-fault code; a closed socket is replaced, so every
 * frame reaches the server. Returns how many frames were delivered.
 */
async function play(session: Session, failures: Failure[]): Promise<number> {
  let delivered = 0;
  let socket = await RawSocket.open(fuzz.stack.url, fuzz.stack.anonKey);
  let closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
  const check = async (context: string) => {
    const code = await settle(socket, closed);
    for (const frame of socket.frames.splice(0).filter((f) => f.event === 'phx_reply')) {
      const status = frame.payload?.status;
      if (status !== 'ok' && status !== 'error')
        failures.push({
          problem: `reply without status: ${JSON.stringify(frame).slice(0, 200)}`,
          request: context,
        });
    }
    if (code === 0) return;
    closes[code] = (closes[code] ?? 0) + 1;
    if (code === -1 || code === 1011 || code === 1006)
      failures.push({
        problem: code === -1 ? 'no heartbeat reply and no close' : `closed with ${code}`,
        request: context,
      });
    socket.close();
    socket = await RawSocket.open(fuzz.stack.url, fuzz.stack.anonKey);
    closed = new Promise<number>((resolve) => socket.ws.once('close', (c) => resolve(c)));
  };
  try {
    let recent: WsFrame[] = [];
    for (const frame of session.frames) {
      socket.ws.send(frame.data, { binary: frame.binary });
      delivered++;
      recent.push(frame);
      if (!decodable(frame)) {
        await check(recent.map(describeFrame).join('\n      '));
        recent = [];
      }
    }
    await check(recent.map(describeFrame).join('\n      '));
  } finally {
    socket.close();
  }
  return delivered;
}

async function realtimeStillServes(): Promise<void> {
  const socket = await RawSocket.open(fuzz.stack.url, fuzz.stack.anonKey);
  try {
    const reply = await socket.join('realtime:check', {
      config: { postgres_changes: [{ event: '*', schema: 'public', table: 'lottery_results' }] },
      access_token: fuzz.stack.anonKey,
    });
    expect(reply.payload.status).toBe('ok');
  } finally {
    socket.close();
  }
}

it(`survives hostile websocket frames (seed ${seed})`, { timeout: 240_000 }, async () => {
  console.info(`fuzz-realtime: FUZZ_SEED=${seed} frames=${frameCount} upgrades=${upgradeCount}`);
  const before = await checksums(fuzz.stack.pool);
  const rng = new Prng((seed ^ 0x5bd1e995) >>> 0);
  const tokens = [
    fuzz.stack.anonKey,
    fuzz.user.accessToken,
    fuzz.admin.accessToken,
    fuzz.stack.serviceRoleKey,
  ];
  const failures: Failure[] = [];
  const started = Date.now();

  const all = sessions(rng, tokens);
  let delivered = 0;
  for (let i = 0; i < all.length; i += 40) {
    await runLimited(all.slice(i, i + 40), 8, async (session) => {
      // Read after the await: `delivered += await …` would add to a stale value.
      const n = await play(session, failures);
      delivered += n;
    });
    await assertServing(fuzz);
    await realtimeStillServes();
  }

  for (let i = 0; i < upgradeCount; i++) {
    const query = {
      apikey: rng.chance(0.5) ? badToken(rng, [fuzz.stack.anonKey]) : '',
      vsn: rng.pick(['', '3.0.0', '2.0', hostileText(rng)]),
    };
    const { status, body } = await refusedUpgrade(RawSocket.url(fuzz.stack.url, query));
    if (
      status >= 500 ||
      !(body && typeof body === 'object' && ('message' in body || 'error' in body))
    )
      failures.push({
        problem: `upgrade ${status} ${JSON.stringify(body)}`,
        request: JSON.stringify(query),
      });
  }
  console.info(
    `fuzz-realtime: ${all.length} sessions, ${delivered} frames, ${upgradeCount} upgrades in ${Date.now() - started} ms; closes ${JSON.stringify(closes)}`,
  );
  const after = await checksums(fuzz.stack.pool);
  reportFailures('fuzz-realtime', failures);
  expect(delivered).toBe(frameCount);
  expect(after).toEqual(before);
});
