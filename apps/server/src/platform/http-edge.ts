import http from 'node:http';
import type { Socket } from 'node:net';
import { ERRORS, type ErrorCode } from '@tessera/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './envelope.js';

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * A request target in absolute form (`GET http://host/wps/system/status`, RFC 9112 §3.2.2) as its origin-form path,
 * so routing and every check that reads the URL see the same path. Fastify's `rewriteUrl` runs it before routing.
 */
export function originForm(url: string): string {
  const authority = ABSOLUTE_FORM.exec(url);
  if (!authority) return url;
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

function refusalOf(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request.timeout';
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'request.headers.too.large';
  return 'request.invalid';
}

/**
 * Node's own refusals, before a request reaches Fastify (headers or URL over the size limit, malformed HTTP, a
 * request too slow to arrive), answered as the envelope every other error is, then the connection closes.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const code = refusalOf(error);
    const status = ERRORS[code].status;
    const body = JSON.stringify(errorEnvelope(code));
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * The router's own refusals (a URL that does not decode, a path parameter over its length), which Fastify answers
 * outside the error handler unless given this: the envelope, as for any bad request.
 */
export function frameworkErrors(_error: Error, _request: FastifyRequest, reply: FastifyReply) {
  reply.status(400).header('cache-control', 'no-store').send(errorEnvelope('request.invalid'));
}
