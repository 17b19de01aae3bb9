import { describe, expect, it } from 'vitest';
import { AXE_CONTEXT, seriousViolations } from '../support/a11y';
import { suiteBrowser } from '../support/browser';
import { pickLanguage } from '../support/language';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';
import { findPass, newFan, paidGame } from './commerce';

/** /buy in French and Bulgarian (texts, number format), and without serious accessibility faults. */
describe('the checkout screen', () => {
  const browser = suiteBrowser();

  const checkoutHref = async () => {
    const game = await paidGame(4);
    const single = await findPass('single-event package', (p) => p.is_single_event);
    return `/buy?event_id=${game.id}&package_id=${single.id}`;
  };

  it('speaks French: summary, sales rule, card form, Pay with a French amount', async () => {
    const href = await checkoutHref();
    const { context, page } = await visit(browser());
    const main = page.getByRole('main');
    await newFan(page, 'french');
    await page.goto(urlFor('localhost', href));
    await pickLanguage(page, 'fr', 'Language');
    await main.getByRole('heading', { level: 1, name: 'Paiement' }).waitFor();
    const summary = main.getByRole('region', { name: 'Récapitulatif' });
    await summary.getByText('Total aujourd’hui').waitFor();
    await summary.getByText('Toutes les ventes sont définitives.').waitFor();
    // The payment panel says its name once on screen (its radio group keeps it for a screen reader).
    await main.getByRole('group', { name: 'Moyen de paiement' }).waitFor();
    const shownNames = await main
      .getByText('Moyen de paiement', { exact: true })
      .evaluateAll((names) => names.filter((name) => name.getBoundingClientRect().height > 1).length);
    expect(shownNames).toBe(1);
    await main.getByRole('radio', { name: 'Une nouvelle carte' }).check();
    await main.getByLabel('Numéro de carte').waitFor();
    await main.getByLabel('Expiration (MM/AA)').waitFor();
    const pay = main.getByRole('button', { name: /^Payer / });
    expect(await pay.textContent()).toMatch(/^Payer \d+,\d\d\s?\$$/);
    await context.close();
  });

  it('speaks Bulgarian on the Bulgarian channel', async () => {
    const { context, page } = await visit(browser());
    const main = page.getByRole('main');
    await page.goto(urlFor('sofia.localhost', '/packages'));
    const first = main.getByRole('link', { name: /^Купи / }).first();
    await first.click();
    await page.waitForURL(/\/(buy|select-package)/);
    if (new URL(page.url()).pathname === '/buy') {
      // A guest is asked to sign in first, in Bulgarian.
      await main.getByRole('heading', { name: 'Влезте, за да купите' }).waitFor();
      await main.getByRole('link', { name: 'Създайте безплатен профил' }).waitFor();
    } else {
      await main.getByRole('button', { name: 'Към плащането' }).waitFor();
    }
    // Price titles in Bulgarian: a decimal comma and the offer's Bulgarian word.
    await page.goto(urlFor('sofia.localhost', '/packages'));
    const priceTitles = main.getByText(/^[A-Z]{3} \S+\d+,\d\d( \/ .+)?$/);
    await priceTitles.first().waitFor(); // `allTextContents` does not wait for the page
    const titles = await priceTitles.allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.some((t) => / \/ (\d+ )?(месечно|годишно)$/.test(t))).toBe(true);
    await context.close();
  });

  it('has no serious accessibility violation, with the new card form open and an error shown', async () => {
    const href = await checkoutHref();
    const { context, page } = await visit(browser(), AXE_CONTEXT);
    const main = page.getByRole('main');
    await newFan(page, 'axe');
    await page.goto(urlFor('localhost', href));
    await main.getByRole('region', { name: 'Summary' }).getByText('Total today').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await main.getByRole('radio', { name: 'A new card' }).check();
    await main.getByLabel('Card number').fill('1234');
    await main.getByRole('button', { name: /^Pay / }).click();
    await main.getByText('Enter the 12 to 19 digits of the card').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
