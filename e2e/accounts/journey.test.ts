import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { pickLanguage } from '../support/language';
import { latestLink, uniqueEmail, waitForMails } from '../support/outbox';
import { urlFor } from '../support/urls';
import { started, visit, where } from '../support/visit';
import { notice } from './account';

/**
 * A new fan, in French, from sign-up to account deletion, against the real server and its mail outbox: every
 * step goes through the interface, as a person would take it.
 */
describe('a new fan’s account, start to finish (French)', () => {
  const browser = suiteBrowser();

  it('registers, verifies, chooses the basic pass, signs out, recovers the password, edits and deletes', async () => {
    const { context, page, errors } = await visit(browser());
    const email = uniqueEmail('journey', 'accounts');
    const banner = page.getByRole('banner');
    const main = page.getByRole('main');

    // Open the site and switch to French.
    await page.goto(urlFor('localhost'));
    await started(page);
    await pickLanguage(page, 'fr', 'Language');
    await banner.getByRole('link', { name: 'Se connecter' }).click();
    await page.waitForURL('**/login');
    await main.getByRole('link', { name: 'Créer un compte gratuit' }).click();
    await page.waitForURL('**/registration');

    // Register, in French.
    await main.getByRole('heading', { level: 1, name: 'Créer un compte' }).waitFor();
    await main.getByLabel('Prénom').fill('Camille');
    await main.getByLabel('Nom', { exact: true }).fill('Martin');
    await main.getByLabel('E-mail').fill(email);
    await main.getByLabel('Mot de passe', { exact: true }).fill('premier-mot-2026');
    await main.getByLabel('Confirmez le mot de passe').fill('premier-mot-2026');
    await main.getByRole('checkbox').check();
    await main.getByRole('button', { name: 'Créer mon compte' }).click();

    // The notice names the address; the mail is in French.
    await page.waitForURL('**/verify-notice');
    await main.getByRole('heading', { level: 1, name: 'Consultez votre boîte mail' }).waitFor();
    expect(await main.getByRole('status').textContent()).toContain(email);
    const [verification] = await waitForMails(email);
    expect(verification).toMatch(/Confirmez/);

    // The link signs the account in; a fan without the basic pass lands on the passes and chooses it.
    await page.goto(await latestLink(email, 1));
    await page.waitForURL('**/packages');
    await main.getByRole('heading', { level: 1, name: 'Pass' }).waitFor();
    await main.getByRole('button', { name: 'Choisir le pass de base' }).click();
    await page.waitForURL(urlFor('localhost', '/'));
    await notice(page, 'Votre pass de base est actif. Bons matchs !');
    // The address changes first and the page renders right after: the menu is opened on the page itself.
    await main.getByRole('region', { name: 'À la une' }).waitFor();

    // Sign out from the account menu: home, as a guest.
    await banner.getByRole('button', { name: 'Menu du compte' }).click();
    await banner.getByRole('button', { name: 'Se déconnecter' }).click();
    await banner.getByRole('link', { name: 'Se connecter' }).waitFor();
    expect(where(page)).toBe('/');

    // A wrong password is refused, in French.
    await banner.getByRole('link', { name: 'Se connecter' }).click();
    await main.getByLabel('E-mail').fill(email);
    await main.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon-1');
    await main.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await notice(page, 'E-mail ou mot de passe invalide. Veuillez réessayer');

    // Recover it through the mailed link.
    await main.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.waitForURL('**/password-reset-request');
    await main.getByLabel('E-mail').fill(email);
    await main.getByRole('button', { name: 'Envoyer le lien' }).click();
    expect(await main.getByRole('status').textContent()).toContain(email);
    await page.goto(await latestLink(email, 2));
    await main.getByRole('heading', { level: 1, name: 'Choisissez un nouveau mot de passe' }).waitFor();
    await main.getByLabel('Nouveau mot de passe').fill('second-mot-2026');
    await main.getByLabel('Confirmez le mot de passe').fill('second-mot-2026');
    await main.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click();
    await page.waitForURL('**/login');
    await notice(page, 'Votre mot de passe a été modifié. Connectez-vous avec votre nouveau mot de passe.');

    // Sign in with the new one, and change the first name.
    await main.getByLabel('E-mail').fill(email);
    await main.getByLabel('Mot de passe', { exact: true }).fill('second-mot-2026');
    await main.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await notice(page, 'Bienvenue, Camille !');
    await main.getByRole('region', { name: 'À la une' }).waitFor();
    await banner.getByRole('button', { name: 'Menu du compte' }).click();
    await banner.getByRole('link', { name: 'Modifier le profil' }).click();
    await page.waitForURL('**/profile/edit');
    await main.getByLabel('Prénom').fill('Camila');
    await main.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await notice(page, 'Votre profil a été enregistré.');
    await page.reload();
    await expect.poll(() => main.getByLabel('Prénom').inputValue()).toBe('Camila');

    // Ask for the deletion: confirmed in a dialog, then by the mailed link.
    await main.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer votre compte ?' });
    await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
    await main
      .getByText('Consultez vos e-mails : nous vous avons envoyé un lien pour confirmer la suppression.')
      .waitFor();
    await page.goto(await latestLink(email, 3));
    await main.getByRole('heading', { level: 1, name: 'Compte supprimé' }).waitFor();
    await banner.getByRole('link', { name: 'Se connecter' }).waitFor();

    // The account is gone: its password no longer opens anything.
    await banner.getByRole('link', { name: 'Se connecter' }).click();
    await main.getByLabel('E-mail').fill(email);
    await main.getByLabel('Mot de passe', { exact: true }).fill('second-mot-2026');
    await main.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await notice(page, 'E-mail ou mot de passe invalide. Veuillez réessayer');
    expect(where(page)).toBe('/login');
    expect(errors).toEqual([]);
    await context.close();
  });
});
