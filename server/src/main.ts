import { runSupervisor } from './supervisor/run.ts';

/**
 * `npm start`: PostgreSQL, then the site and its Supabase-compatible API served by one
 * supervisor on one port with each group of services in a process of its own (ADR 017).
 */
runSupervisor().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
