import { describe, expect, it } from 'vitest'
import { GEO_OPTIONS, locate } from '../../src/lib/geolocation.ts'

const fake = (
  outcome: { coords?: { latitude: number; longitude: number }; code?: number },
  seen: PositionOptions[] = [],
): Geolocation =>
  ({
    getCurrentPosition(success: PositionCallback, failure: PositionErrorCallback, options: PositionOptions) {
      seen.push(options)
      if (outcome.coords) success({ coords: outcome.coords } as GeolocationPosition)
      else failure({ code: outcome.code ?? 0 } as GeolocationPositionError)
    },
  }) as Geolocation

describe('locate', () => {
  it('rounds the point to 2 decimals with the SPEC options', async () => {
    const seen: PositionOptions[] = []
    expect(await locate(fake({ coords: { latitude: 47.74232, longitude: -121.98568 } }, seen))).toEqual({
      ok: true,
      lat: 47.74,
      lon: -121.99,
    })
    expect(seen).toEqual([{ enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 }])
    expect(GEO_OPTIONS.timeout).toBe(10_000)
  })
  it.each([
    [1, 'denied'],
    [2, 'unavailable'],
    [3, 'timeout'],
    [9, 'unable'],
  ])('maps error code %d to %s', async (code, error) => expect(await locate(fake({ code }))).toEqual({ ok: false, error }))
  it('reports an unsupported browser', async () => expect(await locate(undefined)).toEqual({ ok: false, error: 'unsupported' }))
})
