import type { CustomFormField } from '@sideline/contract/custom-forms';
import { AppError } from '../../lib/app-error';

export const customFormErrors = {
  notFound: () => new AppError({ status: 404, code: 'form_not_found' }),
  unknownField: (name: string) =>
    new AppError({
      status: 400,
      code: 'validation_failed',
      details: [{ path: 'body.fields', message: `the form has no field "${name}"` }],
      field: name,
    }),
  wrongType: (field: CustomFormField) =>
    new AppError({
      status: 400,
      code: 'validation_failed',
      details: [
        {
          path: 'body.fields',
          message: `"${field.name}" takes a ${field.type === 'number' || field.type === 'checkbox' ? 'number' : 'text'} value`,
        },
      ],
      field: field.name,
    }),
};
