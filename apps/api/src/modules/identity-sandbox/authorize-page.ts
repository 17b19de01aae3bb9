import { escapeHtml } from '../../lib/html';
import type { AuthorizeParams } from './identity-sandbox.service';

/**
 * The sandbox's stand-in for Google's account chooser and consent screen: it says plainly that it is a test, lets
 * the tester type who they are (a fresh address makes a new account; an address that has an account links it),
 * and posts the choice with the request's parameters. No script: plain forms.
 */
export function authorizePage(p: {
  action: string;
  params: AuthorizeParams;
  channelName: string;
  suggestedEmail: string;
}): string {
  const hidden = Object.entries(p.params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const action = escapeHtml(p.action);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Sandbox identity provider</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin:.75rem 0 .25rem}input[type=email],input[type=text]{width:100%;padding:.5rem;box-sizing:border-box}
.check label{display:inline}button{margin-top:1rem;padding:.6rem 1.2rem}</style></head>
<body>
<main>
<h1>Sign in with the sandbox identity provider</h1>
<p>This is a test identity provider shaped like Google. No Google account is involved: type any identity.
<strong>${escapeHtml(p.channelName)}</strong> will receive your e-mail address and name.</p>
<p>A new address creates a new account; the address of an existing account (for example
<code>fan@heartland.example</code>) signs in to it and links it.</p>
<form method="post" action="${action}">${hidden}
<input type="hidden" name="decision" value="allow">
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" required maxlength="254" value="${escapeHtml(p.suggestedEmail)}">
<label for="given_name">First name</label>
<input id="given_name" name="given_name" type="text" maxlength="100" value="Sandy">
<label for="family_name">Last name</label>
<input id="family_name" name="family_name" type="text" maxlength="100" value="Box">
<p class="check"><input id="email_verified" name="email_verified" type="checkbox" value="true" checked>
<label for="email_verified">The provider has verified this address</label></p>
<button type="submit">Continue</button>
</form>
<form method="post" action="${action}">${hidden}
<input type="hidden" name="decision" value="deny">
<button type="submit">Cancel</button>
</form>
</main>
</body>
</html>
`;
}
