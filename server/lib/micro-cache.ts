// A few seconds of in-process memory for hot public answers. Each instance keeps its own, so with several
// instances an edit shows everywhere within the TTL (browsers and CDNs may keep the answer 30 s anyway).

export type MicroCache = {
  get(key: string): string | undefined
  set(key: string, value: string): void
  /** Forgets everything: called after every item write in this instance. */
  clear(): void
}

/**
 * @example const cache = createMicroCache(5, 5000); cache.set('47.74,-121.99', json)
 */
export function createMicroCache(ttlSeconds: number, maxEntries: number, now = () => Date.now()): MicroCache {
  const entries = new Map<string, { value: string; expires: number }>()
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expires <= now()) {
        entries.delete(key)
        return undefined
      }
      return entry.value
    },
    set(key, value) {
      if (ttlSeconds <= 0) return
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      entries.set(key, { value, expires: now() + ttlSeconds * 1000 })
    },
    clear: () => entries.clear(),
  }
}
