import net, { type Socket } from 'node:net';
import { groupForPath, type ServiceGroup } from '../services.ts';
import { readHead, requestTarget } from './head.ts';
import { answerAndClose, stopReading } from './socket-io.ts';
import { answerStarting, answerUnavailable, type WorkerSlot } from './worker-slot.ts';

/**
 * Connections whose head is still being read, at most: past this a new connection is answered
 * 503 at once, so a flood of slow heads holds at most MAX_PENDING × 16 KiB here.
 */
export const MAX_PENDING = 4096;

export interface Router {
  server: net.Server;
  /** Routes a connection whose head is already read (a worker's reroute). */
  dispatch(bytes: Buffer, socket: Socket): void;
  /** From now on connections reach the workers; until then each is answered 503. */
  open(): void;
}

/**
 * The one listening socket (ADR 017): reads each new connection's head (bounded), picks the
 * group by its path (services.ts) and hands the socket to that group's worker with the bytes
 * read. From then on the worker alone reads and writes it: keep-alive requests never pass here.
 */
export function createRouter(slots: ReadonlyMap<ServiceGroup, WorkerSlot>): Router {
  let pending = 0;
  // Closed while the stack starts: a worker may be ready before the data it serves is in place
  // (the demo seed, the admin account), and a launcher polling the port must not see it early.
  let opened = false;

  const handOver = (bytes: Buffer, socket: Socket, group: ServiceGroup) => {
    const slot = slots.get(group);
    // Stop at the kernel first: whatever comes next is read by the worker, not lost here.
    stopReading(socket);
    const failed = () => {
      if ((socket as unknown as { _handle: unknown })._handle) answerUnavailable(socket, group);
      else socket.destroy();
    };
    if (!opened) {
      socket.resume();
      answerStarting(socket);
    } else if (!slot?.handOver(bytes, socket, failed)) {
      socket.resume();
      answerUnavailable(socket, group);
    }
  };

  const dispatch = (bytes: Buffer, socket: Socket) => {
    stopReading(socket);
    const target = requestTarget(bytes);
    if (target === null) return answerAndClose(socket, 400, 'Not an HTTP/1.1 request.');
    handOver(bytes, socket, groupForPath(target));
  };

  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    if (pending >= MAX_PENDING) return answerUnavailable(socket, 'http');
    pending += 1;
    let counted = true;
    const release = () => {
      if (counted) pending -= 1;
      counted = false;
    };
    socket.once('close', release);
    readHead(socket, (bytes, target) => {
      release();
      socket.off('close', release);
      handOver(bytes, socket, groupForPath(target));
    });
  });
  return { server, dispatch, open: () => void (opened = true) };
}
