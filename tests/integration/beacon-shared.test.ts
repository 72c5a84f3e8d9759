import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The edge functions deploy only what lies under supabase/functions/, so draw-beacon carries a
// copy of src/lib/beacon's chain, round and verification code (ADR 023). A copy must never drift.
const shared = path.resolve(import.meta.dirname, '../../supabase/functions/_shared/beacon');
const original = path.resolve(import.meta.dirname, '../../src/lib/beacon');

describe('supabase/functions/_shared/beacon', () => {
  it.each(['chains.ts', 'rounds.ts', 'verify.ts'])('%s is the same as src/lib/beacon/', (file) => {
    expect(readFileSync(path.join(shared, file), 'utf8')).toBe(
      readFileSync(path.join(original, file), 'utf8'),
    );
  });
});
