import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { describeWeather, weatherIcon, type WeatherKind } from '../../../src/lib/weather/wmo.ts'

describe('describeWeather', () => {
  it.each([
    [0, 'clear', null],
    [1, 'mainlyClear', null],
    [2, 'partlyCloudy', null],
    [3, 'overcast', null],
    [45, 'fog', null],
    [48, 'fog', null],
    [51, 'drizzle', 'light'],
    [53, 'drizzle', 'moderate'],
    [55, 'drizzle', 'heavy'],
    [56, 'freezingDrizzle', 'light'],
    [57, 'freezingDrizzle', 'heavy'],
    [61, 'rain', 'light'],
    [63, 'rain', 'moderate'],
    [65, 'rain', 'heavy'],
    [66, 'freezingRain', 'light'],
    [67, 'freezingRain', 'heavy'],
    [71, 'snow', 'light'],
    [73, 'snow', 'moderate'],
    [75, 'snow', 'heavy'],
    [77, 'snowGrains', null],
    [80, 'rainShowers', 'light'],
    [81, 'rainShowers', 'moderate'],
    [82, 'rainShowers', 'heavy'],
    [85, 'snowShowers', 'light'],
    [86, 'snowShowers', 'heavy'],
    [95, 'thunderstorm', null],
    [96, 'thunderstormHail', 'light'],
    [99, 'thunderstormHail', 'heavy'],
  ])('code %d is %s (%s)', (code, kind, intensity) => {
    expect(describeWeather(code)).toEqual({ kind, intensity })
  })

  it.each([null, 4, 50, 100, -1, 61.5, Number.NaN])('code %s is unknown', (code) => {
    expect(describeWeather(code)).toEqual({ kind: 'unknown', intensity: null })
  })

  it('returns a fresh object each time', () => {
    const first = describeWeather(null)
    first.kind = 'rain'
    expect(describeWeather(null).kind).toBe('unknown')
  })
})

describe('weatherIcon', () => {
  it.each<[WeatherKind, string, string]>([
    ['clear', 'sun', 'moon'],
    ['mainlyClear', 'sun', 'moon'],
    ['partlyCloudy', 'sun-cloud', 'moon-cloud'],
    ['overcast', 'cloud', 'cloud'],
    ['fog', 'fog', 'fog'],
    ['drizzle', 'drizzle', 'drizzle'],
    ['freezingDrizzle', 'sleet', 'sleet'],
    ['rain', 'rain', 'rain'],
    ['freezingRain', 'sleet', 'sleet'],
    ['snow', 'snow', 'snow'],
    ['snowGrains', 'snow', 'snow'],
    ['rainShowers', 'rain', 'rain'],
    ['snowShowers', 'snow', 'snow'],
    ['thunderstorm', 'thunder', 'thunder'],
    ['thunderstormHail', 'thunder', 'thunder'],
    ['unknown', 'unknown', 'unknown'],
  ])('%s is %s by day and %s by night', (kind, day, night) => {
    expect(weatherIcon(kind, true)).toBe(day)
    expect(weatherIcon(kind, false)).toBe(night)
  })

  it('names only symbols that exist in public/weather-icons.svg, and all of them', () => {
    const sprite = readFileSync('public/weather-icons.svg', 'utf8')
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24"/g)].map((m) => m[1])
    const used = new Set(
      (
        [
          'clear',
          'partlyCloudy',
          'overcast',
          'fog',
          'drizzle',
          'rain',
          'freezingRain',
          'snow',
          'thunderstorm',
          'unknown',
        ] as const
      ).flatMap((kind) => [weatherIcon(kind, true), weatherIcon(kind, false)]),
    )
    expect(ids.sort()).toEqual([...used].sort())
    expect(sprite.length).toBeLessThan(6 * 1024)
  })
})
