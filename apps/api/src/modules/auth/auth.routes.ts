import {
  addSessionBodySchema,
  emailVerifyBodySchema,
  loginBodySchema,
  passwordResetBodySchema,
  passwordResetRequestBodySchema,
  registerBodySchema,
  type Session,
  sessionCodeSchema,
  sessionSchema,
  socialLoginBodySchema,
  socialProviderParamsSchema,
} from '@sideline/contract/auth';
import { keyedBodySchema } from '@sideline/contract/channel';
import { dataOf, okSchema } from '@sideline/contract/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import type { ChannelService } from '../channel';
import type { GeoService } from '../geo';
import { keySession, userSession } from '../keys';
import type { AuthService } from './auth.service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['auth'];
const ok = { data: { ok: true as const } };

/** Registration, sign-in, sign-out and the e-mailed account links (spec section 7, Auth). */
export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  channels: ChannelService;
  geo: GeoService;
  rateLimitMax: number;
}> = async (app, { auth, channels, geo, rateLimitMax }) => {
  /** The session's user with the geo flag of this request's address, decided as `/geo` decides it. */
  const located = (request: FastifyRequest, session: Session): Session => ({
    ...session,
    user: { ...session.user, is_geo_blocked: geo.locate(request.channel, request.ip).is_geo_blocked },
  });

  // Guessing and mail-bombing calls get a tighter per-address limit.
  const guarded = { access: 'key' as const, rateLimit: { max: rateLimitMax } };
  neverStore(app);

  app.post(
    '/v2/auth/register',
    {
      config: guarded,
      schema: {
        operationId: 'register',
        tags,
        summary: 'Create an account; a verification e-mail follows and the account signs in once verified',
        body: registerBodySchema,
        response: { 201: dataOf(z.object({ email: z.string(), verification_sent: z.literal(true) })), ...errors },
      },
    },
    async (request, reply) => {
      const origin = await channels.publicOrigin(request.channel, request);
      const result = await auth.register(request.channel, keySession(request), request.body, {
        ip: request.ip,
        origin,
      });
      return reply.status(201).send({ data: { email: result.email, verification_sent: true as const } });
    },
  );

  app.post(
    '/v2/auth/login',
    {
      config: guarded,
      schema: {
        operationId: 'login',
        tags,
        body: loginBodySchema,
        response: { 200: dataOf(sessionSchema), ...errors },
      },
    },
    async (request) => {
      const origin = await channels.publicOrigin(request.channel, request);
      const ctx = { origin, ip: request.ip };
      return { data: located(request, await auth.login(request.channel, keySession(request), request.body, ctx)) };
    },
  );

  app.post(
    '/v2/auth/social/:provider',
    {
      config: guarded,
      schema: {
        operationId: 'socialLogin',
        tags,
        summary: 'Sign in (or up) with a Google ID token or a Facebook access token, checked on the server',
        params: socialProviderParamsSchema,
        body: socialLoginBodySchema,
        response: { 200: dataOf(sessionSchema), ...errors },
      },
    },
    async (request) => {
      // The identity sandbox's issuer is this site's origin (Google's is fixed).
      const origin = await channels.publicOrigin(request.channel, request);
      const session = await auth.social(request.channel, keySession(request), request.params.provider, request.body, {
        origin,
      });
      return { data: located(request, session) };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'user', allowTemporaryPassword: true },
      schema: { operationId: 'logout', tags, body: keyedBodySchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      await auth.logout(userSession(request));
      return ok;
    },
  );

  app.post(
    '/auth/email-verify',
    {
      config: guarded,
      schema: {
        operationId: 'verifyEmail',
        tags,
        summary: 'Confirm the e-mail address with the mailed token; signs the account in',
        body: emailVerifyBodySchema,
        response: { 200: dataOf(sessionSchema), ...errors },
      },
    },
    async (request) => ({
      data: located(request, await auth.verifyEmail(request.channel, keySession(request), request.body.token)),
    }),
  );

  app.post(
    '/auth/password-reset-request',
    {
      config: guarded,
      schema: {
        operationId: 'requestPasswordReset',
        tags,
        summary: 'Mail a reset link if the address has an account; the answer is the same either way',
        body: passwordResetRequestBodySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const origin = await channels.publicOrigin(request.channel, request);
      await auth.requestPasswordReset(request.channel, request.body.email, origin);
      return ok;
    },
  );

  app.post(
    '/auth/password-reset',
    {
      config: guarded,
      schema: {
        operationId: 'resetPassword',
        tags,
        summary: 'Set a new password with the mailed token; every session of the account ends',
        body: passwordResetBodySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.channel, request.body.token, request.body.password);
      return ok;
    },
  );

  app.post(
    '/auth/session-code',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'createSessionCode',
        tags,
        summary: 'A one-time code (10 minutes) that signs another device in through auth/add_session',
        body: keyedBodySchema,
        response: { 201: dataOf(sessionCodeSchema), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await auth.createSessionCode(userSession(request)) }),
  );

  app.post(
    '/auth/add_session',
    {
      config: guarded,
      schema: {
        operationId: 'addSession',
        tags,
        summary: 'Exchange a one-time code for a session',
        body: addSessionBodySchema,
        response: { 200: dataOf(sessionSchema), ...errors },
      },
    },
    async (request) => ({
      data: located(request, await auth.addSession(request.channel, keySession(request), request.body.code)),
    }),
  );
};
