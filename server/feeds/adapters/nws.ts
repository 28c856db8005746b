// NWS active alerts (api.weather.gov/alerts/active?status=actual, DATA_SOURCES 6 and 8.5) as status items.
import type { Priority } from '../../../src/lib/items.ts'
import type { Attribution, Decode, FeedItem } from '../types.ts'
import { cap, centre, geometry, httpUrl, isObject, isoTime, list, str, type Json } from './feed-read.ts'
import { TITLE_LIMIT } from '../../../src/lib/item-limits.ts'
import { alertText, messageData } from './cap-text.ts'

export { LINE_MAX, LINES_MAX } from './cap-text.ts'

/** NWS data is a US government work, in the public domain; credited as DATA_SOURCES 10 does. */
export const NWS_ATTRIBUTION: Attribution = { name: 'NOAA/National Weather Service', url: 'https://www.weather.gov/' }

/** Area names kept in a title before the rest are counted ("King, Snohomish +3"). */
const AREA_MAX = 80

/**
 * Priority from CAP severity and urgency. Extreme is Critical whatever the urgency; a Severe hazard
 * that is happening or expected soon is Urgent (the banner raises it as critical), a Severe one further
 * off a Warning; Moderate now or soon is a Warning (the banner shows it), Moderate later Medium (styled
 * as a warning in the list, no banner); Minor is Info; an Unknown severity is Normal.
 * @example nwsPriority('Severe', 'Immediate') // 'Urgent'
 */
export function nwsPriority(severity: string | null, urgency: string | null): Priority {
  const soon = urgency === 'Immediate' || urgency === 'Expected'
  switch (severity) {
    case 'Extreme':
      return 'Critical'
    case 'Severe':
      return soon ? 'Urgent' : 'Warning'
    case 'Moderate':
      return soon ? 'Warning' : 'Medium'
    case 'Minor':
      return 'Info'
    default:
      return 'Normal'
  }
}

/**
 * areaDesc ("King; Snohomish; Pierce") as a short list: names until about 80 characters, then "+N".
 * @example shortArea('A; B; C') // 'A, B, C'
 */
export function shortArea(areaDesc: string | null): string | null {
  const names = (areaDesc ?? '')
    .split(';')
    .map(str)
    .filter((name): name is string => name !== null)
  if (!names.length) return null
  let shown = names[0] ?? ''
  let count = 1
  while (count < names.length && shown.length + (names[count]?.length ?? 0) + 2 <= AREA_MAX) {
    shown += `, ${names[count] ?? ''}`
    count++
  }
  return count < names.length ? `${cap(shown, AREA_MAX)} +${names.length - count}` : cap(shown, AREA_MAX)
}

/** Ids an Update or Cancel replaces: its references, by identifier and by URL (either may be used). */
function referencedIds(p: Json): string[] {
  return list(p['references']).flatMap((ref) =>
    isObject(ref) ? [str(ref['identifier']), str(ref['@id'])].filter((id): id is string => id !== null) : [],
  )
}

type Candidate = { item: FeedItem; ids: string[] }
/** Why a well-formed alert is not shown (counted in the feed's health as `leftOut`). */
type LeftOut = 'test' | 'cancel' | 'ended'

/** One feature as a status item, or why it is not something to show (test, cancel, ended); throws when malformed. */
function toItem(feature: Json, now: number): Candidate | LeftOut {
  const p = feature['properties']
  if (!isObject(p)) throw new Error('feature without properties')
  const id = str(p['id']) ?? str(feature['id'])
  const event = str(p['event'])
  if (!id || !event) throw new Error('alert without id or event')
  if (p['status'] !== 'Actual') return 'test'
  if (p['messageType'] === 'Cancel') return 'cancel'
  // CAP urgency Past: "responsive action is no longer required" (NWS sends it for expired and cancelled warnings).
  if (p['urgency'] === 'Past') return 'ended'
  const startsAt = isoTime(p['onset']) ?? isoTime(p['effective']) ?? isoTime(p['sent'])
  // The publisher's end of the event first (eventEndingTime), then of the alert, then of the message.
  const parameters = isObject(p['parameters']) ? p['parameters'] : {}
  const eventEnd = isoTime(list(parameters['eventEndingTime'])[0])
  const expires = isoTime(p['expires'])
  const endsAt = eventEnd ?? isoTime(p['ends']) ?? expires
  if (endsAt && Date.parse(endsAt) <= now) return 'ended'
  const shape = geometry(feature['geometry'], ['Polygon', 'MultiPolygon'])
  const zones = shape
    ? []
    : list(p['affectedZones'])
        .map(httpUrl)
        .filter((url): url is string => url !== null && url.includes('/zones/'))
  if (!shape && !zones.length) throw new Error('alert without geometry or zones')
  const area = shortArea(str(p['areaDesc']))
  const headline = str(p['headline'])
  const text = alertText({
    headline,
    description: typeof p['description'] === 'string' ? p['description'] : null,
    instruction: typeof p['instruction'] === 'string' ? p['instruction'] : null,
    areaDesc: str(p['areaDesc']),
    contact: null,
    weaLong: str(list(parameters['CMAMlongtext'])[0]),
    weaShort: str(list(parameters['CMAMtext'])[0]),
  })
  const url = httpUrl(p['@id']) ?? httpUrl(feature['id'])
  const point = shape ? centre(shape) : { lat: 0, lon: 0 }
  return {
    ids: [id, ...(url ? [url] : [])],
    item: {
      sourceId: id,
      aspect: 'statuses',
      title: cap(area ? `${event}: ${area}` : event, TITLE_LIMIT),
      priority: nwsPriority(str(p['severity']), str(p['urgency'])),
      // The SPEC's alert category groups the statuses page and the editor's filter; the free-text one says what kind.
      dataCategory: 'weather',
      category: 'Weather alert',
      stateType: 'weather',
      state: startsAt && Date.parse(startsAt) > now ? 'pending' : 'active',
      lines: text.lines,
      link: url,
      image: null,
      specialData: JSON.stringify(messageData(text.parts, expires, endsAt)),
      // Zone-only alerts get their point from the zones the engine resolves; 0,0 until then.
      ...point,
      // Inside the polygon only: a warning does not reach past the area NWS drew.
      areaMiles: 0,
      geometry: shape,
      ...(zones.length ? { zones } : {}),
      startsAt,
      endsAt,
      attribution: NWS_ATTRIBUTION,
    },
  }
}

/**
 * Decodes the national active-alerts FeatureCollection. Tests, exercises, cancellations and expired
 * alerts are left out; an Update replaces the alerts it references, so a visitor never sees both.
 * A malformed feature is skipped and counted; a body that is not a FeatureCollection throws.
 * @example decodeNws(body, { feedId: 'nws', now: new Date(), options: {} }).items[0]?.priority // 'Urgent'
 */
export const decodeNws: Decode = (body, context) => {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new Error('NWS alerts: the body is not JSON')
  }
  if (!isObject(json) || json['type'] !== 'FeatureCollection' || !Array.isArray(json['features']))
    throw new Error('NWS alerts: the body is not a GeoJSON FeatureCollection')
  const now = context.now.getTime()
  const candidates: Candidate[] = []
  const replaced = new Set<string>()
  const errors: string[] = []
  let skipped = 0
  const leftOut: Record<string, number> = {}
  for (const [index, feature] of json['features'].entries()) {
    try {
      if (!isObject(feature)) throw new Error('feature is not an object')
      const p = feature['properties']
      // References count even when the newer message itself is not shown (a Cancel, an expired Update).
      if (isObject(p) && (p['messageType'] === 'Update' || p['messageType'] === 'Cancel'))
        for (const id of referencedIds(p)) replaced.add(id)
      const candidate = toItem(feature, now)
      if (typeof candidate === 'string') leftOut[candidate] = (leftOut[candidate] ?? 0) + 1
      else candidates.push(candidate)
    } catch (error) {
      skipped++
      if (errors.length < 5) errors.push(`feature ${index}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const seen = new Set<string>()
  const items = candidates
    .filter(({ item, ids }) => {
      if (ids.some((id) => replaced.has(id)) || seen.has(item.sourceId)) {
        const reason = seen.has(item.sourceId) ? 'duplicate' : 'replaced'
        leftOut[reason] = (leftOut[reason] ?? 0) + 1
        return false
      }
      seen.add(item.sourceId)
      return true
    })
    .map(({ item }) => item)
  return { items, skipped, errors, leftOut }
}
