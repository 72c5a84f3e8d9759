import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * Who is asking: the one rule every per-IP limit (auth, realtime sockets) and Fastify's
 * `request.ip` use (ADR 019). As Express's `trust proxy` and nginx's `real_ip_recursive on`:
 * start at the socket's peer and walk X-Forwarded-For from the right, skipping each address
 * a trusted proxy added, and stop at the first one no trusted proxy vouches for. The left
 * end of the header is whatever the visitor wrote, so it is never taken on trust.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

/** Express's named ranges, which operators already know from `app.set('trust proxy', ...)`. */
const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** `::ffff:10.0.0.1` is 10.0.0.1 for matching and for keys. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** Each entry an address, a CIDR or a name above; throws a sentence naming the bad one. */
export function proxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.flatMap((value) => NAMED[value.toLowerCase()] ?? [value])) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    const max = family === 6 ? 128 : 32;
    if (family === 0 || !Number.isInteger(bits) || bits < 0 || bits > max || prefix === '') {
      throw new Error(
        `TRUST_PROXY: "${entry}" is not an address, a CIDR (10.0.0.0/8) or loopback/linklocal/uniquelocal.`,
      );
    }
    list.addSubnet(address, bits, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** The trust test, as proxy-addr's: `hop` 0 is the socket's peer, 1 the right-most forwarded entry. */
export function trustFunction(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  const list = proxyList(trust.proxies);
  return (address) => {
    const ip = plain(address);
    const family = isIP(ip);
    return family !== 0 && list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  };
}

const compiled = new WeakMap<object, (address: string, hop: number) => boolean>();

function cachedTrust(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  let fn = compiled.get(trust);
  if (!fn) compiled.set(trust, (fn = trustFunction(trust)));
  return fn;
}

/** The client's address by the rule above; the socket's peer when no proxy is trusted. */
export function clientAddress(request: IncomingMessage, trustProxy: TrustProxy): string {
  const peer = plain(request.socket?.remoteAddress ?? '');
  if (trustProxy === false) return peer;
  const trust = cachedTrust(trustProxy);
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '')
    .reverse();
  const chain = [peer, ...forwarded];
  for (let hop = 0; hop < chain.length - 1; hop++) {
    if (!trust(chain[hop]!, hop)) return chain[hop]!;
  }
  return plain(chain[chain.length - 1]!);
}
