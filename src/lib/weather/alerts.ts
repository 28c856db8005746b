import type { Point } from '../geo.ts'
import { weatherConfig } from './config.ts'
import { coord, isObject, isoEpoch, list, str, unusable, usable, withQuery, type JsonObject } from './decode.ts'

/** CAP severities as NWS sends them. */
export type AlertSeverity = 'Extreme' | 'Severe' | 'Moderate' | 'Minor' | 'Unknown'

/** An active NWS alert; every text is plain text from the feed, never HTML. */
export type WeatherAlert = {
  id: string
  event: string
  severity: AlertSeverity
  urgency: string
  headline: string | null
  description: string
  instruction: string | null
  effective: number | null
  expires: number | null
  areaDesc: string
  sender: string
}

const SEVERITIES: readonly AlertSeverity[] = ['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown']

/**
 * The NWS active-alerts request for a point. Only `point` and `status`: NWS answers 400 to
 * unknown parameters (no cache busting) and has been seen rejecting `limit`; more than 4
 * decimals in the point has failed too (DATA_SOURCES 6).
 * @example alertsUrl({ lat: 47.74, lon: -121.99 }) // 'https://api.weather.gov/alerts/active?point=47.74,-121.99&status=actual'
 */
export function alertsUrl(point: Point, base: string = weatherConfig.alertsBase): string {
  return withQuery(base, { point: `${coord(point.lat)},${coord(point.lon)}`, status: 'actual' })
}

function decodeAlert(feature: JsonObject): WeatherAlert | null {
  const p = isObject(feature['properties']) ? feature['properties'] : null
  const id = p && (str(p['id']) ?? str(feature['id']))
  if (!p || !id) return null
  const severity = SEVERITIES.find((s) => s === p['severity']) ?? 'Unknown'
  return {
    id,
    event: str(p['event']) ?? '',
    severity,
    urgency: str(p['urgency']) ?? 'Unknown',
    headline: str(p['headline']),
    description: str(p['description']) ?? '',
    instruction: str(p['instruction']),
    effective: isoEpoch(p['effective']),
    expires: isoEpoch(p['expires']),
    areaDesc: str(p['areaDesc']) ?? '',
    // The office name ("NWS Seattle WA") is what people recognise; `sender` is a webmaster address.
    sender: str(p['senderName']) ?? str(p['sender']) ?? '',
  }
}

/**
 * Reads an NWS alerts FeatureCollection, most severe first, then newest `effective` first (unknown
 * times last). Cancelled and expired alerts are left to the caller, which has the clock. A body
 * without a `features` array (an NWS problem+json error) throws ProviderError.
 * @example decodeAlerts(json).map((a) => a.severity) // ['Extreme', 'Severe', 'Minor']
 */
export function decodeAlerts(json: unknown): WeatherAlert[] {
  const body = usable(json, 'alerts')
  if (!Array.isArray(body['features'])) throw unusable(body, 'alerts')
  return list(body['features'])
    .flatMap((feature) => {
      const alert = isObject(feature) ? decodeAlert(feature) : null
      return alert ? [alert] : []
    })
    .sort(
      (a, b) =>
        SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
        (b.effective ?? Number.MIN_SAFE_INTEGER) - (a.effective ?? Number.MIN_SAFE_INTEGER),
    )
}
