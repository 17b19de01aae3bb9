import { dataOf, emptyQuerySchema } from '@sideline/contract/common';
import { customFormParamsSchema, customFormSchema, submitCustomFormBodySchema } from '@sideline/contract/custom-forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import { keySession, userSession } from '../keys';
import type { CustomFormsService } from './custom-forms.service';

const errors = errorResponses(400, 401, 403, 404);

export const customFormsRoutes: FastifyPluginAsyncZod<{ forms: CustomFormsService }> = async (app, { forms }) => {
  neverStore(app);

  app.get(
    '/custom-forms/:alias',
    {
      // The web app reads the passes form at startup, also for a user who must still change a temporary password.
      config: { access: 'key', allowTemporaryPassword: true },
      schema: {
        operationId: 'getCustomForm',
        tags: ['custom-forms'],
        summary: "A channel form with the caller's values (defaults for a guest); 404 when the channel has none",
        params: customFormParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(customFormSchema), ...errors },
      },
    },
    async (request) => ({
      data: await forms.get(request.channel.id, request.params.alias, keySession(request).userId),
    }),
  );

  app.post(
    '/custom-forms/:alias',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'submitCustomForm',
        tags: ['custom-forms'],
        summary: "Save the user's answers; the passes form's `basic_pass` = 1 records the basic-pass choice",
        params: customFormParamsSchema,
        body: submitCustomFormBodySchema,
        response: { 200: dataOf(customFormSchema), ...errors },
      },
    },
    async (request) => ({
      data: await forms.submit(
        request.channel.id,
        request.params.alias,
        userSession(request).userId,
        request.body.fields,
      ),
    }),
  );
};
