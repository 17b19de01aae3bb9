import { z } from 'zod';
import { bodySchema, idSchema, text } from './common';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from './constants';
import { emailField } from './email';
import { CAPABILITIES, FEATURE_COUNTERS, SOCIAL_PROVIDERS } from './enums';
import { VALIDATION_MESSAGES as V } from './messages';

export { emailField };

export const capabilitySchema = z.enum(CAPABILITIES);
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export const featureCountSchema = z.object(
  Object.fromEntries(FEATURE_COUNTERS.map((k) => [k, z.number().int().nonnegative()])) as Record<
    (typeof FEATURE_COUNTERS)[number],
    z.ZodNumber
  >,
);

export const userSchema = z
  .object({
    id: idSchema,
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
    email_verified: z.boolean(),
    temporary_password: z.boolean(),
    trial_period_used: z.boolean(),
    capabilities: z.array(capabilitySchema),
    featureCount: featureCountSchema,
    is_geo_blocked: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;

/** 10 to 14 digits; spaces, dots, dashes, parentheses and a leading + are allowed as separators. */
export const phoneField = text()
  .trim()
  .regex(/^\+?[\d\s().-]+$/, V.phone)
  .refine((s) => {
    const digits = s.replace(/\D/g, '').length;
    return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
  }, V.phone);
export const passwordField = text()
  .min(PASSWORD_MIN_LENGTH, V.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, V.tooLong.replace('{number}', String(PASSWORD_MAX_LENGTH)));
const firstName = text().trim().min(1, V.firstNameRequired).max(NAME_MAX_LENGTH);
const lastName = text().trim().min(1, V.lastNameRequired).max(NAME_MAX_LENGTH);

const passwordsMatch = (d: { password: string; password_confirmation: string }) =>
  d.password === d.password_confirmation;
const mismatch = {
  message: V.passwordsDontMatch,
  path: ['password_confirmation'],
  // Report a mismatch together with the other problems of the form, not only once everything else is valid.
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
    return typeof v?.password === 'string' && typeof v.password_confirmation === 'string';
  },
};

export const registerFields = {
  first_name: firstName,
  last_name: lastName,
  email: emailField,
  password: passwordField,
  password_confirmation: text(),
  phone: phoneField.optional().or(z.literal('').transform(() => undefined)),
  terms_accepted: z.literal(true, V.acceptTerms),
  recaptcha_token: text().max(4096).optional(),
  language: z.enum(['en', 'fr', 'bg']).optional(),
};
export const registerBodySchema = bodySchema(registerFields).refine(passwordsMatch, mismatch);
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = bodySchema({
  email: emailField,
  password: text().min(1, V.required).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const socialLoginBodySchema = bodySchema({
  token: text().min(10).max(8192),
  terms_accepted: z.boolean().optional(),
  /** The nonce the client put in its OpenID Connect request: the ID token must carry the same one. */
  nonce: text().min(16).max(128).optional(),
});
export const socialProviderParamsSchema = z.strictObject({ provider: socialProviderSchema });

export const emailVerifyBodySchema = bodySchema({ token: text().min(10).max(256) });
export const passwordResetRequestBodySchema = bodySchema({ email: emailField });
export const passwordResetBodySchema = bodySchema({
  token: text().min(10).max(256),
  password: passwordField,
  password_confirmation: text(),
}).refine(passwordsMatch, mismatch);
export const addSessionBodySchema = bodySchema({ code: text().min(10).max(256) });
export type AddSessionBody = z.infer<typeof addSessionBodySchema>;

export const profileUpdateBodySchema = bodySchema({
  _method: z.literal('patch'),
  first_name: firstName.optional(),
  last_name: lastName.optional(),
  phone: phoneField.nullable().optional(),
  language: z.enum(['en', 'fr', 'bg']).optional(),
  current_password: text().max(PASSWORD_MAX_LENGTH).optional(),
  password: passwordField.optional(),
  password_confirmation: text().optional(),
}).refine((d) => d.password === undefined || d.password === d.password_confirmation, mismatch);
/** A change to the fan's profile, as the API takes it (`POST /profile` with `_method: patch`). */
export type ProfileUpdate = z.output<typeof profileUpdateBodySchema>;

export const tokenQuerySchema = z.strictObject({ token: text().min(10).max(256) });

/** A one-time code another device exchanges for a session (`POST auth/add_session`). */
export const sessionCodeSchema = z
  .object({ code: z.string(), expires_at: z.iso.datetime() })
  .meta({ id: 'SessionCode' });

export const sessionSchema = z.object({ api_key: z.string(), user: userSchema }).meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;

/** After a profile change: the user, and a new api key when the password changed (other sessions end). */
export const profileUpdateResultSchema = z
  .object({ user: userSchema, api_key: z.string().nullable() })
  .meta({ id: 'ProfileUpdateResult' });

export const userAccessSchema = z
  .object({
    capabilities: z.array(capabilitySchema),
    featureCount: featureCountSchema,
    limits: z.object({ clips: z.number().int().nullable(), downloads: z.number().int().nullable() }),
    purchases: z.object({
      subscriptions: z.number().int().nonnegative(),
      packages: z.number().int().nonnegative(),
      events: z.number().int().nonnegative(),
    }),
  })
  .meta({ id: 'UserAccess' });
export type UserAccess = z.infer<typeof userAccessSchema>;
