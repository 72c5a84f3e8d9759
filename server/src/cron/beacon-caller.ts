/**
 * The local stack's stand-in for the pg_cron + pg_net job that calls draw-beacon on hosted
 * Supabase (supabase/snippets/schedule-beacon.sql, as supabase.com/docs/guides/functions/
 * schedule-functions describes it): a POST to the function with the service role key every
 * `periodMs`. One call at a time, as the function itself bounds its work per call; a failing
 * call is logged once until one succeeds again. A stack still starting its http worker is not a
 * failure (its 503 says when to try again).
 */
export interface BeaconCallerOptions {
  /** The stack's API URL (functions at /functions/v1/). */
  apiUrl: string;
  serviceRoleKey: string;
  periodMs: number;
  log?: (message: string) => void;
}

export interface BeaconCaller {
  stop(): Promise<void>;
}

/** A call seals at most a few locks and fetches a few rounds; this bounds a hung one. */
const CALL_TIMEOUT_MS = 60_000;

export function startBeaconCaller({
  apiUrl,
  serviceRoleKey,
  periodMs,
  log = console.warn,
}: BeaconCallerOptions): BeaconCaller {
  let stopped = false;
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  const controller = new AbortController();

  async function call(): Promise<void> {
    try {
      const response = await fetch(`${apiUrl}/functions/v1/draw-beacon`, {
        method: 'POST',
        headers: { authorization: `Bearer ${serviceRoleKey}` },
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(CALL_TIMEOUT_MS)]),
      });
      const body = await response.text();
      // The router's answer while the http worker starts or restarts (worker-slot.ts): not the
      // function's failure. The next period tries again, as pg_cron's next run would.
      if (response.status === 503 && response.headers.has('retry-after')) return;
      if (!response.ok) throw new Error(`HTTP ${response.status} ${body.slice(0, 200)}`);
      failing = false;
    } catch (error) {
      if (stopped) return;
      if (!failing) log(`lotto24 beacon: draw-beacon failed: ${(error as Error).message}`);
      failing = true;
    }
  }

  const loop = () => {
    if (stopped) return;
    pass = call().finally(() => {
      if (!stopped) timer = setTimeout(loop, periodMs);
    });
  };
  // The first call waits a period too: the other workers may still be starting.
  if (periodMs > 0) timer = setTimeout(loop, periodMs);

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      await pass;
    },
  };
}
