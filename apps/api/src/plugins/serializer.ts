import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/**
 * Responses are written by fast-json-stringify from the route's zod response schema turned into JSON Schema:
 * only the schema's fields are written (the schema is the whitelist, nothing leaks), several times faster than
 * validating each answer with zod and then calling JSON.stringify. Compiled once per schema.
 */
const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();

export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let serialize = compiled.get(schema);
  if (!serialize) {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
    serialize = fastJson(json as Parameters<typeof fastJson>[0]);
    compiled.set(schema, serialize);
  }
  return serialize;
};
