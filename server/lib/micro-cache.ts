// A few seconds of in-process memory for hot public answers. Each instance keeps its own, so with several
// instances an edit shows everywhere within the TTL (browsers and CDNs may keep the answer 30 s anyway).
import type { ReactionAnswer } from './reaction.ts'

export type MicroCache<T = ReactionAnswer> = {
  /** The value stored under `key` less than the TTL ago, or undefined. */
  get(key: string): T | undefined
  /** Stores a value; false when nothing is kept (a TTL of 0 turns the cache off). */
  set(key: string, value: T): boolean
  /** Forgets everything: called after every item write in this instance. */
  clear(): void
}

/**
 * @example const cache = createMicroCache<string>(5, 5000); cache.set('47.74,-121.99', json)
 */
export function createMicroCache<T = ReactionAnswer>(
  ttlSeconds: number,
  maxEntries: number,
  now = () => Date.now(),
): MicroCache<T> {
  const entries = new Map<string, { value: T; expires: number }>()
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
      if (ttlSeconds <= 0) return false
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      entries.set(key, { value, expires: now() + ttlSeconds * 1000 })
      return true
    },
    clear: () => entries.clear(),
  }
}
