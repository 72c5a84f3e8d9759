import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceGroup } from '../services.ts';

/**
 * FOR TESTS ONLY, and only when `LOTTO24_TEST_HOOKS=1` is in the worker's environment (the
 * isolation tests set it through tests/utils/stack-process.ts; `npm start` never does): faults
 * on demand, to show that one worker's fault leaves the others alone (ADR 017).
 * - http: `GET /__test__/busy?ms=N` holds the event loop for N ms (at most 10 s), then answers;
 * - functions: `GET /functions/v1/__test__/busy?ms=N`, the same in the functions worker;
 * - realtime: `GET /realtime/v1/__test__/oom` answers 202, then fills the heap until V8 aborts.
 */
export function testHooksEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.LOTTO24_TEST_HOOKS === '1';
}

const hog: unknown[] = [];

async function busy(request: FastifyRequest) {
  const ms = Math.min(10_000, Number((request.query as { ms?: string }).ms) || 1000);
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Busy on purpose: nothing else on this event loop runs meanwhile.
  }
  return { busyMs: ms };
}

export function registerTestHooks(app: FastifyInstance, group: ServiceGroup): void {
  if (group === 'http') app.get('/__test__/busy', busy);
  if (group === 'functions') app.get('/functions/v1/__test__/busy', busy);
  if (group === 'realtime')
    app.get('/realtime/v1/__test__/oom', async (_request, reply) => {
      const grow = () => {
        for (let i = 0; i < 8; i++) hog.push(new Array(1 << 20).fill(hog.length + i + 0.5));
        setImmediate(grow);
      };
      setImmediate(grow);
      return reply.code(202).send({ filling: true });
    });
}
