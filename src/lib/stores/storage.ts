import { setPersistentEngine, windowPersistentEvents } from '@nanostores/persistent'

/**
 * localStorage that never throws: a full quota or a private window must not break a click.
 * Writes that fail are dropped; the value still applies to the open page.
 */
function safeLocalStorage(): Record<string, string> {
  const storage = localStorage
  const shape: Record<string, string> = {}
  return new Proxy(shape, {
    get: (_, key) => {
      try {
        return typeof key === 'string' ? (storage.getItem(key) ?? undefined) : undefined
      } catch {
        return undefined
      }
    },
    set: (_, key, value) => {
      try {
        if (typeof key === 'string') storage.setItem(key, String(value))
      } catch {
        // Quota exceeded or storage disabled.
      }
      return true
    },
    deleteProperty: (_, key) => {
      try {
        if (typeof key === 'string') storage.removeItem(key)
      } catch {
        // Storage disabled.
      }
      return true
    },
    has: (_, key) => {
      try {
        return typeof key === 'string' && storage.getItem(key) !== null
      } catch {
        return false
      }
    },
  })
}

function available(): boolean {
  try {
    return typeof window !== 'undefined' && typeof localStorage !== 'undefined'
  } catch {
    return false
  }
}
if (available()) setPersistentEngine(safeLocalStorage(), windowPersistentEvents)
