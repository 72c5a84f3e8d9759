// One read of the Today page's query, as an honest visitor makes it: shared by the visitor thread
// (visitor-thread.ts, started by visitor-probe.ts) and the hostile suite's observer process. No
// vitest import: both run outside the test runner.
import { performance } from 'node:perf_hooks';

/** The stack an honest visitor reads from while an attack runs. */
export interface ProbeTarget {
  /** The stack's origin, e.g. `http://127.0.0.1:54321`. */
  url: string;
  anonKey: string;
  /** The day the visitor reads (`yyyy-MM-dd`), as the Today page does. */
  date: string;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * One read of the Today page's query as anon, exactly as supabase-js sends it (also the hostile
 * suite's visitor, tests/hostile/observer.ts).
 */
export async function readToday(
  target: ProbeTarget,
  timeoutMs = 30_000,
): Promise<{ ms: number; failure?: string }> {
  const started = performance.now();
  try {
    const response = await fetch(
      `${target.url}/rest/v1/lottery_results?select=*&draw_date=eq.${target.date}&order=draw_hour.desc`,
      {
        headers: { apikey: target.anonKey, Authorization: `Bearer ${target.anonKey}` },
        signal: AbortSignal.timeout(timeoutMs),
      },
    );
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200 || !Array.isArray(JSON.parse(body)))
      return { ms, failure: `${response.status}: ${body.slice(0, 120)}` };
    return { ms };
  } catch (error) {
    return { ms: performance.now() - started, failure: String(error) };
  }
}
