import type { Order, Transaction } from '@sideline/contract/commerce';
import type { Channel } from '../channel';
import { commerceErrors } from './commerce.errors';
import { toOrder, toTransaction } from './order-view';
import type { OrdersRepository } from './orders.repository';

type Fan = { userId: number };
type Page = { offset: number; limit?: number | undefined; no_limit?: '0' | '1' | undefined };
/** Without `no_limit=1` and a limit, a page holds this many (the client asks for no_limit when it wants all). */
const DEFAULT_LIMIT = 50;

const limitOf = (q: Page) => (q.no_limit === '1' ? undefined : (q.limit ?? DEFAULT_LIMIT));

/** The fan's own orders and transactions; anyone else's order answers as if it did not exist. */
export function createOrdersService({
  orders,
  now = () => new Date(),
}: {
  orders: OrdersRepository;
  now?: () => Date;
}) {
  return {
    async list(channel: Channel, fan: Fan, q: Page & { active?: '0' | '1' | undefined }) {
      const limit = limitOf(q);
      const { rows, total } = await orders.listOfUser(fan.userId, channel.id, {
        active: q.active === '1',
        offset: q.offset,
        limit,
        now: now(),
      });
      return { data: rows.map(toOrder), meta: { total, offset: q.offset, limit: limit ?? rows.length } };
    },
    async get(channel: Channel, fan: Fan, id: number): Promise<Order> {
      const order = await orders.ofUser(fan.userId, channel.id, id);
      if (!order) throw commerceErrors.orderNotFound();
      return toOrder(order);
    },
    async transactions(
      channel: Channel,
      fan: Fan,
      q: Page,
    ): Promise<{ data: Transaction[]; meta: { total: number; offset: number; limit: number } }> {
      const limit = limitOf(q);
      const { rows, total } = await orders.transactionsOfUser(fan.userId, channel.id, q.offset, limit);
      return { data: rows.map(toTransaction), meta: { total, offset: q.offset, limit: limit ?? rows.length } };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
