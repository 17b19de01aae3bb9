import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { setTestChannel } from '@/test/channel-file';
import { fan } from '@/test/fan';
import { mockedCall } from '@/test/mocked-api';
import { renderAccount } from '../../testing/render-account';
import { GOOGLE_SCRIPT } from './google';
import { SocialSignIn } from './social-sign-in';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const post = mockedCall(api.post);

/** Google Identity Services as the page would get it: the button hands back an ID token when pressed. */
function fakeGoogle() {
  let callback: (response: { credential?: string }) => void = () => undefined;
  window.google = {
    accounts: {
      id: {
        initialize: ({ callback: cb }) => {
          callback = cb;
        },
        renderButton: (parent) => {
          const button = document.createElement('button');
          button.textContent = 'Google';
          button.addEventListener('click', () => callback({ credential: 'google-id-token-123' }));
          parent.append(button);
        },
      },
    },
  };
  // The script tag "loads" at once.
  const append = document.head.append.bind(document.head);
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    append(...nodes);
    for (const node of nodes)
      if (node instanceof HTMLScriptElement) queueMicrotask(() => node.onload?.(new Event('load')));
  });
}

afterEach(() => {
  post.mockReset();
  vi.restoreAllMocks();
  delete window.google;
});

describe('social sign-in', () => {
  it('shows nothing, and loads nothing, when the channel configures no provider', async () => {
    setTestChannel();
    const { container } = await renderAccount(<SocialSignIn onSignedIn={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
    expect(document.querySelector(`script[src="${GOOGLE_SCRIPT}"]`)).toBeNull();
  });

  it('sends the Google ID token, and asks for the terms when the account is new', async () => {
    setTestChannel({ google: { client_id: 'client-1.apps.googleusercontent.com' } });
    fakeGoogle();
    const user = fan({ id: 9 });
    post
      .mockRejectedValueOnce(
        new ApiError({
          status: 400,
          code: 'terms_required',
          message: 'You are not registered yet. Please accept terms...',
          field: 'terms_accepted',
          url: '',
        }),
      )
      .mockResolvedValueOnce({ data: { api_key: 'social-key', user } });
    const onSignedIn = vi.fn();
    await renderAccount(<SocialSignIn onSignedIn={onSignedIn} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Google' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are not registered yet. Please accept terms and conditions to continue',
    );
    expect(post).toHaveBeenLastCalledWith('/v2/auth/social/{provider}', {
      path: { provider: 'google' },
      body: { token: 'google-id-token-123' },
      quiet: [401, 404],
    });
    // Continuing without the terms is refused by the form itself.
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Please accept the terms and conditions')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('checkbox'));
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Create my account' })));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(post).toHaveBeenLastCalledWith('/v2/auth/social/{provider}', {
      path: { provider: 'google' },
      body: { token: 'google-id-token-123', terms_accepted: true },
      quiet: [401, 404],
    });
  });

  it('finishes a sign-in through the identity sandbox on the way back: the code for an ID token, sent with its nonce', async () => {
    setTestChannel({
      google: {
        client_id: 'heartland.sandbox.apps.sideline.localhost',
        sandbox_discovery: '/identity-sandbox/.well-known/openid-configuration',
      },
    });
    sessionStorage.setItem(
      'sideline.google-sandbox',
      JSON.stringify({
        state: 'state-1',
        nonce: 'nonce-1234567890abcdef',
        verifier: 'v'.repeat(43),
        tokenEndpoint: 'http://localhost/identity-sandbox/token',
        redirectUri: 'http://localhost/login',
        clientId: 'heartland.sandbox.apps.sideline.localhost',
      }),
    );
    window.history.replaceState(null, '', '/login?code=code-1&state=state-1');
    const fetchMock = vi
      .spyOn(window, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ id_token: 'sandbox-id-token-1' }), { status: 200 }));
    const user = fan({ id: 10 });
    post.mockResolvedValueOnce({ data: { api_key: 'social-key', user } });
    const onSignedIn = vi.fn();
    await renderAccount(<SocialSignIn onSignedIn={onSignedIn} />);

    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://localhost/identity-sandbox/token');
    expect(String(init?.body)).toContain('code_verifier=vvvv');
    expect(post).toHaveBeenLastCalledWith('/v2/auth/social/{provider}', {
      path: { provider: 'google' },
      body: { token: 'sandbox-id-token-1', nonce: 'nonce-1234567890abcdef' },
      quiet: [401, 404],
    });
    expect(window.location.search).toBe('');
    expect(sessionStorage.getItem('sideline.google-sandbox')).toBeNull();
  });
});
