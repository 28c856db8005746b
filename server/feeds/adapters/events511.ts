// The 511 platform's events call (/api/getevents?key=…&format=json, also /api/v2/get/event): incidents, closures,
// construction, special events and winter road conditions of the state 511 sites whose cameras 511-cameras reads.
import type { Priority } from '../../../src/lib/items.ts'
import type { Decode, FeedItem, Position } from '../types.ts'
import { httpUrl, isObject, str, type Json } from './feed-read.ts'
import {
  current,
  directionWord,
  position,
  roadEventItem,
  Skips,
  twoPointShape,
  type LaneImpact,
  type RoadEvent,
  type RoadKind,
} from './road-event.ts'

/** EventType words of the platform (and of its per-state variants) to the kind shown. */
function kindOf(type: string | null, fullClosure: boolean): RoadKind | null {
  const t = (type ?? '').toLowerCase().replace(/[\s_-]+/g, '')
  if (/accident|incident|crash|disabled|debris/.test(t)) return 'incident'
  if (/closure/.test(t)) return 'closure'
  if (/roadwork|construction|maintenance|workzone/.test(t)) return fullClosure ? 'closure' : 'construction'
  if (/winter|weather|roadcondition|chain|flood/.test(t)) return 'weather'
  if (/specialevent|event/.test(t)) return 'event'
  return null
}

/** Epoch seconds (the v1 and v2 answers), milliseconds, "/Date(ms)/", or an ISO time; else null. */
function timeOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 1e9)
    return new Date(value > 1e11 ? value : value * 1000).toISOString()
  const text = str(value)
  if (!text) return null
  if (/^\d{9,13}$/.test(text)) return timeOf(Number(text))
  const wrapped = /^\/Date\((\d+)([+-]\d{4})?\)\/$/.exec(text)
  if (wrapped) return new Date(Number(wrapped[1])).toISOString()
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null
  const time = Date.parse(text)
  return Number.isFinite(time) ? new Date(time).toISOString() : null
}

const SEVERITY: Record<string, Priority> = {
  major: 'Urgent',
  high: 'Urgent',
  moderate: 'Warning',
  medium: 'Warning',
  minor: 'Medium',
  low: 'Medium',
}

/**
 * Google's encoded polyline (precision 5), as the platform's EncodedPolyline carries it; null when malformed.
 * @example decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@') // [[-120.2, 38.5], [-120.95, 40.7], [-126.453, 43.252]]
 */
export function decodePolyline(encoded: string): Position[] | null {
  const points: Position[] = []
  let index = 0
  let lat = 0
  let lon = 0
  const next = (): number | null => {
    let result = 0
    let shift = 0
    for (;;) {
      if (index >= encoded.length || shift > 30) return null
      const byte = encoded.charCodeAt(index++) - 63
      if (byte < 0 || byte > 63) return null
      result |= (byte & 0x1f) << shift
      shift += 5
      if (byte < 0x20) break
    }
    return result & 1 ? ~(result >> 1) : result >> 1
  }
  while (index < encoded.length) {
    const dLat = next()
    const dLon = next()
    if (dLat === null || dLon === null) return null
    lat += dLat
    lon += dLon
    const point: Position = [lon / 1e5, lat / 1e5]
    if (Math.abs(point[0]) > 180 || Math.abs(point[1]) > 90) return null
    points.push(point)
  }
  return points
}

function shapeOf(event: Json): RoadEvent['shape'] {
  const polyline = str(event['EncodedPolyline'] ?? event['MapEncodedPolyline'])
  const line = polyline ? decodePolyline(polyline) : null
  if (line && line.length >= 2) return { type: 'LineString', coordinates: line }
  const start = position(event['Latitude'], event['Longitude'])
  if (!start) throw new Error('no position')
  return twoPointShape(start, position(event['LatitudeSecondary'], event['LongitudeSecondary']))
}

function impactOf(event: Json, full: boolean): LaneImpact {
  if (full) return { type: 'all' }
  const lanes = str(event['LanesAffected'])
  if (lanes && !/^(no data|unknown|none|n\/a)$/i.test(lanes)) return { type: 'text', text: lanes.slice(0, 120) }
  return { type: 'none' }
}

/** Width, height, length, weight and speed limits of the v2 Restrictions object, as one line. */
function restrictionsLine(value: unknown): string | null {
  if (!isObject(value)) return null
  const parts = Object.entries(value).flatMap(([name, amount]) =>
    typeof amount === 'number' && amount > 0 ? [`${name.toLowerCase()} ${amount}`] : [],
  )
  return parts.length ? `Restrictions: ${parts.join(', ')}` : null
}

const truthy = (value: unknown): boolean => value === true || value === 1 || String(value).toLowerCase() === 'true'

/** The v1 answers write ID as text ("NYSDOT-CVO-2204860"); the v2 answers as a number (541822). */
const idOf = (value: unknown): string | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : str(value)

/** A text field of several paragraphs (v2 Details: one detour per line) as its non-empty lines. */
const paragraphs = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(/\r?\n/).flatMap((line) => str(line) ?? []) : []

function readEvent(event: Json, publisher: { name: string; url: string | null }): RoadEvent | null {
  const id = idOf(event['ID'] ?? event['Id'] ?? event['id'])
  if (!id) throw new Error('event without ID')
  const full = truthy(event['IsFullClosure'])
  const kind = kindOf(str(event['EventType']), full)
  if (!kind) return null
  const road = str(event['RoadwayName'])
  if (!road) throw new Error(`${id}: no RoadwayName`)
  const startsAt = timeOf(event['StartDate']) ?? timeOf(event['Reported'])
  const organization = str(event['Organization'])
  const severity = SEVERITY[str(event['Severity'])?.toLowerCase() ?? '']
  const between = [str(event['PrimaryLocation']), str(event['SecondaryLocation'])].filter(Boolean).join(' – ')
  return {
    id,
    kind,
    roadNames: [road.slice(0, 80)],
    direction: directionWord(event['DirectionOfTravel']),
    where: between || null,
    description: str(event['Description']),
    impact: impactOf(event, full),
    ...(severity ? { priority: severity } : {}),
    startsAt,
    endsAt: timeOf(event['PlannedEndDate']),
    shape: shapeOf(event),
    lines: [
      str(event['EventSubType']),
      str(event['Comment']),
      ...paragraphs(event['Details']),
      ...paragraphs(event['DetourInstructions']),
      restrictionsLine(event['Restrictions']),
    ].filter((line): line is string => line !== null),
    link: publisher.url,
    attribution:
      organization && organization !== publisher.name
        ? { name: `${organization} via ${publisher.name}`, url: publisher.url }
        : publisher,
  }
}

/**
 * `[{ ID, Organization, RoadwayName, DirectionOfTravel, Description, Reported, LastUpdated, StartDate, PlannedEndDate,
 * LanesAffected, Latitude, Longitude, LatitudeSecondary, LongitudeSecondary, EventType, EventSubType, IsFullClosure,
 * Severity, Comment, EncodedPolyline, Restrictions }]`, times in epoch seconds. Event types the roads page has no
 * kind for (transit, general information) are left out without counting as bad.
 * @example decodeEvents511(body, { feedId: '511-ny-events', now, options: { publisher: '511NY' } }).items[0]?.stateType
 */
export const decodeEvents511: Decode = (body, context) => {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new Error('511 events: the body is not JSON')
  }
  if (!Array.isArray(json)) throw new Error('511 events: expected an array of events')
  const publisher = {
    name: str(context.options['publisher']) ?? '511',
    url: httpUrl(context.options['publisherUrl']),
  }
  const now = context.now.getTime()
  const skips = new Skips()
  const seen = new Set<string>()
  const items: FeedItem[] = []
  json.forEach((raw: unknown, index) => {
    try {
      if (!isObject(raw)) throw new Error('not an object')
      const event = readEvent(raw, publisher)
      if (!event) return
      if (seen.has(event.id)) throw new Error(`duplicate ID ${event.id}`)
      seen.add(event.id)
      if (current(event, now)) items.push(roadEventItem(event, now))
    } catch (error) {
      skips.add(`event ${index}`, error)
    }
  })
  return { items, skipped: skips.count, errors: skips.errors }
}
