/** Answers from the forecast: rain, temperature, the weather in general (wind and UV beside), for each time scope. */
import { describeWeather, type WeatherKind } from '../weather/wmo.ts'
import type { Forecast } from '../weather/forecast.ts'
import type { Context } from './context.ts'
import { dayLabel, max, min, noTime, sum, worstCode } from './forecast-math.ts'
import { dayFor, daysFrom, hoursFor } from './time.ts'
import { uv, wind } from './answer-wind-uv.ts'
import type { Scope } from './vocabulary.ts'

type Hour = Forecast['hourly'][number]
type Day = Forecast['daily'][number]

const WET: ReadonlySet<WeatherKind> = new Set([
  'drizzle',
  'freezingDrizzle',
  'rain',
  'freezingRain',
  'snow',
  'snowGrains',
  'rainShowers',
  'snowShowers',
  'thunderstorm',
  'thunderstormHail',
])
/** A chance at or above this (percent) reads as "likely". */
const LIKELY = 40

function rain(c: Context, f: Forecast, scope: Scope): string {
  if (scope === 'now') {
    const amount = f.current.precipitation ?? f.current.rain
    const wet = (amount ?? 0) > 0 || WET.has(describeWeather(f.current.code).kind)
    return wet
      ? c.t('assistant.rain.nowYes', { place: c.place, condition: c.condition(f.current.code), amount: c.precip(amount ?? 0) })
      : c.t('assistant.rain.nowNo', { place: c.place, condition: c.condition(f.current.code) })
  }
  if (scope === 'later' || scope === 'tonight') {
    const hours = hoursFor(f.hourly, scope, c.now, c.timeZone)
    if (!hours.length) return noTime(c)
    const peak = hours.reduce((best: Hour, hour) =>
      (hour.precipProbability ?? -1) > (best.precipProbability ?? -1) ? hour : best,
    )
    const total = sum(hours.map((hour) => hour.precipitation))
    const values = { when: c.when(scope), place: c.place, chance: c.percent(peak.precipProbability) }
    return (peak.precipProbability ?? 0) >= LIKELY || total >= 0.5
      ? c.t('assistant.rain.windowYes', {
          ...values,
          time: c.clock(peak.time),
          // Models leave some hours without a code; the stretch's worst one says more than "unknown".
          condition: c.condition(peak.code ?? worstCode(hours.map((hour) => hour.code))),
          amount: c.precip(total),
        })
      : c.t('assistant.rain.windowNo', values)
  }
  if (scope === 'tomorrow') {
    const day = dayFor(f.daily, scope, c.now, c.timeZone)
    if (!day) return noTime(c)
    return c.t('assistant.rain.day', {
      when: c.when(scope),
      place: c.place,
      chance: c.percent(day.precipProbability),
      amount: c.precip(day.precipSum ?? 0),
      condition: c.condition(day.code),
    })
  }
  const days = daysFrom(f.daily, c.now, c.timeZone)
  if (!days.length) return noTime(c)
  const wet = days.filter((day) => (day.precipProbability ?? 0) >= 50)
  return wet.length
    ? c.t('assistant.rain.weekYes', { place: c.place, days: c.list(wet.map((day) => dayLabel(c, day.date))) })
    : c.t('assistant.rain.weekNo', { place: c.place, chance: c.percent(max(days.map((day) => day.precipProbability))) })
}

function nowText(c: Context, f: Forecast): string {
  return c.t('assistant.temp.now', {
    place: c.place,
    temperature: c.temp(f.current.temperature),
    feelsLike: c.temp(f.current.feelsLike),
    condition: c.condition(f.current.code),
  })
}

function temperature(c: Context, f: Forecast, scope: Scope): string {
  if (scope === 'now') return f.current.temperature === null ? c.t('assistant.noValue') : nowText(c, f)
  if (scope === 'later' || scope === 'tonight') {
    const hours = hoursFor(f.hourly, scope, c.now, c.timeZone)
    const temps = hours.map((hour) => hour.temperature)
    if (!hours.length || max(temps) === null) return noTime(c)
    return c.t('assistant.temp.window', {
      when: c.when(scope),
      place: c.place,
      low: c.temp(min(temps)),
      high: c.temp(max(temps)),
    })
  }
  if (scope === 'tomorrow') {
    const day = dayFor(f.daily, scope, c.now, c.timeZone)
    if (!day) return noTime(c)
    return c.t('assistant.temp.day', {
      when: c.when(scope),
      place: c.place,
      high: c.temp(day.max),
      low: c.temp(day.min),
      condition: c.condition(day.code),
    })
  }
  const days = daysFrom(f.daily, c.now, c.timeZone)
  const warm = days.reduce<Day | null>((best, day) => (day.max !== null && (best?.max ?? -Infinity) < day.max ? day : best), null)
  const cold = days.reduce<Day | null>((best, day) => (day.min !== null && (best?.min ?? Infinity) > day.min ? day : best), null)
  if (!warm || !cold) return noTime(c)
  return c.t('assistant.temp.week', {
    place: c.place,
    warmDay: dayLabel(c, warm.date),
    warm: c.temp(warm.max),
    coldDay: dayLabel(c, cold.date),
    cold: c.temp(cold.min),
  })
}

function weather(c: Context, f: Forecast, scope: Scope): string {
  if (scope === 'now') return f.current.temperature === null ? c.t('assistant.noValue') : nowText(c, f)
  if (scope === 'later' || scope === 'tonight') {
    const hours = hoursFor(f.hourly, scope, c.now, c.timeZone)
    const temps = hours.map((hour) => hour.temperature)
    if (!hours.length) return noTime(c)
    return c.t('assistant.weather.window', {
      when: c.when(scope),
      place: c.place,
      condition: c.condition(worstCode(hours.map((hour) => hour.code))),
      low: c.temp(min(temps)),
      high: c.temp(max(temps)),
      chance: c.percent(max(hours.map((hour) => hour.precipProbability))),
    })
  }
  const dayText = (day: Day, key: 'assistant.weather.day' | 'assistant.weather.weekDay', when: string): string =>
    c.t(key, {
      when,
      place: c.place,
      condition: c.condition(day.code),
      high: c.temp(day.max),
      low: c.temp(day.min),
      chance: c.percent(day.precipProbability),
    })
  if (scope === 'tomorrow') {
    const day = dayFor(f.daily, scope, c.now, c.timeZone)
    return day ? dayText(day, 'assistant.weather.day', c.when(scope)) : noTime(c)
  }
  const days = daysFrom(f.daily, c.now, c.timeZone)
  if (!days.length) return noTime(c)
  const lines = days.map((day) => {
    const label = dayLabel(c, day.date)
    return dayText(day, 'assistant.weather.weekDay', label.charAt(0).toLocaleUpperCase(c.locale) + label.slice(1))
  })
  return [c.t('assistant.weather.week', { place: c.place }), ...lines].join('\n')
}

/** The forecast topics and their answers. */
export const FORECAST_ANSWERS = { rain, temperature, weather, wind, uv } as const
