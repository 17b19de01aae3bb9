import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authErrors } from '../modules/auth';
import type { Channel, ChannelService } from '../modules/channel';
import type { KeySession, KeysService } from '../modules/keys';
import { keyErrors } from '../modules/keys';

/**
 * Who a route serves:
 * - `none`: nobody in particular (health, key issuing);
 * - `host`: the channel named by the request's host (static calls, no key);
 * - `key`: the holder of a valid api key (the key names the channel);
 * - `user`: a key holder who is logged in.
 */
export type RouteAccess = 'none' | 'host' | 'key' | 'user';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** A user with a temporary password may call this route (profile, logout); other user routes refuse them. */
    allowTemporaryPassword?: boolean;
  }
  interface FastifyRequest {
    channel: Channel;
    session: KeySession | null;
  }
}

/** The api key travels in the query string for GET and DELETE, in the body otherwise (spec section 7). */
function apiKeyOf(request: FastifyRequest): string | undefined {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.api_key;
  if (request.method === 'GET' || request.method === 'DELETE' || request.method === 'HEAD') {
    return typeof fromQuery === 'string' ? fromQuery : undefined;
  }
  const fromBody = (request.body as Record<string, unknown> | undefined | null)?.api_key;
  if (typeof fromBody === 'string') return fromBody;
  return typeof fromQuery === 'string' ? fromQuery : undefined;
}

async function requestContext(app: FastifyInstance, opts: { channels: ChannelService; keys: KeysService }) {
  app.decorateRequest('channel', null as unknown as Channel);
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.access === 'host') {
      request.channel = await opts.channels.byHost(request.hostname);
    }
  });

  // Keys are checked before the body and query are validated, so a caller without a key learns nothing more.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (access !== 'key' && access !== 'user') return;
    const session = await opts.keys.verify(apiKeyOf(request));
    const channel = await opts.channels.byId(session.channelId);
    if (!channel) throw keyErrors.apiKeyInvalid();
    request.channel = channel;
    request.session = session;
    if (access === 'user' && session.userId === null) throw keyErrors.loginRequired();
    if (access === 'user' && session.temporaryPassword && !request.routeOptions.config.allowTemporaryPassword) {
      throw authErrors.passwordChangeRequired();
    }
  });
}

export const requestContextPlugin = fp(requestContext, { name: 'request-context' });
