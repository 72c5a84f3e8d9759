#!/usr/bin/env node
// Writes tests/fixtures/beacon-vectors.json: the shared vectors of the beacon draw derivation
// (docs/decisions/023-beacon-draws.md), computed here with node:crypto alone so they do not come
// from the implementations they check (src/lib/beacon/derive.ts, SQL). Deterministic: seeds are
// SHA-256("lotto24 beacon vector N"); two randomness values are real recorded quicknet rounds.
//
//   node scripts/beacon-vectors.mjs            (rewrites the file)
import { createHash, createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const ACCEPT_BELOW = 4_294_960_000;
const DOMAIN = 'lotto24:beacon:v1:';
const fixtures = new URL('../tests/fixtures/', import.meta.url);
const recorded = JSON.parse(readFileSync(new URL('drand/quicknet-rounds.json', fixtures), 'utf8'));

const sha256 = (data) => createHash('sha256').update(data).digest();
const seedOf = (n) => sha256(`lotto24 beacon vector ${n}`).toString('hex');

function message({ date, hour, round, randomness }, counter) {
  const head = Buffer.from(`${DOMAIN}${date}:${String(hour).padStart(2, '0')}`, 'ascii');
  const tail = Buffer.alloc(12);
  tail.writeBigUInt64BE(BigInt(round), 0);
  tail.writeUInt32BE(counter, 8);
  return Buffer.concat([
    head,
    tail.subarray(0, 8),
    Buffer.from(randomness, 'hex'),
    tail.subarray(8),
  ]);
}

function derive(seed, draw) {
  const key = Buffer.from(seed, 'hex');
  const steps = [];
  for (let counter = 0; ; counter += 1) {
    const msg = message(draw, counter);
    const value = createHmac('sha256', key).update(msg).digest().readUInt32BE(0);
    steps.push({ counter, message: msg.toString('hex'), value });
    if (value < ACCEPT_BELOW) return { prize: String(value % 10_000).padStart(4, '0'), steps };
  }
}

function vector(label, n, draw) {
  const seed = seedOf(n);
  return {
    label,
    seed,
    commitment: sha256(Buffer.from(seed, 'hex')).toString('hex'),
    ...draw,
    ...derive(seed, draw),
  };
}

const real = (round) => recorded.rounds.find((entry) => entry.round === round);
const synthetic = (n) => sha256(`lotto24 beacon vector randomness ${n}`).toString('hex');
const r12040883 = real(12040883);
const r30662982 = real(30662982);

const vectors = [
  vector('real quicknet round 12040883', 1, {
    date: '2026-11-23',
    hour: 14,
    round: 12040883,
    randomness: r12040883.randomness,
  }),
  vector('real quicknet round 30662982, single-digit hour zero-padded', 2, {
    date: '2026-11-23',
    hour: 3,
    round: 30662982,
    randomness: r30662982.randomness,
  }),
  vector('hour 0', 3, { date: '2027-01-01', hour: 0, round: 35000001, randomness: synthetic(3) }),
  vector('hour 23', 4, { date: '2026-12-31', hour: 23, round: 35000002, randomness: synthetic(4) }),
  vector('round above 2^32 (all 8 bytes matter)', 5, {
    date: '2026-11-24',
    hour: 9,
    round: 2 ** 32 + 5,
    randomness: synthetic(5),
  }),
  vector('same seed and draw, next round: another prize', 1, {
    date: '2026-11-23',
    hour: 14,
    round: 12040884,
    randomness: synthetic(6),
  }),
];

// Search for a draw whose first value is rejected, so every implementation proves its loop.
const draw = { date: '2026-11-25', hour: 12, round: 34000000, randomness: synthetic(7) };
for (let n = 1000; ; n += 1) {
  const first = createHmac('sha256', Buffer.from(seedOf(n), 'hex'))
    .update(message(draw, 0))
    .digest();
  if (first.readUInt32BE(0) >= ACCEPT_BELOW) {
    vectors.push(vector(`first value rejected (seed vector ${n})`, n, draw));
    break;
  }
}

const about =
  'Beacon draw derivation vectors (docs/decisions/023-beacon-draws.md). message(C) = ASCII "lotto24:beacon:v1:" || ASCII "YYYY-MM-DD:HH" || round as uint64 BE || randomness (32 bytes) || C as uint32 BE (75 bytes); v = first 4 bytes of HMAC-SHA-256(key = seed bytes, message(C)) as uint32 BE; the prize is v mod 10000 in four digits for the first C with v < 4294960000. Seeds are SHA-256("lotto24 beacon vector N"); commitment = hex(SHA-256(seed bytes)). The vectors check the derivation only: whether a round belongs to a draw\'s moment is a separate step. Written by scripts/beacon-vectors.mjs.';
writeFileSync(
  new URL('beacon-vectors.json', fixtures),
  `${JSON.stringify({ about, vectors }, null, 2)}\n`,
);
console.log(vectors.map((v) => `${v.label}: ${v.prize} (${v.steps.length} step(s))`).join('\n'));
