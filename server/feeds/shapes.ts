// Parsed item geometries (prepared shapes) for the reaction, cached by item id and updated_at so a busy answer never re-parses them.
import type { Db } from '../db/index.ts'
import { parseGeometry, toShape, type Shape } from './geometry.ts'

type Entry = { updatedAt: string; shape: Shape | null }

const MAX_ENTRIES = 20_000
/** One cache per database (tests open several in one process; item ids repeat between them). */
const caches = new WeakMap<Db, { entries: Map<number, Entry>; warming: Promise<void> | null }>()
const cacheOf = (db: Db) => {
  let found = caches.get(db)
  if (!found) caches.set(db, (found = { entries: new Map(), warming: null }))
  return found
}

/** What the reaction knows of an item with a shape. */
export type Shaped = { id: number; updated_at: string; shaped: number | boolean }

/**
 * Fills the cache in the background on the first answer (up to half its size, 500 rows a batch so
 * requests interleave): a fresh server would otherwise read and parse each shape on a visitor's
 * answer, about 5 ms for a town with two dozen alert polygons around it.
 */
async function warm(db: Db): Promise<void> {
  const cache = cacheOf(db).entries
  let after = 0
  while (cache.size < MAX_ENTRIES / 2) {
    const rows = await db
      .selectFrom('items')
      .select(['id', 'updated_at', 'geometry'])
      .where('geometry', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute()
    if (!rows.length) return
    for (const row of rows) {
      const geometry = parseGeometry(row.geometry)
      if (!cache.has(row.id)) cache.set(row.id, { updatedAt: row.updated_at, shape: geometry ? toShape(geometry) : null })
    }
    after = rows.at(-1)!.id
    await new Promise((done) => setImmediate(done))
  }
}

/**
 * The geometries of the shaped items among `items`, from the cache or, for the ones missing or
 * changed since, read in one query.
 */
export async function shapesOf(db: Db, items: Shaped[]): Promise<Map<number, Shape>> {
  const state = cacheOf(db)
  const cache = state.entries
  state.warming ??= warm(db).catch((error: unknown) => {
    console.error(`shapes: warming the cache failed: ${error instanceof Error ? error.message : 'unknown error'}`)
  })
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
