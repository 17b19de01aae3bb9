import type { Branding } from '@sideline/contract/console';
import { LANGUAGES } from '@sideline/contract/constants';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useUpdateBranding } from '../api/branding';
import { brandingResolver, serverFieldErrors } from '../utils/branding-validation';
import { type BrandingFormValues, COLOR_NAMES, changedFields, toFormValues } from '../utils/branding-values';
import { BrandingPreview } from './branding-preview';
import { ColorField } from './color-field';
import styles from './console.module.css';
import { ConsoleField, inputProps } from './console-field';
import formStyles from './fields.module.css';

type TextFieldName =
  | 'name'
  | 'short_name'
  | 'currency'
  | 'time_zone'
  | 'google_tag'
  | 'yare_analytics_key'
  | 'sentry_dsn'
  | 'geo_allow'
  | 'geo_block';

/**
 * The channel's branding, editable by a role with `write` (a read-only form without Save otherwise), beside a
 * preview in the form's current colours. Save sends only what changed; the server's field errors land on their
 * fields.
 */
export function BrandingForm({ branding, canWrite }: { branding: Branding; canWrite: boolean }) {
  const { t } = useTranslation('console');
  const update = useUpdateBranding();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BrandingFormValues>({ resolver: brandingResolver, defaultValues: toFormValues(branding) });
  const colors = useWatch({ control, name: 'colors' });
  const name = useWatch({ control, name: 'name' });

  const onSubmit = handleSubmit(async (values) => {
    const body = changedFields(branding, values);
    if (!Object.keys(body).length) {
      toast.info(t('branding.unchanged'));
      return;
    }
    try {
      const saved = await update(body);
      reset(toFormValues(saved));
      toast.success(t('branding.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.details?.length) {
        const fieldErrors = serverFieldErrors(error.details);
        for (const [index, { field, message }] of fieldErrors.entries()) {
          setError(field as Path<BrandingFormValues>, { type: 'server', message }, { shouldFocus: index === 0 });
        }
      } else toast.error(t('branding.saveFailed'));
    }
  });

  const text = (field: TextFieldName, label: string, hint?: string) => (
    <ConsoleField label={label} hint={hint} error={errors[field]}>
      {(ids) => <input {...inputProps(ids, errors[field])} type="text" {...register(field)} />}
    </ConsoleField>
  );

  return (
    <div className={styles.branding}>
      <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-busy={isSubmitting || undefined}>
        {!canWrite && <p className={styles.notice}>{t('branding.readOnly')}</p>}
        <fieldset className={styles.fieldset} disabled={!canWrite}>
          <legend className={styles.legend}>{t('branding.identity')}</legend>
          <div className={formStyles.row}>
            {text('name', t('branding.name'))}
            {text('short_name', t('branding.shortName'))}
          </div>
          <ConsoleField label={t('branding.description')} error={errors.description}>
            {(ids) => <textarea {...inputProps(ids, errors.description)} rows={3} {...register('description')} />}
          </ConsoleField>
          <div className={formStyles.row}>
            <ConsoleField label={t('branding.language')} error={errors.language}>
              {(ids) => (
                <select {...inputProps(ids, errors.language)} {...register('language')}>
                  {LANGUAGES.map((lng) => (
                    <option key={lng} value={lng} lang={lng}>
                      {t(`languages.${lng}`, { ns: 'shell' })}
                    </option>
                  ))}
                </select>
              )}
            </ConsoleField>
            {text('currency', t('branding.currency'), t('branding.currencyHint'))}
            {text('time_zone', t('branding.timeZone'), t('branding.timeZoneHint'))}
          </div>
        </fieldset>
        <fieldset className={styles.fieldset} disabled={!canWrite}>
          <legend className={styles.legend}>{t('branding.colors')}</legend>
          <div className={styles.colors}>
            {COLOR_NAMES.map((color) => (
              <ColorField
                key={color}
                label={t(`branding.colorNames.${color}`)}
                value={colors[color]}
                registration={register(`colors.${color}`)}
                error={errors.colors?.[color]}
                onPick={(value) => setValue(`colors.${color}`, value, { shouldDirty: true })}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className={styles.fieldset} disabled={!canWrite}>
          <legend className={styles.legend}>{t('branding.tracking')}</legend>
          <div className={formStyles.row}>
            {text('google_tag', t('branding.googleTag'))}
            {text('yare_analytics_key', t('branding.analyticsKey'))}
          </div>
          {text('sentry_dsn', t('branding.sentryDsn'))}
        </fieldset>
        <fieldset className={styles.fieldset} disabled={!canWrite}>
          <legend className={styles.legend}>{t('branding.geo')}</legend>
          <div className={formStyles.row}>
            {text('geo_allow', t('branding.geoAllow'), t('branding.geoAllowHint'))}
            {text('geo_block', t('branding.geoBlock'), t('branding.geoBlockHint'))}
          </div>
        </fieldset>
        {canWrite && (
          <div className={styles.actions}>
            <button
              type="submit"
              className="button button-solid"
              aria-disabled={isSubmitting || undefined}
              onClick={(event) => {
                if (isSubmitting) event.preventDefault();
              }}
            >
              {isSubmitting ? t('branding.saving') : t('branding.save')}
            </button>
            {isDirty && (
              <button type="button" className="button button-outline" onClick={() => reset(toFormValues(branding))}>
                {t('branding.undo')}
              </button>
            )}
          </div>
        )}
      </form>
      <div className={styles.previewColumn}>
        <BrandingPreview name={name} colors={colors} />
      </div>
    </div>
  );
}
