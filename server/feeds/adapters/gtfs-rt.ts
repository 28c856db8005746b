// GTFS-realtime Service Alerts (protobuf, DATA_SOURCES 8.6) as Transit status items, placed with the
// agency's static GTFS (context.options.transit, a TransitIndex the engine reads from transit_static).
import GtfsRealtimeBindings from 'gtfs-realtime-bindings'
import type { Priority } from '../../../src/lib/items.ts'
import type { Box, TransitIndex } from '../transit/transit-index.ts'
import { boxAdd, boxUnion, serviceArea } from '../transit/transit-index.ts'
import type { Attribution, Decode, FeedGeometry, FeedItem, Position } from '../types.ts'
import { cap, httpUrl, isObject, str } from './feed-read.ts'
import { CAUSE_LABEL, CAUSES, EFFECTS, LANGUAGES, type Language } from './gtfs-rt-words.ts'
import { TITLE_LIMIT } from '../../../src/lib/item-limits.ts'

const { FeedMessage } = GtfsRealtimeBindings.transit_realtime

// The body arrives base64-encoded: protobuf is binary, and the engine hands adapters text (adapters/index.ts binaryAdapters).
/** A point within this many miles of a stop (an agency-wide alert's: any of the agency's), or of the box of a route's stops, sees the alert. */
export const TRANSIT_REACH_MILES = 1
const LINE_MAX = 600

type Translation = { text?: string; language?: string }
type Translated = { translation?: Translation[] } | null | undefined
type Selector = { agencyId?: string; routeId?: string; stopId?: string; trip?: { routeId?: string } }
type Alert = {
  activePeriod?: { start?: number; end?: number }[]
  informedEntity?: Selector[]
  cause?: string
  effect?: string
  severityLevel?: string
  url?: Translated
  headerText?: Translated
  descriptionText?: Translated
}
type Entity = { id?: string; isDeleted?: boolean; alert?: Alert }

/**
 * Priority from the effect and the agency's severity: a severe alert is a Warning (the banner shows it);
 * a disruption (no or reduced service, delays, detour, moved stop, accessibility) is Medium (styled as a
 * warning in the list, no banner: a detour should not raise a whole city's banner); added service, other
 * and unknown effects, and anything the agency marks INFO, are Info.
 * @example gtfsRtPriority('DETOUR', 'UNKNOWN_SEVERITY') // 'Medium'
 */
export function gtfsRtPriority(effect: string, severity: string): Priority {
  if (severity === 'SEVERE') return 'Warning'
  if (severity === 'INFO') return 'Info'
  const disruption = [
    'NO_SERVICE',
    'REDUCED_SERVICE',
    'SIGNIFICANT_DELAYS',
    'DETOUR',
    'MODIFIED_SERVICE',
    'STOP_MOVED',
    'ACCESSIBILITY_ISSUE',
  ]
  return disruption.includes(effect) ? 'Medium' : 'Info'
}

/** The text in a language: exact tag, then its base ("es-US" for "es"); null when the feed lacks it. */
function inLanguage(value: Translated, language: string): string | null {
  const list = value?.translation ?? []
  const found =
    list.find((t) => t.language?.toLowerCase() === language) ??
    list.find((t) => t.language?.toLowerCase().split('-')[0] === language)
  return str(found?.text)
}

/** The feed's default text: the one without a language (the spec's default), else English, else the first. */
function defaultText(value: Translated): string | null {
  const list = value?.translation ?? []
  return str((list.find((t) => !t.language) ?? list.find((t) => t.language?.toLowerCase().startsWith('en')) ?? list[0])?.text)
}

const boxPolygon = (box: Box): FeedGeometry => {
  const [south, west, north, east] = box
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  }
}

/**
 * The index's key of an alert's agency_id: the same id, or the only agency when the static GTFS has one (many
 * single-agency feeds leave agency_id out of agency.txt while their alerts name it); null when unknown.
 */
function agencyKey(id: string | undefined, index: TransitIndex): string | null {
  if (!id) return null
  if (index.agencies[id]) return id
  const keys = Object.keys(index.agencies)
  return keys.length === 1 ? keys[0]! : null
}

type Place = { geometry: FeedGeometry; lat: number; lon: number; routes: string[]; stops: string[]; agency: string | null }

/**
 * Where an alert applies, from its informed entities: stops as points; routes (and trips, by their route)
 * as the box of the route's stops; the agency as its stops (the box of them when they are unknown). A route
 * whose stops are unknown counts as its agency. Stops alone give a MultiPoint; anything wider one box holding everything.
 */
function place(selectors: Selector[], index: TransitIndex): Place | null {
  const points: Position[] = []
  const routes: string[] = []
  const stops: string[] = []
  let box: Box | null = null
  let agency: string | null = null
  /** True once a route or agency widened the place beyond its stops. */
  let wide = false
  const agencyBox = (id: string | null | undefined): Box | null =>
    (id !== null && id !== undefined ? index.agencies[id]?.box : null) ?? index.box
  for (const selector of selectors) {
    const stop = selector.stopId ? index.stops[selector.stopId] : undefined
    const routeId = selector.routeId ?? selector.trip?.routeId
    const route = routeId ? index.routes[routeId] : undefined
    const agencyId = agencyKey(selector.agencyId, index)
    if (agencyId !== null) agency = agencyId
    if (stop) {
      points.push([stop[1], stop[0]])
      stops.push(selector.stopId!)
      box = boxAdd(box, stop[0], stop[1])
    }
    if (route) {
      if (!routes.includes(route.name)) routes.push(route.name)
      agency ??= route.agency
      const area = route.box || route.agency === null ? null : serviceArea(route.agency, index)
      for (const point of area ?? []) {
        points.push([point[1], point[0]])
        box = boxAdd(box, point[0], point[1])
      }
      if (!area) {
        box = boxUnion(box, route.box ?? agencyBox(route.agency))
        wide = true
      }
    }
    // Agency-wide: the agency named and nothing narrower in the same selector. Its service area is its stops
    // (each with the reach around it), not their box, whose corners may be towns the agency never serves.
    if (!stop && !route && !selector.stopId && !routeId && agencyId !== null) {
      const area = serviceArea(agencyId, index)
      for (const point of area ?? []) {
        points.push([point[1], point[0]])
        box = boxAdd(box, point[0], point[1])
      }
      if (!area) {
        box = boxUnion(box, agencyBox(agencyId))
        wide = true
      }
    }
  }
  if (!box) return null
  if (!wide)
    return {
      geometry: { type: 'MultiPoint', coordinates: points },
      lat: points[0]![1],
      lon: points[0]![0],
      routes,
      stops,
      agency,
    }
  return {
    geometry: boxPolygon(box),
    lat: (box[0] + box[2]) / 2,
    lon: (box[1] + box[3]) / 2,
    routes,
    stops,
    agency,
  }
}

const iso = (seconds: number | undefined): string | null =>
  seconds && Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : null

/** The period in force now, else the next one; null when every period has ended. No period means always. */
function currentPeriod(
  periods: { start?: number; end?: number }[],
  now: number,
): { start: string | null; end: string | null } | null {
  if (!periods.length) return { start: null, end: null }
  const open = periods.filter((period) => !period.end || period.end * 1000 > now).sort((a, b) => (a.start ?? 0) - (b.start ?? 0))
  const period = open[0]
  return period ? { start: iso(period.start), end: iso(period.end) } : null
}

const entityError = (id: string, message: string) => new Error(`entity ${id}: ${message}`)

/** One alert entity as a status item; null when it is not to be shown (ended); throws when it cannot be placed. */
function toItem(entity: Entity, index: TransitIndex, fallback: Attribution, now: number): FeedItem | null {
  const id = str(entity.id)
  if (!id) throw new Error('entity without id')
  const alert = entity.alert!
  const period = currentPeriod(alert.activePeriod ?? [], now)
  if (!period) return null
  const where = place(alert.informedEntity ?? [], index)
  if (!where) throw entityError(id, 'no known stop, route or agency')
  const effect = alert.effect && EFFECTS[alert.effect] ? alert.effect : 'UNKNOWN_EFFECT'
  const cause = alert.cause ?? 'UNKNOWN_CAUSE'
  const agency = index.agencies[where.agency ?? ''] ?? Object.values(index.agencies)[0]
  const agencyName = agency?.name ?? fallback.name
  const subject = where.routes.length ? where.routes.join(', ') : agencyName
  const texts = Object.fromEntries(
    LANGUAGES.map((language: Language) => {
      const header = inLanguage(alert.headerText, language) ?? defaultText(alert.headerText)
      const description = inLanguage(alert.descriptionText, language) ?? defaultText(alert.descriptionText)
      const causeWords = CAUSES[cause]?.[language]
      const lines = [header, description, causeWords ? `${CAUSE_LABEL[language]}: ${causeWords}` : null]
        .filter((line): line is string => line !== null)
        .map((line) => cap(line, LINE_MAX))
      return [language, { title: cap(`${EFFECTS[effect]![language]}: ${subject}`, TITLE_LIMIT), lines }]
    }),
  ) as Record<Language, { title: string; lines: string[] }>
  const periods = (alert.activePeriod ?? []).map((p) => [iso(p.start), iso(p.end)])
  return {
    sourceId: id,
    aspect: 'statuses',
    title: texts.en.title,
    priority: gtfsRtPriority(effect, alert.severityLevel ?? 'UNKNOWN_SEVERITY'),
    // SPEC alert category 'services' groups it on the statuses page; the free-text category names it Transit.
    dataCategory: 'services',
    category: 'Transit',
    stateType: 'transit',
    state: period.start && Date.parse(period.start) > now ? 'pending' : 'active',
    lines: texts.en.lines,
    link: httpUrl(defaultText(alert.url)) ?? agency?.url ?? fallback.url,
    image: null,
    // The page shows translations[its language] in place of the English text (src/lib/live/translations.ts).
    specialData: JSON.stringify({
      transit: { agency: agencyName, routes: where.routes, stops: where.stops, cause, effect, periods },
      translations: Object.fromEntries(Object.entries(texts).filter(([language]) => language !== 'en')),
    }),
    lat: where.lat,
    lon: where.lon,
    areaMiles: TRANSIT_REACH_MILES,
    geometry: where.geometry,
    startsAt: period.start,
    endsAt: period.end,
    attribution: agency ? { name: agency.name, url: agency.url } : fallback,
  }
}

/**
 * Decodes a GTFS-realtime FeedMessage (base64 of the protobuf body) with the published bindings and
 * makes a Transit status of each alert entity that is in force now or later. Deleted entities and
 * trip updates or vehicle positions are left out; an alert naming nothing the static GTFS knows is
 * skipped and counted. Throws when the body is not a FeedMessage or the static GTFS is not read yet.
 * @example decodeGtfsRt(base64, { feedId: 'gtfs-rt-1', now: new Date(), options: { transit: index } }).items[0]?.category // 'Transit'
 */
export const decodeGtfsRt: Decode = (body, context) => {
  const index = context.options['transit']
  if (!isObject(index) || !isObject(index['stops'])) throw new Error('GTFS-realtime: the static GTFS is not read yet')
  let message
  try {
    const bytes = Buffer.from(body, 'base64')
    message = FeedMessage.toObject(FeedMessage.decode(bytes), { longs: Number, enums: String, defaults: false }) as {
      entity?: Entity[]
    }
  } catch (error) {
    throw new Error(
      `GTFS-realtime: the body is not a FeedMessage (${error instanceof Error ? error.message : 'decode failed'})`,
      {
        cause: error,
      },
    )
  }
  const options = context.options
  const fallback: Attribution = {
    name: str(options['provider']) ?? 'Transit agency',
    url: httpUrl(options['providerUrl']),
  }
  const items: FeedItem[] = []
  const errors: string[] = []
  let skipped = 0
  const now = context.now.getTime()
  for (const entity of message.entity ?? []) {
    if (entity.isDeleted || !entity.alert) continue
    try {
      const item = toItem(entity, index as unknown as TransitIndex, fallback, now)
      if (item) items.push(item)
    } catch (error) {
      skipped++
      if (errors.length < 5) errors.push(error instanceof Error ? error.message : String(error))
    }
  }
  return { items, skipped, errors }
}
