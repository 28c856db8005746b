/** Provenance of live items that come from a feed: who published them, and which NWS alert one is. */
import type { AlertItem } from '../items.ts'

export type ItemSource = { name: string; url: string | null }

const SOURCE_NAME_MAX = 120

/** The feed engine's extra fields on a public item; read as unknown because an older server sends neither. */
type WithProvenance = AlertItem & { source?: unknown; sourceId?: unknown }

const httpUrl = (value: unknown): string | null => {
  if (typeof value !== 'string') return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/**
 * Who published a feed item (`source` in the reaction answer), or null for staff-made items.
 * @example itemSource({ ...item, source: { name: 'NOAA/National Weather Service', url: 'https://www.weather.gov/' } })
 */
export function itemSource(item: AlertItem): ItemSource | null {
  const source = (item as WithProvenance).source
  if (typeof source !== 'object' || source === null) return null
  const name: unknown = (source as { name?: unknown }).name
  if (typeof name !== 'string' || !name.trim()) return null
  return { name: name.trim().slice(0, SOURCE_NAME_MAX), url: httpUrl((source as { url?: unknown }).url) }
}

const NWS_ALERT = /^https:\/\/api\.weather\.gov\/alerts\/(urn:oid:[\w.-]+)$/

/**
 * The NWS alert id (urn:oid:…) a status item carries: its feed `sourceId` when the answer has one, else
 * the id in its link, which the NWS adapter sets to the alert's own URL. null for every other item.
 * @example nwsAlertId({ ...item, link: 'https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.ab.001.1' }) // 'urn:oid:2.49.0.1.840.0.ab.001.1'
 */
export function nwsAlertId(item: AlertItem): string | null {
  const sourceId = (item as WithProvenance).sourceId
  if (typeof sourceId === 'string' && sourceId.startsWith('urn:oid:')) return sourceId
  return typeof item.link === 'string' ? (NWS_ALERT.exec(item.link)?.[1] ?? null) : null
}
