import Fastify, { type FastifyInstance } from 'fastify';
import type { StackConfig } from './config.ts';
import { trustFunction } from './gateway/client-address.ts';
import { frameworkErrors } from './gateway/framework-errors.ts';
import { largeBodyTurns } from './gateway/large-bodies.ts';

/**
 * No route declares a JSON schema: bodies are read and bounded by hand (auth/body.ts, the REST
 * parsers). So Fastify's default compilers, Ajv and fast-json-stringify, are never built; building
 * them cost each worker about 75 ms of its start. A schema added to a route fails at once, here.
 */
const noSchemas = (): never => {
  throw new Error('Route schemas are not compiled by this stack (server/src/app.ts)');
};

/** The HTTP server every composition uses: one process (tests) or a worker (`npm start`). */
export function createApp(config: StackConfig): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
    trustProxy: trustFunction(config.trustProxy), // one rule with the per-IP limits (ADR 019)
    frameworkErrors,
    schemaController: {
      compilersFactory: { buildValidator: noSchemas, buildSerializer: noSchemas },
    },
  });
  largeBodyTurns(app);
  return app;
}
