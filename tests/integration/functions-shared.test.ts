import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The edge functions deploy only what lies under supabase/functions/, so they carry copies of
// the shared zone (src/shared/, ADR 035; supabase/functions/_shared/README.md): draw-beacon the
// beacon's chain, round and verification code (ADR 023), results-feed the lottery clock. Every
// file under _shared/ is a copy of src/shared/ at the same path, but the functions' own code
// (OWN): a copy must never drift from its original, and a new copy is checked as it lands.
const functions = path.resolve(import.meta.dirname, '../../supabase/functions/_shared');
const shared = path.resolve(import.meta.dirname, '../../src/shared');
const OWN = new Set(['README.md', 'cors.ts']);

const copies = readdirSync(functions, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !OWN.has(file))
  .sort();

describe('supabase/functions/_shared', () => {
  it('holds the copies the functions import', () => {
    expect(copies).toEqual([
      'beacon/chains.ts',
      'beacon/rounds.ts',
      'beacon/verify.ts',
      'draw-date-range.ts',
      'lottery-clock.ts',
    ]);
  });

  it.each(copies)('%s is the same as src/shared/%s', (copy) => {
    expect(readFileSync(path.join(functions, copy), 'utf8')).toBe(
      readFileSync(path.join(shared, copy), 'utf8'),
    );
  });
});
