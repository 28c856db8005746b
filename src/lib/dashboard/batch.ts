/** Several places' current weather in one Open-Meteo request (comma-separated coordinates, DATA_SOURCES 1.2). */
import type { Point } from '../geo.ts'
import { child, coord, isObject, num, unusable, usable, withQuery } from '../weather/decode.ts'
import { ProviderError } from '../weather/errors.ts'
import { weatherConfig } from '../weather/config.ts'

/** A place's current temperature (°C) and condition. */
export type PlaceNow = { temperature: number | null; code: number | null; isDay: boolean }

/**
 * The request for the current temperature, condition and daylight of every point at once, metric
 * (the visitor's units are applied on display). Few variables, so it weighs one call per place.
 * @example currentBatchUrl([{ lat: 47.61, lon: -122.33 }, { lat: 47.67, lon: -122.12 }])
 * // 'https://api.open-meteo.com/v1/forecast?latitude=47.61,47.67&longitude=-122.33,-122.12&current=temperature_2m,weather_code,is_day'
 */
export function currentBatchUrl(points: Point[], base: string = weatherConfig.forecastBase): string {
  return withQuery(base, {
    latitude: points.map((p) => coord(p.lat)).join(','),
    longitude: points.map((p) => coord(p.lon)).join(','),
    current: 'temperature_2m,weather_code,is_day',
  })
}

function decodeOne(json: unknown): PlaceNow {
  const body = usable(json, 'forecast')
  if (!isObject(body['current'])) throw unusable(body, 'forecast')
  const current = child(body, 'current')
  return { temperature: num(current['temperature_2m']), code: num(current['weather_code']), isDay: current['is_day'] !== 0 }
}

/**
 * Reads the answer: an array with one entry per point, in request order, or a plain object when
 * only one point was asked. A wrong count or an error body throws ProviderError; one unreadable
 * entry becomes null.
 * @example decodeCurrentBatch([{ current: { temperature_2m: 3 } }, { current: { temperature_2m: 5 } }], 2)[1]?.temperature // 5
 */
export function decodeCurrentBatch(json: unknown, count: number): (PlaceNow | null)[] {
  // An error body (a rate limit, say) is one object for the whole request.
  const entries: unknown[] = Array.isArray(json) ? json : [usable(json, 'forecast')]
  if (entries.length !== count) throw new ProviderError('forecast', `Expected ${count} places, got ${entries.length}`)
  return entries.map((entry) => {
    try {
      return decodeOne(entry)
    } catch {
      return null
    }
  })
}
