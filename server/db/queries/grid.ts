// The grid behind the reaction query: an item is filed under every cell its area touches, half-degree
// cells for most, 8-degree cells (negative numbers) for an area that would need more than 64 small ones.

const CELLS_PER_DEGREE = 2
/** Most fine cells one item is filed under; a larger box goes to the coarse grid (a 500-mile area at 89.9° needed 10,800). */
export const MAX_FINE_CELLS = 64
/** Degrees per coarse cell: 23 rows by 45 columns cover the globe, so a box touches at most a few dozen. */
const COARSE_DEGREES = 8
const COARSE_COLUMNS = 360 / COARSE_DEGREES
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

/** The fine cells a box needs, counted without listing them (columns wrap, so at most 720). */
function fineCount(box: Box): number {
  const rows =
    Math.floor(Math.min(box.maxLat, 89.999) * CELLS_PER_DEGREE) - Math.floor(Math.max(box.minLat, -90) * CELLS_PER_DEGREE) + 1
  const columns = Math.floor(box.maxLon * CELLS_PER_DEGREE) - Math.floor(box.minLon * CELLS_PER_DEGREE) + 1
  return Math.max(rows, 1) * Math.min(Math.max(columns, 1), 360 * CELLS_PER_DEGREE)
}

/**
 * The coarse cell of a point: a negative integer, so the two grids share item_cells without clashing.
 * @example coarseCellOf(47.74, -121.98) // -1708
 */
export function coarseCellOf(lat: number, lon: number): number {
  const row = Math.floor((Math.min(Math.max(lat, -90), 89.999) + 90) / COARSE_DEGREES)
  const column = ((Math.floor((lon + 180) / COARSE_DEGREES) % COARSE_COLUMNS) + COARSE_COLUMNS) % COARSE_COLUMNS
  return -(1 + row * 100 + column)
}

/** Every coarse cell a box touches (longitudes wrap). */
function coarseCellsOf(box: Box): number[] {
  const cells = new Set<number>()
  const minLat = Math.max(box.minLat, -90)
  const maxLat = Math.min(box.maxLat, 89.999)
  const maxLon = Math.min(box.maxLon, box.minLon + 360)
  for (let lat = minLat; lat < maxLat + COARSE_DEGREES; lat += COARSE_DEGREES) {
    for (let lon = box.minLon; lon < maxLon + COARSE_DEGREES; lon += COARSE_DEGREES) {
      cells.add(coarseCellOf(Math.min(lat, maxLat), Math.min(lon, maxLon)))
    }
  }
  return [...cells]
}

/**
 * The cells to file a box under: its half-degree cells when there are at most 64, else its 8-degree
 * cells. Used for circles (boxAround) and for any shape's bounding box (feeds' lines and polygons).
 * @example cellsForBox(boxAround(89.9, 0, 500)).length // 90 coarse cells, not 10,800 fine ones
 */
export function cellsForBox(box: Box): number[] {
  return fineCount(box) <= MAX_FINE_CELLS ? cellsOf(box) : coarseCellsOf(box)
}

/**
 * The cells to look a point up in: its fine cell and its coarse cell (an item is in exactly one grid).
 * @example cellsForPoint(47.74, -121.98) // [275116, -1708]
 */
export function cellsForPoint(lat: number, lon: number): number[] {
  return [cellOf(lat, lon), coarseCellOf(lat, lon)]
}
