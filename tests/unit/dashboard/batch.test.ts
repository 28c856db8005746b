import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { currentBatchUrl, decodeCurrentBatch } from '../../../src/lib/dashboard/batch.ts'
import { ProviderError } from '../../../src/lib/weather/errors.ts'

const entry = (temperature: unknown, code: unknown = 3, isDay: unknown = 1) => ({
  latitude: 47.6,
  longitude: -122.3,
  current_units: { temperature_2m: '°C' },
  current: { time: '2026-01-15T21:15', interval: 900, temperature_2m: temperature, weather_code: code, is_day: isDay },
})

describe('currentBatchUrl', () => {
  it('asks for every point at once, comma-separated, 4 decimals at most', () => {
    expect(
      currentBatchUrl(
        [
          { lat: 47.606209, lon: -122.332071 },
          { lat: 47.67, lon: -122.12 },
        ],
        'https://api.open-meteo.com/v1/forecast',
      ),
    ).toBe(
      'https://api.open-meteo.com/v1/forecast?latitude=47.6062,47.67&longitude=-122.3321,-122.12&current=temperature_2m,weather_code,is_day',
    )
  })

  it('keeps a configured base’s own query', () => {
    expect(currentBatchUrl([{ lat: 1, lon: 2 }], 'https://customer-api.open-meteo.com/v1/forecast?apikey=k')).toBe(
      'https://customer-api.open-meteo.com/v1/forecast?apikey=k&latitude=1&longitude=2&current=temperature_2m,weather_code,is_day',
    )
  })
})

describe('decodeCurrentBatch', () => {
  it('reads one entry per point, in order', () => {
    expect(decodeCurrentBatch([entry(3.2, 61, 0), entry(-1)], 2)).toEqual([
      { temperature: 3.2, code: 61, isDay: false },
      { temperature: -1, code: 3, isDay: true },
    ])
  })

  it('reads the plain object Open-Meteo sends for a single point', () => {
    expect(decodeCurrentBatch(entry(5), 1)).toEqual([{ temperature: 5, code: 3, isDay: true }])
  })

  it('turns one unreadable entry into null and odd values into nulls', () => {
    expect(decodeCurrentBatch([entry('hot', null, 'x'), { hourly: {} }, null], 3)).toEqual([
      { temperature: null, code: null, isDay: true },
      null,
      null,
    ])
  })

  it.each([
    ['an error body', { error: true, reason: 'Daily API request limit exceeded' }, 2, 'Daily API request limit exceeded'],
    ['one object for several points', entry(5), 2, 'Expected 2 places, got 1'],
    ['too few entries', [entry(1)], 2, 'Expected 2 places, got 1'],
    ['not JSON data', 'oops', 1, 'Response is not a JSON object'],
  ])('throws ProviderError for %s', (_, json, count, message) => {
    expect(() => decodeCurrentBatch(json, count)).toThrow(ProviderError)
    expect(() => decodeCurrentBatch(json, count)).toThrow(message)
  })
})

describe('the recorded batch answer', () => {
  it('reads every place of tests/fixtures/weather/forecast-batch.json', () => {
    const json: unknown = JSON.parse(readFileSync('tests/fixtures/weather/forecast-batch.json', 'utf8'))
    expect(decodeCurrentBatch(json, 4)).toEqual([
      { temperature: 5.4, code: 61, isDay: false },
      { temperature: 4.1, code: 3, isDay: false },
      { temperature: -2.2, code: 71, isDay: false },
      { temperature: 0.6, code: 45, isDay: false },
    ])
  })
})
