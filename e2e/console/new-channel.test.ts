import { describe, expect, inject, it } from 'vitest';
import { AXE_CONTEXT, seriousViolations } from '../support/a11y';
import { suiteBrowser } from '../support/browser';
import { type Credentials, signInThroughApi } from '../support/sign-in';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

const ADMIN: Credentials = { email: 'admin@sideline.example', password: 'Sideline-demo-1' };

describe('a new channel made by the platform admin in the console', () => {
  const browser = suiteBrowser();

  it('is created with its first owner, its host serves the fan app at once, and its address cannot be taken twice', async () => {
    // A name of its own per run: the browser suites share one server and its data folder.
    const tag = Date.now().toString(36);
    const slug = `riverside-${tag}`;
    const host = `${slug}.localhost`;
    const admin = await visit(browser(), AXE_CONTEXT);
    await signInThroughApi(admin.page, ADMIN);
    await admin.page.goto(urlFor('localhost', '/console'));
    // The admin's console is about channels only: none of this channel's sections.
    const nav = admin.page.getByRole('navigation', { name: 'Console sections' });
    await nav.getByRole('link', { name: 'Channels' }).click();
    expect(await nav.getByRole('link', { name: 'Branding' }).count()).toBe(0);
    await admin.page.getByRole('heading', { name: 'New channel', level: 2 }).waitFor();

    // A wrong host is refused on its field before anything is sent.
    await admin.page.getByLabel('Name', { exact: true }).fill('Riverside High');
    await admin.page.getByLabel('Short address name', { exact: true }).fill(slug);
    await admin.page.getByLabel('Host', { exact: true }).fill('not a host');
    await admin.page.getByLabel('Owner’s e-mail', { exact: true }).fill(`ad@${host}`);
    await admin.page.getByLabel('Owner’s first name', { exact: true }).fill('Ada');
    await admin.page.getByRole('button', { name: 'Create the channel' }).click();
    await admin.page.getByText('A host name like riverside.example.com').waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);

    await admin.page.getByLabel('Host', { exact: true }).fill(host);
    await admin.page.getByRole('button', { name: 'Create the channel' }).click();
    const created = admin.page.getByRole('region', { name: '“Riverside High” is ready' });
    await created.waitFor();
    const password = (await created.locator('code').first().textContent()) ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(await created.getByRole('link').getAttribute('href')).toBe(`http://${host}:${inject('port')}/`);
    expect(await seriousViolations(admin.page)).toEqual([]);

    // The same host again: refused with the console's message, and no second channel.
    await admin.page.getByLabel('Name', { exact: true }).fill('Riverside Again');
    await admin.page.getByLabel('Short address name', { exact: true }).fill(`${slug}-2`);
    await admin.page.getByLabel('Host', { exact: true }).fill(host);
    await admin.page.getByLabel('Owner’s e-mail', { exact: true }).fill(`other@${host}`);
    await admin.page.getByLabel('Owner’s first name', { exact: true }).fill('Bo');
    await admin.page.getByRole('button', { name: 'Create the channel' }).click();
    await admin.page.getByText('Another channel already uses this short name or host').waitFor();
    await admin.context.close();

    // A fan opens the new host: the fan app with the new channel's name, nothing left over from another channel.
    const fan = await visit(browser());
    await fan.page.goto(`http://${host}:${inject('port')}/`);
    await started(fan.page);
    await fan.page.getByRole('banner').getByText('Riverside High').first().waitFor();
    expect(fan.errors).toEqual([]);
    await fan.context.close();

    // The first owner signs in on the new host with the temporary password.
    const owner = await visit(browser());
    await signInThroughApi(owner.page, { email: `ad@${host}`, password }, `http://${host}:${inject('port')}/404`);
    await owner.context.close();
  });
});
