import { createStore } from './create-store';

/** What a cancelled popup rejects with (its Cancel button, or Escape). */
export class CanceledError extends Error {
  override readonly name = 'CanceledError';
  constructor(message = 'canceled') {
    super(message);
  }
}

export type ConfirmOptions = { title: string; message?: string; okLabel?: string; cancelLabel?: string };
export type DialogRequest = ConfirmOptions & { id: number; ok: () => void; cancel: () => void };

/** Open popups, oldest first; the host shows the first one. */
export const dialogStore = createStore<DialogRequest[]>([]);
let counter = 0;

/**
 * Asks the fan to confirm: resolves on OK, rejects with a `CanceledError` on cancel (button, Escape), and the
 * popup is removed either way.
 */
export function confirm(options: ConfirmOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const id = ++counter;
    const remove = () => dialogStore.set((list) => list.filter((d) => d.id !== id));
    dialogStore.set((list) => [
      ...list,
      {
        ...options,
        id,
        ok: () => {
          remove();
          resolve();
        },
        cancel: () => {
          remove();
          reject(new CanceledError());
        },
      },
    ]);
  });
}
