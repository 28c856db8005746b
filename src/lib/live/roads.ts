/** Road special data (SPEC section 3) expanded into road messages the Roads section and the banner can list. */
import { isObject } from '../is-object.ts'
import { parsePriority, TITLE_MAX, type AlertItem } from '../items.ts'

/** SPEC section 9: ids of expanded road messages start here, far above real ids of a small demo database. */
export const SYNTHETIC_ROAD_ID_START = 10000
export const DESCRIPTION_MAX = 1000
/** Larger special data is not road data; refusing it keeps one bad item from stalling the page on parse. */
export const SPECIAL_DATA_MAX_CHARS = 1_000_000
/** A short word such as a state or state type; longer text is cut so a badge cannot swallow the row. */
const WORD_MAX = 60

export type Direction = 'northbound' | 'southbound' | 'eastbound' | 'westbound' | 'both' | null

export type RoadEntry = {
  /** The road item's own id, or a synthetic id from SYNTHETIC_ROAD_ID_START for an expanded message. */
  id: number
  itemId: number
  group: string | null
  priority: string
  stateType: string | null
  state: string | null
  title: string
  description: string | null
  /** Miles. */
  distance: number | null
  direction: Direction
  laneClosure: boolean
  lat: number | null
  lon: number | null
}

/** One occurrence of a recurring work zone, in epoch milliseconds. */
export type Occurrence = { start: number; end: number }
/** Occurrences read from one road item: as many as the server sends (server/feeds/adapters/wzdx-series.ts). */
export const SCHEDULE_MAX = 60

export type RoadGroup = {
  itemId: number
  title: string
  distance: number | null
  entries: RoadEntry[]
  /** A recurring work zone's occurrences by start, when its special data gives two or more. */
  schedule?: Occurrence[]
}

type Json = Record<string, unknown>

/** Special data is hand-written JSON, so `Title`, `title` and `TITLE` all count as the same field. */
function field(object: Json, ...names: string[]): unknown {
  for (const key of Object.keys(object)) if (names.includes(key.toLowerCase())) return object[key]
  return undefined
}

/** Trims and caps without splitting a surrogate pair, so a cut emoji cannot leave a broken character. */
function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null
  let clean = value.trim()
  if (clean.length > max) {
    const cut = /[\uD800-\uDBFF]/.test(clean.charAt(max - 1)) ? max - 1 : max
    clean = clean.slice(0, cut).trimEnd()
  }
  return clean || null
}

/** A distance in miles from a number or a numeric string; negative or non-finite values are not distances. */
function miles(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN
  return Number.isFinite(number) && number >= 0 ? number : null
}

const coordinate = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit

/** A point needs both halves; one alone would put a marker on the equator or the meridian. */
function point(lat: unknown, lon: unknown): { lat: number; lon: number } | null {
  return coordinate(lat, 90) && coordinate(lon, 180) ? { lat, lon } : null
}

/** The road item's own point; checked because an answer from an older server may not carry one. */
const itemPoint = (item: AlertItem): { lat: number | null; lon: number | null } =>
  point(item.lat, item.lon) ?? { lat: null, lon: null }

// "Northbound and southbound" means both; checked before single directions so it is not read as northbound.
const PAIRED =
  /\b(north\s?bound\s*(and|&|\/)\s*south|south\s?bound\s*(and|&|\/)\s*north|east\s?bound\s*(and|&|\/)\s*west|west\s?bound\s*(and|&|\/)\s*east)\s?bound\b/i
// Abbreviations only in capitals: a lower-case "sb" or "eb" in prose is rarely a direction.
const DIRECTIONS: [Exclude<Direction, null>, RegExp[]][] = [
  ['both', [/\b(both|all)\s+(directions|ways)\b/i]],
  ['northbound', [/\bnorth\s?bound\b/i, /\bN\/?B\b/]],
  ['southbound', [/\bsouth\s?bound\b/i, /\bS\/?B\b/]],
  ['eastbound', [/\beast\s?bound\b/i, /\bE\/?B\b/]],
  ['westbound', [/\bwest\s?bound\b/i, /\bW\/?B\b/]],
]

/**
 * The direction a text names first; 'both' for "both directions" or a north-and-south pair.
 * @example directionIn('Southbound: right lane closed') // 'southbound'
 */
export function directionIn(value: string | null): Direction {
  if (!value) return null
  if (PAIRED.test(value)) return 'both'
  let found: Direction = null
  let at = Infinity
  for (const [direction, patterns] of DIRECTIONS) {
    for (const pattern of patterns) {
      const index = value.search(pattern)
      if (index >= 0 && index < at) [found, at] = [direction, index]
    }
  }
  return found
}

// "lane closed", "lanes are blocked", "lane closure", "closes the left lane"; not "no lane closures" or "lanes stay open".
const LANE_CLOSED = /(?<!\bno\s)\blanes?[\s-]+(?:\w+\s+){0,2}?(?:closed|closures?|blocked)\b/i
const CLOSED_LANE = /\b(?:close|closed|closes|closing)\s+(?:\w+\s+){0,3}?lanes?\b/i

/**
 * Whether a road message is about a lane closure, from its text or a StateType such as 'lane'.
 * @example isLaneClosure('Southbound: right lane closed', null) // true
 */
export function isLaneClosure(value: string, stateType: string | null): boolean {
  if (stateType && /^lanes?\b|lane[\s-]?closure/i.test(stateType)) return true
  return LANE_CLOSED.test(value) || CLOSED_LANE.test(value)
}

/** Parses special data to its list of groups; anything else (bad JSON, a non-array, too large) is no groups. */
function parseGroups(specialData: string | null): Json[] {
  if (!specialData || specialData.length > SPECIAL_DATA_MAX_CHARS) return []
  try {
    const value: unknown = JSON.parse(specialData)
    return Array.isArray(value) ? value.filter(isObject) : []
  } catch {
    return []
  }
}

/** A group's Schedule: [start, end] pairs of ISO times; pairs that are not two times, end after start, are left out. */
function readSchedule(value: unknown): Occurrence[] | null {
  if (!Array.isArray(value)) return null
  const occurrences = value.slice(0, SCHEDULE_MAX).flatMap((pair): Occurrence[] => {
    if (!Array.isArray(pair) || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') return []
    const start = Date.parse(pair[0])
    const end = Date.parse(pair[1])
    return Number.isFinite(start) && Number.isFinite(end) && end > start ? [{ start, end }] : []
  })
  return occurrences.length >= 2 ? occurrences.sort((a, b) => a.start - b.start) : null
}

/** One Items[] element as a road message, or null when it has no title to show. */
function toEntry(raw: Json, item: AlertItem, group: string | null, groupDistance: number | null, id: number): RoadEntry | null {
  const title = text(field(raw, 'title'), TITLE_MAX)
  if (!title) return null
  const description = text(field(raw, 'description'), DESCRIPTION_MAX)
  const stateType = text(field(raw, 'statetype'), WORD_MAX)
  const priority = field(raw, 'priority')
  return {
    id,
    itemId: item.id,
    group,
    // A message without its own priority is as pressing as its road.
    priority: typeof priority === 'string' && priority.trim() ? parsePriority(priority) : item.priority,
    stateType,
    state: text(field(raw, 'state'), WORD_MAX),
    title,
    description,
    distance: miles(field(raw, 'distance')) ?? groupDistance ?? miles(item.distance),
    direction: directionIn(title) ?? directionIn(description) ?? directionIn(stateType),
    laneClosure: isLaneClosure(`${title}\n${description ?? ''}`, stateType),
    // A message's own Lat/Lon pins it on the map; without them it sits at its road's point.
    ...(point(field(raw, 'lat', 'latitude'), field(raw, 'lon', 'lng', 'longitude')) ?? itemPoint(item)),
  }
}

/** The road item itself as its only message, for items with no usable special data. */
function itemEntry(item: AlertItem, title: string): RoadEntry {
  const description = text(item.data.lines.join(' '), DESCRIPTION_MAX)
  const stateType = text(item.stateType, WORD_MAX)
  return {
    id: item.id,
    itemId: item.id,
    group: null,
    priority: item.priority,
    stateType,
    state: text(item.state, WORD_MAX),
    title,
    description,
    distance: miles(item.distance),
    direction: directionIn(title) ?? directionIn(description) ?? directionIn(stateType),
    laneClosure: isLaneClosure(`${title}\n${description ?? ''}`, stateType),
    ...itemPoint(item),
  }
}

/**
 * Expands road items into one group each; a group's messages get synthetic ids counting up across all items.
 * Never throws: malformed special data, groups or items are skipped and the road item shows as itself.
 * @example
 * const { groups, entries } = expandRoads(reaction.roads.messages)
 * entries[0].id // 10000 when the first road item has special data
 */
export function expandRoads(items: AlertItem[]): { groups: RoadGroup[]; entries: RoadEntry[] } {
  const groups: RoadGroup[] = []
  const all: RoadEntry[] = []
  let nextId = SYNTHETIC_ROAD_ID_START
  for (const item of items) {
    const title = text(item.title, TITLE_MAX) ?? ''
    const entries: RoadEntry[] = []
    let schedule: Occurrence[] | null = null
    for (const raw of parseGroups(item.data.specialData)) {
      schedule ??= readSchedule(field(raw, 'schedule'))
      const list = field(raw, 'items')
      if (!Array.isArray(list)) continue
      const groupTitle = text(field(raw, 'title'), TITLE_MAX)
      const groupDistance = miles(field(raw, 'distance'))
      for (const element of list) {
        const entry = isObject(element) ? toEntry(element, item, groupTitle, groupDistance, nextId) : null
        // Only kept messages use up an id, so ids stay consecutive.
        if (!entry) continue
        entries.push(entry)
        nextId++
      }
    }
    if (!entries.length) entries.push(itemEntry(item, title))
    groups.push({ itemId: item.id, title, distance: miles(item.distance), entries, ...(schedule ? { schedule } : {}) })
    all.push(...entries)
  }
  return { groups, entries: all }
}
