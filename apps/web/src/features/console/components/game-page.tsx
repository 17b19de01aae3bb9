import { type ConsoleGame, type ConsoleMe, roleAllows } from '@sideline/contract/console';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useCatalogue, useConsoleGame, useScheduleWrites } from '../api/schedule';
import { schedulePaths } from '../sections';
import { formatPrice } from '../utils/game-values';
import styles from './console.module.css';
import { ConsoleLoadError, ConsoleLoading } from './console-states';
import { GameForm, useRefusal } from './game-form';
import { IngestHealthPanel } from './ingest-health-panel';
import { formatStart } from './schedule-page';
import { useScheduleSettings } from './schedule-settings';
import { StreamKeyPanel } from './stream-key-panel';

/** A new game's page: the form, then the new game's own page. */
export function NewGamePage() {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const { currency, timeZone } = useScheduleSettings();
  return (
    <section className={styles.section} aria-labelledby="console-new-game">
      <p>
        <Link to={schedulePaths.list}>{t('schedule.back')}</Link>
      </p>
      <h2 id="console-new-game">{t('gameForm.newTitle')}</h2>
      {catalogue.isPending ? (
        <ConsoleLoading label={t('console.loading')} />
      ) : catalogue.isError ? (
        <ConsoleLoadError onRetry={() => void catalogue.refetch()} />
      ) : (
        <GameForm
          catalogue={catalogue.data}
          currency={currency}
          timeZone={timeZone}
          onSaved={(game) => navigate(schedulePaths.game(game.id))}
          onCancel={() => navigate(schedulePaths.list)}
        />
      )}
    </section>
  );
}

/**
 * One game for the staff: what it is, its ingest health, and for a role with `write` its edit form, its stream key
 * (OBS's server and key), "End game now" while it is live, and Delete.
 */
export function GamePage({ id, me }: { id: number; me: ConsoleMe }) {
  const { t } = useTranslation('console');
  const game = useConsoleGame(id);
  return (
    <section className={styles.section} aria-labelledby="console-game">
      <p>
        <Link to={schedulePaths.list}>{t('schedule.back')}</Link>
      </p>
      {game.isPending ? (
        <ConsoleLoading label={t('console.loading')} />
      ) : game.isError ? (
        <ConsoleLoadError onRetry={() => void game.refetch()} />
      ) : game.data === null ? (
        <>
          <h2 id="console-game">{t('game.details')}</h2>
          <p role="status">{t('schedule.notFound')}</p>
        </>
      ) : (
        <GameDetails game={game.data} canWrite={roleAllows(me.role, 'write')} />
      )}
    </section>
  );
}

function GameDetails({ game, canWrite }: { game: ConsoleGame; canWrite: boolean }) {
  const { t, i18n } = useTranslation('console');
  const navigate = useNavigate();
  const writes = useScheduleWrites();
  const refusal = useRefusal();
  const catalogue = useCatalogue();
  const { currency } = useScheduleSettings();
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const live = game.status === 'live';

  const act = async (confirmText: string, run: () => Promise<unknown>, done: string, failed: string) => {
    if (busy || !window.confirm(confirmText)) return false;
    setBusy(true);
    setRefused(null);
    try {
      await run();
      toast.success(done);
      return true;
    } catch (error) {
      const text = refusal(error);
      if (text) setRefused(text);
      else toast.error(failed);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    const ok = await act(
      t('gameForm.deleteConfirm', { name: game.name }),
      () => writes.remove(game.id),
      t('gameForm.deleted'),
      t('gameForm.deleteFailed'),
    );
    if (ok) navigate(schedulePaths.list);
  };
  const end = () =>
    act(t('game.endConfirm', { name: game.name }), () => writes.end(game.id), t('game.ended'), t('game.endFailed'));

  return (
    <>
      <h2 id="console-game">{game.name}</h2>
      <dl className={styles.facts}>
        <dt>{t('schedule.start')}</dt>
        <dd>{t('game.when', { start: formatStart(game, i18n.language), zone: game.time_zone })}</dd>
        <dt>{t('schedule.status')}</dt>
        <dd>{t(`schedule.statuses.${game.status}`)}</dd>
        <dt>{t('schedule.access')}</dt>
        <dd>{t(`schedule.accessTypes.${game.access_type}`)}</dd>
        {game.access_type === 'ppv' && (
          <>
            <dt>{t('schedule.price')}</dt>
            <dd>{formatPrice(game.price_cents, currency, i18n.language)}</dd>
          </>
        )}
      </dl>
      {refused && (
        <p className={styles.refused} role="alert">
          {refused}
        </p>
      )}
      {canWrite && (
        <div className={styles.actions}>
          {live && (
            <button type="button" className="button button-solid" onClick={() => void end()}>
              {t('game.end')}
            </button>
          )}
          <button type="button" className="button button-outline" onClick={() => void remove()}>
            {t('gameForm.delete')}
          </button>
        </div>
      )}
      <div className={styles.gameColumns}>
        <div className={styles.section}>
          {canWrite && (
            <div className={styles.panel}>
              <h3>{t('gameForm.editTitle')}</h3>
              {catalogue.isPending ? (
                <ConsoleLoading label={t('console.loading')} />
              ) : catalogue.isError ? (
                <ConsoleLoadError onRetry={() => void catalogue.refetch()} />
              ) : (
                <GameForm
                  key={`${game.id}-${game.starts_at}-${game.access_type}-${game.price_cents}`}
                  game={game}
                  catalogue={catalogue.data}
                  currency={currency}
                  timeZone={game.time_zone}
                  onSaved={() => undefined}
                />
              )}
            </div>
          )}
          <IngestHealthPanel id={game.id} finished={game.status === 'finished'} />
        </div>
        {canWrite && <StreamKeyPanel id={game.id} />}
      </div>
    </>
  );
}
