import type { CatalogueKind, ConsoleSchool, ConsoleSport } from '@sideline/contract/console-catalogue';
import { GENDERS } from '@sideline/contract/enums';
import { useEffect } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { type CatalogueRow, useCatalogueWrites } from '../api/catalogue';
import {
  CATALOGUE_FIELDS,
  type CatalogueFormValues,
  catalogueResolver,
  changedCatalogueFields,
  emptyValues,
  type FieldSpec,
  serverCatalogueErrors,
  toCatalogueBody,
  toCatalogueFormValues,
} from '../utils/catalogue-values';
import { ColorField } from './color-field';
import styles from './console.module.css';
import { ConsoleField, inputProps } from './console-field';
import formStyles from './fields.module.css';
import { useScheduleSettings } from './schedule-settings';

/** Each API field's label and hint, as `catalogue.fields.<key>` texts. */
const LABELS: Record<string, { label: string; hint?: string }> = {
  name: { label: 'name' },
  short_name: { label: 'shortName' },
  alias: { label: 'alias', hint: 'aliasHint' },
  position: { label: 'position', hint: 'positionHint' },
  image: { label: 'image', hint: 'imageHint' },
  logo: { label: 'logo', hint: 'imageHint' },
  color: { label: 'color' },
  school_id: { label: 'school' },
  sport_id: { label: 'sport' },
  gender: { label: 'gender' },
  address: { label: 'address' },
  city: { label: 'city' },
  state: { label: 'state' },
  country: { label: 'country', hint: 'countryHint' },
  time_zone: { label: 'timeZone', hint: 'timeZoneHint' },
};

/**
 * A new row of a kind, or a saved one's changes (only what changed is sent), checked with the contract's schema. The
 * server's field errors land on their fields; an alias another row has lands on the alias.
 */
export function CatalogueForm({
  kind,
  row,
  schools = [],
  sports = [],
  onDone,
}: {
  kind: CatalogueKind;
  row?: CatalogueRow;
  schools?: readonly ConsoleSchool[];
  sports?: readonly ConsoleSport[];
  onDone: () => void;
}) {
  const { t } = useTranslation('console');
  const writes = useCatalogueWrites(kind);
  const { timeZone } = useScheduleSettings();
  const saved = row as Record<string, unknown> | undefined;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CatalogueFormValues>({
    resolver: catalogueResolver(kind),
    defaultValues: saved ? toCatalogueFormValues(kind, saved) : emptyValues(kind, timeZone),
  });
  const color = useWatch({ control, name: 'color' }) ?? '';

  useEffect(() => setFocus('name'), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (row && saved) {
        const body = changedCatalogueFields(kind, saved, values);
        if (!Object.keys(body).length) {
          toast.info(t('catalogue.unchanged'));
          return;
        }
        const updated = await writes.update(row.id, body);
        toast.success(t('catalogue.saved', { name: updated.name }));
      } else {
        const created = await writes.create(toCatalogueBody(kind, values));
        toast.success(t('catalogue.created', { name: created.name }));
      }
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.details?.length) {
        for (const [index, { field, message }] of serverCatalogueErrors(error.details).entries()) {
          setError(field as Path<CatalogueFormValues>, { type: 'server', message }, { shouldFocus: index === 0 });
        }
      } else if (error instanceof ApiError && error.code === 'catalogue_alias_taken') {
        setError('alias', { type: 'server', message: 'aliasTaken' }, { shouldFocus: true });
      } else toast.error(t('catalogue.saveFailed'));
    }
  });

  const field = (spec: FieldSpec) => {
    const { label, hint } = LABELS[spec.name] ?? { label: 'name' };
    const labelText = t(`catalogue.fields.${label}` as 'catalogue.fields.name');
    const hintText = hint ? t(`catalogue.fields.${hint}` as 'catalogue.fields.name') : undefined;
    const error = errors[spec.name];
    if (spec.kind === 'color')
      return (
        <ColorField
          key={spec.name}
          label={labelText}
          value={color}
          registration={register(spec.name)}
          error={error}
          onPick={(value) => setValue(spec.name, value, { shouldDirty: true })}
        />
      );
    const choices =
      spec.kind === 'school'
        ? schools.map((s) => ({ value: String(s.id), label: s.name }))
        : spec.kind === 'sport'
          ? sports.map((s) => ({ value: String(s.id), label: s.name }))
          : spec.kind === 'gender'
            ? GENDERS.map((g) => ({ value: g, label: t(`catalogue.genders.${g}`) }))
            : null;
    return (
      <ConsoleField key={spec.name} label={labelText} hint={hintText} error={error}>
        {(ids) =>
          choices ? (
            <select {...inputProps(ids, error)} {...register(spec.name)}>
              <option value="">{spec.optional ? t('catalogue.genders.none') : t('catalogue.choose')}</option>
              {choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              {...inputProps(ids, error)}
              type={spec.kind === 'number' ? 'number' : 'text'}
              {...(spec.kind === 'number' ? { min: 0, max: 10_000, step: 1 } : {})}
              {...(spec.name === 'alias' || spec.name === 'country'
                ? { spellCheck: false, autoCapitalize: 'none' }
                : {})}
              {...register(spec.name)}
            />
          )
        }
      </ConsoleField>
    );
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-busy={isSubmitting || undefined}>
      <div className={formStyles.row}>{CATALOGUE_FIELDS[kind].map(field)}</div>
      <div className={styles.actions}>
        <button
          type="submit"
          className="button button-solid"
          aria-disabled={isSubmitting || undefined}
          onClick={(event) => {
            if (isSubmitting) event.preventDefault();
          }}
        >
          {isSubmitting ? t('catalogue.saving') : row ? t('catalogue.save') : t(`catalogue.add.${kind}`)}
        </button>
        <button type="button" className="button button-outline" onClick={onDone}>
          {t('catalogue.cancel')}
        </button>
      </div>
    </form>
  );
}
