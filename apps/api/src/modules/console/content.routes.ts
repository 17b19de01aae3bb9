import { dataOf, emptyQuerySchema, idParamsSchema, okSchema } from '@sideline/contract/common';
import {
  type ContentKind,
  consoleFaqSchema,
  consoleMenuItemSchema,
  consolePageSchema,
  consoleSlideSchema,
  faqUpdateSchema,
  menuItemUpdateSchema,
  newFaqSchema,
  newMenuItemSchema,
  newPageSchema,
  newSlideSchema,
  pageUpdateSchema,
  slideUpdateSchema,
} from '@sideline/contract/console-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import { actorOf, consoleRoute } from './console-access';
import type { ContentService } from './content.service';

const SCHEMAS = {
  'menu-items': {
    one: consoleMenuItemSchema,
    create: newMenuItemSchema,
    update: menuItemUpdateSchema,
    name: 'MenuItem',
    what: 'menu items',
  },
  pages: { one: consolePageSchema, create: newPageSchema, update: pageUpdateSchema, name: 'Page', what: 'pages' },
  faqs: { one: consoleFaqSchema, create: newFaqSchema, update: faqUpdateSchema, name: 'Faq', what: 'FAQ entries' },
  slides: { one: consoleSlideSchema, create: newSlideSchema, update: slideUpdateSchema, name: 'Slide', what: 'slides' },
} as const;

const tags = ['console'];

/**
 * The console's navigation and content calls: `/console/{menu-items,pages,faqs,slides}` and `/{id}`, the same four
 * for each. Page and FAQ HTML is sanitized on write; fans see a change at once.
 */
export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  neverStore(app);
  const read = consoleRoute('read');
  const write = consoleRoute('write');
  for (const kind of Object.keys(SCHEMAS) as ContentKind[]) {
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
          summary: `The channel's ${s.what}, in order (read)`,
          querystring: emptyQuerySchema,
          response: { 200: dataOf(z.array(s.one)), ...errorResponses(403) },
        },
      },
      async (request) => ({ data: (await content.list(kind, request.channel)).map(one) }),
    );
    app.post(
      `/console/${kind}`,
      {
        ...write,
        schema: {
          ...write.schema,
          operationId: `consoleCreate${s.name}`,
          tags,
          summary: `Adds one of the channel's ${s.what} (write)`,
          body: s.create,
          response: { 201: dataOf(s.one), ...errorResponses(400, 403, 409) },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return { data: one(await content.create(kind, request.channel, actorOf(request), request.body)) };
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
          summary: `Changes the fields sent of one of the channel's ${s.what} (write)`,
          params: idParamsSchema,
          body: s.update,
          response: { 200: dataOf(s.one), ...errorResponses(400, 403, 404, 409) },
        },
      },
      async (request) => ({
        data: one(await content.update(kind, request.channel, actorOf(request), request.params.id, request.body)),
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
          summary: `Deletes one of the channel's ${s.what} (write)`,
          params: idParamsSchema,
          querystring: emptyQuerySchema,
          response: { 200: okSchema, ...errorResponses(403, 404) },
        },
      },
      async (request) => {
        await content.remove(kind, request.channel, actorOf(request), request.params.id);
        return { data: { ok: true as const } };
      },
    );
  }
};
