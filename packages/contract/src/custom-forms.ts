import { z } from 'zod';
import { bodySchema, boundedNumber, INT32_MAX, INT32_MIN, text } from './common';
import { BASIC_PASS_FIELD_NAME, PASSES_FORM_ALIAS_NAME } from './rules/names';

/** The alias of the passes form, whose basic-pass field records the fan's basic-pass choice. */
export const PASSES_FORM_ALIAS = PASSES_FORM_ALIAS_NAME;
export const BASIC_PASS_FIELD = BASIC_PASS_FIELD_NAME;

export const customFormFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'number', 'checkbox', 'select']),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});
export type CustomFormField = z.infer<typeof customFormFieldSchema>;

export const customFormSchema = z
  .object({ alias: z.string(), fields: z.array(customFormFieldSchema) })
  .meta({ id: 'CustomForm' });
export type CustomForm = z.infer<typeof customFormSchema>;

export const customFormParamsSchema = z.strictObject({ alias: text().regex(/^[a-z0-9_-]{1,60}$/) });
export const submitCustomFormBodySchema = bodySchema({
  fields: z
    .array(
      z.object({
        name: text().max(60),
        value: z.union([text().max(2000), boundedNumber(INT32_MIN, INT32_MAX), z.boolean(), z.null()]),
      }),
    )
    .max(50),
});
