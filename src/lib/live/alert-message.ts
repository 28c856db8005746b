// An alert's lines in their parts (server/feeds/adapters/cap-text.ts writes them): headline, what to do, the
// description, the areas and whom to contact. The statuses page labels each part and folds a long description.
import type { AlertItem } from '../items.ts'

export type AlertMessage = {
  headline: string[]
  instruction: string[]
  description: string[]
  areas: string[]
  contact: string[]
  /** When the message itself expires, where the item shows a later end (the event's). */
  expires: string | null
}

/** Characters of description shown before it folds behind "Show full message". */
export const FOLD_CHARS = 280

const PARTS = ['headline', 'instruction', 'description', 'areas', 'contact'] as const

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : Number.NaN

/**
 * The parts of an alert's lines, when its special data says them and they add up; null otherwise (an
 * item typed by staff, an older feed item), and the page shows the lines as they are. Never throws.
 * @example alertMessage(tornadoWarning)?.instruction // ['TAKE COVER NOW! …']
 */
export function alertMessage(item: AlertItem): AlertMessage | null {
  const special = item.data.specialData
  if (!special || !special.includes('"message"')) return null
  let message: Record<string, unknown>
  try {
    const value: unknown = JSON.parse(special)
    const found: unknown = (value as { message?: unknown } | null)?.message
    if (typeof found !== 'object' || found === null) return null
    message = found as Record<string, unknown>
  } catch {
    return null
  }
  const sizes = PARTS.map((part) => count(message[part]))
  const lines = item.data.lines
  if (sizes.some((size) => Number.isNaN(size)) || sizes.reduce((sum, size) => sum + size, 0) !== lines.length) return null
  let at = 0
  const take = (size: number) => lines.slice(at, (at += size))
  const [headline, instruction, description, areas, contact] = sizes.map(take) as [
    string[],
    string[],
    string[],
    string[],
    string[],
  ]
  const expires = typeof message['expires'] === 'string' ? message['expires'] : null
  return { headline, instruction, description, areas, contact, expires }
}

/**
 * Whether the description is long enough to fold: more than FOLD_CHARS characters, or more than two paragraphs.
 * @example foldsDescription(['At 626 PM EDT, a severe thunderstorm…', 'HAZARD…', 'SOURCE…']) // true
 */
export function foldsDescription(description: string[]): boolean {
  return description.length > 2 || description.reduce((sum, line) => sum + line.length, 0) > FOLD_CHARS
}
