/** Events waiting for the SDK, kept in the tab's session storage so a page left early loses none. */
import type { TelemetryEvent } from './events.ts'

/** At most this many wait; the oldest go first. */
export const QUEUE_MAX = 100
export const QUEUE_KEY = 'porchlight:telemetryQueue'
/** The provider of the tab's session, for sign-out and failed-refresh events on later pages. */
export const PROVIDER_KEY = 'porchlight:telemetryProvider'

const KINDS = new Set(['page', 'event', 'dependency', 'exception'])

/**
 * Reads a stored queue (untrusted text): entries that are not objects of a known kind are dropped.
 * @example decodeQueue('[{"kind":"page",…}]')
 */
export function decodeQueue(text: string | null): TelemetryEvent[] {
  if (!text) return []
  try {
    const value: unknown = JSON.parse(text)
    if (!Array.isArray(value)) return []
    return value
      .filter(
        (entry): entry is TelemetryEvent =>
          typeof entry === 'object' && entry !== null && KINDS.has((entry as { kind?: unknown }).kind as string),
      )
      .slice(-QUEUE_MAX)
  } catch {
    return []
  }
}

/**
 * Adds an event, dropping the oldest beyond QUEUE_MAX.
 * @example enqueue(decodeQueue(stored), event)
 */
export function enqueue(queue: TelemetryEvent[], event: TelemetryEvent): TelemetryEvent[] {
  return [...queue, event].slice(-QUEUE_MAX)
}

/**
 * The tab's waiting events and sign-in provider, in session storage (in memory when there is none).
 * @example const queue = sessionQueue(sessionStorage); queue.add(event); queue.take() // [event]
 */
export function sessionQueue(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null) {
  let memory: TelemetryEvent[] = []
  const read = (key: string): string | null => {
    try {
      return storage?.getItem(key) ?? null
    } catch {
      return null
    }
  }
  const write = (key: string, value: string | null): void => {
    try {
      if (value === null) storage?.removeItem(key)
      else storage?.setItem(key, value)
    } catch {
      // Quota or disabled storage: what is in memory still counts for this page.
    }
  }
  return {
    add: (event: TelemetryEvent): void => {
      memory = enqueue(storage ? decodeQueue(read(QUEUE_KEY)) : memory, event)
      write(QUEUE_KEY, JSON.stringify(memory))
    },
    take: (): TelemetryEvent[] => {
      const events = storage ? decodeQueue(read(QUEUE_KEY)) : memory
      write(QUEUE_KEY, null)
      memory = []
      return events
    },
    provider: (): string | null => read(PROVIDER_KEY),
    keepProvider: (value: string | null): void => write(PROVIDER_KEY, value),
  }
}
