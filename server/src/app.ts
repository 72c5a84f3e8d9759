import Fastify, { type FastifyInstance } from 'fastify';
import type { StackConfig } from './config.ts';
import { trustFunction } from './gateway/client-address.ts';
import { frameworkErrors } from './gateway/framework-errors.ts';
import { largeBodyTurns } from './gateway/large-bodies.ts';

/** The HTTP server every composition uses: one process (tests) or a worker (`npm start`). */
export function createApp(config: StackConfig): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
    trustProxy: trustFunction(config.trustProxy), // one rule with the per-IP limits (ADR 019)
    frameworkErrors,
  });
  largeBodyTurns(app);
  return app;
}
