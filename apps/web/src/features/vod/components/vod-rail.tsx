import { VOD_RAIL_SCROLL_MS } from '@sideline/contract/constants';
import type { VodRail as LibraryRail } from '@sideline/contract/vod';
import { useTranslation } from 'react-i18next';
import { Rail } from '@/components/ui/rail/rail';
import { useCardsInReach } from '@/hooks/use-cards-in-reach';
import { VodCard } from './vod-card';

/** Cards a rail makes at a time: its first screen on any width (see useCardsInReach). */
const CARDS_AT_A_TIME = 4;

/**
 * A library rail: a titled, horizontally scrolling row of video cards whose arrows glide by whole cards over
 * VOD_RAIL_SCROLL_MS, as the on-demand game rail does; its cards are made as the fan nears them.
 */
export function VodRail({ rail, eager }: { rail: LibraryRail; eager: boolean }) {
  const { t } = useTranslation('vod');
  const count = rail.vod_media_items.length;
  const { shown, last } = useCardsInReach<HTMLLIElement>(count, CARDS_AT_A_TIME);
  if (!count) return null;
  return (
    <Rail
      title={rail.title}
      previousLabel={t('library.railPrevious', { title: rail.title })}
      nextLabel={t('library.railNext', { title: rail.title })}
      scrollMs={VOD_RAIL_SCROLL_MS}
      count={shown}
    >
      {rail.vod_media_items.slice(0, shown).map((item, index) => (
        <li key={item.id} ref={index === shown - 1 ? last : undefined}>
          <VodCard item={item} eager={eager && index < 3} />
        </li>
      ))}
    </Rail>
  );
}
