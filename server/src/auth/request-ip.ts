import type { FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import { clientAddress } from '../gateway/client-address.ts';

/** The address every per-IP auth limit keys on: the gateway's one rule (ADR 019). */
export function requestIp(ctx: StackContext, request: FastifyRequest): string {
  return clientAddress(request.raw, ctx.config.trustProxy);
}
