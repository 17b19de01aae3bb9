import { act, render, screen } from '@testing-library/react';
import i18next, { type i18n } from 'i18next';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrowseDictionary } from '@/locales/browse/en';
import { browseFr } from '@/locales/browse/fr';
import { textLoaders } from '@/locales/resources';
import { i18nOptions, loadTexts, textsBackend } from './i18n';

/** An i18next of its own with the app's settings and backend: the shared one has every namespace in already. */
async function freshI18n(lng: 'en' | 'fr'): Promise<i18n> {
  const instance = i18next.createInstance().use(textsBackend);
  await instance.init(i18nOptions(lng));
  return instance;
}

/** A promise and the function that settles it, so a test decides when a namespace "arrives". */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function Rails() {
  const { t } = useTranslation('browse');
  // A shell key through the browse `t`: the shell is the fallback namespace.
  return <p>{`${t('events.rails.live')} / ${t('errors.retry')}`}</p>;
}

const renderIn = (instance: i18n, ui: ReactNode) =>
  render(
    <I18nextProvider i18n={instance}>
      <Suspense fallback={<p>loading</p>}>{ui}</Suspense>
    </I18nextProvider>,
  );

describe('text namespaces', () => {
  afterEach(() => vi.restoreAllMocks());

  it('suspends until a namespace arrives, then shows it in the language', async () => {
    const arrival = deferred<BrowseDictionary>();
    vi.spyOn(textLoaders.browse, 'fr').mockReturnValue(arrival.promise);
    const instance = await freshI18n('fr');
    renderIn(instance, <Rails />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => arrival.resolve(browseFr));
    expect(await screen.findByText('En direct / Réessayer')).toBeInTheDocument();
  });

  it('does not suspend for a namespace already in', async () => {
    const instance = await freshI18n('en');
    await loadTexts(['browse'], instance);
    renderIn(instance, <Rails />);
    expect(screen.getByText('Live now / Try again')).toBeInTheDocument();
  });

  it('switches language without a fallback or a raw key: the loaded namespaces come first', async () => {
    const instance = await freshI18n('en');
    await loadTexts(['browse'], instance);
    renderIn(instance, <Rails />);
    await act(async () => {
      await instance.changeLanguage('bg');
    });
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(screen.getByText('На живо / Опитай отново')).toBeInTheDocument();
  });

  it('fails a view whose texts do not arrive, rather than showing keys', async () => {
    vi.spyOn(textLoaders.vod, 'fr').mockRejectedValue(new Error('offline'));
    const instance = await freshI18n('fr');
    await expect(loadTexts(['vod'], instance)).rejects.toThrow('texts did not load: vod (fr)');
  });
});
