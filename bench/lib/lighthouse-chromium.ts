import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/utils/chromium.ts';

export interface Chromium {
  port: number;
  close(): Promise<void>;
}

/**
 * Debian's Chromium with a remote-debugging port, on a fresh profile so no run inherits another's
 * cache. Launched by hand rather than through chrome-launcher, which is only a transitive
 * dependency of lighthouse.
 */
export async function launchChromium(port: number): Promise<Chromium> {
  const profile = mkdtempSync(path.join(tmpdir(), 'lotto24-lighthouse-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
    // Chromium's helper processes can still be writing to the profile for a moment after the
    // browser exits: retry, and never let a leftover temp dir void a finished measurement.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    } catch (error) {
      console.warn(`  could not remove ${profile}: ${String(error)}`);
    }
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return { port, close };
    } catch {
      // DevTools is not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await close();
  throw new Error(`Chromium (${CHROMIUM_PATH}) did not open its debugging port ${port}`);
}
