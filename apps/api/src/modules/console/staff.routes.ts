import { dataOf, emptyQuerySchema, idParamsSchema } from '@sideline/contract/common';
import { staffInviteSchema, staffMemberSchema, staffRoleChangeSchema } from '@sideline/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import type { ChannelService } from '../channel';
import { actorOf, consoleRoute } from './console-access';
import type { StaffService } from './staff.service';

const tags = ['console'];
const manage = consoleRoute('manage');

/** The channel's people, for its owner: who has a role, invitations by e-mail, role changes. */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService; channels: ChannelService }> = async (
  app,
  { staff, channels },
) => {
  neverStore(app);

  app.get(
    '/console/staff',
    {
      ...manage,
      schema: {
        ...manage.schema,
        operationId: 'consoleStaff',
        tags,
        summary: 'The people with a role in the console (manage: the owner)',
        querystring: emptyQuerySchema,
        response: { 200: dataOf(z.array(staffMemberSchema)), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await staff.list(request.channel.id) }),
  );

  app.post(
    '/console/staff',
    {
      ...manage,
      schema: {
        ...manage.schema,
        operationId: 'consoleInviteStaff',
        tags,
        summary: "Gives this e-mail's account a role, or invites a new one to choose a password (manage)",
        body: staffInviteSchema,
        response: {
          201: dataOf(z.object({ member: staffMemberSchema, created: z.boolean() })),
          ...errorResponses(400, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const origin = await channels.publicOrigin(request.channel, request);
      const { api_key: _key, ...input } = request.body;
      reply.code(201);
      return { data: await staff.invite(request.channel, actorOf(request), origin, input) };
    },
  );

  app.patch(
    '/console/staff/:id',
    {
      ...manage,
      schema: {
        ...manage.schema,
        operationId: 'consoleSetStaffRole',
        tags,
        summary: 'Another role for a person, or none: the channel keeps at least one owner (manage)',
        params: idParamsSchema,
        body: staffRoleChangeSchema,
        response: { 200: dataOf(staffMemberSchema.nullable()), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await staff.setRole(request.channel, actorOf(request), request.params.id, request.body.role),
    }),
  );
};
