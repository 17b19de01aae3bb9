const listeners = new Set<() => void>();

/**
 * Client state of one visit (stores of the features) registers its reset here; logout and a key reset run them
 * all. The app layer need not import every store, so a store's code loads only with the views that use it.
 */
export function onAppReset(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function runAppResetListeners() {
  for (const listener of listeners) listener();
}
