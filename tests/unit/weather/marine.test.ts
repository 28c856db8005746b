import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../../src/lib/weather/errors.ts'
import { decodeMarine, marineUrl } from '../../../src/lib/weather/marine.ts'
import { fixture, params, part, UNUSABLE } from './fixtures.ts'

describe('marineUrl', () => {
  it('asks for current waves, swell and water temperature plus today’s hourly wave heights, in metric', () => {
    const url = new URL(marineUrl({ lat: 34, lon: -118.5 }))
    expect(url.origin + url.pathname).toBe('https://marine-api.open-meteo.com/v1/marine')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: '34',
      longitude: '-118.5',
      current:
        'wave_height,wave_direction,wave_period,swell_wave_height,swell_wave_direction,swell_wave_period,sea_surface_temperature',
      hourly: 'wave_height',
      forecast_days: '1',
      timezone: 'auto',
    })
  })

  it('rounds coordinates and uses a given base', () => {
    const url = marineUrl({ lat: 34.012345, lon: -118.49999 }, '/proxy/marine')
    expect(url.startsWith('/proxy/marine?')).toBe(true)
    expect(params(url).get('latitude')).toBe('34.0123')
    expect(params(url).get('longitude')).toBe('-118.5')
  })
})

describe('decodeMarine presence', () => {
  it('reads a coastal point', () => {
    expect(decodeMarine(fixture('marine-coastal.json'))).toEqual({
      waveHeight: 1.12,
      wavePeriod: 9.6,
      waveDirection: 262,
      swellHeight: 0.94,
      swellPeriod: 13.2,
      swellDirection: 268,
      waterTemperature: 15.3,
    })
  })

  it('gives null for an inland point (200 with nulls)', () => {
    expect(decodeMarine(fixture('marine-inland.json'))).toBeNull()
  })

  it('gives null when a wave model sends zeros near land', () => {
    const json = fixture('marine-inland.json')
    const current = part(json, 'current')
    for (const key of Object.keys(current)) if (key !== 'time' && key !== 'interval') current[key] = 0
    part(json, 'hourly')['wave_height'] = Array.from({ length: 24 }, (_, i) => (i % 2 ? 0 : null))
    expect(decodeMarine(json)).toBeNull()
  })

  it.each([
    ['a current value', { current: { wave_height: 0.4 }, hourly: { wave_height: [null] } }],
    ['only the water temperature', { current: { sea_surface_temperature: 11.5 }, hourly: { wave_height: [0, 0] } }],
    ['only an hourly wave height', { current: { wave_height: null }, hourly: { wave_height: [null, 0.3] } }],
    ['hourly values without current', { hourly: { wave_height: [0.8, 0.9] } }],
  ])('is present with %s', (_, json) => {
    expect(decodeMarine(json)).not.toBeNull()
  })

  it('keeps a calm sea: zero height but a period counts as data', () => {
    const marine = decodeMarine({ current: { wave_height: 0, wave_period: 4.1 }, hourly: { wave_height: [0] } })
    expect(marine).toMatchObject({ waveHeight: 0, wavePeriod: 4.1, swellHeight: null })
  })

  it('turns wrong types into nulls', () => {
    expect(decodeMarine({ current: { wave_height: '1.2', wave_period: 8 }, hourly: { wave_height: 'none' } })).toEqual({
      waveHeight: null,
      wavePeriod: 8,
      waveDirection: null,
      swellHeight: null,
      swellPeriod: null,
      swellDirection: null,
      waterTemperature: null,
    })
  })

  it.each([...UNUSABLE, ['an empty object', {}], ['sections of wrong types', { current: [], hourly: 3 }]])(
    'throws a ProviderError for %s',
    (_, json) => {
      expect(() => decodeMarine(json)).toThrow(ProviderError)
    },
  )
})
