/**
 * Notification preferences (issue 24), shared by the API (which enforces them) and the browser (which offers them):
 * the places a browser follows, with sections, a lowest priority and quiet hours each. Pure.
 */
import { PRIORITIES, type Priority } from '../items.ts'
import { LOCALES, type Locale } from '../routing/routes.ts'
import { ROUTE_PATTERN } from '../routing/slug.ts'
import { pointOfKey } from './place-key.ts'

export const NOTIFY_SECTIONS = ['statuses', 'roads'] as const
export type NotifySection = (typeof NOTIFY_SECTIONS)[number]

/** Places one browser may follow. */
export const MAX_PLACES = 20
export const DEFAULT_MIN_PRIORITY: Priority = 'Warning'

/** Whether a text names a followable place: a city's route ('wa/duvall') or a map point's key ('z/47.74/-121.99'). */
export const isPlaceKey = (key: string): boolean => ROUTE_PATTERN.test(key) || pointOfKey(key) !== null

export type QuietHours = { start: string; end: string }
export type PlacePrefs = { place: string; sections: NotifySection[]; minPriority: Priority; quiet: QuietHours | null }
export type NotifyPrefs = { lang: Locale; places: PlacePrefs[] }

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/

/**
 * Minutes after midnight of an "HH:MM" time, or null.
 * @example minutesOf('07:30') // 450
 */
export function minutesOf(time: string): number | null {
  const match = HHMM.exec(time)
  return match ? Number(match[1]) * 60 + Number(match[2]) : null
}

/** "HH:MM" of minutes after midnight. */
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** A place's defaults: statuses and roads, Warning and above, no quiet hours. */
export const defaultPlacePrefs = (place: string): PlacePrefs => ({
  place,
  sections: [...NOTIFY_SECTIONS],
  minPriority: DEFAULT_MIN_PRIORITY,
  quiet: null,
})

/** Why preferences cannot be kept (a sentence naming the field), or null. Untrusted input in, checked fully. */
export function prefsProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'preferences must be an object'
  const { lang, places } = value as Record<string, unknown>
  if (!(LOCALES as readonly unknown[]).includes(lang)) return `lang must be one of ${LOCALES.join(', ')}`
  if (!Array.isArray(places)) return 'places must be a list'
  if (places.length === 0) return 'places must name at least one place'
  if (places.length > MAX_PLACES) return `places may name at most ${MAX_PLACES} places`
  const seen = new Set<string>()
  for (const [index, entry] of places.entries()) {
    const where = `places[${index}]`
    if (typeof entry !== 'object' || entry === null) return `${where} must be an object`
    const { place, sections, minPriority, quiet } = entry as Record<string, unknown>
    if (typeof place !== 'string' || place.length > 120 || !isPlaceKey(place))
      return `${where}.place must look like wa/duvall, or z/47.74/-121.99 for a map point`
    if (seen.has(place.toLowerCase())) return `${where}.place is listed twice`
    seen.add(place.toLowerCase())
    if (!Array.isArray(sections) || sections.length === 0 || sections.length > NOTIFY_SECTIONS.length)
      return `${where}.sections must list statuses, roads or both`
    if (
      sections.some((section) => !(NOTIFY_SECTIONS as readonly unknown[]).includes(section)) ||
      new Set(sections).size !== sections.length
    )
      return `${where}.sections must list statuses, roads or both`
    if (!(PRIORITIES as readonly unknown[]).includes(minPriority))
      return `${where}.minPriority must be one of ${PRIORITIES.join(', ')}`
    if (quiet !== null && quiet !== undefined) {
      if (typeof quiet !== 'object') return `${where}.quiet must be { start, end } or null`
      const { start, end } = quiet as Record<string, unknown>
      if (typeof start !== 'string' || typeof end !== 'string' || minutesOf(start) === null || minutesOf(end) === null)
        return `${where}.quiet must give start and end as HH:MM`
      if (start === end) return `${where}.quiet must end at another time than it starts`
    }
  }
  return null
}

/** Minutes after local midnight at `now` in a time zone. */
export function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now)
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0)
  return value('hour') * 60 + value('minute')
}

/**
 * When the quiet hours holding `now` end, or null when `now` is outside them (a span may cross midnight).
 * @example quietUntil(new Date('2026-01-01T07:00:00Z'), 'America/Los_Angeles', 22 * 60, 7 * 60) // 2026-01-01T15:00:00Z
 */
export function quietUntil(now: Date, timeZone: string, start: number | null, end: number | null): Date | null {
  if (start === null || end === null || start === end) return null
  const local = localMinutes(now, timeZone)
  const inside = start < end ? local >= start && local < end : local >= start || local < end
  if (!inside) return null
  const minutes = (end - local + 1440) % 1440
  const at = new Date(now.getTime() + minutes * 60_000)
  at.setUTCSeconds(0, 0)
  return at
}

export type { Locale, Priority }
