import { kept } from './kept.ts'

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()

/** One formatter per language: making one costs far more than using it (a list of 40 items asks 80 times). */
function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  return kept(relativeFormats, locale, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }))
}

/**
 * "5 minutes ago", "in 2 hours", "yesterday", in the visitor's language (Intl.RelativeTimeFormat).
 * Minutes under an hour, hours under a day, then days (SPEC section 9).
 * @example formatAgo(Date.now() - 5 * 60_000, Date.now(), 'en') // '5 minutes ago'
 */
export function formatAgo(time: number, now: number, locale: string): string {
  const format = relativeFormat(locale)
  const minutes = Math.round((time - now) / 60_000)
  if (minutes === 0) return format.format(0, 'second')
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute')
  const hours = Math.round(minutes / 60)
  if (Math.abs(hours) < 24) return format.format(hours, 'hour')
  return format.format(Math.round(hours / 24), 'day')
}

/**
 * A date and time in a place's own time zone and the visitor's language.
 * @example formatDateTime(Date.UTC(2026, 0, 1, 20), 'en', 'America/Los_Angeles') // 'Jan 1, 12:00 PM'
 */
export function formatDateTime(time: number, locale: string, timeZone: string, options: Intl.DateTimeFormatOptions = {}): string {
  // Keys given as undefined count: they drop a part of the default shape (JSON.stringify would drop them).
  const shape = Object.entries(options).map(([name, value]) => `${name}=${String(value)}`)
  const base: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }
  return kept(
    dateTimeFormats,
    `${locale}|${timeZone}|${shape.join(',')}`,
    () => new Intl.DateTimeFormat(locale, { ...base, ...options, timeZone: safeZone(timeZone) }),
  ).format(time)
}

/**
 * One formatter per language, zone and options: building one costs about a millisecond on a phone, and a list of
 * alerts or seven days of sunrises formats dozens of times in one render (formatHour, zonedParts do the same).
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

const hourReading = new Map<string, boolean>()
/** One hour formatter per language and zone: the hourly card labels 48 hours twice (chart and table). */
const hourFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * True when the hour alone reads as a time in this language: a day period or a word marks it ("9 PM",
 * "21 h", "21 Uhr", "21時", "21时"); false where it is a bare number (Spanish "21").
 */
export function hourReads(locale: string): boolean {
  return kept(hourReading, locale, () =>
    new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' })
      .formatToParts(0)
      .some((part) => part.type === 'dayPeriod' || (part.type === 'literal' && /\p{L}/u.test(part.value))),
  )
}

/**
 * An hour as a time in the visitor's language and the place's time zone, never a bare number: the hour
 * alone where the language marks it, else the hour and its minutes ("21:00").
 * @example formatHour(Date.UTC(2026, 0, 4, 5), 'en', 'America/Los_Angeles') // '9 PM'
 * @example formatHour(Date.UTC(2026, 0, 4, 5), 'es', 'America/Los_Angeles') // '21:00'
 */
export function formatHour(time: number, locale: string, timeZone: string): string {
  return kept(hourFormats, `${locale}|${timeZone}`, () => {
    const minute = hourReads(locale) ? {} : ({ minute: '2-digit' } as const)
    return new Intl.DateTimeFormat(locale, { hour: 'numeric', ...minute, timeZone: safeZone(timeZone) })
  }).format(time)
}

/** A time zone Intl accepts, else UTC (a tampered or unknown zone must not throw). */
export function safeZone(timeZone: string): string {
  return kept(safeZones, timeZone, () => {
    try {
      new Intl.DateTimeFormat('en', { timeZone })
      return timeZone
    } catch {
      return 'UTC'
    }
  })
}

/** Each zone's answer, checked once (the check builds a formatter). */
const safeZones = new Map<string, string>()

const zonedFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * The wall clock of a moment in a time zone: local date ('YYYY-MM-DD'), short English weekday,
 * hour (0–23) and minute. One formatter per zone, checked once: the open-now filter and the
 * assistant ask for many moments. A moment that is not a number reads as the epoch.
 * @example zonedParts(Date.UTC(2026, 0, 16, 5, 20), 'America/Los_Angeles') // { date: '2026-01-15', weekday: 'Thu', hour: 21, minute: 20 }
 */
export function zonedParts(time: number, timeZone: string): { date: string; weekday: string; hour: number; minute: number } {
  const format = kept(
    zonedFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: safeZone(timeZone),
        weekday: 'short',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  )
  const parts = format.formatToParts(Number.isFinite(time) ? time : 0)
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((item) => item.type === type)?.value ?? ''
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    weekday: part('weekday'),
    hour: Number(part('hour')) % 24,
    minute: Number(part('minute')),
  }
}
