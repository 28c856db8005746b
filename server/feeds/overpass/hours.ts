// OSM opening_hours evaluated on the server, in the place's own time zone, into the wall-clock hours of each coming day.
import OpeningHours from 'opening_hours'
import { zonedParts } from '../../../src/lib/format.ts'
import { US_STATE_NAMES } from './us-states.ts'

/** Days evaluated ahead of the fetch: a weekly refresh plus a week of slack before the hours go unknown. */
export const HOURS_DAYS = 15
const DAY = 1440

export type HoursPlace = { lat: number; lon: number; state: string; timeZone: string }
/** Precomputed hours: `from` is the first local date, `days` one entry per date ("540-1020,1080-1320"; '?' marks "maybe open"). */
export type PrecomputedHours = { from: string; days: string[] }

const pad = (n: number): string => String(n).padStart(2, '0')
const dateKey = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`

/**
 * The library reads and writes Date fields in the runtime's own zone. It is handed "wall-clock" Dates whose local
 * fields are the place's local time, and its answers are read back the same way, so the server's zone never matters
 * (apart from a wall time that does not exist in the runtime's zone on its own DST night: run the API with TZ=UTC).
 */
function wallClockMidnight(date: string, offsetDays: number): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
  return new Date(year, month - 1, day + offsetDays)
}

/**
 * Evaluates an opening_hours value for yesterday and the next 14 days at the place, with US federal and the state's
 * public holidays (PH). Returns null when the value cannot be parsed: the business then shows its hours as written.
 * @example precomputeHours('Mo-Fr 09:00-17:00; PH off', place, now)?.days[1] // '540-1020' (a weekday)
 */
export function precomputeHours(value: string, place: HoursPlace, now: Date, days = HOURS_DAYS): PrecomputedHours | null {
  let hours: OpeningHours
  try {
    const nominatim = {
      lat: place.lat,
      lon: place.lon,
      address: { country_code: 'us', state: US_STATE_NAMES[place.state] ?? '' },
    }
    hours = new OpeningHours(value, nominatim, {
      mode: 0, // time ranges only: the opening_hours key
      tag_key: 'opening_hours',
      map_value: false,
      warnings_severity: 4,
      locale: 'en',
    })
  } catch {
    return null
  }
  const today = zonedParts(now.getTime(), place.timeZone).date
  const start = wallClockMidnight(today, -1)
  const end = wallClockMidnight(today, days - 1)
  const byDate = new Map<string, string[]>()
  for (let offset = 0; offset < days; offset++) byDate.set(dateKey(wallClockMidnight(today, offset - 1)), [])
  let intervals: [Date, Date, boolean, string | undefined][]
  try {
    intervals = hours.getOpenIntervals(start, end)
  } catch {
    return null
  }
  for (const [from, to, unknown] of intervals) {
    // Split at local midnights so each date holds its own pieces; the browser joins them again where they touch.
    for (let cursor = from; cursor < to;) {
      const midnight = new Date(cursor.getFullYear(), cursor.getMonth(), cursor.getDate() + 1)
      const pieceEnd = to < midnight ? to : midnight
      const open = cursor.getHours() * 60 + cursor.getMinutes()
      const close = pieceEnd === midnight ? DAY : pieceEnd.getHours() * 60 + pieceEnd.getMinutes()
      if (close > open) byDate.get(dateKey(cursor))?.push(`${open}-${close}${unknown ? '?' : ''}`)
      cursor = pieceEnd
    }
  }
  return { from: dateKey(start), days: [...byDate.values()].map((pieces) => pieces.join(',')) }
}
