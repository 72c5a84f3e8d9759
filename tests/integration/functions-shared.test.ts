import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The edge functions deploy only what lies under supabase/functions/, so they carry copies of
// the shared zone (src/shared/, ADR 035; supabase/functions/_shared/README.md): draw-beacon the
// beacon's chain, round and verification code (ADR 023), results-feed the lottery clock. A copy
// must never drift from its original, and holds the same path under _shared/ as under src/shared/.
const functions = path.resolve(import.meta.dirname, '../../supabase/functions/_shared');
const shared = path.resolve(import.meta.dirname, '../../src/shared');

const copies = [
  ['beacon/chains.ts', 'beacon/chains.ts'],
  ['beacon/rounds.ts', 'beacon/rounds.ts'],
  ['beacon/verify.ts', 'beacon/verify.ts'],
  ['lottery-clock.ts', 'lottery-clock.ts'],
  ['draw-date-range.ts', 'draw-date-range.ts'],
] as const;

describe('supabase/functions/_shared', () => {
  it.each(copies)('%s is the same as src/shared/%s', (copy, original) => {
    expect(readFileSync(path.join(functions, copy), 'utf8')).toBe(
      readFileSync(path.join(shared, original), 'utf8'),
    );
  });
});
