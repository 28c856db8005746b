import { describe, expect, it } from 'vitest'
import {
  child,
  coord,
  isObject,
  isoEpoch,
  list,
  localEpoch,
  num,
  str,
  unusable,
  usable,
  withQuery,
} from '../../../src/lib/weather/decode.ts'
import { ProviderError } from '../../../src/lib/weather/errors.ts'

describe('ProviderError', () => {
  it('carries the provider and message', () => {
    const error = new ProviderError('radar', 'tiles down')
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('ProviderError')
    expect(error.provider).toBe('radar')
    expect(error.message).toBe('tiles down')
  })
})

describe('readers of untrusted values', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [[], false],
    [null, false],
    ['x', false],
    [undefined, false],
  ])('isObject(%j) is %s', (value, expected) => expect(isObject(value)).toBe(expected))

  it.each([
    [0, 0],
    [-3.5, -3.5],
    ['12', null],
    [null, null],
    [Number.NaN, null],
    [Infinity, null],
    [true, null],
  ])('num(%j) is %j', (value, expected) => expect(num(value)).toBe(expected))

  it('str, list and child fall back on wrong types', () => {
    expect(str('a')).toBe('a')
    expect(str(1)).toBeNull()
    expect(list([1, 2])).toEqual([1, 2])
    expect(list({ length: 2 })).toEqual([])
    expect(child({ a: { b: 1 } }, 'a')).toEqual({ b: 1 })
    expect(child({ a: [1] }, 'a')).toEqual({})
    expect(child({}, 'a')).toEqual({})
  })
})

describe('times', () => {
  it.each([
    ['2026-07-20T13:00', -14400, Date.UTC(2026, 6, 20, 17)],
    ['2026-01-15T21:15', -28800, Date.UTC(2026, 0, 16, 5, 15)],
    ['2026-01-15T21:15:30', 19800, Date.UTC(2026, 0, 15, 15, 45, 30)],
    ['2026-01-15', 0, null], // dates stay strings elsewhere
    ['2026-01-15T21:15Z', 0, null], // an offset in the string is not the Open-Meteo format
    ['2026-13-45T99:00', 0, null],
    [null, 0, null],
    [1737783401, 0, null],
  ])('localEpoch(%j, %d)', (value, offset, expected) => expect(localEpoch(value, offset)).toBe(expected))

  it.each([
    ['2024-05-25T17:27:00-05:00', Date.UTC(2024, 4, 25, 22, 27)],
    ['2026-01-15T22:05:00+00:00', Date.UTC(2026, 0, 15, 22, 5)],
    ['', null],
    ['soon', null],
    [null, null],
  ])('isoEpoch(%j)', (value, expected) => expect(isoEpoch(value)).toBe(expected))
})

describe('URLs', () => {
  it.each([
    [47.74, '47.74'],
    [-121.987654, '-121.9877'],
    [34, '34'],
    [-0.00001, '0'],
    [12.34567, '12.3457'],
  ])('coord(%d) is %s', (value, expected) => expect(coord(value)).toBe(expected))

  it.each([
    ['https://a.test/v1', 'https://a.test/v1?x=a,b&t=2026-01-01T00:00:00&s=a%20b%26c'],
    ['https://a.test/v1?apikey=k', 'https://a.test/v1?apikey=k&x=a,b&t=2026-01-01T00:00:00&s=a%20b%26c'],
    ['/proxy/om', '/proxy/om?x=a,b&t=2026-01-01T00:00:00&s=a%20b%26c'],
  ])('withQuery(%s) keeps the base, commas and colons', (base, expected) => {
    expect(withQuery(base, { x: 'a,b', t: '2026-01-01T00:00:00', s: 'a b&c' })).toBe(expected)
  })
})

describe('usable bodies', () => {
  it('returns an object body as is', () => {
    const body = { current: {} }
    expect(usable(body, 'air')).toBe(body)
  })

  it.each([
    [null, 'Response is not a JSON object'],
    [[], 'Response is not a JSON object'],
    ['<html>', 'Response is not a JSON object'],
    [{ error: true, reason: 'Daily API request limit exceeded.' }, 'Daily API request limit exceeded.'],
    [{ error: true }, 'Unknown error'],
    [{ error: { code: 400, message: 'Bad radius' } }, 'Bad radius'],
  ])('usable(%j) throws %s', (json, message) => {
    expect(() => usable(json, 'marine')).toThrow(new ProviderError('marine', message))
    try {
      usable(json, 'marine')
    } catch (error) {
      expect((error as ProviderError).provider).toBe('marine')
    }
  })

  it.each([
    [{ title: 'Bad Request', detail: 'Parameter "point" is invalid' }, 'Parameter "point" is invalid'],
    [{ title: 'Not Found' }, 'Not Found'],
    [{}, 'Response has no usable data'],
  ])('unusable(%j) explains %s', (json, message) => {
    const error = unusable(json, 'alerts')
    expect(error).toBeInstanceOf(ProviderError)
    expect(error.provider).toBe('alerts')
    expect(error.message).toBe(message)
  })
})
