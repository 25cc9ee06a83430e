import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { messages } from '#shared/messages.ts';

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request: a path or headers past
 * its 16 KB limit (a 100 KB path parameter), a request too slow to arrive, bytes that are not HTTP.
 * Fastify's own answer to these carries no `detail`, unlike every other error of the API.
 */
export function unreadableRequest(
  this: FastifyInstance,
  err: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // The other end is gone: nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, messages.requestHeadersTooLarge]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, messages.requestTimedOut]
        : [400, messages.requestUnreadable];
  this.log.debug({ code: err.code }, 'unreadable request');
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
