// Parsed item geometries (prepared shapes) for the reaction, cached by item id and updated_at so a busy answer never re-parses them.
import type { Db } from '../db/index.ts'
import { parseGeometry, toShape, type Shape } from './geometry.ts'

type Entry = { updatedAt: string; shape: Shape | null }

const MAX_ENTRIES = 20_000
const cache = new Map<number, Entry>()

/** What the reaction knows of an item with a shape. */
export type Shaped = { id: number; updated_at: string; shaped: number | boolean }

/**
 * The geometries of the shaped items among `items`, from the cache or, for the ones missing or
 * changed since, read in one query.
 */
export async function shapesOf(db: Db, items: Shaped[]): Promise<Map<number, Shape>> {
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
  const rows = await db.selectFrom('items').select(['id', 'updated_at', 'geometry']).where('id', 'in', missing).execute()
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
