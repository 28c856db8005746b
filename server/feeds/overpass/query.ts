// The Overpass QL for one cell: named shops, business amenities, offices and crafts, with centres for ways.
import { AMENITIES } from './categories.ts'

/** Cells are 0.05° squares (about 3.5 by 2.5 miles in the US): one Overpass request fills one. */
export const CELL_DEGREES = 0.05
/** Most elements kept from one cell; a dense downtown has more, the nearest-first order is the page's. */
export const MAX_ELEMENTS = 400

export type Cell = { key: string; south: number; west: number; north: number; east: number }

/**
 * The cell holding a point, keyed by its south-west corner in cell units.
 * @example cellOf(47.74, -121.98).key // '954:-2440'
 */
export function cellOf(lat: number, lon: number): Cell {
  const row = Math.floor(lat / CELL_DEGREES)
  const column = Math.floor(lon / CELL_DEGREES)
  const round = (value: number): number => Math.round(value * 1e6) / 1e6
  return {
    key: `${row}:${column}`,
    south: round(row * CELL_DEGREES),
    west: round(column * CELL_DEGREES),
    north: round((row + 1) * CELL_DEGREES),
    east: round((column + 1) * CELL_DEGREES),
  }
}

/** The query text for a cell (server-side timeout 25 s, as the Overpass manual's examples use). */
export function overpassQuery(cell: Cell): string {
  const box = `(${cell.south},${cell.west},${cell.north},${cell.east})`
  return [
    '[out:json][timeout:25];',
    '(',
    `  nwr["shop"]["name"]${box};`,
    `  nwr["amenity"~"^(${AMENITIES.join('|')})$"]["name"]${box};`,
    `  nwr["office"]["name"]${box};`,
    `  nwr["craft"]["name"]${box};`,
    ');',
    `out center tags ${MAX_ELEMENTS};`,
  ].join('\n')
}
