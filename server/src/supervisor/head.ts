import type { Socket } from 'node:net';
import { answerAndClose } from './socket-io.ts';

/** At most this much of a new connection is read before it is routed: Node's own maxHeaderSize. */
export const HEAD_LIMIT = 16 * 1024;
/** A head not complete by then is a slowloris (or a lost client): 408 and closed. */
export const HEAD_TIMEOUT_MS = 5_000;

const REQUEST_LINE = /^([A-Z]{1,20}) (\S{1,16384}) HTTP\/1\.[01]$/;

/** The request target of a head's first line (origin-form), or null if it is not HTTP/1.x. */
export function requestTarget(head: Buffer): string | null {
  const text = head.toString('latin1');
  // RFC 9112 2.2: a server should ignore empty lines received before the request line.
  const start = text.search(/[^\r\n]/);
  if (start < 0) return null;
  const end = text.indexOf('\n', start);
  const line = text.slice(start, end < 0 ? undefined : end).replace(/\r$/, '');
  const match = REQUEST_LINE.exec(line);
  if (!match) return null;
  const target = match[2]!;
  if (target.startsWith('/')) return target;
  if (target === '*') return '/';
  try {
    const url = new URL(target); // absolute-form (a proxy's request)
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

function headEnd(buffer: Buffer): number {
  const crlf = buffer.indexOf('\r\n\r\n');
  if (crlf >= 0) return crlf + 4;
  const lf = buffer.indexOf('\n\n');
  return lf >= 0 ? lf + 2 : -1;
}

/**
 * Reads a new connection until its head (request line and headers) is complete, within
 * HEAD_LIMIT bytes and HEAD_TIMEOUT_MS, then calls `routed` with everything read so far (the
 * head, and whatever of a body came in the same packets) and the target. Otherwise answers
 * 400/408/431 itself and closes: the supervisor never holds more than HEAD_LIMIT per connection.
 */
export function readHead(socket: Socket, routed: (bytes: Buffer, target: string) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const finish = () => {
    clearTimeout(timer);
    socket.off('data', onData);
    socket.off('end', onEnd);
  };
  const timer = setTimeout(() => {
    finish();
    answerAndClose(socket, 408, 'The request head did not arrive in time.');
  }, HEAD_TIMEOUT_MS);
  timer.unref();
  const onEnd = () => {
    finish();
    socket.destroy();
  };
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    const bytes = chunks.length === 1 ? chunk : Buffer.concat(chunks);
    const end = headEnd(bytes.subarray(0, HEAD_LIMIT + 4));
    if (end < 0 && size <= HEAD_LIMIT) return;
    finish();
    if (end < 0 || end > HEAD_LIMIT + 4)
      return answerAndClose(socket, 431, 'The request head is over 16 KiB.');
    const target = requestTarget(bytes);
    if (target === null) return answerAndClose(socket, 400, 'Not an HTTP/1.1 request.');
    routed(bytes, target);
  };
  socket.on('data', onData);
  socket.on('end', onEnd);
}
