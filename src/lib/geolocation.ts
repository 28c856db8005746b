import { round2 } from './geo.ts'

export type GeoError = 'unsupported' | 'denied' | 'unavailable' | 'timeout' | 'unable'
export type GeoResult = { ok: true; lat: number; lon: number } | { ok: false; error: GeoError }

/** Options of SPEC section 9: high accuracy, 10 s timeout, 60 s maximum age. */
export const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 }

/** Maps a GeolocationPositionError code to the SPEC's error (1 denied, 2 unavailable, 3 timeout). */
export function geoErrorOf(code: number): GeoError {
  return code === 1 ? 'denied' : code === 2 ? 'unavailable' : code === 3 ? 'timeout' : 'unable'
}

/**
 * Asks the device for its position, rounded to 2 decimals; never rejects.
 * @example await locate(navigator.geolocation) // { ok: true, lat: 47.74, lon: -121.99 }
 */
export function locate(geolocation: Geolocation | undefined): Promise<GeoResult> {
  if (!geolocation) return Promise.resolve({ ok: false, error: 'unsupported' })
  return new Promise((done) => {
    try {
      geolocation.getCurrentPosition(
        ({ coords }) => {
          const ok = Number.isFinite(coords.latitude) && Number.isFinite(coords.longitude)
          done(ok ? { ok: true, lat: round2(coords.latitude), lon: round2(coords.longitude) } : { ok: false, error: 'unable' })
        },
        (error) => done({ ok: false, error: geoErrorOf(error.code) }),
        GEO_OPTIONS,
      )
    } catch {
      done({ ok: false, error: 'unable' })
    }
  })
}

/** i18n key of each error; English texts are the SPEC's. */
export const GEO_ERROR_KEYS = {
  unsupported: 'geo.unsupported',
  denied: 'geo.denied',
  unavailable: 'geo.unavailable',
  timeout: 'geo.timeout',
  unable: 'geo.unable',
} as const satisfies Record<GeoError, string>
