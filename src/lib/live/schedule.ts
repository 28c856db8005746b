// A recurring work zone's schedule as one line a visitor reads at a glance: "Daily 6 AM–4 PM, Dec 2–5",
// "Mon–Fri 9 PM–5 AM, Dec 7–18", "Tue and Thu 9 AM–3 PM, Dec 1–10", in the visitor's language and the
// place's time zone (days are the place's days, whatever the browser's zone is).
import { hourReads, safeZone, zonedParts } from '../format.ts'
import { kept } from '../kept.ts'
import type { Occurrence } from './roads.ts'

/** The schedule texts of src/i18n/*.json. */
export type ScheduleKey =
  'schedule.daily' | 'schedule.days' | 'schedule.onDates' | 'schedule.more' | 'schedule.timeRange' | 'schedule.dayRange'
export type ScheduleT = (key: ScheduleKey, values: Record<string, string>) => string

/** Irregular dates or times are listed up to this many, then "and 3 more". */
const LISTED = 3
const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const DAY_MS = 86_400_000
const formats = new Map<string, Intl.DateTimeFormat>()

function format(locale: string, timeZone: string, shape: 'time' | 'hour' | 'date' | 'weekday' | 'when'): Intl.DateTimeFormat {
  return kept(formats, `${locale}|${timeZone}|${shape}`, () => {
    const options: Record<typeof shape, Intl.DateTimeFormatOptions> = {
      time: { hour: 'numeric', minute: '2-digit' },
      hour: { hour: 'numeric' },
      date: { month: 'short', day: 'numeric' },
      weekday: { weekday: 'short' },
      when: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    }
    return new Intl.DateTimeFormat(locale, { ...options[shape], timeZone })
  })
}

/** The local dates from `from` to `to` ('YYYY-MM-DD'), both included. */
function datesBetween(from: string, to: string): string[] {
  const dates: string[] = []
  for (let day = Date.parse(from); day <= Date.parse(to); day += DAY_MS) dates.push(new Date(day).toISOString().slice(0, 10))
  return dates
}

const weekdayOf = (date: string): string => WEEK[(new Date(date).getUTCDay() + 6) % 7] ?? 'Mon'

/** "Mon–Fri" (or "Sun–Thu") for three or more days in a row of the week, else "Tue and Thu". */
function daysText(days: Set<string>, names: Map<string, string>, locale: string, t: ScheduleT): string {
  const name = (day: string | undefined) => names.get(day ?? '') ?? ''
  // The run starts on a day whose eve is off; a run that wraps round the week's end starts there too.
  const start = WEEK.findIndex((day, index) => days.has(day) && !days.has(WEEK[(index + 6) % 7] ?? ''))
  const ordered = start < 0 ? WEEK : [...WEEK.slice(start), ...WEEK.slice(0, start)].filter((day) => days.has(day))
  const inRow = ordered.every((day, index) => WEEK.indexOf(day) === (start + index) % 7)
  if (start >= 0 && inRow && ordered.length >= 3)
    return t('schedule.dayRange', { from: name(ordered[0]), to: name(ordered.at(-1)) })
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(ordered.map(name))
}

/** A list of at most LISTED texts, the rest counted: "Dec 2, Dec 4 and Dec 9", "…, Dec 9 and 2 more". */
function listed(texts: string[], locale: string, t: ScheduleT): string {
  if (texts.length <= LISTED + 1) return new Intl.ListFormat(locale, { type: 'conjunction' }).format(texts)
  return t('schedule.more', { list: texts.slice(0, LISTED).join(', '), count: String(texts.length - LISTED) })
}

/**
 * The schedule line of a recurring work zone; null for fewer than two occurrences. Days in a row are "Daily",
 * the same days each week are named, other dates are listed; occurrences at different hours are listed each.
 * @example scheduleText(fourDays, 'en', 'America/Los_Angeles', t) // 'Daily 6 AM–4 PM, Dec 2–5'
 */
export function scheduleText(occurrences: Occurrence[], locale: string, timeZone: string, t: ScheduleT): string | null {
  const first = occurrences[0]
  const last = occurrences.at(-1)
  if (!first || !last || occurrences.length < 2) return null
  const zone = safeZone(timeZone)
  const local = occurrences.map(({ start, end }) => ({ start: zonedParts(start, zone), end: zonedParts(end, zone) }))
  const clock = (part: { hour: number; minute: number }) => `${part.hour}:${part.minute}`
  const sameHours =
    occurrences.every(({ start, end }) => end - start < DAY_MS) &&
    local.every(({ start, end }) => clock(start) === clock(local[0]!.start) && clock(end) === clock(local[0]!.end))
  if (!sameHours)
    return listed(
      occurrences.map(({ start, end }) => format(locale, zone, 'when').formatRange(start, end)),
      locale,
      t,
    )

  const minutes = !hourReads(locale) || local.some(({ start, end }) => start.minute !== 0 || end.minute !== 0)
  const time = format(locale, zone, minutes ? 'time' : 'hour')
  const times = t('schedule.timeRange', { from: time.format(first.start), to: time.format(first.end) })
  const dates = local.map(({ start }) => start.date)
  const span = datesBetween(dates[0]!, dates.at(-1)!)
  const range = format(locale, zone, 'date').formatRange(first.start, last.start)
  if (span.every((date) => dates.includes(date))) return t('schedule.daily', { times, dates: range })

  const days = new Set(dates.map(weekdayOf))
  const names = new Map(
    occurrences.map(({ start }, index) => [weekdayOf(dates[index]!), format(locale, zone, 'weekday').format(start)]),
  )
  if (span.filter((date) => days.has(weekdayOf(date))).every((date) => dates.includes(date)))
    return t('schedule.days', { days: daysText(days, names, locale, t), times, dates: range })
  const on = listed(
    occurrences.map(({ start }) => format(locale, zone, 'date').format(start)),
    locale,
    t,
  )
  return t('schedule.onDates', { times, dates: on })
}
