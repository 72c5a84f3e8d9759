import { SERVICE_GROUPS, type ServiceGroup } from '../services.ts';
import { heapCapMb } from './heap.ts';

/** `--inspect`, `--inspect-brk`, `--inspect-wait` and `--inspect-port`, with or without a value. */
const INSPECTOR_FLAG = /^--inspect(-brk|-wait|-port)?(=|$)/;

/**
 * The Node flags of a worker: the supervisor's own flags, the heap cap, and tsx's loader when the
 * worker is TypeScript (`npm run serve`, the tests); the compiled server's worker needs none (ADR 031).
 *
 * Under `node --inspect`, every worker would take the supervisor's inspector port and fail to open
 * it, so each gets a port of its own after the supervisor's, in SERVICE_GROUPS order (http +1,
 * realtime +2, functions +3, cron +4), as Node's cluster module numbers its workers. A restarted
 * worker takes its group's port again. `NODE_OPTIONS=--inspect` reaches the workers through their
 * environment, so it counts too.
 */
export function workerExecArgv(
  group: ServiceGroup,
  {
    execArgv = process.execArgv,
    typescript = true,
    debugPort = process.debugPort,
    nodeOptions = process.env.NODE_OPTIONS ?? '',
  } = {},
): string[] {
  const inherited = execArgv.filter((arg) => !arg.startsWith('--max-old-space-size'));
  const loader =
    !typescript || inherited.some((arg) => arg.includes('tsx')) ? [] : ['--import', 'tsx'];
  const inspecting = [...inherited, ...nodeOptions.split(/\s+/)].some((arg) =>
    INSPECTOR_FLAG.test(arg),
  );
  const inspector = inspecting
    ? [`--inspect-port=${debugPort === 0 ? 0 : debugPort + SERVICE_GROUPS.indexOf(group) + 1}`]
    : [];
  return [...inherited, ...loader, ...inspector, `--max-old-space-size=${heapCapMb(group)}`];
}
