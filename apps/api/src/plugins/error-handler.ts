import type { ErrorBody, ErrorCode } from '@sideline/contract/errors';
import { MESSAGES } from '@sideline/contract/messages';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { asStorageError } from '../db/storage-errors';
import { AppError } from '../lib/app-error';

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
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Send the body as application/json',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'validation_failed', message: 'The JSON body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'validation_failed', message: 'The body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'validation_failed', message: 'Content-Length is wrong' },
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
      const first = details[0];
      return send(
        reply,
        400,
        'validation_failed',
        first ? `${first.path}: ${first.message}` : MESSAGES.validationFailed,
        {
          details,
        },
      );
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(reply, known.status, known.code, known.message);
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return send(reply, 400, 'validation_failed', 'The body is not valid JSON');
    }
    if (error.statusCode === 429) return send(reply, 429, 'rate_limited', MESSAGES.tooManyRequests);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, 'validation_failed', error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, 'internal_error', MESSAGES.somethingWentWrong);
  });
}

export const errorHandlerPlugin = fp(errorHandler, { name: 'error-handler' });

/** The JSON 404 of unknown API routes. */
export const sendNotFound = (reply: FastifyReply) => send(reply, 404, 'not_found', MESSAGES.notFound);
