import type { Duplex } from 'node:stream';

interface ReadingHandle {
  reading?: boolean;
  readStop?: () => number;
}

/**
 * Stops reading a socket at the kernel before its handle is sent to another process: Duplex's
 * pause() alone lets bytes pile up in this process's buffer, and those would be lost with the
 * handle. What stays in the kernel is read by the receiver. (net.Socket.pause does the same
 * internally only for sockets made with an `onread` buffer.)
 */
export function stopReading(socket: Duplex): void {
  socket.pause();
  // Readable's maybeReadMore, a tick after the last 'data', would call _read and so start the
  // handle again while the send waits its turn: those bytes would be lost with the handle (a
  // body larger than the first packet hung at 2 requests in flight). Nothing reads here again.
  socket._read = () => {};
  const handle = (socket as unknown as { _handle?: ReadingHandle })._handle;
  if (handle?.readStop && handle.reading !== false) {
    handle.reading = false;
    handle.readStop();
  }
}

const REASONS: Record<number, string> = {
  307: 'Temporary Redirect',
  400: 'Bad Request',
  404: 'Not Found',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
  503: 'Service Unavailable',
};

/** A whole HTTP/1.1 answer with a JSON `{message}` body, then the connection closes. */
export function answerAndClose(
  socket: Duplex,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (socket.destroyed) return;
  const body = JSON.stringify({ message });
  const lines = [
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    // supabase-js in a page on another origin must be able to read the status.
    'Access-Control-Allow-Origin: *',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  // A peer that never reads must not keep the socket: gone after a second either way.
  setTimeout(() => socket.destroy(), 1000).unref();
}
