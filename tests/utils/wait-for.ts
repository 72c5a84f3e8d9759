import { allow } from './load-factor.ts';

/** Polls until `check` returns something truthy (a test waits for what a client would see). */
export async function waitFor<T>(
  check: () => T | undefined | false,
  timeoutMs = allow(5000),
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
