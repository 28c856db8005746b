import { describe, expect, it } from 'vitest'
import {
  AQI_COLORS,
  airUrl,
  aqiCategory,
  decodeAir,
  pollenLevel,
  type AqiCategory,
  type PollenLevel,
  type PollenType,
} from '../../../src/lib/weather/air.ts'
import { ProviderError } from '../../../src/lib/weather/errors.ts'
import { fixture, params, part, UNUSABLE } from './fixtures.ts'

describe('aqiCategory and AQI_COLORS', () => {
  it.each<[number, AqiCategory, string]>([
    [0, 'good', '#00e400'],
    [50, 'good', '#00e400'],
    [51, 'moderate', '#ffff00'],
    [100, 'moderate', '#ffff00'],
    [101, 'sensitive', '#ff7e00'],
    [150, 'sensitive', '#ff7e00'],
    [151, 'unhealthy', '#ff0000'],
    [200, 'unhealthy', '#ff0000'],
    [201, 'veryUnhealthy', '#8f3f97'],
    [300, 'veryUnhealthy', '#8f3f97'],
    [301, 'hazardous', '#7e0023'],
    [500, 'hazardous', '#7e0023'],
    [742, 'hazardous', '#7e0023'],
    [50.5, 'moderate', '#ffff00'],
  ])('%d is %s in %s', (aqi, category, color) => {
    expect(aqiCategory(aqi)).toBe(category)
    expect(AQI_COLORS[category]).toBe(color)
  })

  it('has the EPA rgb values', () => {
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
    expect(Object.values(AQI_COLORS).map(rgb)).toEqual([
      [0, 228, 0],
      [255, 255, 0],
      [255, 126, 0],
      [255, 0, 0],
      [143, 63, 151],
      [126, 0, 35],
    ])
  })
})

describe('pollenLevel', () => {
  it.each<[PollenType, number, PollenLevel]>([
    ['birch', 0, 'low'],
    ['birch', 10.9, 'low'],
    ['birch', 11, 'moderate'],
    ['birch', 69.9, 'moderate'],
    ['birch', 70, 'high'],
    ['birch', 300, 'veryHigh'],
    ['alder', 70, 'high'],
    ['olive', 299, 'high'],
    ['grass', 19.9, 'low'],
    ['grass', 20, 'moderate'],
    ['grass', 50, 'high'],
    ['grass', 150, 'veryHigh'],
    ['ragweed', 5.9, 'low'],
    ['ragweed', 6, 'moderate'],
    ['ragweed', 11, 'high'],
    ['ragweed', 40, 'veryHigh'],
    ['mugwort', 40, 'veryHigh'],
  ])('%s at %d grains/m³ is %s', (type, grains, level) => expect(pollenLevel(type, grains)).toBe(level))
})

describe('airUrl', () => {
  it('asks for the current US AQI, its sub-indices and pollen, in local time', () => {
    const url = new URL(airUrl({ lat: 47.74, lon: -121.99 }))
    expect(url.origin + url.pathname).toBe('https://air-quality-api.open-meteo.com/v1/air-quality')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: '47.74',
      longitude: '-121.99',
      current:
        'us_aqi,us_aqi_pm2_5,us_aqi_pm10,us_aqi_ozone,us_aqi_nitrogen_dioxide,us_aqi_sulphur_dioxide,us_aqi_carbon_monoxide,alder_pollen,birch_pollen,grass_pollen,mugwort_pollen,olive_pollen,ragweed_pollen',
      timezone: 'auto',
    })
  })

  it('rounds coordinates and uses a given base', () => {
    const p = params(airUrl({ lat: 52.520008, lon: 13.404954 }, '/proxy/air'))
    expect([p.get('latitude'), p.get('longitude')]).toEqual(['52.52', '13.405'])
  })
})

describe('decodeAir', () => {
  it('reads a US point without inventing pollen levels', () => {
    expect(decodeAir(fixture('air-duvall.json'))).toEqual({
      time: Date.UTC(2026, 0, 16, 5),
      usAqi: 42,
      category: 'good',
      dominant: 'pm2_5',
      pollen: null,
    })
  })

  it('reads European pollen, zero included, with levels', () => {
    const air = decodeAir(fixture('air-europe.json'))
    expect(air).toMatchObject({ time: Date.UTC(2026, 4, 12, 12), usAqi: 61, category: 'moderate', dominant: 'ozone' })
    expect(air.pollen).toEqual([
      { type: 'alder', grains: 0, level: 'low' },
      { type: 'birch', grains: 38.5, level: 'moderate' },
      { type: 'grass', grains: 64.2, level: 'high' },
      { type: 'mugwort', grains: 0.1, level: 'low' },
      { type: 'olive', grains: 0, level: 'low' },
      { type: 'ragweed', grains: 0, level: 'low' },
    ])
  })

  it('lists only the pollen types that have a value', () => {
    const json = fixture('air-europe.json')
    const current = part(json, 'current')
    current['alder_pollen'] = null
    delete current['olive_pollen']
    current['ragweed_pollen'] = 'n/a'
    expect(decodeAir(json).pollen?.map((p) => p.type)).toEqual(['birch', 'grass', 'mugwort'])
  })

  it.each([
    [{ us_aqi_pm2_5: 30, us_aqi_pm10: 30, us_aqi_ozone: 12 }, 'pm2_5'], // a tie goes to the first listed
    [{ us_aqi_pm2_5: null, us_aqi_nitrogen_dioxide: 80, us_aqi_carbon_monoxide: 81 }, 'carbon_monoxide'],
    [{ us_aqi_sulphur_dioxide: 3 }, 'sulphur_dioxide'],
    [{ us_aqi_pm10: '40' }, null],
    [{}, null],
  ])('the dominant pollutant of %j is %s', (current, dominant) => {
    expect(decodeAir({ current }).dominant).toBe(dominant)
  })

  it('gives nulls for a current block of wrong types', () => {
    expect(decodeAir({ current: { time: 5, us_aqi: '42' } })).toEqual({
      time: null,
      usAqi: null,
      category: null,
      dominant: null,
      pollen: null,
    })
  })

  it.each([...UNUSABLE, ['an empty object', {}], ['current of a wrong type', { current: [42] }]])(
    'throws a ProviderError for %s',
    (_, json) => {
      expect(() => decodeAir(json)).toThrow(ProviderError)
    },
  )
})
