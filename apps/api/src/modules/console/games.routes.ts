import { dataOf, emptyQuerySchema, idParamsSchema, okSchema } from '@sideline/contract/common';
import {
  consoleGameSchema,
  consoleGamesPageSchema,
  consoleGamesQuerySchema,
  gamesImportResultSchema,
  gamesImportSchema,
  gameUpdateSchema,
  newGameSchema,
} from '@sideline/contract/console';
import { ingestHealthQuerySchema, ingestHealthSchema } from '@sideline/contract/ingest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import { type IngestHealthService, sinceOf } from '../ingest';
import { actorOf, consoleRoute } from './console-access';
import type { GamesService } from './games.service';
import type { GamesImport } from './games-import';

const tags = ['console'];

/** The console's schedule calls: the channel's games, created, edited and deleted in its time zone. */
export const gamesRoutes: FastifyPluginAsyncZod<{
  games: GamesService;
  health: IngestHealthService;
  importGames: GamesImport;
}> = async (app, { games, health, importGames }) => {
  neverStore(app);
  const read = consoleRoute('read');
  const write = consoleRoute('write');

  app.get(
    '/console/events',
    {
      ...read,
      schema: {
        ...read.schema,
        operationId: 'consoleGames',
        tags,
        summary: "The channel's games, latest start first, with their times in its time zone (read)",
        querystring: consoleGamesQuerySchema,
        response: { 200: consoleGamesPageSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      const { data, total, limit } = await games.list(request.channel, request.query);
      return { data, meta: { total, offset: request.query.offset, limit } };
    },
  );

  app.post(
    '/console/events',
    {
      ...write,
      schema: {
        ...write.schema,
        operationId: 'consoleCreateGame',
        tags,
        summary: "Adds a game: teams, sport, venue, its start in the channel's time zone, access and price (write)",
        body: newGameSchema,
        response: { 201: dataOf(consoleGameSchema), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await games.create(request.channel, actorOf(request), request.body) };
    },
  );

  app.get(
    '/console/events/:id',
    {
      ...read,
      schema: {
        ...read.schema,
        operationId: 'consoleGame',
        tags,
        summary: "One of the channel's games (read)",
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(consoleGameSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await games.get(request.channel, request.params.id) }),
  );

  app.patch(
    '/console/events/:id',
    {
      ...write,
      schema: {
        ...write.schema,
        operationId: 'consoleUpdateGame',
        tags,
        summary: 'Changes the fields sent of a game (write)',
        params: idParamsSchema,
        body: gameUpdateSchema,
        response: { 200: dataOf(consoleGameSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({
      data: await games.update(request.channel, actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/console/events/:id',
    {
      ...write,
      schema: {
        ...write.schema,
        operationId: 'consoleDeleteGame',
        tags,
        summary: 'Deletes a game that has not started and that no fan bought (write)',
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: okSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => {
      await games.remove(request.channel, actorOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/console/events/:id/end',
    {
      ...write,
      schema: {
        ...write.schema,
        operationId: 'consoleEndGame',
        tags,
        summary: 'Ends a live game now: its encoder is let go and its recording becomes the replay (write)',
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(consoleGameSchema), ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => ({ data: await games.endNow(request.channel, actorOf(request), request.params.id) }),
  );

  app.get(
    '/console/events/:id/ingest-health',
    {
      ...read,
      schema: {
        ...read.schema,
        operationId: 'consoleIngestHealth',
        tags,
        summary: "A game's ingest health: the encoder's bitrate, frame rate and size, the transcoder's speed (read)",
        params: idParamsSchema,
        querystring: ingestHealthQuerySchema,
        response: { 200: dataOf(ingestHealthSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({
      data: await health.read(request.channel.id, request.params.id, sinceOf(request.query.since)),
    }),
  );

  app.post(
    '/console/events/import',
    {
      ...write,
      // A season's schedule as CSV text: up to a megabyte.
      bodyLimit: 1_100_000,
      schema: {
        ...write.schema,
        operationId: 'consoleImportGames',
        tags,
        summary:
          'Imports games from CSV: a dry run previews each row with its errors; a real run writes every row or none (write)',
        body: gamesImportSchema,
        response: { 200: dataOf(gamesImportResultSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => ({
      data: await importGames(request.channel, actorOf(request), request.body.csv, request.body.dry_run),
    }),
  );
};
