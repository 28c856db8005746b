// What Porchlight keeps of an agency's static GTFS (server/feeds/transit/static-gtfs.ts): handed to the
// GTFS-realtime adapter as plain data (it runs in the decode worker), stored as JSON in transit_static.

/** [south, west, north, east] in degrees. */
export type Box = [number, number, number, number]

export type TransitIndex = {
  /** stop_id → [lat, lon]. */
  stops: Record<string, [number, number]>
  /** route_id → its name ("224 Redmond – Duvall"), agency_id, and the box of its stops (null when trips are unknown). */
  routes: Record<string, { name: string; agency: string | null; box: Box | null }>
  /**
   * agency_id ('' when agency.txt has none) → name, link, the box of its routes' stops, and those stops' ids (its
   * service area; absent in an index stored before they were kept).
   */
  agencies: Record<string, { name: string; url: string | null; box: Box | null; stops?: string[] }>
  /** The box of every stop. */
  box: Box | null
}

/**
 * The box grown to hold a point.
 * @example boxAdd(null, 47.6, -122.3) // [47.6, -122.3, 47.6, -122.3]
 */
export function boxAdd(box: Box | null, lat: number, lon: number): Box {
  if (!box) return [lat, lon, lat, lon]
  return [Math.min(box[0], lat), Math.min(box[1], lon), Math.max(box[2], lat), Math.max(box[3], lon)]
}

/** The smallest box holding both (either may be null). */
export function boxUnion(a: Box | null, b: Box | null): Box | null {
  if (!a || !b) return a ?? b
  return boxAdd(boxAdd(a, b[0], b[1]), b[2], b[3])
}

/** Stops closer than this (in degrees, about a third of a mile) are one point of a service area. */
const AREA_CELL_DEGREES = 0.005

/**
 * An agency's stops as [lat, lon] points, those in one small cell kept once (a big city's 10,000 stops fit a
 * shape); the static index's every stop when it has one agency and no list; null when the stops are not known.
 * @example serviceArea('SVT', index)?.length // 10
 */
export function serviceArea(agencyId: string, index: TransitIndex): [number, number][] | null {
  const agency = index.agencies[agencyId]
  const ids = agency?.stops ?? (Object.keys(index.agencies).length <= 1 ? Object.keys(index.stops) : null)
  if (!ids?.length) return null
  const cells = new Map<string, [number, number]>()
  for (const id of ids) {
    const stop = index.stops[id]
    if (!stop) continue
    const cell = `${Math.round(stop[0] / AREA_CELL_DEGREES)}|${Math.round(stop[1] / AREA_CELL_DEGREES)}`
    if (!cells.has(cell)) cells.set(cell, stop)
  }
  return cells.size ? [...cells.values()] : null
}
