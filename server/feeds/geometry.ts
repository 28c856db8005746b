// Item shapes (GeoJSON polygons, lines, points): their grid box, and the distance from a point to them.
import turfBbox from '@turf/bbox'
import booleanPointInPolygon from '@turf/boolean-point-in-polygon'
import pointToLineDistance from '@turf/point-to-line-distance'
import { haversineKm } from '../../src/lib/geo.ts'
import type { Box } from '../db/queries/grid.ts'
import type { FeedGeometry, Position } from './types.ts'

const KM_PER_MILE = 1.609344
const MILES_PER_DEGREE_LAT = 69.05
const TYPES = new Set(['Polygon', 'MultiPolygon', 'LineString', 'MultiLineString', 'Point', 'MultiPoint'])

const isPosition = (value: unknown): value is Position =>
  Array.isArray(value) &&
  value.length >= 2 &&
  typeof value[0] === 'number' &&
  typeof value[1] === 'number' &&
  Math.abs(value[0]) <= 180 &&
  Math.abs(value[1]) <= 90

/** True when every leaf of nested arrays is a position, `depth` levels down (0: a position). */
function positionsAt(value: unknown, depth: number): boolean {
  if (depth === 0) return isPosition(value)
  return Array.isArray(value) && value.length > 0 && value.every((inner) => positionsAt(inner, depth - 1))
}

const DEPTH: Record<string, number> = { Point: 0, MultiPoint: 1, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 }

/** A checked geometry from untrusted JSON (a feed, a zone, a stored row), or null. */
export function toGeometry(value: unknown): FeedGeometry | null {
  if (!value || typeof value !== 'object') return null
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown }
  if (typeof type !== 'string' || !TYPES.has(type) || !positionsAt(coordinates, DEPTH[type]!)) return null
  return { type, coordinates } as FeedGeometry
}

/** Parses stored geometry text; null for null or anything that is not a geometry. */
export function parseGeometry(text: string | null): FeedGeometry | null {
  if (!text) return null
  try {
    return toGeometry(JSON.parse(text))
  } catch {
    return null
  }
}

/** The geometry's bounding box grown by `reachMiles` on every side: the grid box of the item. */
export function geometryBox(geometry: FeedGeometry, reachMiles: number): Box {
  const [minLon, minLat, maxLon, maxLat] = turfBbox(geometry)
  const dLat = reachMiles / MILES_PER_DEGREE_LAT
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat))
  const dLon = Math.min(reachMiles / (MILES_PER_DEGREE_LAT * Math.max(Math.cos((widest * Math.PI) / 180), 0.01)), 180)
  return { minLat: minLat - dLat, maxLat: maxLat + dLat, minLon: minLon - dLon, maxLon: maxLon + dLon }
}

/** A representative point: the middle of the geometry's box. */
export function geometryCenter(geometry: FeedGeometry): { lat: number; lon: number } {
  const box = geometryBox(geometry, 0)
  return { lat: (box.minLat + box.maxLat) / 2, lon: (box.minLon + box.maxLon) / 2 }
}

const lineMiles = (point: Position, line: Position[]): number =>
  line.length === 1
    ? haversineKm(point[1], point[0], line[0]![1], line[0]![0]) / KM_PER_MILE
    : pointToLineDistance(point, { type: 'LineString', coordinates: line }, { units: 'miles' })

const nearest = (point: Position, lines: Position[][]): number => Math.min(...lines.map((line) => lineMiles(point, line)))

/**
 * Miles from a point to a geometry: 0 inside a polygon (holes excluded), else to its nearest edge,
 * line or point.
 * @example distanceToGeometry(47.6, -122.3, { type: 'Polygon', coordinates: [[…]] }) // 0 inside
 */
export function distanceToGeometry(lat: number, lon: number, geometry: FeedGeometry): number {
  const point: Position = [lon, lat]
  switch (geometry.type) {
    case 'Polygon':
      return booleanPointInPolygon(point, geometry) ? 0 : nearest(point, geometry.coordinates)
    case 'MultiPolygon':
      return booleanPointInPolygon(point, geometry) ? 0 : nearest(point, geometry.coordinates.flat())
    case 'LineString':
      return lineMiles(point, geometry.coordinates)
    case 'MultiLineString':
      return nearest(point, geometry.coordinates)
    case 'Point':
      return lineMiles(point, [geometry.coordinates])
    case 'MultiPoint':
      return nearest(
        point,
        geometry.coordinates.map((position) => [position]),
      )
  }
}
