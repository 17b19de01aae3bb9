import { chromium } from 'playwright-core';

const base = 'http://localhost:8099';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('console', (m) => console.log('console:', m.type(), m.text()));
await page.goto(`${base}/login`);
await page
  .getByLabel(/e-?mail/i)
  .first()
  .fill('fan@heartland.example');
await page
  .getByLabel(/password/i)
  .first()
  .fill('Sideline-demo-1');
await page
  .getByRole('button', { name: /sign in|log in/i })
  .first()
  .click();
await page.waitForTimeout(2000);
await page.goto(`${base}/select-package/3`);
const main = page.getByRole('main');
for (const box of await main.getByRole('group').first().getByRole('checkbox').all()) {
  if (await box.isChecked()) await box.uncheck();
}
await main.getByRole('checkbox', { name: 'Football' }).check();
await main.getByRole('button', { name: 'Continue to checkout' }).click();
await page.waitForTimeout(2000);
console.log('URL', page.url());
await page.screenshot({ path: '/tmp/dbg/sel.png', fullPage: true });
await browser.close();
