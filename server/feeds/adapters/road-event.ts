// Road events that are not WZDx work zones (Caltrans lane closures, 511 incidents, closures, construction, winter
// road conditions) as road items shown like WZDx ones: the same road label, direction words and lane-closure lines
// (wzdx-text.ts), with their kind kept visible in the title, the category and the state type.
import { priorityRank, type Priority } from '../../../src/lib/items.ts'
import type { Attribution, FeedItem, Position } from '../types.ts'
import { cap, str } from './feed-read.ts'
import { roadLabel, topPriority, type RoadLine, type RoadLineGroup } from './wzdx-text.ts'
import { TITLE_LIMIT } from '../../../src/lib/item-limits.ts'

export type RoadKind = 'closure' | 'incident' | 'construction' | 'weather' | 'event'

/** The kind as the roads page shows it (category and title), in the feeds' own English like the WZDx items. */
export const KIND_LABELS: Record<RoadKind, string> = {
  closure: 'Closure',
  incident: 'Incident',
  construction: 'Construction',
  weather: 'Road condition',
  event: 'Special event',
}

/** With no lane figures, how pressing each kind is. */
const KIND_PRIORITY: Record<RoadKind, Priority> = {
  closure: 'Urgent',
  incident: 'Warning',
  construction: 'Normal',
  weather: 'Warning',
  event: 'Medium',
}

/** What is closed: all lanes, some of them (with counts or a feed's own words), a shoulder, or nothing said. */
export type LaneImpact =
  | { type: 'all' }
  | { type: 'some'; closed: number | null; existing: number | null }
  | { type: 'text'; text: string }
  | { type: 'alternating' }
  | { type: 'shoulder' }
  | { type: 'none' }

export type RoadEvent = {
  id: string
  kind: RoadKind
  /** Overrides the kind's word in the title ("Lane closure", "Ramp closure"). */
  titleWord?: string
  roadNames: string[]
  /** WZDx direction words: northbound, southbound, eastbound, westbound, both. */
  direction: string | null
  where: string | null
  description: string | null
  impact: LaneImpact
  /** Raises the default priority (511 Severity "Major"). */
  priority?: Priority
  startsAt: string | null
  endsAt: string | null
  shape: { type: 'LineString'; coordinates: Position[] } | { type: 'Point'; coordinates: Position }
  lines: string[]
  link: string | null
  attribution: Attribution
}

export const REACH_MILES = 1.5
/** Events starting later than this are planning, not road conditions (as for WZDx). */
export const HORIZON_DAYS = 7
const DAY = 86_400_000
const DESCRIPTION_MAX = 500

/**
 * "North", "NB", "Northbound", "N/B", "Both Directions" as the WZDx direction words roadLabel shows; else null.
 * @example directionWord('NB') // 'northbound'
 */
export function directionWord(value: unknown): string | null {
  const text = str(value)
    ?.toLowerCase()
    .replace(/[\s/.-]+/g, '')
  if (!text) return null
  if (/^(both|bothdirections|all|alldirections|twoway|nbsb|sbnb|ebwb|wbeb)$/.test(text)) return 'both'
  const first = /^(north|south|east|west|n|s|e|w)(bound|b)?$/.exec(text)?.[1]
  const word = first && { n: 'north', s: 'south', e: 'east', w: 'west' }[first[0] as 'n' | 's' | 'e' | 'w']
  return word ? `${word}bound` : null
}

/** An upcoming event is pending and never raises the banner: its priority stops at Medium. */
const upcomingPriority = (priority: Priority): Priority => (priorityRank(priority) < priorityRank('Medium') ? 'Medium' : priority)

const higher = (a: Priority, b: Priority | undefined): Priority => (b && priorityRank(b) < priorityRank(a) ? b : a)

function impactLine(event: RoadEvent): { what: string; state: string; stateType: string; priority: Priority } {
  const base = event.priority ?? KIND_PRIORITY[event.kind]
  const impact = event.impact
  switch (impact.type) {
    case 'all':
      return { what: 'all lanes closed', state: 'closed', stateType: 'lane', priority: 'Urgent' }
    case 'some': {
      const { closed, existing } = impact
      const what =
        closed && existing
          ? `${closed} of ${existing} ${existing === 1 ? 'lane' : 'lanes'} closed`
          : closed
            ? `${closed} ${closed === 1 ? 'lane' : 'lanes'} closed`
            : 'lanes closed'
      return { what, state: 'closed', stateType: 'lane', priority: higher('Warning', event.priority) }
    }
    case 'text': {
      const closing = /\b(closed|closure|blocked)\b/i.test(impact.text)
      return {
        what: impact.text,
        state: closing ? 'closed' : 'active',
        stateType: closing ? 'lane' : event.kind,
        priority: closing ? higher('Warning', event.priority) : base,
      }
    }
    case 'alternating':
      return {
        what: 'alternating one-way traffic',
        state: 'active',
        stateType: 'alternating',
        priority: higher('Warning', event.priority),
      }
    case 'shoulder':
      return { what: 'shoulder closed', state: 'closed', stateType: 'shoulder', priority: higher('Info', event.priority) }
    case 'none':
      return { what: KIND_LABELS[event.kind].toLowerCase(), state: 'active', stateType: event.kind, priority: base }
  }
}

/**
 * One road event as a road item: "Closure: I-5 northbound, Imperial Hwy – Florence Ave", category "Closure",
 * state type the kind, one road line with the direction and the lanes closed.
 * @example roadEventItem(event, now).category // 'Incident'
 */
export function roadEventItem(event: RoadEvent, now: number): FeedItem {
  const upcoming = event.startsAt !== null && Date.parse(event.startsAt) > now
  const road = roadLabel({ roadNames: event.roadNames, direction: event.direction })
  const title = cap(`${event.titleWord ?? KIND_LABELS[event.kind]}: ${road}${event.where ? `, ${event.where}` : ''}`, TITLE_LIMIT)
  const impact = impactLine(event)
  const line: RoadLine = {
    Priority: upcoming ? upcomingPriority(impact.priority) : impact.priority,
    StateType: impact.stateType,
    State: upcoming ? 'pending' : impact.state,
    Title: cap(`${road}: ${impact.what}`, TITLE_LIMIT),
    Description: cap(event.description ?? '', DESCRIPTION_MAX),
  }
  const groups: RoadLineGroup[] = [{ Title: title, Items: [line] }]
  const [lon, lat] = event.shape.type === 'Point' ? event.shape.coordinates : event.shape.coordinates[0]!
  return {
    sourceId: event.id,
    aspect: 'roads',
    title,
    priority: topPriority(groups),
    dataCategory: 'traffic',
    category: KIND_LABELS[event.kind],
    stateType: event.kind,
    state: upcoming ? 'pending' : 'active',
    lines: [event.description, event.where, ...event.lines]
      .filter((text): text is string => Boolean(text))
      .map((text) => cap(text, DESCRIPTION_MAX)),
    link: event.link,
    image: null,
    specialData: JSON.stringify(groups),
    lat,
    lon,
    areaMiles: REACH_MILES,
    geometry: event.shape,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    attribution: event.attribution,
  }
}

/** Whether an event belongs in the answer now: not ended, and starting within the horizon. */
export function current(event: Pick<RoadEvent, 'startsAt' | 'endsAt'>, now: number, horizonDays = HORIZON_DAYS): boolean {
  if (event.endsAt !== null && Date.parse(event.endsAt) <= now) return false
  return event.startsAt === null || Date.parse(event.startsAt) <= now + horizonDays * DAY
}

/** A straight line between two distinct points, else the first point. */
export function twoPointShape(begin: Position, end: Position | null): RoadEvent['shape'] {
  return end && (end[0] !== begin[0] || end[1] !== begin[1])
    ? { type: 'LineString', coordinates: [begin, end] }
    : { type: 'Point', coordinates: begin }
}

/** A latitude/longitude pair from numbers or numeric strings; 0,0 and out-of-range values are missing. */
export function position(lat: unknown, lon: unknown): Position | null {
  const read = (value: unknown): number =>
    typeof value === 'string' && value.trim() ? Number(value) : typeof value === 'number' ? value : NaN
  const y = read(lat)
  const x = read(lon)
  if (!Number.isFinite(x) || !Number.isFinite(y) || Math.abs(y) > 90 || Math.abs(x) > 180 || (x === 0 && y === 0)) return null
  return [x, y]
}

/** A skip counter shared by the road adapters: at most five reasons kept. */
export class Skips {
  count = 0
  errors: string[] = []
  add(where: string, error: unknown): void {
    this.count++
    if (this.errors.length < 5) this.errors.push(`${where}: ${error instanceof Error ? error.message : String(error)}`)
  }
}
