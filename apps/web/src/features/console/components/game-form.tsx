import type { ConsoleGame } from '@sideline/contract/console';
import { useEffect } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '@/components/ui/icons';
import { ApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { type Catalogue, useScheduleWrites } from '../api/schedule';
import {
  ACCESS_TYPES,
  EMPTY_GAME,
  type GameErrorName,
  type GameFormValues,
  gameResolver,
  serverGameErrors,
  toGameFormValues,
  toGameUpdate,
  toNewGame,
} from '../utils/game-values';
import styles from './console.module.css';
import { inputProps } from './console-field';
import formStyles from './fields.module.css';
import { GameField } from './game-field';

export const GAME_ERROR_NAMES: readonly GameErrorName[] = [
  'required',
  'teams',
  'price',
  'start',
  'duration',
  'invalid',
];

/** A 409's words: the console's text for a code it knows, the server's message otherwise. */
export function useRefusal() {
  const { t } = useTranslation('console');
  return (error: unknown): string | null => {
    if (!(error instanceof ApiError) || error.status !== 409) return null;
    const known = ['game_started', 'game_has_orders', 'game_not_live'] as const;
    const code = known.find((c) => c === error.code);
    return code ? t(`game.refused.${code}`) : error.message;
  };
}

/**
 * A new game, or a saved one's changes (only what changed is sent). Teams are those of the chosen sport; the
 * price, in the currency's major units, is asked for a pay-per-view game only. The server's field errors land on
 * their fields.
 */
export function GameForm({
  game,
  catalogue,
  currency,
  timeZone,
  onSaved,
  onCancel,
}: {
  game?: ConsoleGame;
  catalogue: Catalogue;
  currency: string;
  timeZone: string | undefined;
  onSaved: (game: ConsoleGame) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('console');
  const writes = useScheduleWrites();
  const refusal = useRefusal();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<GameFormValues>({
    resolver: gameResolver,
    defaultValues: game ? toGameFormValues(game) : EMPTY_GAME,
  });
  const sportId = useWatch({ control, name: 'sport_id' });
  const access = useWatch({ control, name: 'access_type' });
  const teams = catalogue.teams.filter((team) => String(team.sport_id) === sportId);

  // A team of another sport is no choice once the sport changes.
  useEffect(() => {
    for (const side of ['home_team_id', 'away_team_id'] as const) {
      const chosen = getValues(side);
      if (chosen && !teams.some((team) => String(team.id) === chosen)) setValue(side, '');
    }
  }, [teams, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (game) {
        const body = toGameUpdate(game, values);
        if (!Object.keys(body).length) {
          toast.info(t('gameForm.unchanged'));
          return;
        }
        const saved = await writes.update(game.id, body);
        reset(toGameFormValues(saved));
        toast.success(t('gameForm.saved'));
        onSaved(saved);
      } else {
        const created = await writes.create(toNewGame(values));
        toast.success(t('gameForm.created'));
        onSaved(created);
      }
    } catch (error) {
      const refused = refusal(error);
      if (error instanceof ApiError && error.code === 'validation_failed' && error.details?.length) {
        for (const [index, { field, message }] of serverGameErrors(error.details).entries()) {
          setError(field as Path<GameFormValues>, { type: 'server', message }, { shouldFocus: index === 0 });
        }
      } else if (refused) toast.error(refused);
      else toast.error(t('gameForm.saveFailed'));
    }
  });

  const errorOf = (field: keyof GameFormValues) => {
    const message = errors[field]?.message;
    const name = GAME_ERROR_NAMES.find((n) => n === message) ?? 'invalid';
    return errors[field] ? { ...errors[field], message: t(`gameForm.errors.${name}`) } : undefined;
  };

  const teamSelect = (side: 'home_team_id' | 'away_team_id', label: string) => (
    <GameField label={label} error={errorOf(side)}>
      {(ids) => (
        <select {...inputProps(ids, errorOf(side))} {...register(side)} disabled={!sportId}>
          <option value="">{sportId ? t('gameForm.choose') : t('gameForm.chooseSportFirst')}</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </select>
      )}
    </GameField>
  );

  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-busy={isSubmitting || undefined}>
      <div className={formStyles.row}>
        <GameField label={t('gameForm.sport')} error={errorOf('sport_id')}>
          {(ids) => (
            <select {...inputProps(ids, errorOf('sport_id'))} {...register('sport_id')}>
              <option value="">{t('gameForm.choose')}</option>
              {catalogue.sports.map((sport) => (
                <option key={sport.id} value={sport.id}>
                  {sport.name}
                </option>
              ))}
            </select>
          )}
        </GameField>
        {teamSelect('home_team_id', t('gameForm.home'))}
        {teamSelect('away_team_id', t('gameForm.away'))}
      </div>
      <div className={formStyles.row}>
        <GameField label={t('gameForm.name')} hint={t('gameForm.nameHint')} error={errorOf('name')}>
          {(ids) => <input {...inputProps(ids, errorOf('name'))} type="text" {...register('name')} />}
        </GameField>
        <GameField label={t('gameForm.venue')} error={errorOf('venue_id')}>
          {(ids) => (
            <select {...inputProps(ids, errorOf('venue_id'))} {...register('venue_id')}>
              <option value="">{t('gameForm.noVenue')}</option>
              {catalogue.venues.map((venue) => (
                <option key={venue.id} value={venue.id}>
                  {venue.name}
                </option>
              ))}
            </select>
          )}
        </GameField>
      </div>
      <div className={formStyles.row}>
        <GameField
          label={t('gameForm.start')}
          hint={t('gameForm.startHint', { zone: game?.time_zone ?? timeZone ?? '' })}
          error={errorOf('starts_at_local')}
        >
          {(ids) => (
            <input
              {...inputProps(ids, errorOf('starts_at_local'))}
              type="datetime-local"
              step={60}
              {...register('starts_at_local')}
            />
          )}
        </GameField>
        <GameField label={t('gameForm.duration')} error={errorOf('duration_minutes')}>
          {(ids) => (
            <input
              {...inputProps(ids, errorOf('duration_minutes'))}
              type="number"
              min={10}
              max={1440}
              step={5}
              {...register('duration_minutes')}
            />
          )}
        </GameField>
      </div>
      <div className={formStyles.row}>
        <GameField label={t('gameForm.access')} error={errorOf('access_type')}>
          {(ids) => (
            <select {...inputProps(ids, errorOf('access_type'))} {...register('access_type')}>
              {ACCESS_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`schedule.accessTypes.${type}`)}
                </option>
              ))}
            </select>
          )}
        </GameField>
        {access === 'ppv' && (
          <GameField label={t('gameForm.price', { currency })} hint={t('gameForm.priceHint')} error={errorOf('price')}>
            {(ids) => (
              <input {...inputProps(ids, errorOf('price'))} type="text" inputMode="decimal" {...register('price')} />
            )}
          </GameField>
        )}
      </div>
      {errors.root && (
        <p className={formStyles.error}>
          <AlertIcon width={16} height={16} />
          {t('gameForm.errors.invalid')}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="submit"
          className="button button-solid"
          aria-disabled={isSubmitting || undefined}
          onClick={(event) => {
            if (isSubmitting) event.preventDefault();
          }}
        >
          {isSubmitting ? t('gameForm.saving') : game ? t('gameForm.save') : t('gameForm.create')}
        </button>
        {onCancel && (
          <button type="button" className="button button-outline" onClick={onCancel}>
            {t('gameForm.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
