import { chromium } from 'playwright-core';

const base = 'http://localhost:8099';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('response', (r) => {
  if (r.url().includes('/api/') || r.url().includes('sandbox'))
    console.log(r.status(), r.request().method(), r.url().replace(base, '').slice(0, 120));
});
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
const target = process.argv[2] ?? '/packages';
await page.goto(`${base}${target}`);
await page.waitForTimeout(3000);
await page.screenshot({ path: '/tmp/dbg/shot1.png', fullPage: true });
if (process.argv[3]) {
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: 'A new card' }).check();
  await main.getByLabel('Card number').fill(process.argv[3]);
  await main.getByLabel('Expiry (MM/YY)').fill('12/34');
  await main.getByLabel('Security code (CVC)').fill('123');
  await page.screenshot({ path: '/tmp/dbg/shot2.png', fullPage: true });
  await main.getByRole('button', { name: /^(Pay |Start the free trial)/ }).click();
  await page.waitForTimeout(6000);
  await page.screenshot({ path: '/tmp/dbg/shot3.png', fullPage: true });
}
console.log('URL', page.url());
await browser.close();
