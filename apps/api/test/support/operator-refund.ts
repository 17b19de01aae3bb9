import { randomBytes } from 'node:crypto';
import { refundOrder } from '../../src/modules/commerce/refunds';
import { createSandboxRefunds } from '../../src/modules/payment-sandbox/sandbox-refunds';
import {
  createPortalSessions,
  createSandboxSubscriptions,
} from '../../src/modules/payment-sandbox/sandbox-subscriptions';
import type { TestApp } from './test-app';

/** The operator's refund of an order, as `npm run refund` runs it (its own process: no API process is told). */
export const operatorRefund = (t: TestApp, orderId: number) =>
  refundOrder({
    db: t.database.db,
    provider: {
      ...createSandboxRefunds({ db: t.database.db }),
      endSubscriptionNow: createSandboxSubscriptions({
        db: t.database.db,
        portal: createPortalSessions(randomBytes(16).toString('hex')),
      }).endSubscriptionNow,
    },
    orderId,
  });
