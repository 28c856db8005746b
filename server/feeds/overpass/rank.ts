// Which waiting cell the fetcher asks next when the budget is short: cells holding a listed place, then cells next to
// one, then the rest ("nowhere"); among equals, the cell more distinct visitors asked for, then the bigger place,
// then the first asked.
import { cityIndex } from '../../lib/cities.ts'
import { cellOf, type Cell } from './query.ts'

/** 2: holds a listed place; 1: next to one (one of its eight neighbours holds one); 0: neither. */
export type Nearness = { tier: 0 | 1 | 2; population: number }
export type Ranked = Nearness & { sources: ReadonlySet<string>; order: number }

/** Distinct visitors counted per cell: more than this adds nothing (and keeps a set small). */
export const MAX_SOURCES = 5

let placeCells: Map<string, number> | null = null

/**
 * Cell key → population of the largest listed place in it, built once from the city file: at start
 * (startBusinessesFromEnv), as building it inside the first request held that request 148 ms (bench:feeds).
 */
export function places(): Map<string, number> {
  if (placeCells) return placeCells
  placeCells = new Map()
  for (const city of cityIndex().cities) {
    const key = cellOf(city.lat, city.lon).key
    placeCells.set(key, Math.max(placeCells.get(key) ?? 0, city.population))
  }
  return placeCells
}

/**
 * How near the cell is to a place people open.
 * @example nearness(cellOf(38.5816, -121.4944)) // { tier: 2, population: 490712 } (Sacramento)
 */
export function nearness(cell: Cell): Nearness {
  const [row, column] = cell.key.split(':').map(Number) as [number, number]
  const own = places().get(cell.key)
  if (own !== undefined) return { tier: 2, population: own }
  let population = -1
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) population = Math.max(population, places().get(`${row + dy}:${column + dx}`) ?? -1)
  return population >= 0 ? { tier: 1, population } : { tier: 0, population: 0 }
}

/** Negative when `a` goes before `b`. */
export function compareRank(a: Ranked, b: Ranked): number {
  return (
    b.tier - a.tier ||
    Math.min(b.sources.size, MAX_SOURCES) - Math.min(a.sources.size, MAX_SOURCES) ||
    b.population - a.population ||
    a.order - b.order
  )
}
