// The road segment a road item covers, for the roads map (issue 38: "road segments coloured by impact"): its
// line geometry simplified to a few dozen vertices and written as encoded polylines, kept in the item's
// public view so the reaction never parses a shape to answer.
import { createRequire } from 'node:module'
import type * as Codec from '@googlemaps/polyline-codec'
import { parseGeometry } from '../feeds/geometry.ts'
import { capVertices, countVertices } from '../feeds/simplify.ts'
import type { Position } from '../feeds/types.ts'

// Node loads the package's UMD build, whose exports its ESM loader cannot name (the site's bundler takes the ESM one).
const { encode } = createRequire(import.meta.url)('@googlemaps/polyline-codec') as typeof Codec

/**
 * The most vertices one item's path keeps, all its lines together. At the map's zoom (a town and its roads) a
 * work zone of 5 km drawn with 64 points is within a few metres of its feed's line, and the path costs about
 * 5 bytes per point in the answer (a road list of 40 items: under 13 KB before compression, on the roads page only).
 */
export const PATH_VERTICES = 64
/** Decimal places of the encoded points: 5 is about a metre, and the polyline format's own precision. */
const PRECISION = 5
/** Only a line is a segment; the scan (no quotes inside coordinates) saves parsing an alert's 5,000-vertex polygon on each write. */
const LINE = /"type"\s*:\s*"(?:Multi)?LineString"/

/**
 * The item's road segment as encoded polylines (Google's format, precision 5, [lat, lon] order), one per line,
 * or null when the item has no line (a point, a circle, an area).
 * @example roadPath('{"type":"LineString","coordinates":[[-120.2,38.5],[-120.95,40.7]]}') // ['_p~iF~ps|U_ulLnnqC']
 */
export function roadPath(geometryText: string | null): string[] | null {
  if (!geometryText || !LINE.test(geometryText)) return null
  const geometry = parseGeometry(geometryText)
  if (!geometry || (geometry.type !== 'LineString' && geometry.type !== 'MultiLineString')) return null
  const paths = fitted(geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates)
    .filter((line) => line.length >= 2)
    .map((line) =>
      encode(
        line.map(([lon, lat]) => [lat, lon]),
        PRECISION,
      ),
    )
  return paths.length ? paths : null
}

/** A simplified path of fewer points than this, from a longer line, has lost the road's bends: it is thinned instead. */
const COLLAPSED = PATH_VERTICES / 4

/**
 * The lines within PATH_VERTICES points: simplified (Douglas–Peucker, server/feeds/simplify.ts), or, where that
 * would leave a winding road as little more than its ends (every tolerance that fits drops all its bends),
 * every n-th point of each line, its ends kept, each line its share of the budget.
 */
function fitted(lines: Position[][]): Position[][] {
  const geometry = { type: 'MultiLineString' as const, coordinates: lines }
  const total = countVertices(geometry)
  if (total <= PATH_VERTICES) return lines
  const capped = capVertices(geometry, PATH_VERTICES)
  if (capped.type === 'MultiLineString' && countVertices(capped) >= COLLAPSED) return capped.coordinates
  return lines.flatMap((line) => {
    const share = Math.floor((PATH_VERTICES * line.length) / total)
    if (share < 2) return []
    const step = (line.length - 1) / (share - 1)
    return [Array.from({ length: share }, (_, index) => line[Math.round(index * step)]!)]
  })
}
