// The browser's "back online", once: what refreshes or reloads when the connection returns (docs/offline.md).

/**
 * Calls `run` on each `online` event the browser means, and returns the way to stop listening. Only when
 * `navigator.onLine` agrees: Chromium sends `online` while still offline, as a navigation starts under its
 * offline emulation, and acting on it cancelled that navigation (the offline page reloaded over it).
 * @example const stop = onBackOnline(() => refresh()); stop()
 */
export function onBackOnline(run: () => void): () => void {
  const listener = (): void => {
    if (navigator.onLine) run()
  }
  window.addEventListener('online', listener)
  return () => window.removeEventListener('online', listener)
}
