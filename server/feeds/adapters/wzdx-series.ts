// Which WZDx events are one work zone on the road. A recurring closure comes either linked (v4
// related_road_events first/next-occurrence, v3 relationship parents) or, as many DOTs publish it, as one
// unlinked event per day; both become one series, shown once with its schedule. A moving operation's planned
// area whose active part is in the feed is left out: the active part says where the work is now.
import { haversineKm } from '../../../src/lib/geo.ts'
import type { Position } from '../types.ts'
import type { WzdxEvent } from './wzdx-read.ts'
import { roadLabel, stretch } from './wzdx-text.ts'

/** Unlinked events are one work zone when both ends of their shapes lie this close (the same segment, redrawn). */
export const SAME_PLACE_METERS = 150
/** ...and each starts after the one before it ends, within this many days (a daily or weekly closure). */
export const SERIES_GAP_DAYS = 7
/** Occurrences kept in the schedule: two months of a daily closure. */
export const SCHEDULE_MAX = 60
const DAY = 86_400_000

/** One work zone: its occurrences by start, the first being the one now or next. */
export type Series = [WzdxEvent, ...WzdxEvent[]]

const ends = (event: WzdxEvent): [Position, Position] => {
  const shape = event.geometry
  if (shape.type === 'Point') return [shape.coordinates, shape.coordinates]
  return [shape.coordinates[0] ?? [0, 0], shape.coordinates.at(-1) ?? [0, 0]]
}

const near = (a: Position, b: Position): boolean => haversineKm(a[1], a[0], b[1], b[0]) * 1000 <= SAME_PLACE_METERS

function samePlace(a: WzdxEvent, b: WzdxEvent): boolean {
  const [a0, a1] = ends(a)
  const [b0, b1] = ends(b)
  return near(a0, b0) && near(a1, b1)
}

/** Whether `event` continues the series: same segment, starting after its last occurrence ends, within the gap. */
function follows(series: WzdxEvent[], event: WzdxEvent): boolean {
  const last = series.at(-1)
  if (!last) return false
  const gap = Date.parse(event.startsAt) - Date.parse(last.endsAt)
  return gap >= 0 && gap <= SERIES_GAP_DAYS * DAY && samePlace(last, event)
}

/** The key of a published relationship, or null for an event that names none. */
function linkedKey(event: WzdxEvent): string | null {
  const first = event.related.find((rel) => rel.type === 'first-occurrence')?.id
  if (first) return `occ:${first}`
  if (event.related.some((rel) => rel.type === 'next-occurrence')) return `occ:${event.id}`
  const parent = event.related.find((rel) => rel.type === 'parent')?.id
  return parent ? `v3:${parent}|${roadLabel(event)}|${stretch(event) ?? ''}|${event.eventType}` : null
}

const byStart = (a: WzdxEvent, b: WzdxEvent) => Date.parse(a.startsAt) - Date.parse(b.startsAt)

/**
 * The feed's events as work zones, each series sorted by start. Events given to it have not ended, so a
 * series' first occurrence is the one running now or the next one.
 * @example workZones([monday, tuesday, otherRoad]).map((series) => series.length) // [2, 1]
 */
export function workZones(events: WzdxEvent[]): Series[] {
  const ids = new Set(events.map((event) => event.id))
  const linked = new Map<string, WzdxEvent[]>()
  // Unlinked events by what the visitor reads: kind, road and direction, cross streets or mileposts.
  const unlinked = new Map<string, WzdxEvent[][]>()
  for (const event of [...events].sort(byStart)) {
    const activeInFeed = event.related.some((rel) => rel.type === 'active-moving-operation' && ids.has(rel.id))
    if (event.workZoneType === 'planned-moving-area' && activeInFeed) continue
    const key = linkedKey(event)
    if (key) {
      linked.set(key, [...(linked.get(key) ?? []), event])
      continue
    }
    const bucket = `${event.eventType}|${event.workZoneType ?? ''}|${roadLabel(event)}|${stretch(event) ?? ''}`
    const chains = unlinked.get(bucket) ?? []
    const chain = chains.find((candidate) => follows(candidate, event))
    if (chain) chain.push(event)
    else chains.push([event])
    unlinked.set(bucket, chains)
  }
  return [...linked.values(), ...[...unlinked.values()].flat()]
    .map((series) => series.sort(byStart))
    .filter((series): series is Series => series.length > 0)
}

/**
 * The schedule a road item carries in its special data: each occurrence's start and end, at most SCHEDULE_MAX;
 * null for a work zone that happens once.
 * @example schedule([monday, tuesday]) // [['2026-12-01T14:00:00Z', '2026-12-02T00:00:00Z'], [...]]
 */
export function schedule(series: Series): [string, string][] | null {
  if (series.length < 2) return null
  return series.slice(0, SCHEDULE_MAX).map((event) => [event.startsAt, event.endsAt])
}
