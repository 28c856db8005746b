// NIFC WFIGS current wildland fires (ArcGIS feature services queried as GeoJSON, DATA_SOURCES 8.6) as status
// items: the incident locations layer (points) and the interagency perimeters layer (polygons, attr_* fields).
import type { Attribution, Decode, FeedItem } from '../types.ts'
import { cap, centre, geometry, isObject, str, type Json } from './feed-read.ts'
import { TITLE_LIMIT } from '../../../src/lib/item-limits.ts'

export const WFIGS_ATTRIBUTION: Attribution = {
  name: 'National Interagency Fire Center (WFIGS)',
  url: 'https://data-nifc.opendata.arcgis.com/',
}

/** How far from a perimeter (or from a point's estimated edge) a place still sees the fire, in miles. */
export const FIRE_REACH_MILES = 10
/** A fire this large and less than half contained is a warning (the banner shows it); smaller ones are Medium. */
export const WARNING_ACRES = 1000
const ACRE_SQUARE_MILES = 1 / 640

/** A field of a perimeter feature (`attr_X` or `poly_X`) or of an incident point (`X`). */
function field(p: Json, name: string): unknown {
  return p[name] ?? p[`attr_${name}`] ?? p[`poly_${name}`]
}

const number = (value: unknown): number | null => {
  const parsed = typeof value === 'string' && value.trim() ? Number(value) : value
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null
}

/** ArcGIS GeoJSON dates are epoch milliseconds; some services send ISO text. */
function time(value: unknown): string | null {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : null
}

const acresText = (acres: number): string => `${Math.round(acres).toLocaleString('en-US')} acres`

/** Why a fire is not shown, or null when it is: prescribed burns, out, contained. */
function leaves(p: Json): string | null {
  if (str(field(p, 'IncidentTypeCategory'))?.toUpperCase() === 'RX') return 'prescribed burn'
  if (time(field(p, 'FireOutDateTime'))) return 'out'
  if (time(field(p, 'ContainmentDateTime'))) return 'contained'
  if ((number(field(p, 'PercentContained')) ?? 0) >= 100) return 'contained'
  return null
}

/** One feature as a status item; null for a fire that is not shown; throws when malformed. */
function toItem(feature: Json): FeedItem | null {
  const p = feature['properties']
  if (!isObject(p)) throw new Error('feature without properties')
  if (leaves(p)) return null
  const id = str(field(p, 'UniqueFireIdentifier')) ?? str(field(p, 'IrwinID'))
  const name = str(field(p, 'IncidentName'))
  if (!id || !name) throw new Error('fire without id or name')
  const shape = geometry(feature['geometry'], ['Polygon', 'MultiPolygon', 'Point'])
  if (!shape) throw new Error(`fire ${id} without a usable geometry`)
  // Perimeter acres are mapped (poly_GISAcres); an incident's size is reported (IncidentSize).
  const acres = number(p['poly_GISAcres']) ?? number(field(p, 'IncidentSize'))
  const contained = number(field(p, 'PercentContained'))
  const discovered = time(field(p, 'FireDiscoveryDateTime'))
  const state = str(field(p, 'POOState'))?.replace(/^US-/, '') ?? null
  const lines = [
    [acres !== null ? acresText(acres) : null, contained !== null ? `${Math.round(contained)}% contained` : null]
      .filter(Boolean)
      .join(', '),
    cap(str(field(p, 'IncidentShortDescription')) ?? '', 300),
  ].filter((line) => line.length > 0)
  // A point stands for a fire of its size: its reach is the radius of a circle of that area, plus the common reach.
  const radius = shape.type === 'Point' && acres ? Math.sqrt((acres * ACRE_SQUARE_MILES) / Math.PI) : 0
  return {
    sourceId: id,
    aspect: 'statuses',
    title: cap(`Wildfire: ${name}${state ? `, ${state}` : ''}`, TITLE_LIMIT),
    priority: (acres ?? 0) >= WARNING_ACRES && (contained ?? 0) < 50 ? 'Warning' : 'Medium',
    dataCategory: 'weather',
    category: 'Wildfire',
    stateType: 'fire',
    state: 'active',
    lines,
    link: null,
    image: null,
    specialData: null,
    ...centre(shape),
    areaMiles: Math.round((FIRE_REACH_MILES + radius) * 10) / 10,
    geometry: shape.type === 'Point' ? null : shape,
    startsAt: discovered,
    endsAt: null,
    attribution: WFIGS_ATTRIBUTION,
  }
}

/**
 * Decodes a WFIGS query answer (`f=geojson`): incident points or perimeter polygons, keyed by the unique fire id
 * (so a perimeter and its incident are one fire: the incidents feed yields to the perimeters feed,
 * `options.preferFeeds`). Prescribed burns, contained and out fires are left out; an ArcGIS error answer throws.
 */
export const decodeWfigs: Decode = (body) => {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new Error('WFIGS: the body is not JSON')
  }
  if (isObject(json) && isObject(json['error']))
    throw new Error(`WFIGS: ArcGIS error ${str(json['error']['message']) ?? ''}`.trim())
  if (!isObject(json) || json['type'] !== 'FeatureCollection' || !Array.isArray(json['features']))
    throw new Error('WFIGS: the body is not a GeoJSON FeatureCollection')
  const items = new Map<string, FeedItem>()
  const errors: string[] = []
  let skipped = 0
  for (const [index, feature] of json['features'].entries()) {
    try {
      if (!isObject(feature)) throw new Error('feature is not an object')
      const item = toItem(feature)
      // A fire mapped in several pieces keeps its largest (first) record.
      if (item && !items.has(item.sourceId)) items.set(item.sourceId, item)
    } catch (error) {
      skipped++
      if (errors.length < 5) errors.push(`feature ${index}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  // ArcGIS stops at the layer's record limit: say so in the feed's health (the missing fires would look gone).
  if (
    json['exceededTransferLimit'] === true ||
    (isObject(json['properties']) && json['properties']['exceededTransferLimit'] === true)
  ) {
    skipped++
    errors.unshift('the answer stopped at the service’s record limit (exceededTransferLimit)')
  }
  return { items: [...items.values()], skipped, errors }
}
