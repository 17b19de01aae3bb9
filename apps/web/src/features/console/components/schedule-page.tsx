import { type ConsoleGame, type ConsoleMe, roleAllows } from '@sideline/contract/console';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { GAMES_PAGE_SIZE, type GameStatus, useConsoleGames } from '../api/schedule';
import { schedulePaths } from '../sections';
import { formatPrice } from '../utils/game-values';
import { readScheduleSearch, type ScheduleSearch, writeScheduleSearch } from '../utils/schedule-query';
import styles from './console.module.css';
import { ConsoleLoadError, ConsoleLoading } from './console-states';
import formStyles from './fields.module.css';
import { useScheduleSettings } from './schedule-settings';

/** A game's start on the channel's wall clock, with the zone's name: "Mar 14, 2027, 7:30 PM (America/Chicago)". */
export function formatStart(game: Pick<ConsoleGame, 'starts_at' | 'time_zone'>, language: string): string {
  try {
    const format = new Intl.DateTimeFormat(language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: game.time_zone,
    });
    return format.format(new Date(game.starts_at));
  } catch {
    return game.starts_at;
  }
}

/** The console's schedule: the channel's games, a status filter and pages in the address. */
export function SchedulePage({ me }: { me: ConsoleMe }) {
  const { t, i18n } = useTranslation('console');
  const [params, setParams] = useSearchParams();
  const search = readScheduleSearch(params);
  const games = useConsoleGames(search.status, search.offset);
  const { currency } = useScheduleSettings();
  const canWrite = roleAllows(me.role, 'write');
  const go = (next: ScheduleSearch) => setParams(writeScheduleSearch(next));
  const meta = games.data?.meta;
  const rows = games.data?.data ?? [];

  return (
    <section className={styles.section} aria-labelledby="console-schedule">
      <h2 id="console-schedule">{t('schedule.title')}</h2>
      <p>{t('schedule.intro')}</p>
      {canWrite ? (
        <div className={styles.actions}>
          <Link to={schedulePaths.newGame} className="button button-solid">
            {t('schedule.newGame')}
          </Link>
          <Link to={schedulePaths.import} className="button button-outline">
            {t('schedule.import')}
          </Link>
        </div>
      ) : (
        <p className={styles.notice}>{t('schedule.readOnly')}</p>
      )}
      <div className={styles.statusFilter}>
        <div className={formStyles.field}>
          <label htmlFor="schedule-status" className={formStyles.label}>
            {t('schedule.filter')}
          </label>
          <select
            id="schedule-status"
            className={formStyles.input}
            value={search.status ?? ''}
            onChange={(event) => go({ status: (event.target.value || undefined) as GameStatus | undefined, offset: 0 })}
          >
            <option value="">{t('schedule.all')}</option>
            {(['upcoming', 'live', 'finished'] as const).map((status) => (
              <option key={status} value={status}>
                {t(`schedule.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {games.isPending ? (
        <ConsoleLoading label={t('schedule.loading')} />
      ) : games.isError ? (
        <ConsoleLoadError onRetry={() => void games.refetch()} />
      ) : rows.length === 0 ? (
        <p role="status">{t('schedule.empty')}</p>
      ) : (
        <div className={formStyles.tableFrame}>
          <table className={formStyles.table}>
            <caption className="sr-only">{t('schedule.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('schedule.start')}</th>
                <th scope="col">{t('schedule.name')}</th>
                <th scope="col">{t('schedule.status')}</th>
                <th scope="col">{t('schedule.access')}</th>
                <th scope="col">{t('schedule.price')}</th>
                <th scope="col">{t('schedule.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((game) => (
                <tr key={game.id}>
                  <td>
                    <time dateTime={game.starts_at}>{formatStart(game, i18n.language)}</time>
                    <br />
                    <span className={styles.zone}>{game.time_zone}</span>
                  </td>
                  <td>{game.name}</td>
                  <td>{t(`schedule.statuses.${game.status}`)}</td>
                  <td>{t(`schedule.accessTypes.${game.access_type}`)}</td>
                  <td>
                    {game.access_type === 'ppv'
                      ? formatPrice(game.price_cents, currency, i18n.language)
                      : t('schedule.noPrice')}
                  </td>
                  <td>
                    <Link
                      to={schedulePaths.game(game.id)}
                      className={styles.rowLink}
                      aria-label={t('schedule.openGame', { name: game.name })}
                    >
                      {t('schedule.open')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {meta && meta.total > 0 && (
        <nav aria-label={t('schedule.pages')} className={styles.pager}>
          <button
            type="button"
            className="button button-outline"
            disabled={search.offset === 0}
            onClick={() => go({ ...search, offset: Math.max(0, search.offset - GAMES_PAGE_SIZE) })}
          >
            {t('schedule.previous')}
          </button>
          <span aria-live="polite">
            {t('schedule.range', {
              first: search.offset + 1,
              last: Math.min(search.offset + rows.length, meta.total),
              total: meta.total,
            })}
          </span>
          <button
            type="button"
            className="button button-outline"
            disabled={search.offset + GAMES_PAGE_SIZE >= meta.total}
            onClick={() => go({ ...search, offset: search.offset + GAMES_PAGE_SIZE })}
          >
            {t('schedule.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
