// Caps the vertices of a shape from a feed (an item's geometry, one NWS zone): simplified with @turf/simplify
// (Douglas–Peucker, rings kept closed and valid) at the smallest tolerance that fits. Runs in the decode worker.
import { simplify } from '@turf/simplify'
import type { FeedGeometry, Position } from './types.ts'

/**
 * The most vertices one stored shape may have. NWS storm polygons have a few dozen, county zones a few
 * thousand; the review's 650,000-point alert (14 MB) is cut to this, which keeps its outline within a
 * few hundred metres at county size.
 */
export const MAX_SHAPE_VERTICES = 5000
/** Bisection steps between the shape's size and a hundred-thousandth of it. */
const SEARCHES = 20
/**
 * Douglas–Peucker slows down badly on huge rings (15 s for the review's 650,000 points at a fine tolerance):
 * a path longer than this is first thinned evenly to it, which at that density moves nothing visibly.
 */
const PRE_THIN = 4 * MAX_SHAPE_VERTICES

/** Positions in a geometry's coordinates. */
export function countVertices(geometry: FeedGeometry): number {
  const count = (value: unknown): number =>
    Array.isArray(value) && typeof value[0] === 'number'
      ? 1
      : Array.isArray(value)
        ? value.reduce((sum: number, inner: unknown) => sum + count(inner), 0)
        : 0
  return count(geometry.coordinates)
}

/** The width or height of the geometry's box, whichever is larger, in degrees. */
function extent(geometry: FeedGeometry): number {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return
    if (typeof value[0] === 'number') {
      const [x, y] = value as Position
      if (x < minX) minX = x
      if (x > maxX) maxX = x
      if (y < minY) minY = y
      if (y > maxY) maxY = y
      return
    }
    for (const inner of value) visit(inner)
  }
  visit(geometry.coordinates)
  return Math.max(maxX - minX, maxY - minY, 1e-9)
}

/** Every `step`-th position, the last one kept (points and point lists cannot be simplified otherwise). */
const thin = <T>(list: T[], keep: number): T[] => {
  if (list.length <= keep) return list
  const step = list.length / keep
  return Array.from({ length: keep }, (_, index) => list[Math.floor(index * step)]!)
}

/** Polygons (or lines) largest first until the budget is spent: many tiny parts cannot be simplified away. */
function dropSmallest(geometry: FeedGeometry, max: number): FeedGeometry {
  if (geometry.type === 'MultiPoint') return { type: 'MultiPoint', coordinates: thin(geometry.coordinates, max) }
  if (geometry.type === 'MultiPolygon') {
    const ranked = [...geometry.coordinates].sort((a, b) => extent(polygon(b)) - extent(polygon(a)))
    const kept: Position[][][] = []
    let used = 0
    for (const rings of ranked) {
      // Holes go first when the outer ring alone still fits.
      const parts = used + countVertices(polygon(rings)) <= max ? rings : rings.slice(0, 1)
      const size = countVertices(polygon(parts))
      if (used + size > max) continue
      kept.push(parts)
      used += size
    }
    return kept.length ? { type: 'MultiPolygon', coordinates: kept } : geometry
  }
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: geometry.coordinates.slice(0, 1) }
  if (geometry.type === 'MultiLineString') {
    const kept: Position[][] = []
    let used = 0
    for (const line of [...geometry.coordinates].sort((a, b) => b.length - a.length)) {
      if (used + line.length > max) continue
      kept.push(line)
      used += line.length
    }
    return kept.length ? { type: 'MultiLineString', coordinates: kept } : geometry
  }
  if (geometry.type === 'LineString') return { type: 'LineString', coordinates: thin(geometry.coordinates, max) }
  return geometry
}

const polygon = (rings: Position[][]): FeedGeometry => ({ type: 'Polygon', coordinates: rings })

/** One ring or line simplified by @turf/simplify at `tolerance`, never more coarsely than a twentieth of its own size. */
function simplifyPath(given: Position[], tolerance: number, ring: boolean): Position[] {
  if (given.length <= 4) return given
  const path = given.length > PRE_THIN ? [...thin(given.slice(0, -1), PRE_THIN - 1), given.at(-1)!] : given
  const own = Math.min(tolerance, extent({ type: 'LineString', coordinates: path }) / 20)
  // A fresh wrapper with mutate: the wrapper's coordinates are replaced, the positions are not touched.
  const geometry = ring
    ? simplify({ type: 'Polygon', coordinates: [path] }, { tolerance: own, highQuality: false, mutate: true })
    : simplify({ type: 'LineString', coordinates: path }, { tolerance: own, highQuality: false, mutate: true })
  return ring ? (geometry.coordinates as Position[][])[0]! : (geometry.coordinates as Position[])
}

/** The geometry simplified at `tolerance` (degrees), each ring kept closed and at least four positions long. */
function simplified(geometry: FeedGeometry, tolerance: number): FeedGeometry {
  const rings = (rings: Position[][]) => rings.map((ring) => simplifyPath(ring, tolerance, true))
  switch (geometry.type) {
    case 'Polygon':
      return { type: 'Polygon', coordinates: rings(geometry.coordinates) }
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: geometry.coordinates.map(rings) }
    case 'LineString':
      return { type: 'LineString', coordinates: simplifyPath(geometry.coordinates, tolerance, false) }
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: geometry.coordinates.map((line) => simplifyPath(line, tolerance, false)) }
    default:
      return geometry
  }
}

/**
 * The geometry with at most `max` vertices: unchanged when it fits, else simplified at the smallest
 * tolerance (found by bisection) that fits, rings closed and at least four positions long, so a point well
 * inside stays inside. A shape made of more tiny parts than the cap allows keeps its largest parts.
 * @example capVertices(hugeAlert.geometry).coordinates[0].length // ≤ 5,000
 */
export function capVertices(geometry: FeedGeometry, max = MAX_SHAPE_VERTICES): FeedGeometry {
  if (countVertices(geometry) <= max) return geometry
  if (geometry.type === 'Point') return geometry
  if (geometry.type === 'MultiPoint') return dropSmallest(geometry, max)
  // Tolerance in degrees: `high` is the coarsest there is (each part at a twentieth of its size), `low` too fine.
  let high = extent(geometry)
  let low = high / 1e5
  let best = simplified(geometry, high)
  if (countVertices(best) > max) return dropSmallest(best, max)
  for (let step = 0; step < SEARCHES && high / low > 1.1; step++) {
    const middle = Math.sqrt(high * low)
    const trial = simplified(geometry, middle)
    if (countVertices(trial) <= max) {
      best = trial
      high = middle
    } else low = middle
  }
  return best
}
