// WZDx Work Zone Feeds (v4.x) and road event feeds (v3.x, v2.0) as road items (DATA_SOURCES 8.5).
import type { Attribution, Decode, DecodeContext, FeedItem } from '../types.ts'
import { httpUrl, str } from './feed-read.ts'
import { readEvent, readFeedInfo, type WzdxEvent, type WzdxFeedInfo } from './wzdx-read.ts'
import { eventLines, roadGroups, roadLabel, stretch, topPriority } from './wzdx-text.ts'
import { TITLE_LIMIT } from '../../../src/lib/item-limits.ts'

/** How far from the road line a point still counts: the road itself and the streets beside it. */
export const REACH_MILES = 1.5
/** Events starting later than this are planning, not road conditions; an operator may change it per feed. */
export const HORIZON_DAYS = 7
const DAY = 86_400_000

/** The options a WZDx feed may set in the feed configuration. */
type Options = { horizonDays: number; reachMiles: number; url: string | null; name: string | null }

function options(context: DecodeContext): Options {
  const o = context.options
  const positive = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? value : fallback)
  return {
    horizonDays: positive(o['horizonDays'], HORIZON_DAYS),
    reachMiles: positive(o['reachMiles'], REACH_MILES),
    url: httpUrl(o['attributionUrl']),
    name: str(o['attributionName']),
  }
}

/**
 * Who to credit: the event's data source organisation, with the publisher when it is someone else
 * ("Test City 1 via TestDOT"); linked to the operator's configured page, else to the feed's licence.
 */
function attribution(event: WzdxEvent, info: WzdxFeedInfo, o: Options): Attribution {
  const source = (event.dataSourceId ? info.sources.get(event.dataSourceId) : undefined) ?? event.organization ?? undefined
  const publisher = o.name ?? info.publisher
  const name = source && publisher && source !== publisher ? `${source} via ${publisher}` : (source ?? publisher ?? 'WZDx feed')
  return { name, url: o.url ?? httpUrl(info.license) }
}

/**
 * Events that repeat one another: later occurrences of a recurring work zone (v4 next-occurrence, or
 * v3 events sharing a parent, road, direction and stretch) and the planned area of a moving operation
 * whose active part is in the feed. Only the current or next occurrence, and the active part, are shown.
 */
function collapse(events: WzdxEvent[]): { shown: WzdxEvent[]; later: Map<string, number> } {
  const ids = new Set(events.map((event) => event.id))
  const series = new Map<string, WzdxEvent[]>()
  const shown: WzdxEvent[] = []
  for (const event of events) {
    const activeInFeed = event.related.some((rel) => rel.type === 'active-moving-operation' && ids.has(rel.id))
    if (event.workZoneType === 'planned-moving-area' && activeInFeed) continue
    const first = event.related.find((rel) => rel.type === 'first-occurrence')?.id
    const hasNext = event.related.some((rel) => rel.type === 'next-occurrence')
    const parent = event.related.find((rel) => rel.type === 'parent')?.id
    const key = first
      ? `occ:${first}`
      : hasNext
        ? `occ:${event.id}`
        : parent
          ? `v3:${parent}|${roadLabel(event)}|${stretch(event) ?? ''}|${event.eventType}`
          : null
    if (!key) shown.push(event)
    else series.set(key, [...(series.get(key) ?? []), event])
  }
  const later = new Map<string, number>()
  for (const occurrences of series.values()) {
    const [next, ...rest] = occurrences.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    if (!next) continue
    shown.push(next)
    if (rest.length) later.set(next.id, rest.length)
  }
  return { shown, later }
}

function toItem(event: WzdxEvent, info: WzdxFeedInfo, o: Options, now: number, later: number): FeedItem {
  const upcoming = Date.parse(event.startsAt) > now
  const road = roadLabel(event)
  const where = stretch(event)
  const title = `${event.eventType === 'detour' ? 'Detour' : 'Work zone'}: ${road}${where ? `, ${where}` : ''}`.slice(
    0,
    TITLE_LIMIT,
  )
  const groups = roadGroups(event, title, upcoming)
  const shape = event.geometry
  // The item's point is where the event starts: the first point a driver meets (spec: RoadEventFeature).
  const [lon, lat] = shape.type === 'Point' ? shape.coordinates : (shape.coordinates[0] ?? [0, 0])
  return {
    sourceId: event.id,
    aspect: 'roads',
    title,
    priority: topPriority(groups),
    dataCategory: 'traffic',
    category: event.eventType === 'detour' ? 'Detour' : 'Work zone',
    stateType: event.eventType,
    state: upcoming ? 'pending' : 'active',
    lines: eventLines(event, later ? [`Recurring: ${later} more scheduled ${later === 1 ? 'time' : 'times'}`] : []),
    link: o.url,
    image: null,
    specialData: JSON.stringify(groups),
    lat,
    lon,
    areaMiles: o.reachMiles,
    geometry: shape,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    attribution: attribution(event, info, o),
  }
}

/**
 * Decodes a WZDx feed of any version in use. Ended, completed and cancelled events are dropped, and
 * those starting after the horizon; upcoming ones are pending. A malformed event is skipped and
 * counted; a body that is not a WZDx FeatureCollection throws.
 * @example decodeWzdx(body, { feedId: 'wzdx-iowa', now: new Date(), options: {} }).items[0]?.aspect // 'roads'
 */
export const decodeWzdx: Decode = (body, context) => {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new Error('WZDx: the body is not JSON')
  }
  const { info, features } = readFeedInfo(json)
  const o = options(context)
  const now = context.now.getTime()
  const horizon = now + o.horizonDays * DAY
  const events: WzdxEvent[] = []
  const seen = new Set<string>()
  const errors: string[] = []
  let skipped = 0
  for (const [index, feature] of features.entries()) {
    try {
      const event = readEvent(feature)
      if (seen.has(event.id)) throw new Error(`duplicate id ${event.id}`)
      seen.add(event.id)
      if (Date.parse(event.endsAt) <= now || Date.parse(event.startsAt) > horizon) continue
      if (event.eventStatus === 'completed' || event.eventStatus === 'cancelled') continue
      events.push(event)
    } catch (error) {
      skipped++
      if (errors.length < 5) errors.push(`feature ${index}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const { shown, later } = collapse(events)
  return { items: shown.map((event) => toItem(event, info, o, now, later.get(event.id) ?? 0)), skipped, errors }
}
