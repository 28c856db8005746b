/**
 * The current place's data as short plain text, the only thing the server's model is given to
 * answer from: values in the visitor's units and language, each source with its age.
 */
import { formatAgo } from '../format.ts'
import { DAYS, formatTime, localClock, openState, type DayKey } from '../live/hours.ts'
import { makeContext, type Context, type T } from './context.ts'
import { compassKey } from '../weather/compass.ts'
import { SUMMARY_MAX } from './limits.ts'
import type { Snapshot, Sourced } from './snapshot.ts'
import { daysFrom, hoursFor, weekdayName } from './time.ts'

const ITEMS_MAX = 12

/** A weekday key's English name (2026-11-23 was a Monday). */
const dayName = (day: DayKey): string => weekdayName(`2026-11-${23 + DAYS.indexOf(day)}`, 'en')

function heading<T>(c: Context, name: string, state: Sourced<T>): string {
  if (state.state === 'loading') return `[${name}: still loading]`
  if (state.state === 'error') return `[${name}: failed to load]`
  const failed = state.failed ? '; the latest update failed' : ''
  return `[${name}, updated ${formatAgo(state.fetchedAt, c.now, 'en')}${failed}]`
}

function forecastLines(c: Context, s: Snapshot): string[] {
  const lines = [heading(c, 'Forecast (Open-Meteo)', s.forecast)]
  if (s.forecast.state !== 'ok') return lines
  const { current, hourly, daily } = s.forecast.data
  const wind =
    current.windSpeed === null
      ? '—'
      : `${c.speed(current.windSpeed)} ${current.windDirection === null ? '' : c.t(compassKey(current.windDirection))}`
  lines.push(
    `Now: ${c.condition(current.code)}, ${c.temp(current.temperature)}, feels like ${c.temp(current.feelsLike)}, humidity ${c.percent(current.humidity)}, wind ${wind}, gusts ${c.speed(current.windGusts)}, precipitation ${c.precip(current.precipitation ?? current.rain)}, UV ${current.uv ?? '—'}`,
  )
  const rest = [...hoursFor(hourly, 'later', c.now, c.timeZone), ...hoursFor(hourly, 'tonight', c.now, c.timeZone)]
  const hours = [...new Map(rest.map((hour) => [hour.time, hour])).values()].filter((_, i) => i % 3 === 0)
  if (hours.length)
    lines.push(
      `Next hours: ${hours.map((hour) => `${c.clock(hour.time)} ${c.condition(hour.code)} ${c.temp(hour.temperature)} ${c.percent(hour.precipProbability)}`).join('; ')}`,
    )
  for (const day of daysFrom(daily, c.now, c.timeZone))
    lines.push(
      `${weekdayName(day.date, c.locale)} ${day.date}: ${c.condition(day.code)}, high ${c.temp(day.max)}, low ${c.temp(day.min)}, precipitation ${c.percent(day.precipProbability)} (${c.precip(day.precipSum)}), UV max ${day.uvMax ?? '—'}`,
    )
  return lines
}

function airLines(c: Context, s: Snapshot): string[] {
  const lines = [heading(c, 'Air quality (Open-Meteo)', s.air)]
  if (s.air.state !== 'ok') return lines
  const { usAqi, category, dominant, pollen } = s.air.data
  lines.push(
    `US AQI ${usAqi ?? '—'}${category ? ` (${c.t(`air.${category}`)})` : ''}${dominant ? `, main pollutant ${c.t(`pollutant.${dominant}`)}` : ''}`,
    pollen
      ? `Pollen: ${pollen.map((p) => `${c.t(`pollen.${p.type}`)} ${c.t(`pollen.${p.level}`)}`).join(', ')}`
      : 'Pollen: no data for this area',
  )
  return lines
}

function alertLines(c: Context, s: Snapshot): string[] {
  const lines = [heading(c, 'Weather alerts (National Weather Service)', s.alerts)]
  if (s.alerts.state !== 'ok') return lines
  if (!s.alerts.data.length) lines.push('None active')
  for (const alert of s.alerts.data.slice(0, ITEMS_MAX))
    lines.push(
      `${alert.event} (${alert.severity})${alert.expires === null ? '' : ` until ${c.dateTime(alert.expires)}`}: ${alert.headline ?? ''}`.slice(
        0,
        300,
      ),
    )
  return lines
}

function liveLines(c: Context, s: Snapshot): string[] {
  const lines = [heading(c, 'Local statuses, roads and businesses (Porchlight)', s.live)]
  if (s.live.state !== 'ok') return lines
  const { statuses, roads, businesses } = s.live.data
  lines.push(`Statuses: ${statuses.length ? '' : 'none'}`)
  for (const status of statuses.slice(0, ITEMS_MAX))
    lines.push(`- ${status.title}: ${status.state ?? ''} ${status.data.lines.join(' ')}`.slice(0, 300))
  const entries = roads.flatMap((group) => group.entries.map((entry) => ({ group: group.title, entry })))
  lines.push(`Roads: ${entries.length ? '' : 'none'}`)
  for (const { group, entry } of entries.slice(0, ITEMS_MAX))
    lines.push(
      `- ${group}${entry.title === group ? '' : `: ${entry.title}`}: ${entry.state ?? ''}${entry.direction ? `, ${entry.direction}` : ''}${entry.laneClosure ? ', lane closure' : ''}`.slice(
        0,
        300,
      ),
    )
  lines.push(`Businesses: ${businesses.length ? '' : 'none'}`)
  const at = new Date(c.now)
  for (const business of businesses.slice(0, ITEMS_MAX)) {
    const state = openState(business.week, at, c.timeZone)
    const now =
      state.state === 'open'
        ? `open now until ${formatTime(state.closesAt, c.locale)}`
        : state.state === 'closed'
          ? `closed now${state.opensAt ? `, opens ${dayName(state.opensAt.day)} ${formatTime(state.opensAt.minutes, c.locale)}` : ''}`
          : 'hours unknown'
    lines.push(`- ${business.title}: ${now}${business.hoursText ? `; hours: ${business.hoursText}` : ''}`.slice(0, 300))
  }
  return lines
}

/**
 * The snapshot as at most SUMMARY_MAX characters of text (later sections are cut first).
 * @example buildSummary(snapshot, t).split('\n')[0] // 'Place: Duvall, WA; local time Thu 9:20 PM; …'
 */
export function buildSummary(snapshot: Snapshot, t: T): string {
  const c = makeContext(snapshot, t)
  const clock = localClock(new Date(c.now), c.timeZone)
  const lines = [
    `Place: ${c.place}; time zone ${c.timeZone}; local time ${dayName(clock.day)} ${formatTime(clock.minutes, c.locale)}; units ${snapshot.units.temperature}, ${snapshot.units.windSpeed}, ${snapshot.units.distance}`,
    ...forecastLines(c, snapshot),
    ...alertLines(c, snapshot),
    ...airLines(c, snapshot),
    ...liveLines(c, snapshot),
  ]
  const text = lines.join('\n')
  if (text.length <= SUMMARY_MAX) return text
  // Cut at the limit, but never through the middle of a surrogate pair.
  const cut = text.slice(0, SUMMARY_MAX)
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}
