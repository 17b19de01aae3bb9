import { API_KEY_ERROR_EVENT, type ApiKeyErrorDetail } from '@/lib/api-client';
import { createStore } from '@/lib/create-store';

/** Set when the app cannot go on (startup failed, or a key error survived its retry): the error screen shows. */
export const fatalError = createStore<unknown>(null);

let listening = false;

/** The API client announces a lasting key failure with a window event; the app answers with the error screen. */
export function listenForKeyFailures() {
  if (listening) return;
  listening = true;
  window.addEventListener(API_KEY_ERROR_EVENT, (event) => {
    fatalError.set((event as CustomEvent<ApiKeyErrorDetail>).detail.error);
  });
}
