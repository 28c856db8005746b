import type { Point } from '../geo.ts'
import { weatherConfig } from './config.ts'
import { child, coord, isObject, localEpoch, num, unusable, usable, withQuery } from './decode.ts'

/** EPA AQI categories; 'sensitive' = Unhealthy for Sensitive Groups. */
export type AqiCategory = 'good' | 'moderate' | 'sensitive' | 'unhealthy' | 'veryUnhealthy' | 'hazardous'
export type Pollutant = 'pm2_5' | 'pm10' | 'ozone' | 'nitrogen_dioxide' | 'sulphur_dioxide' | 'carbon_monoxide'
export type PollenType = 'alder' | 'birch' | 'grass' | 'mugwort' | 'olive' | 'ragweed'
export type PollenLevel = 'low' | 'moderate' | 'high' | 'veryHigh'

/** Forecast US AQI (CAMS model, not AirNow) and, in Europe only, pollen in grains/m³. */
export type Air = {
  time: number | null
  usAqi: number | null
  category: AqiCategory | null
  dominant: Pollutant | null
  pollen: { type: PollenType; grains: number; level: PollenLevel }[] | null
}

/** The EPA colours (green, yellow, orange, red, purple, maroon) as hex. */
export const AQI_COLORS: Record<AqiCategory, string> = {
  good: '#00e400',
  moderate: '#ffff00',
  sensitive: '#ff7e00',
  unhealthy: '#ff0000',
  veryUnhealthy: '#8f3f97',
  hazardous: '#7e0023',
}

const POLLUTANTS: readonly Pollutant[] = ['pm2_5', 'pm10', 'ozone', 'nitrogen_dioxide', 'sulphur_dioxide', 'carbon_monoxide']
/**
 * Where the pollen provider has data: the CAMS European air quality domain (25°W–45°E, 30°N–72°N).
 * Nowhere in the US, so the Pollen card is hidden on every city page and on map points outside it;
 * src/components/point-title.js repeats these numbers (it runs before first paint, with no imports).
 */
export const POLLEN_AREA = { south: 30, north: 72, west: -25, east: 45 } as const

/** Whether a point lies where pollen is forecast at all. */
export const hasPollenSource = (lat: number, lon: number): boolean =>
  lat >= POLLEN_AREA.south && lat <= POLLEN_AREA.north && lon >= POLLEN_AREA.west && lon <= POLLEN_AREA.east

const POLLEN: readonly PollenType[] = ['alder', 'birch', 'grass', 'mugwort', 'olive', 'ragweed']

/**
 * The EPA category of a US AQI value: 0–50, 51–100, 101–150, 151–200, 201–300, 301+. Compared as
 * `<= 50` etc. so a fractional value between two ranges (50.5) takes the higher one.
 * @example aqiCategory(101) // 'sensitive'
 */
export function aqiCategory(aqi: number): AqiCategory {
  if (aqi <= 50) return 'good'
  if (aqi <= 100) return 'moderate'
  if (aqi <= 150) return 'sensitive'
  if (aqi <= 200) return 'unhealthy'
  if (aqi <= 300) return 'veryUnhealthy'
  return 'hazardous'
}

/**
 * Lower bounds (grains/m³) of moderate, high and very high. There is no EU-wide legal scale; these
 * follow the four-step scales of European pollen services (MeteoSwiss style): trees release far more
 * pollen than grasses before symptoms are common, weeds far less. Olive is scored as a tree.
 */
const POLLEN_STEPS: Record<PollenType, readonly [moderate: number, high: number, veryHigh: number]> = {
  alder: [11, 70, 300],
  birch: [11, 70, 300],
  olive: [11, 70, 300],
  grass: [20, 50, 150],
  mugwort: [6, 11, 40],
  ragweed: [6, 11, 40],
}

/**
 * How much a pollen concentration matters for allergy sufferers (thresholds above).
 * @example pollenLevel('grass', 60) // 'high'
 */
export function pollenLevel(type: PollenType, grains: number): PollenLevel {
  const [moderate, high, veryHigh] = POLLEN_STEPS[type]
  if (grains >= veryHigh) return 'veryHigh'
  if (grains >= high) return 'high'
  if (grains >= moderate) return 'moderate'
  return 'low'
}

/**
 * The Open-Meteo air-quality request: current US AQI, its sub-indices and the six pollen types.
 * @example airUrl({ lat: 47.74, lon: -121.99 }) // '…/v1/air-quality?latitude=47.74&longitude=-121.99&current=us_aqi,…'
 */
export function airUrl(point: Point, base: string = weatherConfig.airBase): string {
  return withQuery(base, {
    latitude: coord(point.lat),
    longitude: coord(point.lon),
    current: ['us_aqi', ...POLLUTANTS.map((p) => `us_aqi_${p}`), ...POLLEN.map((p) => `${p}_pollen`)].join(','),
    timezone: 'auto',
  })
}

/**
 * Reads an air-quality response; throws ProviderError for an error body or one without `current`.
 * Pollen is null when no type has a value (always so in the US): no level is ever made up.
 * @example decodeAir(json).category // 'good'
 */
export function decodeAir(json: unknown): Air {
  const body = usable(json, 'air')
  if (!isObject(body['current'])) throw unusable(body, 'air')
  const current = child(body, 'current')
  const usAqi = num(current['us_aqi'])

  let dominant: Pollutant | null = null
  let highest = -Infinity
  for (const pollutant of POLLUTANTS) {
    const index = num(current[`us_aqi_${pollutant}`])
    // Strictly greater: on a tie the earlier (particulates first) wins.
    if (index !== null && index > highest) [dominant, highest] = [pollutant, index]
  }

  const pollen = POLLEN.flatMap((type) => {
    const grains = num(current[`${type}_pollen`])
    return grains === null ? [] : [{ type, grains, level: pollenLevel(type, grains) }]
  })

  return {
    time: localEpoch(current['time'], num(body['utc_offset_seconds']) ?? 0),
    usAqi,
    category: usAqi === null ? null : aqiCategory(usAqi),
    dominant,
    pollen: pollen.length > 0 ? pollen : null,
  }
}
