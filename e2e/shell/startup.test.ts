import type { Worker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { changeBootAnswers } from '../support/boot-answers';
import { suiteBrowser } from '../support/browser';
import { demoEvents } from '../support/catalogue';
import { packagesByFile, packagesLoaded } from '../support/page-packages';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

const STATIC_CALLS = ['/api/settings', '/api/menu', '/api/pages', '/api/color-settings/web', '/api/slides/web'];

describe('startup', () => {
  const browser = suiteBrowser();

  it.each([
    {
      host: 'localhost' as const,
      name: 'Heartland Conference Network',
      lang: 'en',
      menu: ['Home', 'Live', 'Schedule', 'On Demand', 'Passes', 'More'],
      signIn: 'Sign in',
    },
    {
      host: 'sofia.localhost' as const,
      name: 'Спортна мрежа София',
      lang: 'bg',
      menu: ['Начало', 'На живо', 'Програма', 'Записи', 'Пакети', 'Въпроси', 'За нас', 'Видеотека', 'Моменти'],
      signIn: 'Вход',
    },
  ])('$host starts with its own chrome, language and a stored key', async ({ host, name, lang, menu, signIn }) => {
    const { context, page, requests, errors } = await visit(browser());
    await page.goto(urlFor(host));
    await started(page);

    expect(await page.getByRole('banner').getByRole('link').first().textContent()).toContain(name);
    expect(await page.title()).toBe(name);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    const nav = page.getByRole('navigation', { name: lang === 'bg' ? 'Основно меню' : 'Main menu' });
    // The entries that do not fit on the row are set aside, last first, into "more" (out of sight).
    const entries = await nav.locator(':scope > ul > li').allInnerTexts();
    expect(entries).toHaveLength(menu.length);
    const shown = entries.filter(Boolean);
    expect(shown).toEqual(menu.slice(0, shown.length));
    expect(shown).toContain(lang === 'bg' ? 'Пакети' : 'Passes');
    expect(await page.getByRole('banner').getByRole('link', { name: signIn }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').textContent()).toContain(name);
    expect(errors).toEqual([]);

    // The channel file and the static calls' answers came with the page: none of them is asked for. The key is
    // fetched once and stored; a guest's key is not asked for a profile (it could only answer 401).
    const key = await page.evaluate(() => localStorage.getItem('sideline:api-key'));
    expect(key).toMatch(/^[\w-]{20,}$/);
    const paths = requests.map((r) => new URL(r.url()));
    for (const call of [...STATIC_CALLS, '/channel.json']) {
      expect(
        paths.find((u) => u.pathname === call),
        call,
      ).toBeUndefined();
    }
    expect(requests.filter((r) => r.url().endsWith('/api/get_api_key'))).toHaveLength(1);
    expect(paths.find((u) => u.pathname === '/api/profile')).toBeUndefined();

    // A return visit reuses the stored key.
    requests.length = 0;
    await page.reload();
    await started(page);
    expect(requests.filter((r) => r.url().endsWith('/api/get_api_key'))).toHaveLength(0);
    expect(await page.evaluate(() => localStorage.getItem('sideline:api-key'))).toBe(key);
    await context.close();
  });

  it('asks for the channel file and the static calls, without a key, when the page does not carry them', async () => {
    const { context, page, requests, errors } = await visit(browser());
    await changeBootAnswers(page, () => null);
    await page.goto(urlFor('localhost'));
    await started(page);
    expect(await page.getByRole('banner').getByRole('link').first().textContent()).toContain('Heartland');
    const paths = requests.map((r) => new URL(r.url()));
    for (const call of [...STATIC_CALLS, '/channel.json']) {
      const sent = paths.find((u) => u.pathname === call);
      expect(sent, call).toBeDefined();
      expect(sent?.searchParams.has('api_key'), call).toBe(false);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a splash loader until the api key has arrived', async () => {
    const { context, page } = await visit(browser());
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/get_api_key', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(urlFor('localhost'));
    const splash = page.getByRole('status');
    await splash.waitFor();
    expect(await splash.textContent()).toBe('Loading…');
    expect(await page.getByRole('banner').count()).toBe(0);
    release();
    await started(page);
    expect(await page.getByRole('status').count()).toBe(0);
    await context.close();
  });

  it("paints the channel's splash before the app's code runs, with no stylesheet to wait for", async () => {
    const { context, page } = await visit(browser());
    // Frames painted by the time the app's entry script joins the page, and the stylesheets the page links then.
    await page.addInitScript(() => {
      const w = window as unknown as { frames_: number; atEntry?: { frames: number; sheets: number } };
      w.frames_ = 0;
      const count = () => {
        w.frames_ += 1;
        requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
      new MutationObserver((changes, observer) => {
        for (const change of changes)
          for (const node of change.addedNodes)
            if (node instanceof HTMLScriptElement && node.type === 'module') {
              w.atEntry = { frames: w.frames_, sheets: document.querySelectorAll('link[rel="stylesheet"]').length };
              observer.disconnect();
            }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(urlFor('localhost'));
    await started(page);
    const atEntry = await page.evaluate(() => (window as unknown as { atEntry?: object }).atEntry);
    expect(atEntry).toEqual({ frames: expect.any(Number), sheets: 0 });
    expect((atEntry as { frames: number }).frames).toBeGreaterThanOrEqual(1);
    // The shell's styles are in the page itself: the header has its colours without any stylesheet link.
    expect(await page.locator('link[rel="stylesheet"][href*="shell-"]').count()).toBe(0);
    expect(await page.getByRole('banner').evaluate((el) => getComputedStyle(el).position)).not.toBe('static');
    await context.close();
  });

  // The first date format of a page loads ICU's data, tens of milliseconds of the main thread; a worker loads it
  // instead, for the whole process (bench/README.md has the figures). It comes from a file of the build: a Blob made
  // for it cost the page's first paint up to 17 ms.
  it("has a worker load the browser's date data from its file, then ends it", async () => {
    const { context, page } = await visit(browser());
    const workers: Worker[] = [];
    page.on('worker', (worker) => workers.push(worker));
    await page.goto(urlFor('localhost'));
    await started(page);
    expect(workers.map((worker) => worker.url()).filter((url) => url.startsWith('blob:'))).toEqual([]);
    const warmUp = workers.find((worker) => new URL(worker.url()).pathname.startsWith('/assets/intl-warm-up-'));
    expect(warmUp, 'the date data worker, from its file').toBeDefined();
    // Ended once done: a worker kept alive would cost every page its memory.
    await expect.poll(() => page.workers().includes(warmUp as Worker)).toBe(false);
    await context.close();
  });

  // React DOM's evaluation was the longest task of a start under Lighthouse (src/app/react-root.ts says why): it is
  // a chunk apart from the shell, evaluated in a later task, and asked for as the entry joins the page (on a game's
  // page that is after the first frame), so its download overlaps the shell's evaluation.
  it('preloads React DOM with the entry, in a file of its own', async () => {
    const byFile = packagesByFile();
    // React DOM's renderer is the file with its scheduler (the shell keeps the small `react-dom` entry the router uses).
    const renderer = Object.keys(byFile).filter((file) => byFile[file]?.includes('scheduler'));
    expect(renderer).toHaveLength(1);
    expect(byFile[renderer[0] as string]).toContain('react-dom');
    const { context, page, requests } = await visit(browser());
    // The preload links in the page when the entry's script joins it.
    await page.addInitScript(() => {
      const w = window as unknown as { atEntry?: { entry: string; preloads: string[] } };
      new MutationObserver((changes, observer) => {
        for (const change of changes)
          for (const node of change.addedNodes)
            if (node instanceof HTMLScriptElement && node.type === 'module') {
              const links = document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]');
              w.atEntry = {
                entry: new URL(node.src).pathname,
                preloads: [...links].map((l) => new URL(l.href).pathname),
              };
              observer.disconnect();
            }
      }).observe(document, { childList: true, subtree: true });
    });
    const response = await page.goto(urlFor('localhost'));
    // Not with the page itself: on a game's page its download then competed with the stream's start.
    expect(await response?.text()).not.toContain(`href="/${renderer[0]}"`);
    await started(page);
    const atEntry = await page.evaluate(
      () => (window as unknown as { atEntry?: { entry: string; preloads: string[] } }).atEntry,
    );
    expect(atEntry?.entry).toMatch(/^\/assets\/shell-[\w-]+\.js$/);
    expect(atEntry?.entry).not.toBe(`/${renderer[0]}`);
    expect(atEntry?.preloads).toContain(`/${renderer[0]}`);
    expect(packagesLoaded(requests)).toContain('scheduler');
    await context.close();
  });

  it('loads each view as its own chunk, and keeps heavy libraries out of the first load', async () => {
    const { context, page, requests } = await visit(browser());
    await page.goto(urlFor('localhost'));
    await started(page);
    await page.getByRole('heading', { name: 'Live now' }).waitFor();
    const scripts = () => requests.map((r) => r.url()).filter((u) => u.endsWith('.js'));
    expect(scripts().some((u) => /\/home-[\w-]+\.js$/.test(u))).toBe(true);
    // Nor the operators' console: its app, and the not-found page's chunk that carries its doorway.
    for (const chunk of [
      'faq',
      'auth',
      'profile',
      'watch',
      'buy',
      'schedule',
      'sentry',
      'page-tracker',
      'console-app',
      'not-found',
    ]) {
      expect(
        scripts().some((u) => new RegExp(`/${chunk}-[\\w-]+\\.js$`).test(u)),
        chunk,
      ).toBe(false);
    }
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('link', { name: 'FAQ' }).click();
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    expect(scripts().some((u) => /\/faq-[\w-]+\.js$/.test(u))).toBe(true);
    await context.close();
  });

  // By the libraries inside the files, not the files' names: a shared component that pulls the form kit along, moved
  // or imported anywhere, shows up here (the chunks follow the module graph: apps/web/vite.config.ts).
  it('loads only the libraries each first page needs', async () => {
    const game = (await demoEvents('finished')).find((e) => e.type === 'free');
    const pages = [
      { path: '/', ready: 'Live now', needs: [] },
      { path: '/schedule', ready: 'Schedule', needs: [] },
      { path: `/watch/${game?.id}`, ready: game?.name ?? '', needs: ['hls.js'] },
    ];
    const forms = ['zod', 'react-hook-form', '@hookform/resolvers'];
    for (const { path, ready, needs } of pages) {
      const { context, page, requests } = await visit(browser());
      await page.goto(urlFor('localhost', path));
      await started(page);
      await page.getByRole('heading', { name: ready }).first().waitFor();
      // What loads once the page is up (the footer, the player's controls after the first frame) counts too.
      await page.waitForLoadState('networkidle');
      const loaded = packagesLoaded(requests);
      expect(
        [...loaded].filter((name) => forms.includes(name)),
        path,
      ).toEqual([]);
      for (const name of needs) expect(loaded, path).toContain(name);
      if (!needs.includes('hls.js')) expect(loaded, path).not.toContain('hls.js');
      expect(loaded.has('@sentry/browser'), path).toBe(false);
      await context.close();
    }
    // The chunk list is the build's, not the site's.
    expect((await fetch(urlFor('localhost', '/.vite/chunk-packages.json'))).status).toBe(404);
  });
});
