import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUICKNET } from '../../src/shared/beacon/chains.ts';
import { allow } from '../utils/load-factor.ts';

// src/lib/beacon runs in the browser, Node and Deno (ADR 023). Deno comes from the `deno` npm
// package, offline as scripts/deno-test.mjs runs it: no package.json, npm: imports from the
// node_modules npm installed.
const root = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(root, 'tests/fixtures', name), 'utf8'));

describe('the beacon library in Deno', { timeout: allow(60_000) }, () => {
  it('verifies the recorded quicknet rounds and derives the shared vectors', () => {
    const result = spawnSync(
      path.join(root, 'node_modules/.bin/deno'),
      [
        'run',
        '--no-lock',
        '--node-modules-dir=manual',
        '--config',
        'tests/deno/deno.json',
        '--allow-read=.',
        'tests/deno/beacon-check.ts',
      ],
      { cwd: root, encoding: 'utf8', env: { ...process.env, DENO_NO_PACKAGE_JSON: '1' } },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout);
    const { rounds } = fixture('drand/quicknet-rounds.json');
    const { vectors } = fixture('beacon-vectors.json');
    expect(output).toEqual({
      chainHash: QUICKNET.hash,
      verified: rounds.map(() => true),
      tampered: { ok: false, reason: 'bad-signature' },
      prizes: vectors.map((vector: { prize: string }) => vector.prize),
    });
  });
});
