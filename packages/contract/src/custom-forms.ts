import { z } from 'zod';
import { bodySchema } from './common';
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

export const customFormParamsSchema = z.strictObject({ alias: z.string().regex(/^[a-z0-9_-]{1,60}$/) });
export const submitCustomFormBodySchema = bodySchema({
  fields: z
    .array(
      z.object({ name: z.string().max(60), value: z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]) }),
    )
    .max(50),
});
