// A WZDx road event in the SPEC's road special data: one group, one entry per lane (or one for the
// vehicle impact when the feed gives no lanes). The roads page reads a direction from the entry's
// words ("I-80 westbound: …") and a lane closure from StateType 'lane', so the words below are chosen for it.
import { priorityRank, type Priority } from '../../../src/lib/items.ts'
import { cap } from './feed-read.ts'
import type { WzdxEvent, WzdxLane } from './wzdx-read.ts'
import { TITLE_LIMIT } from '../../../src/lib/item-limits.ts'

/** One Items[] element of the SPEC's road special data. Distance is left out: the visitor's own distance shows. */
export type RoadLine = { Priority: Priority; StateType: string; State: string; Title: string; Description: string }
/**
 * A group of road lines. Schedule, Porchlight's addition to the SPEC's groups: a recurring work zone's
 * occurrences as [start, end] ISO pairs, which the roads page tells as "Daily 6 AM–4 PM, Dec 2–5".
 */
export type RoadLineGroup = { Title: string; Items: RoadLine[]; Schedule?: [string, string][] }

const DESCRIPTION_MAX = 500

/** The roads page's direction words (src/lib/live/roads.ts directionIn); loops and unknown directions have no label. */
const DIRECTIONS: Record<string, string> = {
  northbound: 'northbound',
  southbound: 'southbound',
  eastbound: 'eastbound',
  westbound: 'westbound',
  'inner-loop': 'inner loop',
  'outer-loop': 'outer loop',
  // Not in the enumeration, but seen in older feeds for a two-way closure.
  both: 'both directions',
}

/** Lanes for traffic: v4 general, v3 lane, v2/v3 positional names. */
const TRAVEL = new Set(['general', 'lane', 'left-lane', 'right-lane', 'middle-lane', 'center-lane'])
/** Not for traffic: closing one is not a lane closure. */
const NOT_TRAVEL = new Set(['shoulder', 'left-shoulder', 'right-shoulder', 'sidewalk', 'parking', 'median'])

type Status = { verb: string; state: string; priority: Priority; stateType: string }

function laneStatus(lane: WzdxLane): Status {
  const travel = !NOT_TRAVEL.has(lane.type)
  switch (lane.status) {
    case 'open':
      return { verb: 'open', state: 'open', priority: 'Info', stateType: 'open' }
    case 'closed':
      return travel
        ? { verb: 'closed', state: 'closed', priority: 'Warning', stateType: 'lane' }
        : { verb: 'closed', state: 'closed', priority: 'Info', stateType: lane.type }
    case 'merge-left':
    case 'merge-right':
      // The lane ends: for drivers it is a closure.
      return { verb: `merges ${lane.status.slice(6)}`, state: 'closed', priority: 'Warning', stateType: 'lane' }
    case 'shift-left':
    case 'shift-right':
      return { verb: `shifts ${lane.status.slice(6)}`, state: 'open', priority: 'Medium', stateType: 'shift' }
    case 'alternating-flow':
    case 'alternating-one-way':
      return { verb: 'alternating one-way', state: 'active', priority: 'Warning', stateType: 'alternating' }
    default:
      return { verb: lane.status.replaceAll('-', ' '), state: 'unknown', priority: 'Normal', stateType: 'unknown' }
  }
}

/** "left lane", "lane 3", "right shoulder", "exit ramp": the travel lanes counted from the left. */
function laneNames(lanes: WzdxLane[]): string[] {
  const travel = lanes.filter((lane) => lane.type === 'general' || lane.type === 'lane')
  const firstTravel = lanes.findIndex((lane) => TRAVEL.has(lane.type))
  const positional =
    travel.length === 2 ? ['left lane', 'right lane'] : travel.length === 3 ? ['left lane', 'center lane', 'right lane'] : null
  return lanes.map((lane, index) => {
    if (lane.type === 'general' || lane.type === 'lane') {
      const n = travel.indexOf(lane)
      return travel.length === 1 ? 'lane' : (positional?.[n] ?? `lane ${n + 1}`)
    }
    if (lane.type === 'shoulder') return index < firstTravel ? 'left shoulder' : 'right shoulder'
    if (lane.type === 'two-way-center-turn-lane' || lane.type === 'center-left-turn-lane') return 'center turn lane'
    return lane.type.replaceAll('-', ' ')
  })
}

/** Vehicle impact, for events without lanes or whose impact the lanes cannot say (flaggers, a signal). */
const IMPACTS: Record<string, Status> = {
  'all-lanes-closed': { verb: 'all lanes closed', state: 'closed', priority: 'Urgent', stateType: 'lane' },
  'some-lanes-closed': { verb: 'some lanes closed', state: 'active', priority: 'Warning', stateType: 'lane' },
  'some-lanes-closed-merge-left': { verb: 'lanes closed, merge left', state: 'active', priority: 'Warning', stateType: 'lane' },
  'some-lanes-closed-merge-right': { verb: 'lanes closed, merge right', state: 'active', priority: 'Warning', stateType: 'lane' },
  'some-lanes-closed-split': { verb: 'lanes closed, traffic splits', state: 'active', priority: 'Warning', stateType: 'lane' },
  'all-lanes-open': { verb: 'all lanes open', state: 'open', priority: 'Info', stateType: 'open' },
  'all-lanes-open-shift-left': { verb: 'all lanes open, shift left', state: 'open', priority: 'Medium', stateType: 'shift' },
  'all-lanes-open-shift-right': { verb: 'all lanes open, shift right', state: 'open', priority: 'Medium', stateType: 'shift' },
  'alternating-one-way': { verb: 'alternating one-way traffic', state: 'active', priority: 'Warning', stateType: 'alternating' },
  flagging: { verb: 'flaggers directing traffic', state: 'active', priority: 'Warning', stateType: 'flagging' },
  'temporary-traffic-signal': { verb: 'temporary traffic signal', state: 'active', priority: 'Medium', stateType: 'signal' },
}
const LANES_CANNOT_SAY = new Set(['alternating-one-way', 'flagging', 'temporary-traffic-signal', 'all-lanes-closed'])

/**
 * Road names and direction as the roads page reads them: "I-80 / I-35 westbound".
 * @example roadLabel({ ...event, roadNames: ['I-5'], direction: 'northbound' }) // 'I-5 northbound'
 */
export function roadLabel(event: Pick<WzdxEvent, 'roadNames' | 'direction'>): string {
  const direction = event.direction ? DIRECTIONS[event.direction] : undefined
  return cap([event.roadNames.join(' / '), direction].filter(Boolean).join(' '), 150)
}

/** Where along the road: cross streets, else mileposts; null when the feed gives neither. */
export function stretch(event: WzdxEvent): string | null {
  if (event.beginCross || event.endCross) return [event.beginCross, event.endCross].filter(Boolean).join(' – ')
  if (event.beginMilepost !== null && event.endMilepost !== null) return `MP ${event.beginMilepost}–${event.endMilepost}`
  return null
}

/** An upcoming event is pending and never raises the banner: its priority stops at Medium. */
function upcomingPriority(priority: Priority): Priority {
  return priorityRank(priority) < priorityRank('Medium') ? 'Medium' : priority
}

/**
 * The event as road special data: a group titled like the item, with one line per lane.
 * @example roadGroups(event, false)[0]?.Items[1]?.Title // 'I-80 westbound: lane 1 closed'
 */
export function roadGroups(event: WzdxEvent, title: string, upcoming: boolean): RoadLineGroup[] {
  const road = roadLabel(event)
  const line = (status: Status, what: string, description: string): RoadLine => ({
    Priority: upcoming ? upcomingPriority(status.priority) : status.priority,
    StateType: status.stateType,
    State: upcoming ? 'pending' : status.state,
    Title: cap(`${road}: ${what}`, TITLE_LIMIT),
    Description: cap(description, DESCRIPTION_MAX),
  })
  const items: RoadLine[] = []
  if (event.eventType === 'detour') {
    items.push(
      line({ verb: '', state: 'active', priority: 'Info', stateType: 'detour' }, 'detour route', event.description ?? ''),
    )
  } else {
    const impact = event.vehicleImpact ? IMPACTS[event.vehicleImpact] : undefined
    if (impact && (!event.lanes.length || LANES_CANNOT_SAY.has(event.vehicleImpact ?? '')))
      items.push(line(impact, impact.verb, ''))
    const names = laneNames(event.lanes)
    event.lanes.forEach((lane, index) => {
      const status = laneStatus(lane)
      items.push(
        line(status, `${names[index] ?? 'lane'} ${status.verb}`, lane.restrictions.map((r) => r.replaceAll('-', ' ')).join(', ')),
      )
    })
    if (!items.length)
      items.push(line({ verb: '', state: 'active', priority: 'Normal', stateType: 'work-zone' }, 'work zone', ''))
  }
  return [{ Title: title, Items: items }]
}

/** The most pressing priority among the lines: the road item's own. */
export function topPriority(groups: RoadLineGroup[]): Priority {
  const all = groups.flatMap((group) => group.Items.map((item) => item.Priority))
  return all.sort((a, b) => priorityRank(a) - priorityRank(b))[0] ?? 'Normal'
}

/** The item's lines: description, where, workers, speed, restrictions, how it moves. Plain English, as the feeds are. */
export function eventLines(event: WzdxEvent, extra: string[]): string[] {
  const lines = [
    event.description ?? event.name,
    stretch(event),
    event.workersPresent ? 'Workers present' : null,
    event.speedMph ? `Reduced speed limit: ${event.speedMph} mph` : null,
    event.restrictions.length ? `Restrictions: ${event.restrictions.map((r) => r.replaceAll('-', ' ')).join(', ')}` : null,
    event.workZoneType === 'moving' ? 'Mobile operation: the work zone moves along the road' : null,
    event.workZoneType === 'planned-moving-area' ? 'Mobile operation somewhere along this stretch' : null,
    ...extra,
  ]
  return lines.filter((text): text is string => Boolean(text)).map((text) => cap(text, DESCRIPTION_MAX))
}
