// The Mobility Database catalogs (MobilityData, share.mobilitydata.org/catalogs-csv, DATA_SOURCES 8.6): one CSV row
// per GTFS or GTFS-realtime source. Read like the WZDx Feed Registry: each US service-alerts feed becomes a feed of its
// own (server/feeds/registry.ts, server/feeds/transit/catalog-feeds.ts), placed with its static GTFS.
import { parse } from 'csv-parse/sync'
import type { Decode } from '../types.ts'
import { httpUrl, str } from './feed-read.ts'
import { capRows, type RegistryRow } from './wzdx-registry.ts'

/** A catalogue row as a feed: the registry's fields, and what a GTFS-realtime feed needs besides. */
export type CatalogRow = RegistryRow & {
  /** The catalogue's id of the realtime source (mdb_source_id). */
  mdbId: string
  /** The static GTFS zip of static_reference (urls.latest, the catalogue's copy, else the agency's direct_download). */
  staticUrl: string | null
  /** urls.license: the agency's terms, linked beside its items. */
  license: string | null
  /** The query parameter a key goes in (authentication_type 1), or null. */
  keyParameter: string | null
}

/** Alerts change within minutes; every two keeps a city's page current without pressing small agencies' servers. */
export const ALERTS_SCHEDULE = 120

type Row = Record<string, string | undefined>

const STATUS_ACTIVE = new Set(['', 'active'])

/** entity_type as written in the catalogue: "sa", "tu|vp|sa", "tu, sa". */
const entityTypes = (value: string | undefined): string[] =>
  (value ?? '')
    .toLowerCase()
    .split(/[|,\s]+/)
    .filter(Boolean)

/** The address with the key's parameter added as `{key}` (config.ts fills it from the key variable). */
function withKey(url: string, parameter: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${encodeURIComponent(parameter)}={key}`
}

/**
 * One gtfs-rt row with service alerts as a CatalogRow; null for other rows. Throws on a row it cannot use
 * (no id, no address), which the decoder counts as skipped.
 */
function toRow(row: Row, statics: Map<string, string>, countries: string[]): CatalogRow | null {
  if (row['data_type']?.trim().toLowerCase() !== 'gtfs-rt' || !entityTypes(row['entity_type']).includes('sa')) return null
  const country = row['location.country_code']?.trim().toUpperCase() ?? ''
  if (!countries.includes(country)) return null
  const mdbId = str(row['mdb_source_id'])
  if (!mdbId || !/^[A-Za-z0-9-]+$/.test(mdbId)) throw new Error('row without mdb_source_id')
  const address = httpUrl(row['urls.direct_download'])
  if (!address) throw new Error(`source ${mdbId}: no usable urls.direct_download`)
  const auth = str(row['urls.authentication_type']) ?? '0'
  const keyParameter = auth === '1' ? str(row['urls.api_key_parameter_name']) : null
  const status = (row['status'] ?? '').trim().toLowerCase()
  const redirect = str(row['redirect.id'])
  const staticId = str(row['static_reference'])?.split(/[|,\s]+/)[0] ?? null
  const staticUrl = staticId ? (statics.get(staticId) ?? null) : null
  const provider = str(row['provider']) ?? `Mobility Database source ${mdbId}`
  const unsupported =
    auth === '2'
      ? 'the key goes in a header (not supported yet)'
      : auth === '1' && !keyParameter
        ? 'no key parameter name in the catalogue'
        : !staticUrl
          ? 'no static GTFS in the catalogue'
          : null
  return {
    id: `gtfs-rt-${mdbId.toLowerCase()}`,
    state: str(row['location.subdivision_name']),
    publisher: provider,
    feedName: `${provider} service alerts${str(row['name']) ? ` (${str(row['name'])})` : ''}`,
    url: keyParameter ? withKey(address, keyParameter) : address,
    format: 'gtfs-rt',
    version: null,
    // A source replaced by another (redirect.id) or not active any more does not run.
    active: STATUS_ACTIVE.has(status) && !redirect,
    needsKey: auth === '1' || auth === '2',
    keyUrl: httpUrl(row['urls.authentication_info']),
    scheduleSeconds: ALERTS_SCHEDULE,
    unsupported,
    mdbId,
    staticUrl,
    license: httpUrl(row['urls.license']),
    keyParameter,
  }
}

/**
 * Decodes the catalogue CSV into feed rows (DecodeResult.feeds), no items: every gtfs-rt source with service
 * alerts (`sa`) in the countries of options.countries (default US), with its static GTFS found through
 * static_reference. A malformed row is skipped and counted; a body that is not the catalogue CSV throws.
 * @example decodeGtfsCatalog(csv, { feedId: 'mobility-database', now, options: {} }).feeds?.[0]?.id // 'gtfs-rt-2345'
 */
export const decodeGtfsCatalog: Decode = (body, context) => {
  let rows: Row[]
  try {
    rows = parse<Row>(body, { columns: true, bom: true, skip_empty_lines: true, relax_column_count: true, trim: true })
  } catch (error) {
    throw new Error(`Mobility Database catalogue: not CSV (${error instanceof Error ? error.message.slice(0, 80) : ''})`, {
      cause: error,
    })
  }
  const first = rows[0]
  if (!first || !('mdb_source_id' in first) || !('data_type' in first))
    throw new Error('Mobility Database catalogue: no mdb_source_id and data_type columns')
  const countries = Array.isArray(context.options['countries'])
    ? context.options['countries'].filter((code): code is string => typeof code === 'string').map((code) => code.toUpperCase())
    : ['US']
  const statics = new Map<string, string>()
  for (const row of rows) {
    if (row['data_type']?.trim().toLowerCase() !== 'gtfs' || !row['mdb_source_id']) continue
    const url = httpUrl(row['urls.latest']) ?? httpUrl(row['urls.direct_download'])
    if (url) statics.set(row['mdb_source_id'].trim(), url)
  }
  const feeds: CatalogRow[] = []
  const seen = new Set<string>()
  const errors: string[] = []
  let skipped = 0
  for (const [index, row] of rows.entries()) {
    try {
      const feed = toRow(row, statics, countries)
      if (!feed || seen.has(feed.id)) continue
      seen.add(feed.id)
      feeds.push(feed)
    } catch (error) {
      skipped++
      if (errors.length < 5) errors.push(`row ${index + 2}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const capped = capRows(feeds, errors)
  return { items: [], feeds: capped.feeds, skipped: skipped + capped.over, errors: capped.errors }
}
