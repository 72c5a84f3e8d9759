import type { ServiceGroup } from '../services.ts';

/**
 * Each worker's V8 heap cap (`--max-old-space-size`, MiB), so a blow-up is a clean abort of that
 * worker alone (ADR 017) rather than 4 GB of one shared process. Sized from what each holds at
 * its bounds with room to spare: `http` REST answers of up to 1,000 rows at 50+ at once, static
 * files and the mailbox; `realtime` 1,000 sockets with their bounded queues; `functions` the
 * edge functions' 1 MiB bodies and 48-draw feeds (hosted gives a function 256 MB); `cron` one job
 * at a time. `LOTTO24_HEAP_MB_HTTP`, `_REALTIME`, `_FUNCTIONS`, `_CRON` override them.
 */
export const HEAP_MB: Readonly<Record<ServiceGroup, number>> = {
  http: 1024,
  realtime: 768,
  functions: 256,
  cron: 128,
};

export function heapCapMb(group: ServiceGroup, env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env[`LOTTO24_HEAP_MB_${group.toUpperCase()}`]);
  return Number.isInteger(configured) && configured >= 32 ? configured : HEAP_MB[group];
}
