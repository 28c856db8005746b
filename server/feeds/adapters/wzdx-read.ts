// WZDx road events of every version in use (4.x, 3.x, 2.0) read into one shape, so the rest of the
// adapter never asks which version it has. v4 nests the shared fields in core_details; v3 put them
// at the top of properties; v2 adds road_name/road_number, lane_type/lane_status and no feature id.
import type { FeedGeometry } from '../types.ts'
import { geometry, isObject, isoTime, list, str, type Json } from './feed-read.ts'

export type WzdxLane = { order: number; type: string; status: string; restrictions: string[] }

export type WzdxEvent = {
  id: string
  eventType: 'work-zone' | 'detour'
  dataSourceId: string | null
  /** v2's issuing_organization, the only publisher name a v2 feed has. */
  organization: string | null
  roadNames: string[]
  direction: string | null
  name: string | null
  description: string | null
  startsAt: string
  endsAt: string
  /** Deprecated v2-v4.1 event_status: planned, pending, active, completed, cancelled. */
  eventStatus: string | null
  vehicleImpact: string | null
  lanes: WzdxLane[]
  workersPresent: boolean | null
  /** The reduced limit in mph (v4 gives km/h; v2 and v3 US feeds give mph). */
  speedMph: number | null
  beginCross: string | null
  endCross: string | null
  beginMilepost: number | null
  endMilepost: number | null
  restrictions: string[]
  typesOfWork: string[]
  workZoneType: string | null
  /** related_road_events (v4.1+), or the v3 relationship's first/next/parents as the nearest v4 types. */
  related: { type: string; id: string }[]
  geometry: RoadShape
}

type RoadShape = Extract<FeedGeometry, { type: 'LineString' | 'Point' }>

/** MultiPoint is used when only the ends are known (spec: RoadEventFeature): the straight line between them. */
function roadShape(shape: FeedGeometry | null): RoadShape | null {
  if (shape?.type === 'LineString' || shape?.type === 'Point') return shape
  if (shape?.type !== 'MultiPoint' || !shape.coordinates[0]) return null
  const [first] = shape.coordinates
  return shape.coordinates.length >= 2
    ? { type: 'LineString', coordinates: shape.coordinates }
    : { type: 'Point', coordinates: first }
}

export type WzdxFeedInfo = {
  publisher: string | null
  license: string | null
  version: string | null
  sources: Map<string, string>
}

const KPH_PER_MPH = 1.609344

const words = (value: unknown): string[] =>
  list(value)
    .map(str)
    .filter((text): text is string => text !== null)

const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)

const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null)

/** A restriction as "reduced-width 10 feet": v4 objects {type, value, unit}, v2/v3 lanes {restriction_type, ...}, v2/v3 road strings. */
function restriction(value: unknown): string | null {
  if (typeof value === 'string') return str(value)
  if (!isObject(value)) return null
  const type = str(value['type']) ?? str(value['restriction_type'])
  if (!type) return null
  const amount = number(value['value']) ?? number(value['restriction_value'])
  const unit = str(value['unit']) ?? str(value['restriction_units'])
  return amount !== null ? `${type} ${amount}${unit ? ` ${unit}` : ''}` : type
}

const restrictions = (value: unknown): string[] =>
  list(value)
    .map(restriction)
    .filter((text): text is string => text !== null)

/** v4/v3 lanes carry order/type/status; v2 lanes lane_type/lane_status and a lane_number from either edge. */
function lanes(value: unknown): WzdxLane[] {
  return list(value)
    .flatMap((raw, index) => {
      if (!isObject(raw)) return []
      const status = str(raw['status']) ?? str(raw['lane_status'])
      const type = str(raw['type']) ?? str(raw['lane_type'])
      if (!status || !type) return []
      // v2 may number lanes from the right edge; flipped so a smaller order is always further left.
      const numbered = number(raw['lane_number'])
      const fromRight = numbered !== null && str(raw['lane_edge_reference']) === 'right'
      const order = number(raw['order']) ?? (fromRight ? 1000 - numbered : numbered) ?? index + 1
      return [{ order, type, status, restrictions: restrictions(raw['restrictions'] ?? raw['lane_restrictions']) }]
    })
    .sort((a, b) => a.order - b.order)
}

/** The v3 Relationship object expressed as v4 related road events, so one rule handles both. */
function related(core: Json): { type: string; id: string }[] {
  const modern = list(core['related_road_events']).flatMap((raw) => {
    const type = isObject(raw) ? str(raw['type']) : null
    const id = isObject(raw) ? str(raw['id']) : null
    return type && id ? [{ type, id }] : []
  })
  if (modern.length) return modern
  const old = isObject(core['relationship']) ? core['relationship'] : {}
  return [
    ...words(old['first']).map((id) => ({ type: 'first-in-sequence', id })),
    ...words(old['next']).map((id) => ({ type: 'next-in-sequence', id })),
    ...words(old['parents']).map((id) => ({ type: 'parent', id })),
  ]
}

/** Road names: v3/v4 road_names, or v2's road_number and road_name (number first, as signs read). */
function roadNames(core: Json): string[] {
  const names = words(core['road_names'])
  if (names.length) return names
  return [str(core['road_number']), str(core['road_name'])].filter((name): name is string => name !== null)
}

function workersPresent(props: Json): boolean | null {
  const presence = props['worker_presence']
  if (isObject(presence)) return bool(presence['are_workers_present'])
  return bool(props['workers_present'])
}

function speedMph(props: Json): number | null {
  const kph = number(props['reduced_speed_limit_kph'])
  // Signs go in steps of 5 mph; a feed's 88.514 km/h is a 55 mph sign.
  if (kph !== null && kph > 0) return Math.round(kph / KPH_PER_MPH / 5) * 5
  const mph = number(props['reduced_speed_limit'])
  return mph !== null && mph > 0 ? Math.round(mph) : null
}

/**
 * One feature as a road event, whatever its version; throws with a reason when it cannot be one.
 * @example readEvent(feature).roadNames // ['I-80', 'I-35']
 */
export function readEvent(feature: unknown): WzdxEvent {
  if (!isObject(feature)) throw new Error('feature is not an object')
  const props = feature['properties']
  if (!isObject(props)) throw new Error('feature without properties')
  const core = isObject(props['core_details']) ? props['core_details'] : props
  const id = str(feature['id']) ?? str(props['road_event_id'])
  if (!id) throw new Error('road event without id')
  const eventType = str(core['event_type']) ?? 'work-zone'
  if (eventType !== 'work-zone' && eventType !== 'detour') throw new Error(`unknown event_type ${eventType}`)
  const names = roadNames(core)
  if (!names.length) throw new Error('road event without road names')
  const startsAt = isoTime(props['start_date'])
  const endsAt = isoTime(props['end_date'])
  if (!startsAt || !endsAt) throw new Error('road event without start_date or end_date')
  const shape = roadShape(geometry(feature['geometry'], ['LineString', 'MultiPoint']))
  if (!shape) throw new Error('road event without a LineString or MultiPoint geometry')
  return {
    id,
    eventType,
    dataSourceId: str(core['data_source_id']),
    organization: str(core['issuing_organization']),
    roadNames: names,
    direction: str(core['direction'])?.toLowerCase() ?? null,
    name: str(core['name']),
    description: str(core['description']),
    startsAt,
    endsAt,
    eventStatus: str(props['event_status'])?.toLowerCase() ?? null,
    vehicleImpact: str(props['vehicle_impact']),
    lanes: lanes(props['lanes']),
    workersPresent: workersPresent(props),
    speedMph: speedMph(props),
    beginCross: str(props['beginning_cross_street']),
    endCross: str(props['ending_cross_street']),
    beginMilepost: number(props['beginning_milepost']),
    endMilepost: number(props['ending_milepost']),
    restrictions: restrictions(props['restrictions']),
    typesOfWork: list(props['types_of_work']).flatMap((work) => {
      const name = isObject(work) ? str(work['type_name']) : null
      return name ? [name] : []
    }),
    workZoneType: str(props['work_zone_type']),
    related: related(core),
    geometry: shape,
  }
}

/**
 * The feed's header: feed_info (v4), or road_event_feed_info (v2, v3 and deprecated v4); data source
 * names by id for attribution. Throws when the body is not a WZDx road event feed.
 */
export function readFeedInfo(json: unknown): { info: WzdxFeedInfo; features: unknown[] } {
  if (!isObject(json) || json['type'] !== 'FeatureCollection' || !Array.isArray(json['features']))
    throw new Error('WZDx: the body is not a GeoJSON FeatureCollection')
  const raw = isObject(json['feed_info']) ? json['feed_info'] : json['road_event_feed_info']
  if (!isObject(raw)) throw new Error('WZDx: the feed has no feed_info or road_event_feed_info')
  const sources = new Map<string, string>()
  for (const source of list(raw['data_sources'])) {
    if (!isObject(source)) continue
    const id = str(source['data_source_id'])
    const name = str(source['organization_name'])
    if (id && name) sources.set(id, name)
  }
  const info = { publisher: str(raw['publisher']), license: str(raw['license']), version: str(raw['version']), sources }
  return { info, features: json['features'] }
}
