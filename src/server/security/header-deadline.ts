import type http from 'node:http';
import type { Socket } from 'node:net';

/**
 * Node counts its header timeout from a request's first byte, and only checks it every
 * `connectionsCheckingInterval`. A client that opens a connection, waits, and then trickles its
 * headers a byte at a time held the connection for the wait plus the timeout plus up to one
 * interval: 25 to 30 s with a promise of 15 s. This deadline runs from the moment the connection
 * opens: unless the first request's headers are complete by then, the connection gets a 408 and
 * is closed. Later requests on a kept-alive connection are Node's (counted from their first byte,
 * with the checking interval taken off the timeout: security/index.ts).
 */
export function enforceFirstHeadersDeadline(server: http.Server, ms: number): void {
  const deadlines = new WeakMap<Socket, NodeJS.Timeout>();
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => {
      deadlines.delete(socket);
      // The same path as Node's own header timeout: Fastify's client-error handler answers 408 and closes.
      if (!socket.destroyed)
        server.emit(
          'clientError',
          Object.assign(new Error('Request headers did not arrive in time'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
          socket,
        );
    }, ms);
    timer.unref();
    deadlines.set(socket, timer);
    socket.once('close', () => clearTimeout(timer));
  });
  server.on('request', (req: http.IncomingMessage) => {
    const timer = deadlines.get(req.socket);
    if (timer === undefined) return;
    clearTimeout(timer);
    deadlines.delete(req.socket);
  });
}
