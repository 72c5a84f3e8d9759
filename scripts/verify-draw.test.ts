import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DrawProof } from '../src/lib/beacon/proof.ts';
import { allow } from '../tests/utils/load-factor.ts';

const fixture = 'tests/fixtures/beacon-proof-local.json';
const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-verify-'));

/**
 * `npm run verify -- --proof FILE` as a third party runs it on an archived proof: no project, no
 * stack (DATA_DIR is an empty directory), no URL: proxies pointed nowhere so any fetch would fail.
 */
function verifyFile(file: string): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/verify-draw.ts', '--proof', file],
      {
        env: {
          PATH: process.env.PATH,
          DATA_DIR: dir,
          HTTP_PROXY: 'http://127.0.0.1:9',
          HTTPS_PROXY: 'http://127.0.0.1:9',
        },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, out: stdout, err: stderr }),
    );
  });
}

function tampered(name: string, change: (proof: DrawProof) => void): string {
  const proof = JSON.parse(readFileSync(fixture, 'utf8')) as DrawProof;
  change(proof);
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(proof));
  return file;
}

describe('npm run verify -- --proof FILE', { timeout: allow(30_000) }, () => {
  it('verifies a beacon draw step by step from the file alone', async () => {
    const { code, out } = await verifyFile(fixture);
    expect(out).toContain('Beacon            local test beacon: not independent');
    for (const step of [
      '1. Commitment',
      '2. Time-locked seed',
      '3. Round signature',
      '4. Round time',
      '5. Derivation',
    ]) {
      expect(out).toMatch(new RegExp(`${step} +ok +\\S`));
    }
    expect(out.trim().split('\n').at(-1)).toBe(
      'Verified (beacon draw, local test beacon: not independent)',
    );
    expect(code).toBe(0);
  });

  it('names the failed step of a changed prize and exits 1', async () => {
    const file = tampered('prize', (proof) => {
      proof.draw.prize = proof.draw.prize === '0000' ? '0001' : '0000';
    });
    const { code, out } = await verifyFile(file);
    expect(out).toMatch(/5\. Derivation +FAILED +The seed and round \d+'s randomness derive/);
    expect(out.trim().split('\n').at(-1)).toBe(
      'Not verified (beacon draw, local test beacon: not independent): derivation failed',
    );
    expect(code).toBe(1);
  });

  it('names the failed step of a changed signature', async () => {
    const file = tampered('signature', (proof) => {
      const signature = proof.round!.signature;
      proof.round!.signature = `${signature.slice(0, 20)}${signature[20] === 'a' ? 'b' : 'a'}${signature.slice(21)}`;
    });
    const { code, out } = await verifyFile(file);
    expect(out).toMatch(/3\. Round signature +FAILED/);
    expect(out.trim().split('\n').at(-1)).toMatch(/: round signature failed$/);
    expect(code).toBe(1);
  });

  it('exits 2 on a file that is missing, not a proof, or over the size bound', async () => {
    const missing = await verifyFile(path.join(dir, 'nothing.json'));
    expect([missing.code, missing.err.trim()]).toEqual([
      2,
      `No such file: ${path.join(dir, 'nothing.json')}`,
    ]);
    const notJson = path.join(dir, 'not.json');
    writeFileSync(notJson, 'hello');
    expect(await verifyFile(notJson)).toMatchObject({ code: 2, err: 'The proof is not JSON\n' });
    const big = path.join(dir, 'big.json');
    writeFileSync(big, ' '.repeat(70_000));
    expect(await verifyFile(big)).toMatchObject({
      code: 2,
      err: 'The proof is larger than 65536 bytes\n',
    });
  });
});
