/** Calendar arithmetic in the place's own time zone, for "later today", "tonight", "tomorrow" and "this week". */
import { zonedParts } from '../format.ts'
import type { Forecast } from '../weather/forecast.ts'
import type { Scope } from './vocabulary.ts'

type Hour = Forecast['hourly'][number]
type Day = Forecast['daily'][number]

const HOUR_MS = 3_600_000

/**
 * The local date ('YYYY-MM-DD') and hour (0–23) of a moment in a time zone.
 * @example localTime(Date.UTC(2026, 0, 16, 5, 20), 'America/Los_Angeles') // { date: '2026-01-15', hour: 21 }
 */
export function localTime(time: number, timeZone: string): { date: string; hour: number } {
  const { date, hour } = zonedParts(time, timeZone)
  return { date, hour }
}

/**
 * A calendar date moved by whole days.
 * @example addDays('2026-01-31', 1) // '2026-02-01'
 */
export function addDays(date: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/**
 * The forecast hours a scope covers, from the current hour on: the rest of today ('later'), or
 * 18:00 to 06:00 ('tonight'; after midnight, the night still going on). Empty for other scopes.
 * @example hoursFor(forecast.hourly, 'tonight', now, 'America/Los_Angeles').length // 9 at 21:20
 */
export function hoursFor(hours: readonly Hour[], scope: Scope, now: number, timeZone: string): Hour[] {
  const today = localTime(now, timeZone)
  const current = hours.filter((hour) => hour.time + HOUR_MS > now)
  if (scope === 'later') return current.filter((hour) => localTime(hour.time, timeZone).date === today.date)
  if (scope !== 'tonight') return []
  // Before 06:00 "tonight" is the night under way; otherwise the one starting at 18:00 today.
  const evening = today.hour < 6 ? addDays(today.date, -1) : today.date
  const morning = addDays(evening, 1)
  return current.filter((hour) => {
    const local = localTime(hour.time, timeZone)
    return (local.date === evening && local.hour >= 18) || (local.date === morning && local.hour < 6)
  })
}

/**
 * The forecast day a scope means: today for 'now' and 'later', tomorrow for 'tomorrow', else null.
 * @example dayFor(forecast.daily, 'tomorrow', now, 'America/Los_Angeles')?.date // '2026-01-16'
 */
export function dayFor(days: readonly Day[], scope: Scope, now: number, timeZone: string): Day | null {
  const today = localTime(now, timeZone).date
  const wanted = scope === 'tomorrow' ? addDays(today, 1) : scope === 'now' || scope === 'later' ? today : null
  return days.find((day) => day.date === wanted) ?? null
}

/**
 * The forecast days from today on (the week's answer).
 * @example daysFrom(forecast.daily, now, 'America/Los_Angeles').length // 7
 */
export function daysFrom(days: readonly Day[], now: number, timeZone: string): Day[] {
  const today = localTime(now, timeZone).date
  return days.filter((day) => day.date >= today)
}

/**
 * A date's weekday name in the visitor's language.
 * @example weekdayName('2026-01-16', 'en') // 'Friday'
 */
export function weekdayName(date: string, locale: string): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day, 12))
}
