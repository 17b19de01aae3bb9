import { act, screen } from '@testing-library/react';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { createTextNamespace, type TextNamespace, useNamespaceText } from './text-namespace';

/** A promise and the function that settles it, so a test decides when a language's texts "arrive". */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

type Key = 'alpha.hello' | 'beta.bye';
type Areas = { alpha: TextNamespace<Key>; beta: TextNamespace<Key> };

function Both({ alpha, beta }: Areas) {
  const t = useNamespaceText(alpha, beta);
  return <p>{`${t('alpha.hello')} / ${t('beta.bye')}`}</p>;
}

const reject = () => Promise.reject(new Error('not this language'));

describe('text namespaces', () => {
  let root: Root | undefined;
  afterEach(async () => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
    await setLanguage('en', { remember: false });
  });

  it('shows two areas’ texts in French once both arrive, one after the other', async () => {
    const alphaFr = deferred<{ alpha: { hello: string } }>();
    const betaFr = deferred<{ beta: { bye: string } }>();
    const alpha = createTextNamespace<{ alpha: { hello: string } }, Key>(
      { alpha: { hello: 'Hello' } },
      { fr: () => alphaFr.promise, bg: reject },
    );
    const beta = createTextNamespace<{ beta: { bye: string } }, Key>(
      { beta: { bye: 'Bye' } },
      { fr: () => betaFr.promise, bg: reject },
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setLanguage('fr', { remember: false });

    const container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    // A navigation renders in a transition (concurrently).
    await act(async () => {
      startTransition(() =>
        root?.render(
          <StrictMode>
            <Suspense fallback={<p>loading</p>}>
              <Both alpha={alpha} beta={beta} />
            </Suspense>
          </StrictMode>,
        ),
      );
    });
    await act(async () => alphaFr.resolve({ alpha: { hello: 'Bonjour' } }));
    await act(async () => betaFr.resolve({ beta: { bye: 'Au revoir' } }));

    expect(await screen.findByText('Bonjour / Au revoir')).toBeInTheDocument();
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
    errors.mockRestore();
  });

  it('does not wait for texts that are already in', async () => {
    const alpha = createTextNamespace<{ alpha: { hello: string } }, Key>(
      { alpha: { hello: 'Hello' } },
      { fr: reject, bg: reject },
    );
    const beta = createTextNamespace<{ beta: { bye: string } }, Key>(
      { beta: { bye: 'Bye' } },
      { fr: reject, bg: reject },
    );
    const container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    act(() =>
      root?.render(
        <Suspense fallback={<p>loading</p>}>
          <Both alpha={alpha} beta={beta} />
        </Suspense>,
      ),
    );
    expect(screen.getByText('Hello / Bye')).toBeInTheDocument();
  });
});
