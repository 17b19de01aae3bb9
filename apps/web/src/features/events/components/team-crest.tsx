import type { Participant } from '@sideline/contract/events';
import type { CSSProperties } from 'react';
import styles from './team-crest.module.css';

/**
 * A team's crest in a ring of its colour; its short name in the colour when it has no logo. Decorative: the
 * team's name is always written next to it.
 */
export function TeamCrest({ team, size = 32 }: { team: Participant; size?: number }) {
  return (
    <span className={styles.crest} style={{ '--team': team.color, width: size, height: size } as CSSProperties}>
      {team.images.logo ? (
        <img src={team.images.logo} alt="" width={size} height={size} loading="lazy" decoding="async" />
      ) : (
        <span className={styles.initials} aria-hidden="true">
          {team.short_name.slice(0, 4)}
        </span>
      )}
    </span>
  );
}
