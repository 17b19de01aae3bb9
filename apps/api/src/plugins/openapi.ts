import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import '@sideline/contract/openapi';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/** The OpenAPI document is generated from the contract's zod schemas that every route declares. */
async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sideline channel API',
        version: '1.0.0',
        description:
          'The API a Sideline channel web app calls. Static calls need no key; every other call carries `api_key` ' +
          '(query string for GET and DELETE, body otherwise). Errors share one body: `{ error: { status, code, message } }`.',
      },
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', in: 'query', name: 'api_key' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
}

export const openapiPlugin = fp(openapi, { name: 'openapi' });
