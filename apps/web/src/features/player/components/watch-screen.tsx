import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { RefusalScreen } from '../utils/watch-state';
import { Countdown } from './countdown';
import styles from './watch-screen.module.css';

export type WatchScreenProps = {
  screen: RefusalScreen;
  eventId: number;
  /** Kick-off, for the countdown. */
  startMs?: number | null;
  /** Kick-off as the fan reads it, e.g. "Saturday, November 22, 7:00 PM". */
  startText?: string | null;
  poster?: string | null;
  /** The game's own price, when it can be bought alone. */
  priceText?: string | null;
  onRetry: () => void;
  onCountdownEnd?: () => void;
  /**
   * Where this game is bought (the app works it out from the channel's passes): its own checkout and/or the
   * passes; null for a way that does not exist. Without it, the game's checkout and the passes.
   */
  purchase?: { buy: string | null; passes: string | null };
  /** In an iframe: links open the channel's site in a new tab, and the heading is the page's. */
  compact?: boolean;
};

const DIM = 'linear-gradient(rgba(0, 0, 0, 0.6), rgba(0, 0, 0, 0.6))';

type WayOn = { to: string; label: string; solid?: boolean };

/**
 * The designed screens of a game that cannot play (yet): the stage keeps the player's place and proportions,
 * with what happened and the way on (sign in, buy, wait for kick-off, retry).
 */
export function WatchScreen(props: WatchScreenProps) {
  const { screen, eventId, compact } = props;
  const { t } = useTranslation('player');
  const Heading = compact ? 'h1' : 'h2';
  let title: string;
  let message: string | null = null;
  let links: WayOn[] = [];
  let extra: ReactNode = null;
  let retry = false;

  switch (screen) {
    case 'not_started':
      title = t('watchStates.notStarted.title');
      extra = (
        <>
          {props.startText && (
            <p className={styles.message}>{t('watchStates.notStarted.startsAt', { time: props.startText })}</p>
          )}
          {props.startMs != null && <Countdown startMs={props.startMs} onZero={props.onCountdownEnd} />}
        </>
      );
      break;
    case 'login_required':
      title = t('watchStates.loginRequired.title');
      // A guest is asked to sign in for a paid game too: say it is not free, and what it costs.
      message = props.priceText
        ? t('watchStates.loginRequired.paidMessage', { price: props.priceText })
        : t('watchStates.loginRequired.message');
      links = [
        // A game that can be bought: its checkout, which signs the guest in or up and comes back to pay.
        ...(props.purchase?.buy
          ? [{ to: props.purchase.buy, label: t('watchStates.purchaseRequired.buyGame'), solid: true }]
          : []),
        { to: paths.login.href(), label: t('watchStates.loginRequired.signIn'), solid: !props.purchase?.buy },
        { to: paths.registration.href(), label: t('watchStates.loginRequired.register') },
      ];
      break;
    case 'purchase_required':
      title = t('watchStates.purchaseRequired.title');
      message = t('watchStates.purchaseRequired.message');
      extra = props.priceText ? (
        <p className={styles.price}>{t('watchStates.purchaseRequired.price', { price: props.priceText })}</p>
      ) : null;
      {
        const buy = props.purchase
          ? props.purchase.buy
          : `${paths.buy.href()}?${new URLSearchParams({ event_id: String(eventId) })}`;
        const passes = props.purchase ? props.purchase.passes : paths.packages.href();
        links = [
          ...(buy ? [{ to: buy, label: t('watchStates.purchaseRequired.buyGame'), solid: true }] : []),
          ...(passes ? [{ to: passes, label: t('watchStates.purchaseRequired.seePasses'), solid: !buy }] : []),
        ];
      }
      break;
    case 'geo_blocked':
      title = t('watchStates.geoBlocked.title');
      message = t('watchStates.geoBlocked.message');
      break;
    case 'capability_missing':
      title = t('watchStates.capabilityMissing.title');
      message = t('watchStates.capabilityMissing.message');
      links = [{ to: paths.contacts.href(), label: t('watchStates.capabilityMissing.contact') }];
      break;
    case 'media_unavailable':
      title = t('watchStates.mediaUnavailable.title');
      message = t('watchStates.mediaUnavailable.message');
      retry = true;
      break;
    case 'not_found':
      title = t('watchStates.notFound.title');
      message = t('watchStates.notFound.message');
      links = [{ to: paths.home.href(), label: t('watchStates.notFound.home') }];
      break;
    default:
      title = t('watchStates.error.title');
      message = t('watchStates.error.message');
      retry = true;
  }

  // From an iframe, the way on is the channel's own site, in a tab of its own.
  const away = compact ? { target: '_blank', rel: 'noopener' } : {};
  return (
    <section
      className={compact ? `${styles.stage} ${styles.compact}` : styles.stage}
      data-screen={screen}
      aria-labelledby={`watch-screen-${eventId}`}
      // The poster, dimmed so the panel's text reads over any artwork.
      style={props.poster ? { backgroundImage: `${DIM}, url(${JSON.stringify(props.poster)})` } : undefined}
    >
      <div className={styles.panel} role={retry ? 'alert' : undefined}>
        <Heading id={`watch-screen-${eventId}`} className={styles.title}>
          {title}
        </Heading>
        {message && <p className={styles.message}>{message}</p>}
        {extra}
        {(links.length > 0 || retry) && (
          <div className={styles.actions}>
            {retry && (
              <button type="button" className={`button ${styles.solid}`} onClick={props.onRetry}>
                {t('watchStates.retry')}
              </button>
            )}
            {links.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                className={`button ${link.solid ? styles.solid : styles.outline}`}
                {...away}
              >
                {link.label}
              </Link>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
