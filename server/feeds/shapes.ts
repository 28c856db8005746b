// Parsed item geometries (prepared shapes) for the reaction, cached by item id and updated_at: a grid cell's list
// (server/lib/reaction-cells.ts) read again after a write re-parses only the shapes that changed.
import type { Db } from '../db/index.ts'
import { itemGeometries } from '../db/queries/items.ts'
import { parseGeometry, toShape, type Shape } from './geometry.ts'

type Entry = { updatedAt: string; shape: Shape | null }

const MAX_ENTRIES = 20_000
/** Ids per query (well under SQLite's and PostgreSQL's parameter limits). */
const CHUNK = 1000
/** One cache per database (tests open several in one process; item ids repeat between them). */
const caches = new WeakMap<Db, Map<number, Entry>>()
const cacheOf = (db: Db): Map<number, Entry> => {
  let found = caches.get(db)
  if (!found) caches.set(db, (found = new Map<number, Entry>()))
  return found
}

/** What the reaction knows of an item with a shape. */
export type Shaped = { id: number; updated_at: string; shaped: number | boolean }

/**
 * The geometries of the shaped items among `items`, from the cache or, for the ones missing or
 * changed since, read in a query per thousand.
 */
export async function shapesOf(db: Db, items: Shaped[]): Promise<Map<number, Shape>> {
  const cache = cacheOf(db)
  const shapes = new Map<number, Shape>()
  const missing: number[] = []
  for (const item of items) {
    if (!item.shaped) continue
    const entry = cache.get(item.id)
    if (entry?.updatedAt === item.updated_at) {
      if (entry.shape) shapes.set(item.id, entry.shape)
    } else missing.push(item.id)
  }
  if (!missing.length) return shapes
  const rows = []
  for (let at = 0; at < missing.length; at += CHUNK) rows.push(...(await itemGeometries(db, missing.slice(at, at + CHUNK))))
  // A full cache starts over: simpler than LRU bookkeeping, and a refill costs one query per answer.
  if (cache.size + rows.length > MAX_ENTRIES) cache.clear()
  for (const row of rows) {
    const geometry = parseGeometry(row.geometry)
    const shape = geometry ? toShape(geometry) : null
    cache.set(row.id, { updatedAt: row.updated_at, shape })
    if (shape) shapes.set(row.id, shape)
  }
  return shapes
}
