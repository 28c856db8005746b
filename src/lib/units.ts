import type { Settings } from './decode/stored-settings.ts'
import { kept } from './kept.ts'

/** Every number the app shows goes through these: values come in metric (°C, km/h, km) or miles. */

const numberFormats = new Map<string, Intl.NumberFormat>()

/**
 * One formatter per language and options: making one costs far more than using it, and a list of
 * 40 items or a day of hourly temperatures asks dozens of times (main-thread time on a phone).
 */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numberFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options))
}

export const cToF = (c: number): number => (c * 9) / 5 + 32
export const fToC = (f: number): number => ((f - 32) * 5) / 9
export const kmhToMph = (kmh: number): number => kmh / 1.609344
export const kmToMiles = (km: number): number => km / 1.609344
export const milesToKm = (miles: number): number => miles * 1.609344

/**
 * A temperature in the visitor's unit, rounded, with the unit symbol of their language.
 * @example formatTemperature(20, 'F', 'en') // '68°F'
 */
export function formatTemperature(celsius: number, unit: Settings['temperature'], locale: string): string {
  const value = unit === 'F' ? cToF(celsius) : celsius
  return numberFormat(locale, {
    style: 'unit',
    unit: unit === 'F' ? 'fahrenheit' : 'celsius',
    maximumFractionDigits: 0,
  }).format(Math.round(value) || 0)
}

/**
 * A wind speed in mph or km/h.
 * @example formatSpeed(16.09, 'mph', 'en') // '10 mph'
 */
export function formatSpeed(kmh: number, unit: Settings['windSpeed'], locale: string): string {
  const value = unit === 'mph' ? kmhToMph(kmh) : kmh
  return numberFormat(locale, {
    style: 'unit',
    unit: unit === 'mph' ? 'mile-per-hour' : 'kilometer-per-hour',
    maximumFractionDigits: 0,
  }).format(Math.round(value))
}

/**
 * A distance given in kilometres, in miles or km; one decimal under 10.
 * @example formatDistance(16.09, 'miles', 'en') // '10 mi'
 */
export function formatDistance(km: number, unit: Settings['distance'], locale: string): string {
  const value = unit === 'miles' ? kmToMiles(km) : km
  return numberFormat(locale, {
    style: 'unit',
    unit: unit === 'miles' ? 'mile' : 'kilometer',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value)
}

/**
 * Precipitation given in millimetres: inches with US units (distance in miles), else mm.
 * @example formatPrecipitation(25.4, 'miles', 'en') // '1 in'
 */
export function formatPrecipitation(mm: number, unit: Settings['distance'], locale: string): string {
  const inches = unit === 'miles'
  return numberFormat(locale, {
    style: 'unit',
    unit: inches ? 'inch' : 'millimeter',
    maximumFractionDigits: inches ? 2 : 1,
  }).format(inches ? mm / 25.4 : mm)
}

/**
 * A height given in metres (waves): feet with US units, else metres.
 * @example formatHeight(1, 'miles', 'en') // '3.3 ft'
 */
export function formatHeight(metres: number, unit: Settings['distance'], locale: string): string {
  const feet = unit === 'miles'
  return numberFormat(locale, { style: 'unit', unit: feet ? 'foot' : 'meter', maximumFractionDigits: 1 }).format(
    feet ? metres * 3.28084 : metres,
  )
}

/**
 * A percentage 0–100.
 * @example formatPercent(42, 'en') // '42%'
 */
export function formatPercent(value: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100)
}
