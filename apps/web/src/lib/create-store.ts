import { useSyncExternalStore } from 'react';

/** A tiny external store for client state (toasts, dialogs, calendar); components read it with `use`. */
export function createStore<T>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  const get = () => state;
  const set = (next: T | ((prev: T) => T)) => {
    state = typeof next === 'function' ? (next as (prev: T) => T)(state) : next;
    for (const l of listeners) l();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    get,
    set,
    subscribe,
    reset: () => set(initial),
    use: () => useSyncExternalStore(subscribe, get, get),
  };
}
export type Store<T> = ReturnType<typeof createStore<T>>;
