// Readers for untrusted feed JSON shared by the NWS and WZDx adapters: text, times and GeoJSON
// geometry, each narrowed from `unknown` so a malformed record yields null instead of a throw.
import type { FeedGeometry, Position } from '../types.ts'

export type Json = Record<string, unknown>

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

// Control characters other than tab and newline never belong in text shown on a page.
// eslint-disable-next-line no-control-regex -- the point of this pattern is to match control characters
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/g

/**
 * A trimmed, non-empty string with control characters removed and runs of spaces collapsed; else null.
 * @example str('  Flood   Warning ') // 'Flood Warning'
 */
export function str(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const clean = value.replace(CONTROL, '').replace(/\s+/g, ' ').trim()
  return clean || null
}

/**
 * Cuts text to at most `max` characters at a word boundary when one is near, with an ellipsis;
 * never splits a surrogate pair.
 * @example cap('Lane 2 closed for paving', 13) // 'Lane 2 closed…'
 */
export function cap(text: string, max: number): string {
  if (text.length <= max) return text
  let cut = text.slice(0, max - 1)
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
  const space = cut.lastIndexOf(' ')
  if (space > max * 0.6) cut = cut.slice(0, space)
  return `${cut.trimEnd()}…`
}

/**
 * An RFC 3339 date-time as ISO-8601 UTC; null when absent or not a date.
 * @example isoTime('2024-05-25T17:27:00-05:00') // '2024-05-25T22:27:00.000Z'
 */
export function isoTime(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value.trim())) return null
  const time = Date.parse(value.trim())
  return Number.isFinite(time) ? new Date(time).toISOString() : null
}

/** An http(s) URL as written; anything else (javascript:, relative, malformed) is null. */
export function httpUrl(value: unknown): string | null {
  const text = str(value)
  if (!text) return null
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

function position(value: unknown): Position | null {
  if (!Array.isArray(value) || value.length < 2) return null
  const lon: unknown = value[0]
  const lat: unknown = value[1]
  if (typeof lon !== 'number' || typeof lat !== 'number') return null
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90) return null
  // The parsed pair itself when it is one: a national feed has ~10^6 positions, a copy of each is GC time.
  // A third (elevation) value is dropped: the engine works in two dimensions.
  return value.length === 2 ? (value as Position) : [lon, lat]
}

/** Every element must be a valid position, and there must be at least `min`; one bad point spoils the shape. */
function positions(value: unknown, min: number): Position[] | null {
  if (!Array.isArray(value) || value.length < min) return null
  const out: Position[] = []
  for (const element of value) {
    const point = position(element)
    if (!point) return null
    out.push(point)
  }
  return out
}

/** A linear ring: four or more positions, closed (GeoJSON RFC 7946 3.1.6); an unclosed ring is closed here. */
function ring(value: unknown): Position[] | null {
  const points = positions(value, 3)
  if (!points) return null
  const [first] = points
  const last = points[points.length - 1]
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) points.push(first)
  return points.length >= 4 ? points : null
}

function rings(value: unknown): Position[][] | null {
  if (!Array.isArray(value) || value.length === 0) return null
  const out: Position[][] = []
  for (const element of value) {
    const closed = ring(element)
    if (!closed) return null
    out.push(closed)
  }
  return out
}

/**
 * A GeoJSON geometry of one of the allowed types, with every coordinate checked; null otherwise.
 * @example geometry({ type: 'LineString', coordinates: [[-122, 47], [-122.1, 47.1]] }, ['LineString'])
 */
export function geometry(value: unknown, allowed: readonly FeedGeometry['type'][]): FeedGeometry | null {
  if (!isObject(value) || typeof value['type'] !== 'string') return null
  const type = allowed.find((name) => name === value['type'])
  const coordinates = value['coordinates']
  switch (type) {
    case 'Point': {
      const point = position(coordinates)
      return point && { type, coordinates: point }
    }
    case 'MultiPoint': {
      const points = positions(coordinates, 1)
      return points && { type, coordinates: points }
    }
    case 'LineString': {
      const points = positions(coordinates, 2)
      return points && { type, coordinates: points }
    }
    case 'MultiLineString': {
      const lines = list(coordinates).map((line) => positions(line, 2))
      if (!lines.length || lines.some((line) => !line)) return null
      return { type, coordinates: lines.filter((line): line is Position[] => line !== null) }
    }
    case 'Polygon': {
      const shape = rings(coordinates)
      return shape && { type, coordinates: shape }
    }
    case 'MultiPolygon': {
      const shapes = list(coordinates).map(rings)
      if (!shapes.length || shapes.some((shape) => !shape)) return null
      return { type, coordinates: shapes.filter((shape): shape is Position[][] => shape !== null) }
    }
    default:
      return null
  }
}

/** Every position of a geometry, flat. */
function allPositions(shape: FeedGeometry): Position[] {
  switch (shape.type) {
    case 'Point':
      return [shape.coordinates]
    case 'MultiPoint':
    case 'LineString':
      return shape.coordinates
    case 'MultiLineString':
    case 'Polygon':
      return shape.coordinates.flat()
    case 'MultiPolygon':
      return shape.coordinates.flat(2)
  }
}

/**
 * The middle of a geometry's bounding box, rounded to 5 decimals (about a metre): the item's
 * representative point for the list and the map when the engine has no better one.
 * @example centre({ type: 'LineString', coordinates: [[-122, 47], [-121, 48]] }) // { lat: 47.5, lon: -121.5 }
 */
export function centre(shape: FeedGeometry): { lat: number; lon: number } {
  // A loop, not Math.min(...points): a county polygon can have more points than the call stack allows arguments.
  let [west, south, east, north] = [180, 90, -180, -90]
  for (const [lon, lat] of allPositions(shape)) {
    west = Math.min(west, lon)
    east = Math.max(east, lon)
    south = Math.min(south, lat)
    north = Math.max(north, lat)
  }
  const round = (value: number) => Math.round(value * 1e5) / 1e5
  return { lat: round((south + north) / 2), lon: round((west + east) / 2) }
}
