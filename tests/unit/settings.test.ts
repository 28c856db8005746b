import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, baseLanguage, decodeSettings } from '../../src/lib/decode/stored-settings.ts'

describe('decodeSettings', () => {
  it.each([undefined, null, '', 'not json', '[]', '42', 'null', '"text"'])('falls back to defaults for %j', (raw) => {
    expect(decodeSettings(raw)).toEqual(DEFAULT_SETTINGS)
  })
  it('keeps good fields and replaces bad ones', () => {
    const decoded = decodeSettings(
      JSON.stringify({ version: 1, theme: 'light', colorTheme: 'neon', imageSize: 'big', language: 'ja', testLayer: -1 }),
    )
    expect(decoded).toMatchObject({ theme: 'light', colorTheme: 'blue-purple', imageSize: 3, language: 'ja', testLayer: 0 })
  })
  it('gives missing colorTheme and language their defaults', () => {
    expect(decodeSettings('{"version":1,"theme":"auto"}')).toMatchObject({ colorTheme: 'blue-purple', language: 'en' })
  })
  it('migrates older settings: units follow the temperature unit', () => {
    expect(decodeSettings('{"temperature":"C","windSpeed":"mph","distance":"miles"}')).toMatchObject({
      windSpeed: 'kmh',
      distance: 'km',
    })
    expect(decodeSettings('{"temperature":"F","windSpeed":"kmh","distance":"km"}')).toMatchObject({
      windSpeed: 'mph',
      distance: 'miles',
    })
  })
  it('lets version 1 settings mix units', () => {
    expect(decodeSettings('{"version":1,"temperature":"C","windSpeed":"mph","distance":"miles"}')).toMatchObject({
      windSpeed: 'mph',
      distance: 'miles',
    })
  })
  it('validates the home location', () => {
    expect(
      decodeSettings('{"homeLocation":{"lat":47.7,"lon":-121.9,"route":"wa/duvall","name":"Duvall, WA"}}').homeLocation,
    ).toEqual({
      lat: 47.7,
      lon: -121.9,
      route: 'wa/duvall',
      name: 'Duvall, WA',
    })
    expect(decodeSettings('{"homeLocation":{"lat":147,"lon":0}}').homeLocation).toBeNull()
    expect(decodeSettings('{"homeLocation":{"lat":1,"lon":2,"route":"javascript:alert(1)"}}').homeLocation?.route).toBeNull()
  })
})

describe('baseLanguage', () => {
  it.each([
    ['de-AT', 'de'],
    ['zh-Hans-CN', 'zh'],
    ['ja', 'ja'],
    ['pt-BR', null],
    ['<script>alert(1)</script>', null],
    ['en"><img src=x>', null],
    [42, null],
  ])('%j → %j', (value, base) => expect(baseLanguage(value)).toBe(base))
})
