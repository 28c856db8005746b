/** Answers about wind (only the current wind is known) and UV, for each time scope. */
import type { Forecast } from '../weather/forecast.ts'
import { sunscreenAdvised, uvLevel, uvToShow } from '../weather/uv.ts'
import { compassKey } from '../weather/compass.ts'
import type { Context } from './context.ts'
import { dayLabel, noTime } from './forecast-math.ts'
import { dayFor, daysFrom } from './time.ts'
import type { Scope } from './vocabulary.ts'

type Day = Forecast['daily'][number]

/**
 * The current wind; for any other time it says that only the current wind is known.
 * @example wind(c, forecast, 'now') // 'Wind in Duvall, WA right now: 4 mph from the south, gusts up to 12 mph.'
 */
export function wind(c: Context, f: Forecast, scope: Scope): string {
  const { windSpeed, windDirection, windGusts } = f.current
  if (windSpeed === null) return c.t('assistant.noValue')
  const from = windDirection === null ? '' : c.t('marine.from', { direction: c.t(compassKey(windDirection)) })
  const values = { place: c.place, speed: c.speed(windSpeed), from, gusts: c.speed(windGusts) }
  const now = c.t(windGusts === null ? 'assistant.wind.now' : 'assistant.wind.nowGusts', values).replace(/\s+([,.。，])/g, '$1')
  return scope === 'now' ? now : c.join(c.t('assistant.wind.onlyNow'), now)
}

/**
 * The UV index now (the current value, 0 at night), a day's maximum, or the week's peak, with the EPA advice.
 * @example uv(c, forecast, 'tomorrow') // 'Tomorrow in Duvall, WA: UV index up to 2 (Low). No sun protection needed for most people.'
 */
export function uv(c: Context, f: Forecast, scope: Scope): string {
  const advice = (value: number): string => c.t(sunscreenAdvised(uvLevel(value)) ? 'uv.sunscreen' : 'uv.noSunscreen')
  const level = (value: number): string => c.t(`uv.${uvLevel(value)}`)
  const today = dayFor(f.daily, 'now', c.now, c.timeZone)
  if (scope === 'now') {
    const value = uvToShow(f.current.uv, today?.uvMax ?? null, f.current.isDay)
    if (value === null) return c.t('assistant.noValue')
    return c.t('assistant.uv.now', {
      place: c.place,
      value: String(Math.round(value)),
      level: level(value),
      advice: advice(value),
    })
  }
  if (scope === 'tonight') return c.t('assistant.uv.night')
  if (scope === 'later' || scope === 'tomorrow') {
    const day = scope === 'later' ? today : dayFor(f.daily, scope, c.now, c.timeZone)
    if (day?.uvMax === null || day?.uvMax === undefined) return noTime(c)
    return c.t('assistant.uv.day', {
      when: c.when(scope),
      place: c.place,
      value: String(Math.round(day.uvMax)),
      level: level(day.uvMax),
      advice: advice(day.uvMax),
    })
  }
  const peak = daysFrom(f.daily, c.now, c.timeZone).reduce<Day | null>(
    (best, day) => (day.uvMax !== null && (best?.uvMax ?? -1) < day.uvMax ? day : best),
    null,
  )
  if (peak?.uvMax === null || peak?.uvMax === undefined) return noTime(c)
  return c.t('assistant.uv.week', {
    place: c.place,
    value: String(Math.round(peak.uvMax)),
    level: level(peak.uvMax),
    day: dayLabel(c, peak.date),
  })
}
