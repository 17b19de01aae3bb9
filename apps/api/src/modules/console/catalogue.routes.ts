import { dataOf, emptyQuerySchema, idParamsSchema, okSchema } from '@sideline/contract/common';
import {
  type CatalogueKind,
  consoleSchoolSchema,
  consoleSportSchema,
  consoleTeamSchema,
  consoleVenueSchema,
  newSchoolSchema,
  newSportSchema,
  newTeamSchema,
  newVenueSchema,
  schoolUpdateSchema,
  sportUpdateSchema,
  teamUpdateSchema,
  venueUpdateSchema,
} from '@sideline/contract/console-catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import type { CatalogueService } from './catalogue.service';
import { actorOf, consoleRoute } from './console-access';

const SCHEMAS = {
  sports: { one: consoleSportSchema, create: newSportSchema, update: sportUpdateSchema, name: 'Sport' },
  schools: { one: consoleSchoolSchema, create: newSchoolSchema, update: schoolUpdateSchema, name: 'School' },
  teams: { one: consoleTeamSchema, create: newTeamSchema, update: teamUpdateSchema, name: 'Team' },
  venues: { one: consoleVenueSchema, create: newVenueSchema, update: venueUpdateSchema, name: 'Venue' },
} as const;

const tags = ['console'];

/** The console's catalogue calls: `/console/{sports,schools,teams,venues}` and `/{id}`, the same four for each. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  neverStore(app);
  const read = consoleRoute('read');
  const write = consoleRoute('write');
  for (const kind of Object.keys(SCHEMAS) as CatalogueKind[]) {
    const s = SCHEMAS[kind];
    // The service works on plain fields for all four kinds; the schemas above type and check each one at the edge.
    const one = (row: Record<string, unknown>) => row as z.infer<typeof s.one>;
    app.get(
      `/console/${kind}`,
      {
        ...read,
        schema: {
          ...read.schema,
          operationId: `console${s.name}s`,
          tags,
          summary: `The channel's ${kind} (read)`,
          querystring: emptyQuerySchema,
          response: { 200: dataOf(z.array(s.one)), ...errorResponses(403) },
        },
      },
      async (request) => ({ data: (await catalogue.list(kind, request.channel)).map(one) }),
    );
    app.post(
      `/console/${kind}`,
      {
        ...write,
        schema: {
          ...write.schema,
          operationId: `consoleCreate${s.name}`,
          tags,
          summary: `Adds one of the channel's ${kind} (write)`,
          body: s.create,
          response: { 201: dataOf(s.one), ...errorResponses(400, 403, 409) },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return { data: one(await catalogue.create(kind, request.channel, actorOf(request), request.body)) };
      },
    );
    app.patch(
      `/console/${kind}/:id`,
      {
        ...write,
        schema: {
          ...write.schema,
          operationId: `consoleUpdate${s.name}`,
          tags,
          summary: `Changes the fields sent of one of the channel's ${kind} (write)`,
          params: idParamsSchema,
          body: s.update,
          response: { 200: dataOf(s.one), ...errorResponses(400, 403, 404, 409) },
        },
      },
      async (request) => ({
        data: one(await catalogue.update(kind, request.channel, actorOf(request), request.params.id, request.body)),
      }),
    );
    app.delete(
      `/console/${kind}/:id`,
      {
        ...write,
        schema: {
          ...write.schema,
          operationId: `consoleDelete${s.name}`,
          tags,
          summary: `Deletes one of the channel's ${kind} that nothing uses; else 409 naming what does (write)`,
          params: idParamsSchema,
          querystring: emptyQuerySchema,
          response: { 200: okSchema, ...errorResponses(403, 404, 409) },
        },
      },
      async (request) => {
        await catalogue.remove(kind, request.channel, actorOf(request), request.params.id);
        return { data: { ok: true as const } };
      },
    );
  }
};
