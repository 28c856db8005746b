// A road item's segment as the roads map draws it: its `path` (encoded polylines from the API, server/lib/road-path.ts)
// read back into [lat, lon] points. The path is an answer's text, so anything that is not a line is left out.
import { decode } from '@googlemaps/polyline-codec'

/** The server keeps 64 points; a path of more is not one it wrote. */
const MAX_POINTS = 64
/** A line's characters: the format's printable range ('?' to '~'). */
const ENCODED = /^[?-~]+$/

/**
 * The lines of a road item's path, each at least two valid points; none when it has no path or a broken one.
 * @example roadLines(['_p~iF~ps|U_ulLnnqC']) // [[[38.5, -120.2], [40.7, -120.95]]]
 */
export function roadLines(path: readonly string[] | undefined): [number, number][][] {
  if (!Array.isArray(path)) return []
  const lines: [number, number][][] = []
  let points = 0
  for (const encoded of path) {
    if (typeof encoded !== 'string' || !ENCODED.test(encoded)) continue
    const line = decode(encoded, 5).filter(
      ([lat, lon]) => Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180,
    ) as [number, number][]
    points += line.length
    if (points > MAX_POINTS) return lines
    if (line.length >= 2) lines.push(line)
  }
  return lines
}
