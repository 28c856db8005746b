/**
 * OSM opening hours in the browser: the server evaluates the OpenStreetMap `opening_hours` value (full syntax, US
 * holidays, the place's zone) into each coming day's wall-clock hours; this reads them into the Local page's week and
 * open state. No parser ships to the browser.
 */
import { zonedParts } from '../format.ts'
import { isObject } from '../is-object.ts'
import type { AlertItem } from '../items.ts'
import { CLOSING_SOON_MINUTES, DAYS, type DayKey, type Interval, type OpenState, type WeekHours } from './hours.ts'

const DAY = 1440
const MAX_DAYS = 31
type Piece = Interval & { unknown: boolean }
export type OsmHours = { from: string; days: Piece[][] }

const PIECE = /^(\d{1,4})-(\d{1,4})(\?)?$/

/** Days since 1970-01-01 of a YYYY-MM-DD date, or null. */
function dayNumber(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return null
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return Number.isFinite(time) ? time / 86_400_000 : null
}

function weekday(dayNo: number): DayKey {
  // 1970-01-01 was a Thursday; DAYS starts on Monday.
  return DAYS[(((dayNo + 3) % 7) + 7) % 7] ?? 'M'
}

/**
 * Reads `hoursFrom` and `hoursDays` from a business's special data; anything malformed gives null (hours as written).
 * @example readOsmHours({ hoursFrom: '2026-11-22', hoursDays: ['', '540-1020'] })?.days[1] // [{ open: 540, close: 1020, unknown: false }]
 */
export function readOsmHours(special: Record<string, unknown>): OsmHours | null {
  const from = special['hoursFrom']
  const days = special['hoursDays']
  if (typeof from !== 'string' || dayNumber(from) === null || !Array.isArray(days) || days.length > MAX_DAYS) return null
  const parsed: Piece[][] = []
  for (const day of days) {
    if (typeof day !== 'string') return null
    const pieces: Piece[] = []
    for (const text of day.split(',').filter(Boolean)) {
      const match = PIECE.exec(text)
      const open = Number(match?.[1])
      const close = Number(match?.[2])
      if (!match || open >= close || close > DAY) return null
      pieces.push({ open, close, unknown: !!match[3] })
    }
    parsed.push(pieces)
  }
  return { from, days: parsed }
}

/** Whether `piece` (starting at midnight) continues a range of the day before that ran up to midnight. */
function carriedIn(previous: Piece[] | undefined, piece: Piece): boolean {
  return piece.open === 0 && piece.close < DAY && !!previous?.some((p) => p.close === DAY && p.open > 0)
}

/** A day's pieces in minutes from today's midnight, joined where one ends as the next begins (past midnight too). */
function timeline(hours: OsmHours, todayIndex: number): Piece[] {
  const pieces: Piece[] = []
  for (let offset = -1; offset <= 7; offset++) {
    for (const piece of hours.days[todayIndex + offset] ?? []) {
      const shifted = { open: piece.open + offset * DAY, close: piece.close + offset * DAY, unknown: piece.unknown }
      const last = pieces.at(-1)
      if (last && last.close === shifted.open && last.unknown === shifted.unknown) last.close = shifted.close
      else pieces.push(shifted)
    }
  }
  return pieces
}

/**
 * The week from today (each weekday's real hours, holidays included) and the state at `now` in `timeZone`,
 * or null when the precomputed days do not cover this week (the data is too old): the caller shows the text as written.
 * @example osmHoursAt(hours, new Date('2026-11-23T18:00:00Z'), 'America/Los_Angeles')?.open.state // 'open'
 */
export function osmHoursAt(hours: OsmHours, now: Date, timeZone: string): { week: WeekHours; open: OpenState } | null {
  const local = zonedParts(now.getTime(), timeZone)
  const today = dayNumber(local.date)
  const first = dayNumber(hours.from)
  if (today === null || first === null) return null
  const index = today - first
  if (index < 1 || index + 7 > hours.days.length) return null
  const week = {} as WeekHours
  for (let offset = 0; offset < 7; offset++) {
    const day = index + offset
    // A range past midnight is shown on the day it starts (close beyond 24:00), as staff-entered hours are;
    // today's row keeps its early piece because yesterday has no row.
    const pieces = (hours.days[day] ?? []).filter((piece) => offset === 0 || !carriedIn(hours.days[day - 1], piece))
    const intervals = pieces.map(({ open, close }) => {
      const carry = (hours.days[day + 1] ?? []).find((piece) => carriedIn([{ open, close, unknown: false }], piece))
      return { open, close: carry ? DAY + carry.close : close }
    })
    week[weekday(today + offset)] = intervals.length ? { kind: 'open', intervals } : { kind: 'closed' }
  }
  const minutes = local.hour * 60 + local.minute
  const line = timeline(hours, index)
  const current = line.find((piece) => piece.open <= minutes && minutes < piece.close)
  if (current?.unknown) return { week, open: { state: 'unknown' } }
  if (current)
    return {
      week,
      open: { state: 'open', closesAt: current.close, closingSoon: current.close - minutes <= CLOSING_SOON_MINUTES },
    }
  const next = line.find((piece) => piece.open > minutes && !piece.unknown)
  const offset = next ? Math.floor(next.open / DAY) : 0
  return {
    week,
    open: {
      state: 'closed',
      opensAt: next && offset <= 7 ? { day: weekday(today + offset), minutes: next.open - offset * DAY } : null,
    },
  }
}

/** Whether an item's special data says it came from OpenStreetMap (the Local page then credits OSM, as ODbL asks). */
export function isOsmItem(item: AlertItem): boolean {
  return readSpecial(item)['source'] === 'osm'
}

function readSpecial(item: AlertItem): Record<string, unknown> {
  const json = item.data?.specialData
  if (typeof json !== 'string' || !json) return {}
  try {
    const value: unknown = JSON.parse(json)
    return isObject(value) ? value : {}
  } catch {
    return {}
  }
}

/**
 * The week and open state of an OpenStreetMap business at `now`, or null for staff-entered hours (hoursM … hoursSu)
 * and for OSM hours that could not be evaluated or are too old (then the hours show as written).
 */
export function itemOsmHours(item: AlertItem, now: Date, timeZone: string): { week: WeekHours; open: OpenState } | null {
  const hours = readOsmHours(readSpecial(item))
  return hours ? osmHoursAt(hours, now, timeZone) : null
}

/** The reaction answer's local section says its businesses are still being fetched (first visit to an area). */
export function isLocalPending(local: unknown): boolean {
  return typeof local === 'object' && local !== null && (local as { pending?: unknown }).pending === true
}
