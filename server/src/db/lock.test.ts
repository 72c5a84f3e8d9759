import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, isAlive } from './lock.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/**
 * A zombie: `sleep 0` exits at once, and its parent (a shell that exec'd into `sleep 30`) never
 * reaps it, as init may not reap a SIGKILLed stack for a while (or ever, in some containers).
 */
async function zombie(): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  cleanups.push(() => parent.kill('SIGKILL'));
  const pid = await new Promise<number>((resolve) =>
    createInterface({ input: parent.stdout! }).once('line', (line) => resolve(Number(line))),
  );
  for (let i = 0; i < 100; i += 1) {
    if (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z')) return pid;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no zombie');
}

describe.runIf(process.platform === 'linux')('data dir lock', () => {
  it('takes over a lock whose holder has exited but is not yet reaped', async () => {
    const pid = await zombie();
    expect(isAlive(pid)).toBe(false);
    const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-lock-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'postgres.lock');
    writeFileSync(file, `${pid}\n`);
    const release = acquireLock(file, 'the test dir');
    expect(readFileSync(file, 'utf8')).toBe(`${process.pid}\n`);
    release();
  });

  it('still refuses a lock held by a running process', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-lock-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'postgres.lock');
    writeFileSync(file, `${process.ppid}\n`);
    expect(() => acquireLock(file, 'the test dir')).toThrow(/already in use/);
  });
});
