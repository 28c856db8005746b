import { describe, expect, it } from 'vitest'
import type { Location } from '../../../src/lib/decode/location.ts'
import {
  authEvent,
  authProvider,
  cleanUrl,
  dependencyEvent,
  exceptionEvent,
  locationEvent,
  pageEvent,
  searchEvent,
} from '../../../src/lib/telemetry/events.ts'

const place = (lat: number, lon: number, method: Location['method'] = 'selected'): Location => ({
  method,
  lat,
  lon,
  route: 'de/dover',
  city: 'Dover',
  state: 'DE',
  zip: '19901',
})

describe('cleanUrl', () => {
  it.each([
    ['https://porchlight.example/wa/duvall', 'https://porchlight.example/wa/duvall'],
    ['https://porchlight.example/auth/callback?code=abc&state=def#x', 'https://porchlight.example/auth/callback'],
    ['https://porchlight.example/reset/abcdefghijklmnop', 'https://porchlight.example/reset/_'],
    ['https://porchlight.example/es/reset/abcdefghijklmnop/', 'https://porchlight.example/es/reset/_/'],
    ['https://api.example.org/api/login?h=secret-key&rx=4', 'https://api.example.org/api/login'],
    ['', ''],
    ['/relative', ''],
    ['javascript:alert(1)', ''],
  ])('%s → %s', (href, clean) => {
    expect(cleanUrl(href)).toBe(clean)
  })
})

describe('pageEvent', () => {
  it('names the page and cleans both addresses', () => {
    expect(
      pageEvent({
        title: 'Duvall, WA',
        href: 'https://p.example/settings?x=1',
        referrer: 'https://p.example/reset/abcdefghijklmnop',
        section: 'settings',
        lang: 'en',
      }),
    ).toEqual({
      kind: 'page',
      name: 'Duvall, WA',
      uri: 'https://p.example/settings',
      refUri: 'https://p.example/reset/_',
      properties: { section: 'settings', language: 'en' },
    })
  })
})

describe('searchEvent', () => {
  it('reports sizes and the chosen place, never the query', () => {
    const event = searchEvent({ queryLength: 3, resultCount: 10, position: 2, route: 'de/dover' })
    expect(event).toEqual({
      kind: 'event',
      name: 'Search',
      properties: { route: 'de/dover' },
      measurements: { queryLength: 3, resultCount: 10, position: 2 },
    })
  })
})

describe('locationEvent', () => {
  it('reports a new place to 2 decimals, without city, state or zip', () => {
    expect(locationEvent(place(39.1582, -75.5244), null, 'selected')).toEqual({
      kind: 'event',
      name: 'LocationChanged',
      properties: { method: 'selected', store: 'selected', lat: '39.16', lon: '-75.52', route: 'de/dover' },
      measurements: {},
    })
  })
  it.each([
    ['cleared', null, place(1, 2), false],
    ['the same point', place(39.161, -75.52), place(39.159, -75.521), false],
    ['another point', place(39.17, -75.52), place(39.16, -75.52), true],
    ['the same point by another method', place(39.16, -75.52, 'geolocation'), place(39.16, -75.52), true],
  ])('%s: reported %s', (_, location, previous, reported) => {
    expect(locationEvent(location, previous, 'current') !== null).toBe(reported)
  })
})

describe('authProvider', () => {
  it.each([
    ['/auth/email', 'email'],
    ['/auth/google', 'google'],
    ['/auth/github', 'github'],
    ['/auth/callback/github', 'github'],
    ['/auth/refresh', 'refresh'],
    ['/api/login', 'editLink'],
    ['/base/auth/email', 'email'],
    ['/auth/logout', null],
    ['/api/reaction', null],
    ['/auth/github/token', null],
  ])('%s → %s', (path, provider) => {
    expect(authProvider(path)).toBe(provider)
  })
  it('names the provider, nothing personal', () => {
    expect(authEvent('SignedIn', 'email')).toEqual({
      kind: 'event',
      name: 'SignedIn',
      properties: { provider: 'email' },
      measurements: {},
    })
    expect(authEvent('SignedOut', null).properties).toEqual({ provider: 'unknown' })
  })
})

describe('dependencyEvent', () => {
  const targets = [
    { service: 'api', base: 'http://localhost:8788' },
    { service: 'forecast', base: 'https://api.open-meteo.com/v1/forecast' },
  ]
  const call = { method: 'get', status: 200, startTime: 1_700_000_000_000, duration: 12.6 }
  it('records an API call without its query', () => {
    expect(dependencyEvent({ ...call, url: 'http://localhost:8788/api/login?h=secret&rx=1' }, targets)).toEqual({
      kind: 'dependency',
      name: 'GET /api/login',
      target: 'localhost:8788',
      data: 'http://localhost:8788/api/login',
      resultCode: 200,
      success: true,
      duration: 13,
      startTime: 1_700_000_000_000,
      properties: { service: 'api' },
    })
  })
  it.each([
    ['a provider failure', 'https://api.open-meteo.com/v1/forecast?latitude=1', 503, 'forecast', false],
    ['no answer', 'http://localhost:8788/api/reaction', 0, 'api', false],
    ['a redirect', 'http://localhost:8788/auth/refresh', 302, 'api', true],
  ])('%s', (_, url, status, service, success) => {
    expect(dependencyEvent({ ...call, url, status }, targets)).toMatchObject({
      success,
      resultCode: status,
      properties: { service },
    })
  })
  it.each([
    'http://localhost:8790/v2/track',
    'http://localhost:4322/data/cities.txt',
    'https://api.open-meteo.com/v1/other',
    'https://mesonet.agron.iastate.edu/c/tile.py/1.png',
    '/data/cities.txt',
  ])('ignores %s', (url) => {
    expect(dependencyEvent({ ...call, url }, targets)).toBeNull()
  })
})

describe('exceptionEvent', () => {
  it('keeps the error’s name, message and stack', () => {
    const error = new TypeError('x is undefined')
    expect(exceptionEvent(error, 'error')).toEqual({
      kind: 'exception',
      name: 'TypeError',
      message: 'x is undefined',
      stack: error.stack,
      properties: { source: 'error' },
    })
  })
  it.each([
    ['a string', 'boom', 'boom'],
    ['an object', { code: 7 }, '{"code":7}'],
    [
      'a circular object',
      (() => {
        const o: Record<string, unknown> = {}
        o['o'] = o
        return o
      })(),
      'unserializable value',
    ],
    ['undefined', undefined, 'undefined'],
  ])('describes %s', (_, value, message) => {
    expect(exceptionEvent(value, 'unhandledrejection')).toMatchObject({
      name: 'Error',
      message,
      properties: { source: 'unhandledrejection' },
    })
  })
  it('drops the opaque cross-origin "Script error."', () => {
    expect(exceptionEvent('Script error.', 'error')).toBeNull()
  })
  it('caps long messages', () => {
    expect((exceptionEvent(new Error('x'.repeat(5000)), 'error') as { message: string }).message).toHaveLength(1000)
  })
})
