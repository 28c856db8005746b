// County shapes by FIPS code from a packaged Census layer (DATA_SOURCES 8.6), so an alert coded by SAME county
// codes is placed with no call to the NWS zone service: us-atlas's counties-10m.json, the Census Bureau's 2017
// cartographic county boundaries (1:5,000,000, simplified and quantized; 3,231 counties and county equivalents of
// the states, DC, Puerto Rico and the island areas). Read at the first use in a thread, which is the decode
// worker's (IPAWS decodes there): on the request thread that read would hold requests for 27-74 ms; it keeps
// 4.5 MB of heap (scripts/bench-counties.ts).
import { readFileSync } from 'node:fs'
import { merge } from 'topojson-client'
import { capVertices } from './simplify.ts'
import type { FeedGeometry } from './types.ts'

type Topology = Parameters<typeof merge>[0]
/** One county's TopoJSON geometry (a Polygon or MultiPolygon of arcs). */
type County = Extract<Parameters<typeof merge>[1], unknown[]>[number]
type Layer = { topology: Topology; counties: Map<string, County> }

let layer: Layer | null = null

/** The layer, parsed once; an unreadable one is empty, so every county code falls back to its NWS zone. */
function countyLayer(): Layer {
  if (layer) return layer
  try {
    const file = new URL(import.meta.resolve('us-atlas/counties-10m.json'))
    const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology
    const collection = topology.objects['counties']
    const geometries = collection?.type === 'GeometryCollection' ? collection.geometries : []
    const counties = new Map<string, County>()
    // Each county's arcs by its code, and the topology's arcs and transform: all merge reads. The names and the
    // states and nation objects are let go.
    for (const geometry of geometries) {
      if (typeof geometry.id !== 'string') continue
      if (geometry.type === 'Polygon') counties.set(geometry.id, { type: 'Polygon', arcs: geometry.arcs })
      else if (geometry.type === 'MultiPolygon') counties.set(geometry.id, { type: 'MultiPolygon', arcs: geometry.arcs })
    }
    layer = { topology: { ...topology, objects: {} }, counties }
  } catch {
    layer = { topology: { type: 'Topology', objects: {}, arcs: [] }, counties: new Map() }
  }
  return layer
}

/**
 * The union of the counties with these 5-digit FIPS codes (state then county), merged along their shared
 * borders and capped in vertices like every stored shape; null when any of them is not in the layer (a county
 * created since 2017, such as Alaska's 02063 and 02066, or a malformed code), so the caller can ask NWS instead.
 * @example countiesShape(['24013', '24027'])?.type // 'Polygon' (Carroll and Howard counties, MD, in one ring)
 */
export function countiesShape(codes: string[]): FeedGeometry | null {
  const { topology, counties } = countyLayer()
  const found: County[] = []
  for (const code of new Set(codes)) {
    const county = counties.get(code)
    if (!county) return null
    found.push(county)
  }
  if (!found.length) return null
  const union = merge(topology, found)
  const polygons = union.coordinates as [number, number][][][]
  if (!polygons.length) return null
  const shape: FeedGeometry =
    polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0]! } : { type: 'MultiPolygon', coordinates: polygons }
  return capVertices(shape)
}

/**
 * One county's shape by its 5-digit FIPS code; null when the layer has no such county.
 * @example countyShape('24013')?.type // 'Polygon' (Carroll County, MD)
 */
export const countyShape = (fips: string): FeedGeometry | null => (/^\d{5}$/.test(fips) ? countiesShape([fips]) : null)
