/**
 * Google sign-in through the server's offline identity sandbox (no Google client on the channel): the OpenID
 * Connect code flow with PKCE, as a public client. The page leaves for the sandbox's consent page and comes back
 * to itself with a code; the code and its verifier give an ID token, which the API verifies as Google's.
 */
const KEY = 'sideline.google-sandbox';

type Pending = {
  state: string;
  nonce: string;
  verifier: string;
  tokenEndpoint: string;
  redirectUri: string;
  clientId: string;
};

const random = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return base64url(bytes);
};
const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** Goes to the sandbox's consent page. */
export async function startSandboxSignIn(discoveryUrl: string, clientId: string) {
  const response = await fetch(discoveryUrl);
  if (!response.ok) throw new Error('The identity sandbox did not answer');
  const discovery = (await response.json()) as { authorization_endpoint: string; token_endpoint: string };
  const pending: Pending = {
    state: random(),
    nonce: random(),
    verifier: random(),
    tokenEndpoint: discovery.token_endpoint,
    redirectUri: `${window.location.origin}${window.location.pathname}`,
    clientId,
  };
  sessionStorage.setItem(KEY, JSON.stringify(pending));
  const challenge = base64url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pending.verifier))),
  );
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: pending.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  window.location.assign(url.toString());
}

/**
 * On the way back: the ID token and the nonce sent for it, when this page started the sign-in (same state);
 * `null` when it did not, or the tester cancelled. The code leaves the address bar at once.
 */
export async function finishSandboxSignIn(): Promise<{ token: string; nonce: string } | null> {
  const params = new URLSearchParams(window.location.search);
  const state = params.get('state');
  if (!state || !(params.has('code') || params.has('error'))) return null;
  const stored = sessionStorage.getItem(KEY);
  const pending = stored ? (JSON.parse(stored) as Pending) : null;
  if (!pending || pending.state !== state) return null;
  sessionStorage.removeItem(KEY);
  window.history.replaceState(window.history.state, '', window.location.pathname);
  const code = params.get('code');
  if (!code) return null;
  const response = await fetch(pending.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: pending.redirectUri,
      client_id: pending.clientId,
      code_verifier: pending.verifier,
    }),
  });
  if (!response.ok) throw new Error('The identity sandbox refused the code');
  const tokens = (await response.json()) as { id_token: string };
  return { token: tokens.id_token, nonce: pending.nonce };
}
