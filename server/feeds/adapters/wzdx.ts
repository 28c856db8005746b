// WZDx Work Zone Feeds (v4.x) and road event feeds (v3.x, v2.0) as road items (DATA_SOURCES 8.5).
import type { Attribution, Decode, DecodeContext, FeedItem } from '../types.ts'
import { httpUrl, str } from './feed-read.ts'
import { readEvent, readFeedInfo, type WzdxEvent, type WzdxFeedInfo } from './wzdx-read.ts'
import { schedule, workZones, type Series } from './wzdx-series.ts'
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

/** One work zone as a road item: the occurrence now or next, with the whole series' schedule in its special data. */
function toItem(series: Series, info: WzdxFeedInfo, o: Options, now: number): FeedItem {
  const [event] = series
  const upcoming = Date.parse(event.startsAt) > now
  const road = roadLabel(event)
  const where = stretch(event)
  const title = `${event.eventType === 'detour' ? 'Detour' : 'Work zone'}: ${road}${where ? `, ${where}` : ''}`.slice(
    0,
    TITLE_LIMIT,
  )
  const groups = roadGroups(event, title, upcoming)
  const times = schedule(series)
  if (times && groups[0]) groups[0].Schedule = times
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
    lines: eventLines(event, []),
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
      if (Date.parse(event.endsAt) <= now) continue
      if (event.eventStatus === 'completed' || event.eventStatus === 'cancelled') continue
      events.push(event)
    } catch (error) {
      skipped++
      if (errors.length < 5) errors.push(`feature ${index}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  // The horizon applies to the occurrence shown: a daily closure's later days stay in its schedule.
  const zones = workZones(events).filter(([first]) => Date.parse(first.startsAt) <= horizon)
  return { items: zones.map((series) => toItem(series, info, o, now)), skipped, errors }
}
