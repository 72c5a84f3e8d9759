import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, type TrustProxy, trustFunction } from './client-address.ts';

function request(peer: string, forwardedFor?: string): IncomingMessage {
  const headers = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  return { socket: { remoteAddress: peer }, headers } as unknown as IncomingMessage;
}
const from = (trust: TrustProxy, peer: string, header?: string) =>
  clientAddress(request(peer, header), trust);

describe('clientAddress', () => {
  it('off: the socket peer, whatever the header says', () => {
    expect(from(false, '198.51.100.7', '203.0.113.1')).toBe('198.51.100.7');
    expect(from(false, '::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('one hop: the address the proxy appended, never the visitor-written left end', () => {
    const oneHop = { hops: 1 };
    // A visitor sends "X-Forwarded-For: 1.2.3.4"; nginx appends the real peer.
    expect(from(oneHop, '127.0.0.1', '1.2.3.4, 198.51.100.7')).toBe('198.51.100.7');
    expect(from(oneHop, '127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    expect(from(oneHop, '127.0.0.1')).toBe('127.0.0.1');
    expect(from({ hops: 2 }, '127.0.0.1', 'evil, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
  });

  it('a list of proxies: walks from the right past each trusted one (nginx real_ip_recursive)', () => {
    const trust = { proxies: ['127.0.0.1', '10.0.0.0/8'] };
    expect(from(trust, '127.0.0.1', '6.6.6.6, 198.51.100.7, 10.1.2.3')).toBe('198.51.100.7');
    // The peer is no trusted proxy: its header is the visitor's own words.
    expect(from(trust, '198.51.100.7', '10.1.2.3')).toBe('198.51.100.7');
    // Every hop trusted: the left-most is all there is.
    expect(from(trust, '127.0.0.1', '10.9.9.9')).toBe('10.9.9.9');
    expect(from({ proxies: ['loopback'] }, '::1', '198.51.100.7')).toBe('198.51.100.7');
  });

  it('the trust function Fastify gets follows the same rule', () => {
    expect(trustFunction({ hops: 1 })('1.2.3.4', 0)).toBe(true);
    expect(trustFunction({ hops: 1 })('1.2.3.4', 1)).toBe(false);
    expect(trustFunction({ proxies: ['10.0.0.0/8'] })('::ffff:10.0.0.1', 3)).toBe(true);
    expect(trustFunction({ proxies: ['10.0.0.0/8'] })('not-an-ip', 0)).toBe(false);
  });
});
