import { publicEnv } from '../public-env.ts'

/** Base URLs of the weather services; each can be pointed at a proxy or a paid host through env. */
export type WeatherConfig = {
  forecastBase: string
  airBase: string
  marineBase: string
  quakesBase: string
  alertsBase: string
}

/**
 * Where each provider is called; the official keyless endpoints unless overridden.
 * @example weatherConfig.forecastBase // 'https://api.open-meteo.com/v1/forecast'
 */
export const weatherConfig: WeatherConfig = {
  forecastBase: publicEnv('PUBLIC_OPEN_METEO_URL') ?? 'https://api.open-meteo.com/v1/forecast',
  airBase: publicEnv('PUBLIC_OPEN_METEO_AIR_URL') ?? 'https://air-quality-api.open-meteo.com/v1/air-quality',
  marineBase: publicEnv('PUBLIC_OPEN_METEO_MARINE_URL') ?? 'https://marine-api.open-meteo.com/v1/marine',
  quakesBase: publicEnv('PUBLIC_USGS_URL') ?? 'https://earthquake.usgs.gov/fdsnws/event/1/query',
  alertsBase: publicEnv('PUBLIC_NWS_URL') ?? 'https://api.weather.gov/alerts/active',
}

/** Origins the weather page calls first (forecast, alerts), for preconnect hints. */
export const firstProviderOrigins: string[] = [
  ...new Set([weatherConfig.forecastBase, weatherConfig.alertsBase].map((url) => new URL(url).origin)),
]
