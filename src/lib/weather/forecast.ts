import type { Point } from '../geo.ts'
import { weatherConfig } from './config.ts'
import { child, coord, isObject, list, localEpoch, num, str, unusable, usable, withQuery, type JsonObject } from './decode.ts'

/** Current conditions, the next 24 hours and 7 days, all metric (°C, km/h, mm), times in epoch ms. */
export type Forecast = {
  timezone: string | null
  current: {
    time: number | null
    temperature: number | null
    feelsLike: number | null
    humidity: number | null
    uv: number | null
    isDay: boolean
    precipitation: number | null
    rain: number | null
    code: number | null
    windSpeed: number | null
    windDirection: number | null
    windGusts: number | null
  }
  hourly: {
    time: number
    temperature: number | null
    precipProbability: number | null
    precipitation: number | null
    code: number | null
    isDay: boolean
  }[]
  daily: {
    date: string
    code: number | null
    max: number | null
    min: number | null
    sunrise: number | null
    sunset: number | null
    uvMax: number | null
    precipProbability: number | null
    precipSum: number | null
  }[]
}

type Daily = Forecast['daily'][number]

// The request of DATA_SOURCES 1.1 without the unit parameters: metric is the API default.
const CURRENT =
  'temperature_2m,apparent_temperature,relative_humidity_2m,uv_index,is_day,precipitation,rain,weather_code,wind_speed_10m,wind_direction_10m,wind_gusts_10m'
const HOURLY =
  'temperature_2m,apparent_temperature,precipitation_probability,precipitation,weather_code,wind_speed_10m,uv_index,is_day'
const DAILY =
  'weather_code,temperature_2m_max,temperature_2m_min,sunrise,sunset,uv_index_max,precipitation_probability_max,precipitation_sum,wind_speed_10m_max'
const HOURS = 24
const DAYS = 7
const HOUR_MS = 3_600_000
const DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * The Open-Meteo forecast request for a point, in local time (`timezone=auto`) and metric units.
 * @example forecastUrl({ lat: 47.74, lon: -121.99 }) // 'https://api.open-meteo.com/v1/forecast?latitude=47.74&…'
 */
export function forecastUrl(point: Point, base: string = weatherConfig.forecastBase): string {
  return withQuery(base, {
    latitude: coord(point.lat),
    longitude: coord(point.lon),
    current: CURRENT,
    hourly: HOURLY,
    forecast_hours: String(HOURS),
    daily: DAILY,
    forecast_days: String(DAYS),
    timezone: 'auto',
  })
}

const dayFlag = (value: unknown): boolean | null =>
  value === 1 || value === true ? true : value === 0 || value === false ? false : null

/** Without `is_day`, daylight is read from the day's sunrise and sunset; unknown counts as day. */
function isDaylight(time: number | null, daily: Daily[]): boolean {
  const known = daily.filter((d) => d.sunrise !== null && d.sunset !== null)
  if (time === null || known.length === 0) return true
  return known.some((d) => time >= (d.sunrise ?? 0) && time < (d.sunset ?? 0))
}

function decodeDaily(d: JsonObject, offset: number): Daily[] {
  const at = (key: string, i: number): unknown => list(d[key])[i]
  const days: Daily[] = []
  list(d['time']).forEach((value, i) => {
    const date = str(value)
    if (date === null || !DATE.test(date) || days.length >= DAYS) return
    days.push({
      date,
      code: num(at('weather_code', i)),
      max: num(at('temperature_2m_max', i)),
      min: num(at('temperature_2m_min', i)),
      sunrise: localEpoch(at('sunrise', i), offset),
      sunset: localEpoch(at('sunset', i), offset),
      uvMax: num(at('uv_index_max', i)),
      precipProbability: num(at('precipitation_probability_max', i)),
      precipSum: num(at('precipitation_sum', i)),
    })
  })
  return days
}

function decodeHourly(h: JsonObject, offset: number, now: number | null, daily: Daily[]): Forecast['hourly'] {
  const at = (key: string, i: number): unknown => list(h[key])[i]
  // The hour containing `current.time`, on the local clock (offsets can be :30 or :45).
  const from = now === null ? null : Math.floor((now + offset * 1000) / HOUR_MS) * HOUR_MS - offset * 1000
  const hours: Forecast['hourly'] = []
  list(h['time']).forEach((value, i) => {
    const time = localEpoch(value, offset)
    if (time === null || (from !== null && time < from) || hours.length >= HOURS) return
    hours.push({
      time,
      temperature: num(at('temperature_2m', i)),
      precipProbability: num(at('precipitation_probability', i)),
      precipitation: num(at('precipitation', i)),
      code: num(at('weather_code', i)),
      isDay: dayFlag(at('is_day', i)) ?? isDaylight(time, daily),
    })
  })
  return hours
}

/**
 * Reads an Open-Meteo forecast response. Throws ProviderError for an error body or one without
 * any of `current`, `hourly`, `daily`; any single missing or mistyped value becomes null.
 * @example decodeForecast(json).current.temperature // 12.3 (°C)
 */
export function decodeForecast(json: unknown): Forecast {
  const body = usable(json, 'forecast')
  if (!['current', 'hourly', 'daily'].some((key) => isObject(body[key]))) throw unusable(body, 'forecast')
  // Without an offset the times are GMT, the server's default zone.
  const offset = num(body['utc_offset_seconds']) ?? 0
  const c = child(body, 'current')
  const time = localEpoch(c['time'], offset)
  const daily = decodeDaily(child(body, 'daily'), offset)
  return {
    timezone: str(body['timezone']),
    current: {
      time,
      temperature: num(c['temperature_2m']),
      feelsLike: num(c['apparent_temperature']),
      humidity: num(c['relative_humidity_2m']),
      uv: num(c['uv_index']),
      isDay: dayFlag(c['is_day']) ?? isDaylight(time, daily),
      precipitation: num(c['precipitation']),
      rain: num(c['rain']),
      code: num(c['weather_code']),
      windSpeed: num(c['wind_speed_10m']),
      windDirection: num(c['wind_direction_10m']),
      windGusts: num(c['wind_gusts_10m']),
    },
    hourly: decodeHourly(child(body, 'hourly'), offset, time, daily),
    daily,
  }
}
