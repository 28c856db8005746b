// When a live item starts and ends, said the way a visitor can act on it ("from Mon 9 PM", "until Fri 6 AM"):
// in the visitor's language and the place's own time zone, whatever the browser's zone is.
import { hourReads, safeZone, zonedParts } from '../format.ts'
import { kept } from '../kept.ts'

/** The translation keys of the times line (src/i18n/*.json), each with {{from}} and/or {{until}}. */
export type TimesKey = 'times.from' | 'times.until' | 'times.fromUntil'

/** What the line says: the key and the formatted moments, for `t(key, values)`. */
export type TimesText = { key: TimesKey; values: Record<string, string> }

const DAY_MS = 86_400_000
const formats = new Map<string, Intl.DateTimeFormat>()

/** One formatter per language, zone and shape: a list of 40 items asks for 80 moments. */
function format(locale: string, timeZone: string, shape: 'time' | 'weekday' | 'date', minutes: boolean): Intl.DateTimeFormat {
  return kept(formats, `${locale}|${timeZone}|${shape}|${minutes}`, () => {
    const time: Intl.DateTimeFormatOptions = { hour: 'numeric', ...(minutes ? { minute: '2-digit' } : {}) }
    const day: Intl.DateTimeFormatOptions =
      shape === 'weekday' ? { weekday: 'short' } : shape === 'date' ? { weekday: 'short', month: 'short', day: 'numeric' } : {}
    return new Intl.DateTimeFormat(locale, { ...day, ...time, timeZone })
  })
}

/** Whole days between two local dates ('YYYY-MM-DD'), DST or not. */
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS)

/**
 * A moment as short as it can be told without doubt, seen from now in the place's zone: the time alone
 * today, the weekday and time within six days, else the date and time. Minutes only when not on the hour, or
 * where an hour alone would be a bare number (Spanish "21").
 * @example formatMoment(Date.UTC(2026, 10, 24, 5), Date.UTC(2026, 10, 22, 20), 'en', 'America/Los_Angeles') // 'Mon 9 PM'
 */
export function formatMoment(time: number, now: number, locale: string, timeZone: string): string {
  const zone = safeZone(timeZone)
  const at = zonedParts(time, zone)
  const days = daysBetween(zonedParts(now, zone).date, at.date)
  const shape = days === 0 ? 'time' : days > 0 && days < 7 ? 'weekday' : 'date'
  return format(locale, zone, shape, at.minute !== 0 || !hourReads(locale)).format(time)
}

const parse = (value: string | null | undefined): number | null => {
  const time = value ? Date.parse(value) : NaN
  return Number.isFinite(time) ? time : null
}

/**
 * The times line of an item: "from …" while it has not started (with "until …" when it also says its end),
 * "until …" once it runs; nothing for an item without times, or one that has ended (it leaves the answer anyway).
 * Times that are not dates are ignored, and an end before the start is not told.
 * @example itemTimes({ startsAt: '2026-11-24T05:00:00Z', endsAt: null }, Date.UTC(2026, 10, 22, 20), 'en', 'America/Los_Angeles') // { key: 'times.from', values: { from: 'Mon 9 PM' } }
 */
export function itemTimes(
  item: { startsAt?: string | null | undefined; endsAt?: string | null | undefined },
  now: number,
  locale: string,
  timeZone: string,
): TimesText | null {
  const start = parse(item.startsAt)
  const rawEnd = parse(item.endsAt)
  const end = rawEnd !== null && (start === null || rawEnd > start) ? rawEnd : null
  if (end !== null && end <= now) return null
  const until = end === null ? null : formatMoment(end, now, locale, timeZone)
  if (start !== null && start > now) {
    const from = formatMoment(start, now, locale, timeZone)
    return until ? { key: 'times.fromUntil', values: { from, until } } : { key: 'times.from', values: { from } }
  }
  return until ? { key: 'times.until', values: { until } } : null
}
