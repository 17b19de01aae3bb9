import { useQuery } from '@tanstack/react-query';
import { type PurchaseLinks, purchaseLinks } from '../utils/purchase';
import { passesQueryOptions } from './get-passes';

type GameLike = { id: number; type: string; has_access: boolean };

/**
 * Where a game the fan cannot watch is bought (see `purchaseLinks`); the passes are asked for only for a paid or
 * pay-per-view game without access. Undefined until known.
 */
export function usePurchaseLinks(event: GameLike | null | undefined): PurchaseLinks | undefined {
  const needed = !!event && !event.has_access && (event.type === 'paid' || event.type === 'ppv');
  const { data } = useQuery({ ...passesQueryOptions(), enabled: needed });
  return needed && data && event ? purchaseLinks(event, data) : undefined;
}
