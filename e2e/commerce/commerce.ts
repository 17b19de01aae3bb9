import type { Order, Pass, Transaction } from '@sideline/contract/commerce';
import type { Event } from '@sideline/contract/events';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { demoEvents, guestKey } from '../support/catalogue';
import { latestLink, uniqueEmail } from '../support/outbox';
import { openAsGuest } from '../support/sign-in';
import { urlFor } from '../support/urls';

/** Stripe's test card numbers, which the sandbox provider honours the same way. */
export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  challenge: '4000 0027 6000 3184',
} as const;

/** The demo's promo code (10 % off passes). */
export const DEMO_COUPON = 'SIDELINE10';

/** Every pass of the English demo channel (packages and subscriptions), as a guest sees them. */
export async function demoPasses(): Promise<Pass[]> {
  const key = encodeURIComponent(await guestKey());
  const lists = await Promise.all(
    ['packages', 'subscriptions'].map(async (kind) => {
      const res = await fetch(`${inject('baseUrl')}/api/${kind}?no_limit=1&api_key=${key}`);
      return ((await res.json()) as { data: Pass[] }).data;
    }),
  );
  return lists.flat();
}

/** The first pass that `accept` takes, or a failure naming what was looked for. */
export async function findPass(what: string, accept: (pass: Pass) => boolean): Promise<Pass> {
  const pass = (await demoPasses()).find(accept);
  if (!pass) throw new Error(`the demo has no ${what}`);
  return pass;
}

/**
 * A finished paid game sold alone, picked by position so the tests spread over the demo's games (each test buys
 * with a fan of its own, so two tests on one game would still be right).
 */
export async function paidGame(index: number): Promise<Event> {
  const paid = (await demoEvents()).filter((e) => e.type === 'paid' && e.base_price > 0);
  const game = paid[index % Math.max(paid.length, 1)];
  if (!game) throw new Error('the demo has no paid finished game');
  return game;
}

/** Calls the API from the page with the page's own key (what the app would send), answering the JSON body. */
export function callApi<T>(page: Page, method: 'GET' | 'POST', path: string, body: object = {}): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = localStorage.getItem('sideline:api-key') ?? '';
      const url = new URL(`/api${path}`, location.origin);
      if (method === 'GET') url.searchParams.set('api_key', key);
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify({ ...body, api_key: key }),
      });
      return (await res.json()) as T;
    },
    { method, path, body },
  );
}

/** The fan's orders, without the basic pass's free trial that choosing the basic pass starts. */
export const ordersOf = async (page: Page) => {
  const basic = (await demoPasses()).find((p) => p.is_basic)?.id;
  return (await callApi<{ data: Order[] }>(page, 'GET', '/orders?no_limit=1')).data.filter(
    (o) => !(o.type === 'package' && o.product.id === basic),
  );
};
export const transactionsOf = async (page: Page) =>
  (await callApi<{ data: Transaction[] }>(page, 'GET', '/transactions?no_limit=1')).data;

/**
 * A new fan of the English channel, signed in on `page` with the basic pass chosen: registered through the API,
 * verified by the mailed link (which signs the browser in), the basic pass chosen as the passes page does.
 */
export async function newFan(page: Page, tag: string): Promise<string> {
  const email = uniqueEmail(tag, 'commerce');
  await openAsGuest(page, urlFor('localhost', '/404'));
  const status = await page.evaluate(async (email) => {
    const res = await fetch('/api/v2/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Casey',
        last_name: 'Buyer',
        email,
        password: 'Checkout-2026',
        password_confirmation: 'Checkout-2026',
        terms_accepted: true,
        api_key: localStorage.getItem('sideline:api-key'),
      }),
    });
    return res.status;
  }, email);
  expect(status).toBeLessThan(300);
  await page.goto(await latestLink(email));
  await page.waitForURL('**/packages');
  await page.getByRole('main').getByRole('button', { name: 'Choose the basic pass' }).click();
  await page.waitForURL(urlFor('localhost', '/'));
  return email;
}

/** Chooses "A new card" on /buy and types a card into the provider's form (the sandbox's own fields). */
export async function enterNewCard(page: Page, number: string, labels = ENGLISH_CARD_LABELS) {
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: labels.newCard }).check();
  await main.getByLabel(labels.number).fill(number);
  await main.getByLabel(labels.expiry).fill('12/34');
  await main.getByLabel(labels.cvc).fill('123');
}

export const ENGLISH_CARD_LABELS = {
  newCard: 'A new card',
  number: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'Security code (CVC)',
};

/** Presses Pay (or Start the free trial) on /buy. */
export const pressPay = (page: Page, name: RegExp = /^(Pay |Start the free trial)/) =>
  page.getByRole('main').getByRole('button', { name }).click();

/**
 * The sandbox's authentication page for a 3-D Secure card: approve or refuse. Its buttons are the sandbox's own
 * (named like Stripe's test page: Complete / Fail authentication).
 */
export async function answerChallenge(page: Page, approve: boolean) {
  await page.waitForURL((url) => !url.pathname.startsWith('/buy'));
  const button = page.getByRole('button', {
    name: approve ? /complete|approve|authori[sz]e|confirm/i : /fail|refuse|decline|cancel/i,
  });
  await button.first().click();
  await page.waitForURL('**/buy?**');
}
