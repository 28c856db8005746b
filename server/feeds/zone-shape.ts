// One NWS zone's shape from its GeoJSON text: parsed, capped in vertices and serialised in the decode worker,
// so the thread that answers requests never parses a zone (server/feeds/zones.ts keeps the results in memory).
import { toGeometry } from './geometry.ts'
import { capVertices, countVertices } from './simplify.ts'
import type { Position } from './types.ts'

type Polygons = Position[][][]
/**
 * A zone ready to join others: its polygons as the inside of a MultiPolygon's coordinates list, its box, and its
 * version (the NWS zone's `effectiveDate`; null for a stored row, which keeps it in a column, or when it has none).
 */
export type ZoneShape = { polygons: string; box: [number, number, number, number]; vertices: number; version: string | null }

/** NWS gives each zone an `effectiveDate` (when its boundary took effect), e.g. "2025-03-18T18:00:00+00:00". */
function versionOf(json: unknown): string | null {
  const properties = json && typeof json === 'object' && 'properties' in json ? json.properties : null
  const date = properties && typeof properties === 'object' && 'effectiveDate' in properties ? properties.effectiveDate : null
  return typeof date === 'string' && date.length <= 40 && Number.isFinite(Date.parse(date)) ? date : null
}

/** The polygons of a zone's GeoJSON (a Feature, a bare geometry, or a collection of polygons). */
export function zonePolygons(json: unknown): Polygons | null {
  const geometryOf = (value: unknown): unknown =>
    value && typeof value === 'object' && 'geometry' in value ? value.geometry : value
  const root = geometryOf(json) as { type?: unknown; geometries?: unknown } | null
  const parts = root?.type === 'GeometryCollection' && Array.isArray(root.geometries) ? root.geometries : [root]
  const polygons: Polygons = []
  for (const part of parts) {
    const geometry = toGeometry(part)
    if (geometry?.type === 'Polygon') polygons.push(geometry.coordinates)
    else if (geometry?.type === 'MultiPolygon') polygons.push(...geometry.coordinates)
  }
  return polygons.length ? polygons : null
}

/**
 * A zone answer (or a stored zone row) as a ZoneShape, or null when it is not a zone geometry.
 * @example zoneShape('{"type":"Feature","geometry":{"type":"Polygon",…}}')?.box // [minLon, minLat, maxLon, maxLat]
 */
export function zoneShape(text: string): ZoneShape | null {
  let polygons: Polygons | null
  let version: string | null
  try {
    const json: unknown = JSON.parse(text)
    polygons = zonePolygons(json)
    version = versionOf(json)
  } catch {
    return null
  }
  if (!polygons) return null
  let capped: Polygons
  try {
    const geometry = capVertices({ type: 'MultiPolygon', coordinates: polygons })
    capped = geometry.type === 'MultiPolygon' ? geometry.coordinates : geometry.type === 'Polygon' ? [geometry.coordinates] : []
  } catch {
    return null
  }
  if (!capped.length) return null
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const rings of capped)
    for (const [lon, lat] of rings[0] ?? []) {
      box[0] = Math.min(box[0], lon)
      box[1] = Math.min(box[1], lat)
      box[2] = Math.max(box[2], lon)
      box[3] = Math.max(box[3], lat)
    }
  return {
    polygons: JSON.stringify(capped).slice(1, -1),
    box,
    vertices: countVertices({ type: 'MultiPolygon', coordinates: capped }),
    version,
  }
}
