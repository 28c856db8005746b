import { describe, expect, it } from 'vitest'
import { decodeForecast, forecastUrl } from '../../../src/lib/weather/forecast.ts'
import { ProviderError } from '../../../src/lib/weather/errors.ts'
import { uvToShow } from '../../../src/lib/weather/uv.ts'
import { fixture, params, part, UNUSABLE } from './fixtures.ts'

const duvall = { lat: 47.74, lon: -121.99 }
const H = 3_600_000

describe('forecastUrl', () => {
  it('asks for the DATA_SOURCES 1.1 variables in metric, local time, 24 hours and 7 days', () => {
    const url = new URL(forecastUrl(duvall))
    expect(url.origin + url.pathname).toBe('https://api.open-meteo.com/v1/forecast')
    const p = url.searchParams
    expect(p.get('latitude')).toBe('47.74')
    expect(p.get('longitude')).toBe('-121.99')
    expect(p.get('current')?.split(',')).toEqual([
      'temperature_2m',
      'apparent_temperature',
      'relative_humidity_2m',
      'uv_index',
      'is_day',
      'precipitation',
      'rain',
      'weather_code',
      'wind_speed_10m',
      'wind_direction_10m',
      'wind_gusts_10m',
    ])
    expect(p.get('hourly')).toBe(
      'temperature_2m,apparent_temperature,precipitation_probability,precipitation,weather_code,wind_speed_10m,uv_index,is_day',
    )
    expect(p.get('daily')).toBe(
      'weather_code,temperature_2m_max,temperature_2m_min,sunrise,sunset,uv_index_max,precipitation_probability_max,precipitation_sum,wind_speed_10m_max',
    )
    expect(p.get('forecast_hours')).toBe('24')
    expect(p.get('forecast_days')).toBe('7')
    expect(p.get('timezone')).toBe('auto')
    for (const unit of ['temperature_unit', 'wind_speed_unit', 'precipitation_unit']) expect(p.has(unit)).toBe(false)
    expect(url.href).toContain('current=temperature_2m,apparent_temperature,')
  })

  it.each([
    [{ lat: 47.123456, lon: -121.987654 }, '47.1235', '-121.9877'],
    [{ lat: 40, lon: -74.006 }, '40', '-74.006'],
  ])('rounds %j to 4 decimals', (point, lat, lon) => {
    const p = params(forecastUrl(point))
    expect([p.get('latitude'), p.get('longitude')]).toEqual([lat, lon])
  })

  it('uses a given base, keeping its own query', () => {
    const url = forecastUrl(duvall, 'https://customer-api.open-meteo.com/v1/forecast?apikey=k')
    expect(url.startsWith('https://customer-api.open-meteo.com/v1/forecast?apikey=k&latitude=47.74&')).toBe(true)
  })
})

describe('decodeForecast on the Duvall fixture (night, PST)', () => {
  const forecast = decodeForecast(fixture('forecast-duvall.json'))

  it('reads current conditions with local times made absolute', () => {
    expect(forecast.timezone).toBe('America/Los_Angeles')
    expect(forecast.current).toEqual({
      time: Date.UTC(2026, 0, 16, 5, 15), // 21:15 PST
      temperature: 3,
      feelsLike: -0.4,
      humidity: 91,
      uv: 0,
      isDay: false,
      precipitation: 0,
      rain: 0,
      code: 3,
      windSpeed: 6.9,
      windDirection: 158,
      windGusts: 19.4,
    })
  })

  it('keeps 24 hours from the current hour, with a null code where the model sent none', () => {
    expect(forecast.hourly).toHaveLength(24)
    expect(forecast.hourly[0]).toEqual({
      time: Date.UTC(2026, 0, 16, 5),
      temperature: 3.1,
      precipProbability: 15,
      precipitation: 0,
      code: 3,
      isDay: false,
    })
    expect(forecast.hourly[5]?.code).toBeNull()
    expect(forecast.hourly[11]).toMatchObject({ time: Date.UTC(2026, 0, 16, 16), isDay: true }) // 08:00 PST
    expect(forecast.hourly.every((h, i) => h.time === Date.UTC(2026, 0, 16, 5) + i * H)).toBe(true)
  })

  it('keeps 7 days with dates as strings and sunrise/sunset as instants', () => {
    expect(forecast.daily).toHaveLength(7)
    expect(forecast.daily[0]).toEqual({
      date: '2026-01-15',
      code: 63,
      max: 7.8,
      min: 1.4,
      sunrise: Date.UTC(2026, 0, 15, 15, 52), // 07:52 PST
      sunset: Date.UTC(2026, 0, 16, 0, 46), // 16:46 PST
      uvMax: 2.1,
      precipProbability: 80,
      precipSum: 4.6,
    })
    expect(forecast.daily.map((d) => d.date).at(-1)).toBe('2026-01-21')
  })

  it('shows the night UV (0), not the day maximum (2.1)', () => {
    expect(uvToShow(forecast.current.uv, forecast.daily[0]?.uvMax ?? null, forecast.current.isDay)).toBe(0)
  })
})

describe('decodeForecast on bad input', () => {
  it.each(UNUSABLE)('throws a forecast ProviderError for %s', (_, json) => {
    expect(() => decodeForecast(json)).toThrow(ProviderError)
  })

  it.each([
    ['an empty object', {}],
    ['sections of wrong types', { current: 5, hourly: 'x', daily: [] }],
  ])('throws for %s', (_, json) => {
    expect(() => decodeForecast(json)).toThrow(new ProviderError('forecast', 'Response has no usable data'))
  })

  it('turns wrong types into nulls', () => {
    const forecast = decodeForecast({
      timezone: 7,
      current: { time: 12, temperature_2m: 'hot', is_day: 'yes', weather_code: null },
    })
    expect(forecast.timezone).toBeNull()
    expect(forecast.current).toMatchObject({ time: null, temperature: null, code: null, isDay: true })
    expect(forecast.hourly).toEqual([])
    expect(forecast.daily).toEqual([])
  })

  it('reads parallel arrays of different lengths and skips unreadable times', () => {
    const forecast = decodeForecast({
      utc_offset_seconds: 0,
      hourly: {
        time: ['2026-01-15T00:00', null, '2026-01-15T02:00'],
        temperature_2m: [1.5],
        weather_code: 'x',
        is_day: [1, 1, 0],
      },
      daily: { time: ['2026-01-15', 'Thursday', 20260116, '2026-01-16'], temperature_2m_max: [5, 6, 7, 8, 9], sunrise: ['7:52'] },
    })
    expect(forecast.hourly).toEqual([
      { time: Date.UTC(2026, 0, 15, 0), temperature: 1.5, precipProbability: null, precipitation: null, code: null, isDay: true },
      {
        time: Date.UTC(2026, 0, 15, 2),
        temperature: null,
        precipProbability: null,
        precipitation: null,
        code: null,
        isDay: false,
      },
    ])
    expect(forecast.daily.map((d) => [d.date, d.max, d.sunrise])).toEqual([
      ['2026-01-15', 5, null],
      ['2026-01-16', 8, null],
    ])
  })

  it('starts the hours at the current one and caps hours at 24 and days at 7', () => {
    const json = fixture('forecast-duvall.json')
    const hourly = part(json, 'hourly')
    // Two hours before the current one, then 30 hours.
    const times = Array.from({ length: 32 }, (_, i) => new Date(Date.UTC(2026, 0, 15, 19 + i)).toISOString().slice(0, 16))
    hourly['time'] = times
    hourly['temperature_2m'] = times.map((_, i) => i)
    const daily = part(json, 'daily')
    daily['time'] = Array.from({ length: 10 }, (_, i) => `2026-01-${String(15 + i)}`)
    const forecast = decodeForecast(json)
    expect(forecast.hourly).toHaveLength(24)
    expect(forecast.hourly[0]).toMatchObject({ time: Date.UTC(2026, 0, 16, 5), temperature: 2 })
    expect(forecast.daily).toHaveLength(7)
  })

  it.each([
    ['2026-01-15T21:15', false],
    ['2026-01-15T12:00', true],
    ['2026-01-15T07:00', false],
  ])('without is_day, tells day from night by sunrise and sunset at %s', (time, isDay) => {
    const json = fixture('forecast-duvall.json')
    const current = part(json, 'current')
    current['time'] = time
    delete current['is_day']
    expect(decodeForecast(json).current.isDay).toBe(isDay)
  })

  it('reads times as GMT when the offset is missing', () => {
    const json = fixture('forecast-duvall.json')
    delete json['utc_offset_seconds']
    expect(decodeForecast(json).current.time).toBe(Date.UTC(2026, 0, 15, 21, 15))
  })
})
