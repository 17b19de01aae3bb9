import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's default tolerance between the signature's timestamp and now. */
export const SIGNATURE_TOLERANCE_S = 300;

/** `Stripe-Signature: t=<unix>,v1=<hex hmac-sha256 of "t.body">`, as Stripe signs its webhooks. */
export function signWebhook(body: string, secret: string, at = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${v1}`;
}

/** Whether the header signs this raw body with the secret, within the tolerance. Any v1 may match (key rolls). */
export function verifyWebhookSignature(
  raw: Buffer,
  header: string | undefined,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now - t) > SIGNATURE_TOLERANCE_S) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(raw).digest();
  return parts
    .filter(([k, v]) => k === 'v1' && v !== undefined && /^[0-9a-f]{64}$/.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v as string, 'hex'), expected));
}
