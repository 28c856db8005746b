// The half-degree grid behind the reaction query: an item is filed under every cell its area touches.

const CELLS_PER_DEGREE = 2
const MILES_PER_DEGREE_LAT = 69.05

export type Box = { minLat: number; maxLat: number; minLon: number; maxLon: number }

/** The box around a point that holds a circle of `miles`. */
export function boxAround(lat: number, lon: number, miles: number): Box {
  const dLat = miles / MILES_PER_DEGREE_LAT
  const cos = Math.max(Math.cos((lat * Math.PI) / 180), 0.01)
  const dLon = Math.min(miles / (MILES_PER_DEGREE_LAT * cos), 180)
  return { minLat: lat - dLat, maxLat: lat + dLat, minLon: lon - dLon, maxLon: lon + dLon }
}

/**
 * The grid cell of a point, as one integer.
 * @example cellOf(47.74, -121.98) // 275116
 */
export function cellOf(lat: number, lon: number): number {
  const row = Math.floor(Math.min(Math.max(lat, -90), 89.999) * CELLS_PER_DEGREE) + 180
  const column = (((Math.floor(lon * CELLS_PER_DEGREE) + 360) % 720) + 720) % 720
  return row * 1000 + column
}

/** Every cell a box touches (longitudes wrap at the antimeridian). */
export function cellsOf(box: Box): number[] {
  const cells = new Set<number>()
  const step = 1 / CELLS_PER_DEGREE
  for (let lat = box.minLat; lat < box.maxLat + step; lat += step) {
    for (let lon = box.minLon; lon < box.maxLon + step; lon += step) {
      cells.add(cellOf(Math.min(lat, box.maxLat), Math.min(lon, box.maxLon)))
    }
  }
  return [...cells]
}
