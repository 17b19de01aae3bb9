import { escapeHtml } from '../../lib/html';

const formatAmount = (cents: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
};

/**
 * The sandbox's stand-in for a bank's 3-D Secure page: it says plainly that it is a test, shows the amount, and
 * offers two buttons, each a POST form carrying the payment's client secret.
 */
export function challengePage(p: { action: string; clientSecret: string; amount: number; currency: string }): string {
  const secret = escapeHtml(p.clientSecret);
  const action = escapeHtml(p.action);
  const form = (outcome: string, label: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="client_secret" value="${secret}">` +
    `<input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test authentication · Sandbox payments</title></head>
<body>
<main>
<h1>Test authentication</h1>
<p>This is the payment sandbox's test authentication page. No bank is involved and no real money moves.</p>
<p>Payment of <strong>${escapeHtml(formatAmount(p.amount, p.currency))}</strong>.</p>
${form('complete', 'Complete authentication')}
${form('fail', 'Fail authentication')}
</main>
</body>
</html>
`;
}

export function notFoundPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not found · Sandbox payments</title></head>
<body><main><h1>This authentication link is not valid</h1><p>It may have been used already.</p></main></body></html>
`;
}
