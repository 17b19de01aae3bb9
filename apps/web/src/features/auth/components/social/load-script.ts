const scripts = new Map<string, Promise<void>>();

/** Adds a provider's script to the page once; a failed load can be tried again. */
export function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        script.remove();
        scripts.delete(src);
        reject(new Error(`${src} did not load`));
      };
      document.head.append(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}
