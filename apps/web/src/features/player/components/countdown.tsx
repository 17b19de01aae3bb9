import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownParts, pad2 } from '../utils/countdown';
import styles from './watch-screen.module.css';

/**
 * The time left until kick-off, ticking every second from `Date.now` (so a test clock drives it). `onZero`
 * fires once when it reaches zero, for the page to ask at once whether the game is live.
 */
export function Countdown({ startMs, onZero }: { startMs: number; onZero?: () => void }) {
  const { t } = useTranslation('player');
  const [now, setNow] = useState(() => Date.now());
  const zeroRef = useRef(onZero);
  zeroRef.current = onZero;
  const fired = useRef(false);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const reached = now >= startMs;
  useEffect(() => {
    if (!reached || fired.current) return;
    fired.current = true;
    zeroRef.current?.();
  }, [reached]);

  if (reached) return <p className={styles.starting}>{t('watchStates.notStarted.starting')}</p>;
  const parts = countdownParts(startMs, now);
  const units = [
    { key: 'days', value: String(parts.days), label: t('watchStates.notStarted.days') },
    { key: 'hours', value: pad2(parts.hours), label: t('watchStates.notStarted.hours') },
    { key: 'minutes', value: pad2(parts.minutes), label: t('watchStates.notStarted.minutes') },
    { key: 'seconds', value: pad2(parts.seconds), label: t('watchStates.notStarted.seconds') },
  ].filter((u) => u.key !== 'days' || parts.days > 0);
  return (
    <div className={styles.countdown}>
      <p className={styles.countdownLabel}>{t('watchStates.notStarted.startsIn')}</p>
      {/* Read out once, not every second: the live region would otherwise talk over everything. */}
      <ol className={styles.units} aria-live="off" data-testid="countdown">
        {units.map((u) => (
          <li key={u.key} className={styles.unit}>
            <span className={styles.unitValue}>{u.value}</span>
            <span className={styles.unitLabel}>{u.label}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
