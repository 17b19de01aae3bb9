import type { FavoriteType } from '@sideline/contract/enums';
import type { ReactNode } from 'react';

/** Something a fan can follow from an event's card or page: a team, the school, the sport, the game itself. */
export type FavoriteTarget = { type: FavoriteType; id: number; name: string };

/**
 * Draws the favorite control for a target. Events do not know about favorites (features stay apart): the app
 * composes the favorites feature's toggle in through this.
 */
export type RenderFavorite = (target: FavoriteTarget, variant?: 'icon' | 'labelled') => ReactNode;
