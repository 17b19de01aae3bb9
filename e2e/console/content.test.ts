import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { pickLanguage } from '../support/language';
import { type Credentials, signInThroughApi } from '../support/sign-in';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

const OWNER: Credentials = { email: 'owner@heartland.example', password: 'Sideline-demo-1' };

describe('a page written in the console', () => {
  const browser = suiteBrowser();

  it('reaches a fan in French when the fan switches language, with no script left in it', async () => {
    const owner = await visit(browser());
    await signInThroughApi(owner.page, OWNER);
    await owner.page.goto(urlFor('localhost', '/console/content?kind=pages'));
    const editAbout = owner.page.getByRole('button', { name: 'Edit About', exact: true });
    await editAbout.click();
    await owner.page.getByRole('button', { name: 'français' }).click();
    await owner.page.getByLabel('Name', { exact: true }).fill('À propos du réseau');
    await owner.page
      .getByLabel('Content', { exact: true })
      .fill('<p>Bonjour <b onclick="window.hacked = true">les fans</b></p><script>window.hacked = true</script>');
    await owner.page.getByRole('button', { name: 'Save', exact: true }).click();
    await owner.page.getByRole('cell', { name: 'FR', exact: true }).waitFor();

    // A fan reading the page in English switches to French: the translation, without a reload, and clean.
    const fan = await visit(browser());
    await fan.page.goto(urlFor('localhost', '/about'));
    await started(fan.page);
    await fan.page.getByRole('heading', { name: 'About', level: 1 }).waitFor();
    await pickLanguage(fan.page, 'fr');
    await fan.page.getByRole('heading', { name: 'À propos du réseau', level: 1 }).waitFor();
    const article = fan.page.getByRole('article');
    await article.getByText('les fans').waitFor();
    expect(await article.locator('script, [onclick]').count()).toBe(0);
    await article.getByText('les fans').click();
    expect(await fan.page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
    await fan.context.close();

    // The translation emptied again: the browser suites share one server.
    await editAbout.click();
    await owner.page.getByRole('button', { name: 'français' }).click();
    await owner.page.getByLabel('Name', { exact: true }).fill('');
    await owner.page.getByLabel('Content', { exact: true }).fill('');
    await owner.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => owner.page.getByRole('cell', { name: 'FR', exact: true }).count()).toBe(0);
    await owner.context.close();
  });
});
