import { fetchJson } from '../../api/client.ts'
import { decodeForecast, forecastUrl } from '../../weather/forecast.ts'
import { weatherConfig } from '../../weather/config.ts'
import { MINUTE, createSource } from '../source.ts'

/** Forecast: fresh for 10 minutes. One module per provider, so a page loads only the decoders its visible cards need. */
export const forecast = createSource(10 * MINUTE, async (p) =>
  decodeForecast(await fetchJson(forecastUrl(p, weatherConfig.forecastBase))),
)
