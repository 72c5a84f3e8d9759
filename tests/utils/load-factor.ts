import { availableParallelism, loadavg } from 'node:os';

/**
 * The one allowance the tests make for a slow machine (README, "The suite under load"). Every
 * wait in a test waits on a condition (an element, a row, an event, the stack's banner), so its
 * timeout costs time only when the condition never comes: a ceiling, never a sleep. Those
 * ceilings were tuned on a quiet machine; on a busy one (another `npm test`, a CPU hog, other
 * engineers' builds) the same condition comes later, so they are multiplied by this factor rather
 * than raised one by one. Budgets the product promises (a latency, the draw clock's gaps, memory
 * bounds) are never multiplied.
 *
 * `TEST_LOAD_FACTOR` sets it (a number from 1 to 10); else it is measured once, when the first
 * config loads, as the one-minute load average per core, from 1 (quiet) up to 4, and written back
 * to `TEST_LOAD_FACTOR` so every worker and child process of the run uses the same value.
 */
export const MAX_MEASURED_FACTOR = 4;

export function readLoadFactor(
  env: NodeJS.ProcessEnv = process.env,
  measure: () => number = () => loadavg()[0]! / availableParallelism(),
): number {
  const named = env.TEST_LOAD_FACTOR;
  if (named !== undefined && named !== '') {
    const factor = Number(named);
    if (!Number.isFinite(factor) || factor < 1 || factor > 10)
      throw new Error(`TEST_LOAD_FACTOR must be a number from 1 to 10, not ${named}`);
    return factor;
  }
  const measured = Math.min(MAX_MEASURED_FACTOR, Math.max(1, measure()));
  // One decimal: the value is printed and passed on, and finer steps mean nothing here.
  const factor = Math.round(measured * 10) / 10;
  env.TEST_LOAD_FACTOR = String(factor);
  return factor;
}

export const loadFactor = readLoadFactor();

/** A test's time allowance, in ms, scaled for the machine's load (never a product budget). */
export function allow(ms: number): number {
  return Math.round(ms * loadFactor);
}
