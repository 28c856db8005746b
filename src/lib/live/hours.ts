/** Opening hours of a local business (SPEC section 3, hoursM … hoursSu): parsing staff text and open/closed at a moment. */
import { zonedParts } from '../format.ts'
import { kept } from '../kept.ts'

/** Monday first; the keys match the special-data fields hoursM … hoursSu. */
export const DAYS = ['M', 'Tu', 'W', 'Th', 'F', 'Sa', 'Su'] as const
export type DayKey = (typeof DAYS)[number]
/** Minutes from the day's midnight; close may exceed 1440 for a range past midnight. */
export type Interval = { open: number; close: number }
/** `none` is an empty or missing field; `unknown` keeps text that could not be read, so the UI can show it as written. */
export type DayHours =
  { kind: 'closed' } | { kind: 'open'; intervals: Interval[] } | { kind: 'unknown'; text: string } | { kind: 'none' }
export type WeekHours = Record<DayKey, DayHours>
export type OpenState =
  | { state: 'open'; closesAt: number; closingSoon: boolean }
  | { state: 'closed'; opensAt: { day: DayKey; minutes: number } | null }
  | { state: 'unknown' }

export const CLOSING_SOON_MINUTES = 30
const DAY = 1440
const TEXT_MAX = 300

type Meridiem = 'a' | 'p'
type Clock = { hour: number; minute: number; meridiem: Meridiem | null; colon: boolean; clear24: boolean }

const CLOSED = /^closed(?: all day)?\.?$/
const ALL_DAY = /^(?:open )?(?:24 ?(?:hours?|hrs?|h)|24 ?\/ ?7|all day)(?: a day)?(?: open)?$/
const CLOCK = /^(\d{1,2})(?:[:.](\d{2}))?(?: ?([ap])\.?(?: ?m\.?)?)?$/

function readClock(text: string): Clock | null {
  if (text === 'noon') return { hour: 12, minute: 0, meridiem: 'p', colon: true, clear24: false }
  if (text === 'midnight') return { hour: 12, minute: 0, meridiem: 'a', colon: true, clear24: false }
  const match = CLOCK.exec(text)
  if (!match?.[1]) return null
  const hour = Number(match[1])
  // '09:00', '0:30' and '17:00' can only be 24-hour times; '9:00' could be either.
  const clear24 = match[1].startsWith('0') || hour >= 13
  return { hour, minute: Number(match[2] ?? 0), meridiem: (match[3] as Meridiem | undefined) ?? null, colon: !!match[2], clear24 }
}

function minutesOf(clock: Clock, meridiem: Meridiem | null): number | null {
  const { hour, minute } = clock
  if (minute > 59) return null
  if (meridiem) return hour < 1 || hour > 12 ? null : ((hour % 12) + (meridiem === 'p' ? 12 : 0)) * 60 + minute
  // Without am/pm only a colon makes a 24-hour time: a bare '9-5' says nothing about which 9 and 5.
  if (!clock.colon || hour > 24 || (hour === 24 && minute > 0)) return null
  return hour * 60 + minute
}

function readRange(text: string): Interval | null {
  const parts = /^(.+?) ?(?:-|to|until|till) ?(.+)$/.exec(text)
  const from = parts?.[1] ? readClock(parts[1]) : null
  const to = parts?.[2] ? readClock(parts[2]) : null
  if (!from || !to) return null
  let fromMeridiem = from.meridiem
  if (!fromMeridiem && to.meridiem && !from.clear24) {
    // '3-10 pm' shares the end's half of the day; '11-2 pm' cannot, so it is 11 am.
    const same = minutesOf(from, to.meridiem)
    const end = minutesOf(to, to.meridiem)
    fromMeridiem = same !== null && end !== null && same < end ? to.meridiem : to.meridiem === 'a' ? 'p' : 'a'
  }
  // '9am-5' leaves the end ambiguous (5 pm, or 5 am the next day?).
  if (fromMeridiem && !to.meridiem && !to.clear24) return null
  const open = minutesOf(from, fromMeridiem)
  const close = minutesOf(to, to.meridiem)
  if (open === null || close === null || open >= DAY || open === close) return null
  // '9:00-5:00' is nine to five, or a twenty-hour night: too ambiguous to guess.
  if (!fromMeridiem && !to.meridiem && close < open && !from.clear24 && !to.clear24) return null
  return { open, close: close <= open ? close + DAY : close }
}

/** Sorted, with overlapping or touching ranges joined, so a close is always a real close. */
function merge(intervals: Interval[]): Interval[] {
  const merged: Interval[] = []
  for (const next of [...intervals].sort((a, b) => a.open - b.open)) {
    const last = merged.at(-1)
    if (last && next.open <= last.close) last.close = Math.max(last.close, next.close)
    else merged.push({ ...next })
  }
  return merged
}

/**
 * Reads one day's hours as staff typed them; anything it cannot read is 'unknown' with the original text.
 * @example parseDayHours('11am-2pm & 5pm-9pm') // { kind: 'open', intervals: [{ open: 660, close: 840 }, { open: 1020, close: 1260 }] }
 */
export function parseDayHours(text: unknown): DayHours {
  if (text === null || text === undefined) return { kind: 'none' }
  if (typeof text !== 'string') return { kind: 'unknown', text: typeof text === 'number' ? String(text) : '' }
  const raw = text.trim().slice(0, TEXT_MAX)
  if (!raw) return { kind: 'none' }
  const normal = raw
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
  if (CLOSED.test(normal)) return { kind: 'closed' }
  if (ALL_DAY.test(normal)) return { kind: 'open', intervals: [{ open: 0, close: DAY }] }
  const pieces = normal
    .replace(/^open:? /, '')
    .split(/ ?(?:[,;&]| and ) ?/)
    .filter(Boolean)
  const intervals = pieces.map(readRange)
  if (!intervals.length || intervals.some((interval) => interval === null)) return { kind: 'unknown', text: raw }
  return { kind: 'open', intervals: merge(intervals.filter((interval) => interval !== null)) }
}

/**
 * Reads hoursM … hoursSu of a business's special data.
 * @example parseWeek({ hoursM: 'closed' }).M // { kind: 'closed' }
 */
export function parseWeek(special: Record<string, unknown>): WeekHours {
  const week = {} as WeekHours
  for (const day of DAYS) week[day] = parseDayHours(special[`hours${day}`])
  return week
}

const WEEKDAYS: Record<string, DayKey> = { Mon: 'M', Tue: 'Tu', Wed: 'W', Thu: 'Th', Fri: 'F', Sat: 'Sa', Sun: 'Su' }

/**
 * The local weekday and minutes since midnight of `now` in `timeZone`.
 * @example localClock(new Date('2026-03-09T17:30:00Z'), 'America/Los_Angeles') // { day: 'M', minutes: 630 }
 */
export function localClock(now: Date, timeZone: string): { day: DayKey; minutes: number } {
  const { weekday, hour, minute } = zonedParts(now.getTime(), timeZone)
  return { day: WEEKDAYS[weekday] ?? 'M', minutes: hour * 60 + minute }
}

/**
 * Open/closed/closing soon at `now` in the business's own time zone (the city's, not the visitor's).
 * @example openState(parseWeek({ hoursM: '09:00-21:00' }), new Date('2026-03-10T03:45:00Z'), 'America/Los_Angeles') // open, closesAt 1260, closingSoon
 */
export function openState(week: WeekHours, now: Date, timeZone: string, soonMinutes = CLOSING_SOON_MINUTES): OpenState {
  if (!Number.isFinite(now.getTime())) return { state: 'unknown' }
  if (DAYS.every((day) => week[day].kind === 'unknown' || week[day].kind === 'none')) return { state: 'unknown' }
  const { day, minutes } = localClock(now, timeZone)
  const index = DAYS.indexOf(day)
  const dayAt = (offset: number): DayKey => DAYS[(index + offset) % 7] ?? day
  // A day's intervals in minutes from today's midnight, so yesterday's 17:00-01:00 ends at 60 today.
  const shifted = (offset: number): Interval[] => {
    const hours = week[dayAt(offset + 7)]
    return hours.kind === 'open'
      ? hours.intervals.map((it) => ({ open: it.open + offset * DAY, close: it.close + offset * DAY }))
      : []
  }
  const timeline = [-1, 0, 1].flatMap(shifted)
  const current = timeline.find((it) => it.open <= minutes && minutes < it.close)
  if (current) {
    // A range that starts right at this close (24:00 today, 00:00 tomorrow) keeps the doors open.
    let end = current.close
    for (let next = timeline.find((it) => it.open === end); next; next = timeline.find((it) => it.open === end)) end = next.close
    return { state: 'open', closesAt: current.close, closingSoon: end - minutes <= soonMinutes }
  }
  // Text nobody could read may well say it is open now.
  if (week[day].kind === 'unknown') return { state: 'unknown' }
  for (let offset = 0; offset <= 7; offset++) {
    const next = shifted(offset).find((it) => it.open > minutes)
    if (next) return { state: 'closed', opensAt: { day: dayAt(offset), minutes: next.open - offset * DAY } }
  }
  return { state: 'closed', opensAt: null }
}

const timeFormats = new Map<string, Intl.DateTimeFormat>()

function timeFormat(locale: string): Intl.DateTimeFormat {
  return kept(timeFormats, locale, () => {
    let base: Intl.DateTimeFormat
    try {
      base = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })
    } catch {
      base = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })
    }
    const { locale: resolved, hourCycle } = base.resolvedOptions()
    // 24-hour languages write opening times with two-digit hours ('09:00'); 12-hour ones do not ('9:00 AM').
    return hourCycle === 'h23' || hourCycle === 'h24'
      ? new Intl.DateTimeFormat(resolved, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })
      : base
  })
}

/**
 * Formats minutes from midnight as a time of day in the visitor's language; 1440+ wraps.
 * @example formatTime(1500, 'en') // '1:00 AM'
 */
export function formatTime(minutes: number, locale: string): string {
  if (!Number.isFinite(minutes)) return ''
  const wrapped = ((Math.round(minutes) % DAY) + DAY) % DAY
  return timeFormat(locale).format(Date.UTC(2000, 0, 1, Math.floor(wrapped / 60), wrapped % 60))
}

/**
 * Today's key first, then the rest of the week in order, for the schedule table.
 * @example weekFrom('Sa') // ['Sa', 'Su', 'M', 'Tu', 'W', 'Th', 'F']
 */
export function weekFrom(day: DayKey): DayKey[] {
  const index = Math.max(0, DAYS.indexOf(day))
  return [...DAYS.slice(index), ...DAYS.slice(0, index)]
}
