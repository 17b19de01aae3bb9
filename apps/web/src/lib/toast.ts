import { TOAST_DEFAULT_DURATION_MS } from '@sideline/contract/constants';
import type { ToastType } from '@sideline/contract/enums';
import { createStore } from './create-store';

export type Toast = { id: string; type: ToastType; message: string; duration: number };
export type ToastOptions = { type?: ToastType; duration?: number; id?: string };

export const toastStore = createStore<Toast[]>([]);
let counter = 0;

function dismiss(id: string) {
  toastStore.set((list) => list.filter((t) => t.id !== id));
}

/**
 * Shows a notice: info by default, for 5000 ms by default (0 keeps it until dismissed), counted by the toaster
 * from when the notice is on screen (its code may arrive after the notice is made). A notice with an `id` that is
 * already showing is not shown twice, so a burst of identical failures makes one notice.
 */
function show(message: string, opts: ToastOptions = {}): string {
  const id = opts.id ?? `toast-${++counter}`;
  if (toastStore.get().some((t) => t.id === id)) return id;
  const toast: Toast = { id, message, type: opts.type ?? 'info', duration: opts.duration ?? TOAST_DEFAULT_DURATION_MS };
  toastStore.set((list) => [...list, toast]);
  return id;
}

export const toast = {
  show,
  info: (message: string, opts?: Omit<ToastOptions, 'type'>) => show(message, { ...opts, type: 'info' }),
  success: (message: string, opts?: Omit<ToastOptions, 'type'>) => show(message, { ...opts, type: 'success' }),
  error: (message: string, opts?: Omit<ToastOptions, 'type'>) => show(message, { ...opts, type: 'error' }),
  dismiss,
  clear: () => {
    for (const t of toastStore.get()) dismiss(t.id);
  },
};
