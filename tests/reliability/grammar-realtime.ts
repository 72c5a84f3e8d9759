import { badToken, hostileText } from './atoms.ts';
import type { Prng } from './prng.ts';

/** One websocket message to send: text (maybe not JSON) or binary. */
export interface WsFrame {
  data: string | Buffer;
  binary: boolean;
}

const EVENTS = [
  'phx_join',
  'phx_leave',
  'heartbeat',
  'access_token',
  'broadcast',
  'presence',
  'phx_reply',
  'phx_close',
  'postgres_changes',
  'system',
  'nope',
  '',
];

function topic(rng: Prng): unknown {
  return rng.oneOf<unknown>(
    () => `realtime:${rng.pick(['public', 'room', 'lottery', ''])}`,
    () => 'phoenix',
    () => `realtime:${hostileText(rng)}`,
    () => hostileText(rng),
    () => rng.pick([null, 42, [], {}, true]),
  );
}

function binding(rng: Prng): unknown {
  return rng.oneOf<unknown>(
    () => ({
      event: rng.pick([
        '*',
        'INSERT',
        'UPDATE',
        'DELETE',
        'TRUNCATE',
        'insert',
        '',
        hostileText(rng),
      ]),
      schema: rng.pick(['public', 'auth', 'private', 'pg_catalog', '*', hostileText(rng)]),
      table: rng.pick([
        'lottery_results',
        'user_roles',
        'users',
        'result_audit_log',
        '*',
        hostileText(rng),
      ]),
      filter: rng.chance(0.6)
        ? rng.pick([
            'draw_hour=eq.1',
            'draw_hour=in.(1,2',
            'id=eq.',
            'first_prize=zz.1',
            `draw_date=eq.${hostileText(rng)}`,
            hostileText(rng),
          ])
        : undefined,
    }),
    () => hostileText(rng),
    () => null,
    () => ({ event: { nested: true }, schema: ['public'], table: 7 }),
  );
}

function joinPayload(rng: Prng, tokens: readonly string[]): unknown {
  return rng.oneOf<unknown>(
    () => ({
      config: {
        broadcast: rng.pick([{ self: true, ack: true }, { self: 'yes', ack: 1 }, null, 'x']),
        presence: rng.pick([{ key: '' }, { key: {} }, { enabled: 'maybe' }, []]),
        postgres_changes: rng.chance(0.1)
          ? Array.from({ length: rng.int(100, 800) }, () => binding(rng))
          : Array.from({ length: rng.int(0, 4) }, () => binding(rng)),
        private: rng.pick([false, true, 'maybe', null]),
      },
      access_token: rng.chance(0.5) ? rng.pick(tokens) : badToken(rng, tokens),
    }),
    () => ({ config: hostileText(rng) }),
    () => ({ config: { postgres_changes: hostileText(rng) } }),
    () => ({ access_token: rng.pick([null, 7, {}, 'sb_publishable_x', badToken(rng, tokens)]) }),
    () => rng.pick([null, [], 'x', 0, {}]),
  );
}

function payload(rng: Prng, event: string, tokens: readonly string[]): unknown {
  if (event === 'phx_join') return joinPayload(rng, tokens);
  if (event === 'access_token')
    return { access_token: rng.chance(0.5) ? rng.pick(tokens) : badToken(rng, tokens) };
  if (event === 'broadcast')
    return { type: 'broadcast', event: hostileText(rng), payload: { x: hostileText(rng) } };
  return rng.oneOf<unknown>(
    () => ({}),
    () => ({ [hostileText(rng)]: hostileText(rng) }),
    () => hostileText(rng),
    () => null,
  );
}

function ref(rng: Prng): unknown {
  return rng.oneOf<unknown>(
    () => String(rng.int(1, 1e6)),
    () => rng.pick([null, 7, '', [], {}, 'x'.repeat(300)]),
  );
}

function arrayFrame(rng: Prng, tokens: readonly string[]): string {
  const event = rng.pick(EVENTS);
  const frame: unknown[] = [ref(rng), ref(rng), topic(rng), event, payload(rng, event, tokens)];
  const arity = rng.pick([5, 5, 5, 5, 0, 1, 3, 4, 6, 9]);
  return JSON.stringify(
    arity <= 5
      ? frame.slice(0, arity)
      : [...frame, ...Array.from({ length: arity - 5 }, () => hostileText(rng))],
  );
}

function binaryFrame(rng: Prng): Buffer {
  const text = (s: string) => Buffer.from(s);
  return rng.oneOf(
    () => Buffer.from(Array.from({ length: rng.int(0, 64) }, () => rng.int(0, 255))),
    // A user broadcast push whose declared sizes run past the end.
    () => Buffer.concat([Buffer.from([3, 255, 255, 255, 255, 255, 1]), text('realtime:room')]),
    () => {
      const parts = [
        '1',
        '2',
        `realtime:${rng.pick(['room', 'public', ''])}`,
        hostileText(rng),
        rng.pick(['', '{', '{"a":1}', 'null']),
      ].map(text);
      return Buffer.concat([
        Buffer.from([3, ...parts.map((p) => p.length), rng.int(0, 2)]),
        ...parts,
        Buffer.from(hostileText(rng)),
      ]);
    },
    () =>
      Buffer.concat([
        Buffer.from([0, 1, 14, 9]),
        text('1realtime:room'),
        text('broadcast'),
        Buffer.alloc(rng.int(0, 100)),
      ]),
    () => Buffer.from([rng.int(0, 255)]),
  );
}

/** A frame from the hostile grammar, for a vsn 2.0.0 socket. */
export function wsFrame(rng: Prng, tokens: readonly string[]): WsFrame {
  // Frames near or over the 1 MiB limit are rare: each costs a megabyte of traffic.
  if (rng.chance(0.01)) {
    const big = rng.chance(0.5)
      ? `["1","1","realtime:x","broadcast",{"a":"${'x'.repeat(rng.int(100_000, 900_000))}"}]`
      : 'x'.repeat(rng.int(1_048_577, 1_300_000));
    return { data: big, binary: false };
  }
  return rng.oneOf<WsFrame>(
    () => ({ data: arrayFrame(rng, tokens), binary: false }),
    () => ({ data: arrayFrame(rng, tokens), binary: false }),
    () => ({ data: arrayFrame(rng, tokens).slice(0, rng.int(0, 40)), binary: false }),
    () => ({
      data: rng.pick([
        '',
        'null',
        '{}',
        '[]',
        '"x"',
        '[[[[',
        '{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"1"}',
        hostileText(rng),
      ]),
      binary: false,
    }),
    () => ({
      data: JSON.stringify([null, String(rng.int(1, 99)), topic(rng), 'heartbeat', {}]),
      binary: false,
    }),
    () => ({ data: binaryFrame(rng), binary: true }),
  );
}
