import { describe, expect, it } from 'vitest'
import {
  cToF,
  fToC,
  formatDistance,
  formatSpeed,
  formatTemperature,
  kmToMiles,
  kmhToMph,
  milesToKm,
} from '../../src/lib/units.ts'

describe('conversions', () => {
  it.each([
    [0, 32],
    [100, 212],
    [-40, -40],
    [37, 98.6],
  ])('%d °C = %d °F', (c, f) => {
    expect(cToF(c)).toBeCloseTo(f, 5)
    expect(fToC(f)).toBeCloseTo(c, 5)
  })
  it('converts speeds and distances', () => {
    expect(kmhToMph(100)).toBeCloseTo(62.137, 3)
    expect(kmToMiles(1.609344)).toBe(1)
    expect(milesToKm(10)).toBeCloseTo(16.09344, 5)
  })
})

describe('formatting in the visitor unit and language', () => {
  it.each([
    [20, 'F', 'en', '68°F'],
    [20, 'C', 'en', '20°C'],
    [-0.4, 'C', 'en', '0°C'],
    [20, 'C', 'de', '20 °C'],
  ] as const)('%d °C as %s in %s → %s', (c, unit, locale, text) => expect(formatTemperature(c, unit, locale)).toBe(text))
  it('formats wind speed', () => {
    expect(formatSpeed(16.09344, 'mph', 'en')).toBe('10 mph')
    expect(formatSpeed(16.09344, 'kmh', 'en')).toBe('16 km/h')
  })
  it('formats distance, with a decimal below 10', () => {
    expect(formatDistance(16.09344, 'miles', 'en')).toBe('10 mi')
    expect(formatDistance(3.2, 'km', 'en')).toBe('3.2 km')
    expect(formatDistance(3.2, 'km', 'fr')).toBe('3,2\u202fkm')
  })
})
