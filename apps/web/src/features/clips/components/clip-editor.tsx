import { zodResolver } from '@hookform/resolvers/zod';
import type { Clip } from '@sideline/contract/clips';
import { VALIDATION_MESSAGES as V } from '@sideline/contract/messages';
import { useEffect, useId, useMemo } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { ApiError } from '@/lib/api-error';
import { useCreateClip } from '../api/create-clip';
import { useClipTags } from '../api/get-clip-tags';
import {
  CLIP_MAX_DURATION_S,
  type ClipFormValues,
  clipErrorKey,
  clipFormSchema,
  initialClipValues,
  LIVE_CLIP_DURATIONS_S,
  type PlayerPosition,
} from '../utils/clip-form';
import { clipErrorText } from '../utils/error-text';
import styles from './clips.module.css';
import { Modal } from './modal';

export type ClipEditorProps = {
  eventId: number;
  /** A live game: the clip is the last 30 or 60 seconds up to the live edge. */
  live: boolean;
  /** The player's position now (a finished game), read when the editor opens and on request. */
  getPosition: () => PlayerPosition | null;
  onClose: () => void;
  /** The clip was accepted; `notice` is what to tell the fan (a live clip shorter than asked says so). */
  onCreated: (clip: Clip, notice: string) => void;
};

const FIELDS = ['name', 'start_time', 'duration', 'tags'] as const;
const isField = (name: string | undefined): name is (typeof FIELDS)[number] =>
  FIELDS.includes(name as (typeof FIELDS)[number]);
/** Schema failures name their place first: `body.name: Please fill in the input field`. */
const BODY_FIELD = /^body\.(\w+)/;
/** The form field a server's validation failure concerns, if it is one of the editor's. */
function failedField(error: unknown) {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return undefined;
  const field = error.field ?? BODY_FIELD.exec(error.message)?.[1];
  return isField(field) ? field : undefined;
}

/** The clip editor: a dialog with the clip's name, its moment (start and length, or live: the last 30/60 s) and tags. */
export function ClipEditor({ eventId, live, getPosition, onClose, onCreated }: ClipEditorProps) {
  const { t } = useTranslation('clips');
  const lng = useLanguage();
  const ids = { name: useId(), start: useId(), duration: useId(), hint: useId() };
  const errorId = (field: string) => `${ids.name}-${field}-error`;
  const tags = useClipTags();
  const create = useCreateClip();
  // Read once: the form's values must not follow the player while the fan types.
  const opened = useMemo(() => getPosition(), [getPosition]);
  const endS = live ? null : (opened?.duration ?? null);
  const form = useForm<ClipFormValues>({
    resolver: zodResolver(clipFormSchema(endS)),
    defaultValues: initialClipValues(live, opened),
  });
  const { errors } = form.formState;
  // The dialog starts on its first field (the browser would pick its close button).
  useEffect(() => form.setFocus('name'), [form]);

  const message = (field: (typeof FIELDS)[number], error: FieldError | undefined) => {
    const key = clipErrorKey(field, error?.message);
    return key ? t(key, { max: CLIP_MAX_DURATION_S }) : null;
  };
  const fieldError = (field: (typeof FIELDS)[number]) => {
    const text = message(field, errors[field] as FieldError | undefined);
    return text ? (
      <p id={errorId(field)} className={styles.error}>
        {text}
      </p>
    ) : null;
  };
  const invalid = (field: (typeof FIELDS)[number]) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
  });

  const submit = form.handleSubmit((values) =>
    create.mutate(
      {
        event_id: eventId,
        name: values.name,
        start_time: live ? 0 : values.start_time,
        duration: values.duration,
        tags: values.tags,
      },
      {
        onSuccess: (clip) => {
          // A live feed opened moments ago holds less than the asked seconds: the server cuts what there is.
          const shorter = live && clip.duration < values.duration - 0.5;
          onCreated(
            clip,
            shorter
              ? t('clips.editor.createdShorter', { seconds: Math.round(clip.duration), asked: values.duration })
              : t('clips.editor.created'),
          );
        },
        onError: (error) => {
          // A check only the server can make (the recording's end, a tag off the list) goes back to its field.
          const field = failedField(error);
          if (!field) return;
          const text = error.message.includes(V.clipDurationTooLong) ? V.clipDurationTooLong : error.message;
          form.setError(field, { message: text }, { shouldFocus: true });
        },
      },
    ),
  );
  // Any other failure is said above the buttons, by its code.
  const serverError = create.error && !failedField(create.error) ? create.error : null;

  return (
    <Modal title={t('clips.editor.title')} onClose={onClose} closeLabel={t('clips.list.close')}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={ids.name}>
            {t('clips.editor.name')}
          </label>
          <input
            id={ids.name}
            className={styles.input}
            maxLength={120}
            autoComplete="off"
            {...invalid('name')}
            {...form.register('name')}
          />
          {fieldError('name')}
        </div>

        {live ? (
          <Controller
            control={form.control}
            name="duration"
            render={({ field }) => (
              <fieldset className={styles.field}>
                <legend className={styles.label}>{t('clips.editor.live')}</legend>
                <div className={styles.chips}>
                  {LIVE_CLIP_DURATIONS_S.map((seconds) => (
                    <label key={seconds} className={styles.chip}>
                      <input
                        type="radio"
                        name={field.name}
                        value={seconds}
                        checked={field.value === seconds}
                        onChange={() => field.onChange(seconds)}
                      />
                      {t('clips.editor.liveOption', { seconds })}
                    </label>
                  ))}
                </div>
                {/* The server's answer when the live stream is still shorter than the clip. */}
                {fieldError('duration')}
              </fieldset>
            )}
          />
        ) : (
          <div className={styles.row}>
            <div className={styles.field}>
              <label className={styles.label} htmlFor={ids.start}>
                {t('clips.editor.start')}
              </label>
              <input
                id={ids.start}
                className={styles.input}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                {...invalid('start_time')}
                {...form.register('start_time', { valueAsNumber: true })}
              />
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => {
                  const now = getPosition();
                  if (now)
                    form.setValue('start_time', Math.floor(now.currentTime), {
                      shouldValidate: form.formState.isSubmitted,
                    });
                }}
              >
                {t('clips.editor.startNow')}
              </button>
              {fieldError('start_time')}
            </div>
            <div className={styles.field}>
              <label className={styles.label} htmlFor={ids.duration}>
                {t('clips.editor.duration')}
              </label>
              <input
                id={ids.duration}
                className={styles.input}
                type="number"
                inputMode="numeric"
                min={1}
                max={CLIP_MAX_DURATION_S}
                step={1}
                aria-invalid={errors.duration ? true : undefined}
                aria-describedby={errors.duration ? `${ids.hint} ${errorId('duration')}` : ids.hint}
                {...form.register('duration', { valueAsNumber: true })}
              />
              <p id={ids.hint} className={styles.hint}>
                {t('clips.editor.durationHint', { max: CLIP_MAX_DURATION_S })}
              </p>
              {fieldError('duration')}
            </div>
          </div>
        )}

        <Controller
          control={form.control}
          name="tags"
          render={({ field }) => (
            <fieldset className={styles.field} {...invalid('tags')}>
              <legend className={styles.label}>{t('clips.editor.tags')}</legend>
              {tags.isPending && <p className={styles.hint}>{t('clips.editor.tagsLoading')}</p>}
              {tags.isError && <p className={styles.error}>{t('clips.editor.tagsFailed')}</p>}
              <div className={styles.chips}>
                {tags.data?.map((tag) => {
                  const on = field.value.includes(tag.alias);
                  return (
                    <button
                      key={tag.alias}
                      type="button"
                      className={styles.chip}
                      aria-pressed={on}
                      onClick={() =>
                        field.onChange(on ? field.value.filter((a) => a !== tag.alias) : [...field.value, tag.alias])
                      }
                    >
                      {tag.names[lng] ?? tag.names.en ?? tag.alias}
                    </button>
                  );
                })}
              </div>
              {fieldError('tags')}
            </fieldset>
          )}
        />

        <p className={styles.hint}>{t('clips.editor.note')}</p>
        {serverError && (
          <p role="alert" className={styles.error}>
            {t(clipErrorText(serverError))}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className="button button-outline" onClick={onClose}>
            {t('clips.editor.cancel')}
          </button>
          <button type="submit" className="button button-solid" disabled={create.isPending}>
            {create.isPending ? t('clips.editor.submitting') : t('clips.editor.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
