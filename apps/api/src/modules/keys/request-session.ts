import type { FastifyRequest } from 'fastify';
import { keyErrors } from './keys.errors';
import type { KeySession } from './keys.service';

/** The session of a route declared `access: 'user'`: the pipeline guarantees a user; this narrows the type. */
export function userSession(request: FastifyRequest): KeySession & { userId: number } {
  const session = request.session;
  if (!session || session.userId === null) throw keyErrors.loginRequired();
  return session as KeySession & { userId: number };
}

/** The session of a route declared `access: 'key'`. */
export function keySession(request: FastifyRequest): KeySession {
  if (!request.session) throw keyErrors.apiKeyInvalid();
  return request.session;
}
