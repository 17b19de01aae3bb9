import { zodResolver } from '@hookform/resolvers/zod';
import type { ParseKeys } from 'i18next';
import { useId, useImperativeHandle } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { saveSandboxCard } from '../../api/sandbox-card';
import styles from '../commerce.module.css';
import type { CardFormProps } from './card-collector';

const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

/** A card is good through the last day of its expiry month. */
function notExpired(expiry: string, now = new Date()): boolean {
  const [, month, year] = EXPIRY.exec(expiry) ?? [];
  if (!month || !year) return true; // the format's own message covers it
  const end = new Date(2000 + Number(year), Number(month), 1);
  return end > now;
}

/** The card as typed; each message is a text key, translated where it is shown. */
const cardFieldsSchema = z.object({
  number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'checkout.cardNumberInvalid' satisfies ParseKeys<'commerce'>)),
  expiry: z
    .string()
    .trim()
    .regex(EXPIRY, 'checkout.expiryInvalid' satisfies ParseKeys<'commerce'>)
    .refine(notExpired, 'checkout.expiryPast' satisfies ParseKeys<'commerce'>),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'checkout.cvcInvalid' satisfies ParseKeys<'commerce'>),
});
type CardFieldsInput = z.input<typeof cardFieldsSchema>;
type CardFields = z.output<typeof cardFieldsSchema>;

function Field({
  label,
  error,
  autoComplete,
  inputMode = 'numeric',
  placeholder,
  registration,
}: {
  label: string;
  error: string | undefined;
  autoComplete: string;
  inputMode?: 'numeric';
  placeholder?: string;
  registration: ReturnType<ReturnType<typeof useForm<CardFieldsInput, unknown, CardFields>>['register']>;
}) {
  const { t } = useTranslation('commerce');
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required
        {...registration}
      />
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {t(error as ParseKeys<'commerce'>)}
        </p>
      )}
    </div>
  );
}

/**
 * The sandbox provider's card form (its stand-in for Stripe Elements): the number goes straight to the sandbox's
 * tokenising endpoint, which answers a payment method, and the setup intent is confirmed with it. The order API
 * only ever receives the payment method's id.
 */
export function SandboxCardForm({ setup, ref }: CardFormProps) {
  const { t } = useTranslation('commerce');
  const form = useForm<CardFieldsInput, unknown, CardFields>({
    resolver: zodResolver(cardFieldsSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
    shouldFocusError: true,
  });
  const { errors } = form.formState;

  useImperativeHandle(
    ref,
    () => ({
      collect: () =>
        new Promise((resolve, reject) => {
          void form.handleSubmit(
            async (card) => {
              const [, month, year] = EXPIRY.exec(card.expiry) ?? [];
              try {
                const saved = await saveSandboxCard(setup.sandbox_url ?? '', setup.client_secret, {
                  key: setup.publishable_key,
                  card: {
                    number: card.number,
                    exp_month: Number(month),
                    exp_year: 2000 + Number(year),
                    cvc: card.cvc,
                  },
                });
                resolve({ paymentMethodId: saved.id });
              } catch (error) {
                reject(error);
              }
            },
            () => resolve(null),
          )();
        }),
    }),
    [form, setup],
  );

  return (
    <div className={styles.fieldset}>
      <Field
        label={t('checkout.cardNumber')}
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        error={errors.number?.message}
        registration={form.register('number')}
      />
      <div className={`${styles.row} ${styles.fieldsRow}`}>
        <Field
          label={t('checkout.expiry')}
          autoComplete="cc-exp"
          placeholder="12/30"
          error={errors.expiry?.message}
          registration={form.register('expiry')}
        />
        <Field
          label={t('checkout.cvc')}
          autoComplete="cc-csc"
          placeholder="123"
          error={errors.cvc?.message}
          registration={form.register('cvc')}
        />
      </div>
    </div>
  );
}
