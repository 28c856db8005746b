import { fetchJson } from '../api/client.ts'
import { airUrl, decodeAir } from '../weather/air.ts'
import { decodeAlerts, alertsUrl } from '../weather/alerts.ts'
import { weatherConfig } from '../weather/config.ts'
import { decodeForecast, forecastUrl } from '../weather/forecast.ts'
import { decodeMarine, marineUrl } from '../weather/marine.ts'
import { decodeQuakes, quakesUrl } from '../weather/quakes.ts'
import { createSource } from './source.ts'

const MINUTE = 60_000
const config = weatherConfig

/** Freshness windows per provider (issue 4): weather 10 minutes, earthquakes and alerts 5. */
export const forecast = createSource(10 * MINUTE, async (p) =>
  decodeForecast(await fetchJson(forecastUrl(p, config.forecastBase))),
)
export const air = createSource(10 * MINUTE, async (p) => decodeAir(await fetchJson(airUrl(p, config.airBase))))
export const marine = createSource(10 * MINUTE, async (p) => decodeMarine(await fetchJson(marineUrl(p, config.marineBase))))
export const quakes = createSource(5 * MINUTE, async (p) =>
  decodeQuakes(await fetchJson(quakesUrl(p, Date.now(), config.quakesBase)), p),
)
export const alerts = createSource(5 * MINUTE, async (p) => decodeAlerts(await fetchJson(alertsUrl(p, config.alertsBase))))
