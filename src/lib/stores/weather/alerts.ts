import { fetchJson } from '../../api/client.ts'
import { alertsUrl, decodeAlerts } from '../../weather/alerts.ts'
import { weatherConfig } from '../../weather/config.ts'
import { MINUTE, createSource } from '../source.ts'

/** NWS alerts: fresh for 5 minutes. One module per provider, so a page loads only the decoders its visible cards need. */
export const alerts = createSource(5 * MINUTE, async (p) => decodeAlerts(await fetchJson(alertsUrl(p, weatherConfig.alertsBase))))
