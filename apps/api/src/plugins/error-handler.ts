import { CATALOGUE } from '@sideline/contract/error-catalogue';
import type { ErrorBody, ErrorCode } from '@sideline/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { asStorageError } from '../db/storage-errors';
import { AppError, validationMessage } from '../lib/app-error';

function send(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  extra: Partial<ErrorBody['error']> = {},
) {
  const body: ErrorBody = { error: { status, code, message, ...extra } };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own client errors, by code, and what the client is told. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: Exclude<ErrorCode, 'validation_failed'> }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'body_invalid' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'body_invalid' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'content_length_invalid' },
};

/** One place maps every error to the common error body; 5xx bodies never carry internal messages. */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    // A database whose storage or server is down: a 503 the client may retry, not a 500.
    const error = (asStorageError(thrown) as FastifyError | undefined) ?? thrown;
    if (error !== thrown) request.log.warn({ err: thrown }, 'database unavailable');
    if (error instanceof AppError) {
      return send(reply, error.status, error.code, error.message, {
        ...(error.field ? { field: error.field } : {}),
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
      const details = error.validation.map((v) => ({
        path: [where, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'is not valid',
      }));
      return send(reply, 400, 'validation_failed', validationMessage(details), { details });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(reply, known.status, known.code, CATALOGUE[known.code]);
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return send(reply, 400, 'body_invalid', CATALOGUE.body_invalid);
    }
    if (error.statusCode === 429) return send(reply, 429, 'rate_limited', CATALOGUE.rate_limited);
    // Fastify's own text may echo the URL (and a key in it): the client gets the catalogue's words only.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // @fastify/static answers 403 for a path it will not resolve (a NUL, a dotfile): nothing is served there.
      if (error.statusCode === 404 || error.statusCode === 403) return sendNotFound(reply);
      return send(reply, error.statusCode, 'bad_request', CATALOGUE.bad_request);
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, 'internal_error', CATALOGUE.internal_error);
  });
}

export const errorHandlerPlugin = fp(errorHandler, { name: 'error-handler' });

/**
 * Errors Fastify raises before routing (Fastify's `frameworkErrors` option): a URL that does not decode, a path
 * parameter longer than the router takes. Fastify's own answer quotes the URL, api key included.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, 400, 'bad_request', CATALOGUE.bad_request);
  // No route takes a path parameter that long, so nothing lives there.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendNotFound(reply);
  reply.log.error({ err: error }, 'request failed before routing');
  return send(reply, 500, 'internal_error', CATALOGUE.internal_error);
}

/** The JSON 404 of unknown API routes. */
export const sendNotFound = (reply: FastifyReply) => send(reply, 404, 'not_found', CATALOGUE.not_found);
