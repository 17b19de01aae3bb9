import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { errorBodyOf, type PlainErrorCode } from '../lib/app-error';

type Answer = { status: number; code: PlainErrorCode };

/** Node's parser errors, by code, and what the client is told; any other is a 400 `bad_request`. */
const BY_NODE_CODE: Record<string, Answer> = {
  // The request line (a long query string) and headers together over Node's limit (16 KB).
  HPE_HEADER_OVERFLOW: { status: 431, code: 'request_header_fields_too_large' },
  HPE_INVALID_CONTENT_LENGTH: { status: 400, code: 'content_length_invalid' },
  // Two Content-Lengths, or one beside Transfer-Encoding.
  HPE_UNEXPECTED_CONTENT_LENGTH: { status: 400, code: 'content_length_invalid' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, code: 'payload_too_large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'bad_request' },
};

/**
 * Fastify's `clientErrorHandler` option. Node's HTTP parser refuses some requests before Fastify sees them: headers
 * or a query string over the limit, a broken chunked body, a Content-Length that does not match the body (the
 * bytes after it read as a next request that does not parse). There is no request or reply yet, so neither the
 * error handler nor `frameworkErrors` runs, and Fastify's default answers in its own shape
 * (`{"error":"Bad Request","message":"Client Error","statusCode":400}`). This writes the common error body to the
 * socket instead, with the same status, a catalogue message (never the request's own text) and `Connection: close`:
 * after a parse error the rest of the connection cannot be read.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = function (
  this: FastifyInstance,
  error,
  socket: Socket,
) {
  // A connection the client reset is gone: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // The code only: the error carries the raw bytes of the request, api key included.
  this.log.debug({ code: error.code }, 'client error before routing');
  // As Node does: answer only while the socket takes writes and no answer of an earlier request on it has begun
  // (bytes of ours inside it would corrupt it). A second parse error of the same connection finds it ended.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, code } = BY_NODE_CODE[error.code] ?? { status: 400, code: 'bad_request' };
  const body = JSON.stringify(errorBodyOf(status, code));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
};
