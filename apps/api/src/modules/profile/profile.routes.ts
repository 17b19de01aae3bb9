import {
  profileUpdateBodySchema,
  profileUpdateResultSchema,
  tokenQuerySchema,
  userAccessSchema,
  userSchema,
} from '@sideline/contract/auth';
import { keyedBodySchema } from '@sideline/contract/channel';
import { dataOf, emptyQuerySchema, okSchema } from '@sideline/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import type { AuthService } from '../auth';
import type { ChannelService } from '../channel';
import { userSession } from '../keys';
import type { ProfileService } from './profile.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['profile'];
const ok = { data: { ok: true as const } };

export const profileRoutes: FastifyPluginAsyncZod<{
  profile: ProfileService;
  auth: AuthService;
  channels: ChannelService;
}> = async (app, { profile, auth, channels }) => {
  neverStore(app);

  app.get(
    '/profile',
    {
      config: { access: 'user', allowTemporaryPassword: true },
      schema: {
        operationId: 'getProfile',
        tags,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(userSchema), ...errors },
      },
    },
    async (request) => ({ data: await profile.get(request.channel, userSession(request), { ip: request.ip }) }),
  );

  app.post(
    '/profile',
    {
      config: { access: 'user', allowTemporaryPassword: true },
      schema: {
        operationId: 'updateProfile',
        tags,
        summary: 'Change names, phone, language or password (`_method: patch`); a password change ends other sessions',
        body: profileUpdateBodySchema,
        response: { 200: dataOf(profileUpdateResultSchema), ...errors },
      },
    },
    async (request) => ({
      data: await profile.update(request.channel, userSession(request), request.body, { ip: request.ip }),
    }),
  );

  app.get(
    '/user/access',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'getUserAccess',
        tags,
        summary: 'Capabilities, feature counters with their limits, and a purchases summary',
        querystring: emptyQuerySchema,
        response: { 200: dataOf(userAccessSchema), ...errors },
      },
    },
    async (request) => ({ data: await profile.access(request.channel, userSession(request)) }),
  );

  app.post(
    '/delete-account-confirm',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'requestAccountDeletion',
        tags,
        summary: 'E-mail a link that confirms the deletion of the account',
        body: keyedBodySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const user = await profile.current(userSession(request));
      await auth.requestAccountDeletion(request.channel, user, await channels.publicOrigin(request.channel, request));
      return ok;
    },
  );

  app.get(
    '/delete-account-confirm',
    {
      config: { access: 'host' },
      schema: {
        operationId: 'confirmAccountDeletion',
        tags,
        summary: 'Delete the account named by the mailed token (no key: the link may be opened anywhere)',
        querystring: tokenQuerySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await auth.confirmAccountDeletion(request.channel, request.query.token);
      return ok;
    },
  );
};
