import type { Point } from '../geo.ts'
import { weatherConfig } from './config.ts'
import { child, coord, isObject, list, num, unusable, usable, withQuery } from './decode.ts'

/** Current sea state in metric: heights in metres, periods in seconds, directions waves come from, °C. */
export type Marine = {
  waveHeight: number | null
  wavePeriod: number | null
  waveDirection: number | null
  swellHeight: number | null
  swellPeriod: number | null
  swellDirection: number | null
  waterTemperature: number | null
}

const CURRENT = {
  waveHeight: 'wave_height',
  wavePeriod: 'wave_period',
  waveDirection: 'wave_direction',
  swellHeight: 'swell_wave_height',
  swellPeriod: 'swell_wave_period',
  swellDirection: 'swell_wave_direction',
  waterTemperature: 'sea_surface_temperature',
} as const satisfies Record<keyof Marine, string>

/**
 * The Open-Meteo marine request: current waves, swell and water temperature, plus today's hourly
 * wave heights, which tell a coastal point from an inland one. Metric is the default length unit.
 * @example marineUrl({ lat: 34, lon: -118.5 }) // '…/v1/marine?latitude=34&longitude=-118.5&current=wave_height,…'
 */
export function marineUrl(point: Point, base: string = weatherConfig.marineBase): string {
  return withQuery(base, {
    latitude: coord(point.lat),
    longitude: coord(point.lon),
    current:
      'wave_height,wave_direction,wave_period,swell_wave_height,swell_wave_direction,swell_wave_period,sea_surface_temperature',
    hourly: 'wave_height',
    forecast_days: '1',
    timezone: 'auto',
  })
}

const empty = (value: number | null): boolean => value === null || value === 0

/**
 * Reads a marine response, or null when the point has no marine data. Inland points get HTTP 200
 * with nulls, and some wave models send zeros near land (DATA_SOURCES 3), so "no data" is: every
 * current value null or zero and every hourly wave height null or zero. Throws ProviderError for
 * an error body or one with neither `current` nor `hourly`.
 * @example decodeMarine(inlandJson) // null
 */
export function decodeMarine(json: unknown): Marine | null {
  const body = usable(json, 'marine')
  if (!isObject(body['current']) && !isObject(body['hourly'])) throw unusable(body, 'marine')
  const current = child(body, 'current')
  const marine: Marine = {
    waveHeight: num(current[CURRENT.waveHeight]),
    wavePeriod: num(current[CURRENT.wavePeriod]),
    waveDirection: num(current[CURRENT.waveDirection]),
    swellHeight: num(current[CURRENT.swellHeight]),
    swellPeriod: num(current[CURRENT.swellPeriod]),
    swellDirection: num(current[CURRENT.swellDirection]),
    waterTemperature: num(current[CURRENT.waterTemperature]),
  }
  const hourly = list(child(body, 'hourly')['wave_height']).map(num)
  return Object.values(marine).every(empty) && hourly.every(empty) ? null : marine
}
