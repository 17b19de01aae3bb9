import type { CreatedChannel } from '@sideline/contract/console';
import { LANGUAGES } from '@sideline/contract/constants';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { createChannel } from '../api/channels';
import {
  EMPTY_NEW_CHANNEL,
  type NewChannelFormValues,
  newChannelResolver,
  serverNewChannelErrors,
  toNewChannel,
} from '../utils/new-channel-values';
import styles from './console.module.css';
import { ConsoleField, inputProps } from './console-field';
import formStyles from './fields.module.css';
import { CopyRow } from './stream-key-panel';

/** The address fans of the new channel open: its host, on this server's port (the demo serves every host on one). */
function fanAddress(host: string): string {
  const { protocol, port } = window.location;
  return `${protocol}//${host}${port ? `:${port}` : ''}/`;
}

/**
 * The platform admin's page: a new channel with its host and first owner. The owner's temporary password is shown
 * once, after the creation, to hand over; the owner picks a new one at first sign-in.
 */
export function NewChannelPage() {
  const { t } = useTranslation('console');
  const [created, setCreated] = useState<CreatedChannel | null>(null);
  const [refused, setRefused] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewChannelFormValues>({ resolver: newChannelResolver, defaultValues: EMPTY_NEW_CHANNEL });

  const onSubmit = handleSubmit(async (values) => {
    setRefused(false);
    try {
      const result = await createChannel(toNewChannel(values));
      setCreated(result);
      reset(EMPTY_NEW_CHANNEL);
      toast.success(t('channels.created', { name: result.channel.name }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.details?.length) {
        for (const [index, { field, message }] of serverNewChannelErrors(error.details).entries()) {
          setError(field as Path<NewChannelFormValues>, { type: 'server', message }, { shouldFocus: index === 0 });
        }
      } else if (error instanceof ApiError && error.code === 'channel_address_taken') setRefused(true);
      else toast.error(t('channels.failed'));
    }
  });

  const field = (name: keyof NewChannelFormValues, type = 'text', hint?: string) => (
    <ConsoleField label={t(`channels.fields.${name}`)} hint={hint} error={errors[name]}>
      {(ids) => <input {...inputProps(ids, errors[name])} type={type} autoComplete="off" {...register(name)} />}
    </ConsoleField>
  );

  return (
    <section className={styles.section} aria-labelledby="console-channels">
      <h2 id="console-channels">{t('channels.title')}</h2>
      <p>{t('channels.intro')}</p>
      {created && (
        <section className={styles.panel} aria-labelledby="channel-created">
          <h3 id="channel-created">{t('channels.createdTitle', { name: created.channel.name })}</h3>
          <p>{t('channels.passwordOnce')}</p>
          <dl className={styles.facts}>
            <dt>{t('channels.fanAddress')}</dt>
            <dd>
              <a href={fanAddress(created.channel.host)}>{fanAddress(created.channel.host)}</a>
            </dd>
            <dt>{t('channels.ownerEmail')}</dt>
            <dd>{created.owner.email}</dd>
            <CopyRow label={t('channels.temporaryPassword')} value={created.owner.temporary_password} />
            <CopyRow label={t('channels.channelKey')} value={created.channel.channel_key} />
          </dl>
        </section>
      )}
      {refused && (
        <p className={styles.refused} role="alert">
          {t('channels.addressTaken')}
        </p>
      )}
      <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-busy={isSubmitting || undefined}>
        <fieldset className={formStyles.row}>
          <legend>{t('channels.channel')}</legend>
          {field('name')}
          {field('slug', 'text', t('channels.slugHint'))}
          {field('host', 'text', t('channels.hostHint'))}
          <ConsoleField label={t('channels.fields.language')} error={errors.language}>
            {(ids) => (
              <select {...inputProps(ids, errors.language)} {...register('language')}>
                {LANGUAGES.map((lng) => (
                  <option key={lng} value={lng}>
                    {t(`channels.languages.${lng}`)}
                  </option>
                ))}
              </select>
            )}
          </ConsoleField>
          {field('currency')}
          {field('time_zone')}
        </fieldset>
        <fieldset className={formStyles.row}>
          <legend>{t('channels.owner')}</legend>
          {field('owner_email', 'email')}
          {field('owner_first_name')}
          {field('owner_last_name')}
        </fieldset>
        <div className={styles.actions}>
          <button
            type="submit"
            className="button button-solid"
            aria-disabled={isSubmitting || undefined}
            onClick={(event) => {
              if (isSubmitting) event.preventDefault();
            }}
          >
            {isSubmitting ? t('channels.creating') : t('channels.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
