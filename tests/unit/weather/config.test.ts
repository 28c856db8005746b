import { afterEach, describe, expect, it, vi } from 'vitest'

const load = async () => (await import('../../../src/lib/weather/config.ts')).weatherConfig

describe('weatherConfig', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  it('uses the official endpoints by default', async () => {
    vi.resetModules()
    expect(await load()).toEqual({
      forecastBase: 'https://api.open-meteo.com/v1/forecast',
      airBase: 'https://air-quality-api.open-meteo.com/v1/air-quality',
      marineBase: 'https://marine-api.open-meteo.com/v1/marine',
      quakesBase: 'https://earthquake.usgs.gov/fdsnws/event/1/query',
      alertsBase: 'https://api.weather.gov/alerts/active',
    })
  })

  it('takes each base from its PUBLIC_ variable, ignoring empty ones', async () => {
    vi.stubEnv('PUBLIC_OPEN_METEO_URL', 'https://customer-api.open-meteo.com/v1/forecast?apikey=k')
    vi.stubEnv('PUBLIC_OPEN_METEO_AIR_URL', '/proxy/air')
    vi.stubEnv('PUBLIC_OPEN_METEO_MARINE_URL', '')
    vi.stubEnv('PUBLIC_USGS_URL', 'https://quakes.test/query')
    vi.stubEnv('PUBLIC_NWS_URL', 'https://nws.test/alerts/active')
    vi.resetModules()
    expect(await load()).toEqual({
      forecastBase: 'https://customer-api.open-meteo.com/v1/forecast?apikey=k',
      airBase: '/proxy/air',
      marineBase: 'https://marine-api.open-meteo.com/v1/marine',
      quakesBase: 'https://quakes.test/query',
      alertsBase: 'https://nws.test/alerts/active',
    })
  })
})
