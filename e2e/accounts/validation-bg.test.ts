import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { uniqueEmail } from '../support/outbox';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';
import { notice } from './account';

const errorsOf = (texts: string[]) => texts.map((t) => t.trim()).filter(Boolean);

/** The Bulgarian channel shows the forms' messages, client-side and from the server, in Bulgarian. */
describe('account forms on sofia.localhost (Bulgarian)', () => {
  const browser = suiteBrowser();

  it('registration: every empty field says what is missing, and the first one takes the focus', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('sofia.localhost', '/registration'));
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Създаване на профил' }).waitFor();
    await main.getByRole('button', { name: 'Създай профил' }).click();
    await main.getByText('Въведете името си').waitFor();
    expect(errorsOf(await main.locator('[id$="-error"]').allTextContents())).toEqual([
      'Въведете името си',
      'Въведете фамилията си',
      'Необходим е валиден имейл адрес',
      'Паролата е твърде кратка',
      'Моля, приемете общите условия',
    ]);
    expect(await main.getByLabel('Име', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await main.getByLabel('Име', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await main.getByLabel('Парола', { exact: true }).fill('дълга-парола-1');
    await main.getByLabel('Потвърдете паролата').fill('друга-парола-2');
    await main.getByLabel('Телефон (по желание)').fill('12');
    await main.getByRole('button', { name: 'Създай профил' }).click();
    await main.getByText('ПАРОЛИТЕ НЕ СЪВПАДАТ').waitFor();
    await main.getByText('Въведете телефонен номер от 10 до 14 цифри').waitFor();
    await context.close();
  });

  it('sign-in and recovery: client checks and the server’s answers, in Bulgarian', async () => {
    const { context, page } = await visit(browser());
    const main = page.getByRole('main');
    await page.goto(urlFor('sofia.localhost', '/login'));
    await main.getByRole('button', { name: 'Вход', exact: true }).click();
    await main.getByText('Необходим е валиден имейл адрес').waitFor();
    await main.getByText('Това поле е задължително').waitFor();

    await main.getByLabel('Имейл').fill('fen@sofia.example');
    await main.getByLabel('Парола', { exact: true }).fill('грешна-парола');
    await main.getByRole('button', { name: 'Вход', exact: true }).click();
    await notice(page, 'Невалиден имейл или парола. Моля, опитайте отново');

    await main.getByRole('link', { name: 'Забравена парола?' }).click();
    await page.waitForURL('**/password-reset-request');
    // The address changes before the recovery view's code has loaded, and the sign-in form (with its own e-mail
    // field) stays on screen until then: filling at once could fill the sign-in form (1 run in 6-10 failed so).
    await main.getByRole('button', { name: 'Изпрати линка' }).waitFor();
    const nobody = uniqueEmail('nobody', 'accounts');
    await main.getByLabel('Имейл').fill(nobody);
    await main.getByRole('button', { name: 'Изпрати линка' }).click();
    // An unknown address gets the notice a real account gets: the answer does not tell which addresses exist.
    expect((await main.getByRole('status').textContent())?.trim()).toBe(
      `Ако има профил с ${nobody}, изпратихме линк на този адрес. Той е валиден един час.`,
    );
    expect(await main.getByLabel('Имейл').count()).toBe(0);
    await context.close();
  });
});
