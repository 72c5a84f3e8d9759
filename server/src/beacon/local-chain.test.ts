import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_BEACON_FILE, loadLocalBeacon } from './local-chain.ts';

let dataDir = '';
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadLocalBeacon keeps the derived public key (ADR 031)', () => {
  it('gives a key file from before it the same chain, and keeps the key from then on', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-local-chain-'));
    const file = path.join(dataDir, LOCAL_BEACON_FILE);
    const created = loadLocalBeacon(dataDir, 1_800_000_000);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(stored.publicKey).toBe(created.chain.publicKey);

    // An older data dir's file: the secret alone.
    delete stored.publicKey;
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
    const again = loadLocalBeacon(dataDir);
    expect(again.chain).toEqual(created.chain);
    const rewritten = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(rewritten.publicKey).toBe(created.chain.publicKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
