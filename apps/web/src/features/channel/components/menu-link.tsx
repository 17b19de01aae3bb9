import type { MenuItem } from '@sideline/contract/channel';
import { NavLink } from 'react-router';
import { ExternalLink } from '@/components/ui/external-link';

/** External when the channel says so or when the address has its own scheme (https:, mailto:). */
export const isExternal = (item: Pick<MenuItem, 'target' | 'url'>) =>
  item.target === 'external' || /^[a-z][a-z0-9+.-]*:/i.test(item.url);

/** One menu entry: an in-app link, or an external one that opens in a new tab. */
export function MenuLink({
  item,
  className,
  onNavigate,
}: {
  item: MenuItem;
  className?: string;
  onNavigate?: () => void;
}) {
  return isExternal(item) ? (
    <ExternalLink href={item.url} className={className} onClick={onNavigate}>
      {item.name}
    </ExternalLink>
  ) : (
    <NavLink to={item.url} end={item.url === '/'} className={className} onClick={onNavigate}>
      {item.name}
    </NavLink>
  );
}
