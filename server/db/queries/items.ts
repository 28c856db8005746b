// Item rows: reads and writes, keeping the grid cells and the public view in step (the reaction reads them: server/lib/reaction-cells.ts).
import { sql } from 'kysely'
import type { Db } from '../index.ts'
import type { ItemRow, ItemUpdate, NewItemRow } from '../schema.ts'
import { publicView } from '../../lib/item-view.ts'
import { geometryBox, parseGeometry } from '../../feeds/geometry.ts'
import { boxAround, cellsForBox, type Box } from './grid.ts'
import { categoryWords } from '../../../src/lib/live/business.ts'

/** Where an item reaches: its circle, or its geometry (GeoJSON text) grown by area_miles. */
type Located = { lat: number; lon: number; area_miles: number; geometry?: string | null | undefined }
type BoxColumns = Pick<ItemRow, 'min_lat' | 'max_lat' | 'min_lon' | 'max_lon'>

function areaBox({ lat, lon, area_miles, geometry }: Located): Box {
  const shape = parseGeometry(geometry ?? null)
  return shape ? geometryBox(shape, area_miles) : boxAround(lat, lon, area_miles)
}

const columnsOf = (box: Box): BoxColumns => ({
  min_lat: box.minLat,
  max_lat: box.maxLat,
  min_lon: box.minLon,
  max_lon: box.maxLon,
})

/** Bounding-box columns for an item's area. */
function boxColumns(item: Located): BoxColumns {
  return columnsOf(areaBox(item))
}

/** The grid rows of an item: one per cell its box touches, each carrying the box. */
export function cellRows(id: number, item: Located) {
  return boxCellRows(id, areaBox(item))
}

/** The grid rows of a box already known (a row's box columns): no shape is parsed. */
function boxCellRows(id: number, box: Box) {
  const columns = columnsOf(box)
  return cellsForBox(box).map((cell) => ({ cell, item_id: id, ...columns }))
}

const rowBox = (row: BoxColumns): Box => ({ minLat: row.min_lat, maxLat: row.max_lat, minLon: row.min_lon, maxLon: row.max_lon })

async function writeCells(db: Db, id: number, box: Box): Promise<void> {
  await db.deleteFrom('item_cells').where('item_id', '=', id).execute()
  const rows = boxCellRows(id, box)
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto('item_cells')
      .values(rows.slice(start, start + 200))
      .execute()
  }
}

export type NewItem = Omit<NewItemRow, 'min_lat' | 'max_lat' | 'min_lon' | 'max_lon' | 'view'>

/**
 * What a feed's new values change in a stored item: all of them, except where staff locked the item's result
 * (SPEC section 5): then its state, status, lines and priority stand, and no hash is kept, so the feed's own
 * result returns once the lock passes. The feed store and the OpenStreetMap import both write through it.
 */
export function feedChanges(before: { lock_result_until: string | null }, values: ItemUpdate, stamp: string): ItemUpdate {
  const changes: ItemUpdate = { ...values }
  if (before.lock_result_until && before.lock_result_until > stamp) {
    changes.source_hash = null
    delete changes.state
    delete changes.status
    delete changes.lines
    delete changes.priority
  }
  return changes
}

/**
 * The full insert row: the item plus its box (its view needs the id, so it is written just after). `box`,
 * when the caller knows it (a feed item's bounds, measured in the decode worker), saves parsing the shape.
 */
export function itemValues(item: NewItem & Located, box?: Box): NewItemRow {
  return { ...item, ...(box ? columnsOf(box) : boxColumns(item)) }
}

/** Inserts an item, files it in the grid and writes its public view; returns its id. */
export async function insertItem(db: Db, item: NewItem & Located): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('items').values(itemValues(item)).returning('id').executeTakeFirstOrThrow()
    const row = await trx.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    await trx
      .updateTable('items')
      .set({ view: publicView(row) })
      .where('id', '=', id)
      .execute()
    await writeCells(trx, id, rowBox(row))
    return id
  })
}

/**
 * Inserts ready rows (itemValues) in one transaction: each gets its public view and its grid cells.
 * Used by the feed engine's batches and the benchmark's seeding.
 */
export async function insertItemRows(db: Db, rows: NewItemRow[]): Promise<number[]> {
  if (!rows.length) return []
  return db.transaction().execute(async (trx) => {
    const inserted = await trx.insertInto('items').values(rows).returningAll().execute()
    for (const row of inserted) {
      await trx
        .updateTable('items')
        .set({ view: publicView(row) })
        .where('id', '=', row.id)
        .execute()
    }
    // The rows carry their boxes (itemValues): the cells come from them, no shape is parsed again.
    const cells = inserted.flatMap((row) => boxCellRows(row.id, rowBox(row)))
    for (let at = 0; at < cells.length; at += 200) {
      await trx
        .insertInto('item_cells')
        .values(cells.slice(at, at + 200))
        .execute()
    }
    return inserted.map((row) => row.id)
  })
}

/**
 * Updates an item; its view is rewritten, and when its place or area changes, its grid cells follow. `box`,
 * when the caller knows the new one (a feed item's bounds), saves parsing the shape.
 */
export async function updateItem(db: Db, id: number, changes: ItemUpdate, box?: Box): Promise<ItemRow | null> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst()
    if (!before) return null
    // Updateable's optional keys are absent, never undefined, when they come from prepareItem.
    const merged = { ...before, ...changes, id } as ItemRow
    const moved =
      merged.lat !== before.lat ||
      merged.lon !== before.lon ||
      merged.area_miles !== before.area_miles ||
      merged.geometry !== before.geometry
    const after: ItemRow = { ...merged, ...(moved ? (box ? columnsOf(box) : boxColumns(merged)) : {}) }
    after.view = publicView(after)
    const { id: _, ...values } = after
    await trx.updateTable('items').set(values).where('id', '=', id).execute()
    if (moved) await writeCells(trx, id, rowBox(after))
    return after
  })
}

export async function getItem(db: Db, id: number): Promise<ItemRow | null> {
  return (await db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
}

/** The geometries of these items, with the update time they were read at (the reaction's shape cache). */
export function itemGeometries(db: Db, ids: number[]): Promise<Pick<ItemRow, 'id' | 'updated_at' | 'geometry'>[]> {
  return db.selectFrom('items').select(['id', 'updated_at', 'geometry']).where('id', 'in', ids).execute()
}

export async function deleteItem(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('items').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export async function itemByEditKeyHash(db: Db, hash: string): Promise<ItemRow | null> {
  return (await db.selectFrom('items').selectAll().where('edit_key_hash', '=', hash).executeTakeFirst()) ?? null
}

export type ItemFilter = {
  dataAspect?: string | undefined
  dataCategory?: string | undefined
  city?: string | undefined
  /** Words the title contains, any case. */
  q?: string | undefined
  /** Scope of the asking user: only these pages, this city, or this item. */
  scope?: { pageName?: string; cityName?: string; itemId?: number } | undefined
  limit: number
  offset: number
}

/** A page of items for staff lists, newest first, with the total count. */
export async function listItems(db: Db, filter: ItemFilter): Promise<{ rows: ItemRow[]; total: number }> {
  let query = db.selectFrom('items')
  if (filter.dataAspect) query = query.where('data_aspect', '=', filter.dataAspect)
  if (filter.dataCategory) {
    // On Local a business category also finds the words read as it ('eatery' is a restaurant, SPEC section 3).
    const words = filter.dataAspect === 'local' ? categoryWords(filter.dataCategory) : [filter.dataCategory]
    query = query.where('data_category', 'in', words)
  }
  if (filter.city) query = query.where((eb) => eb(eb.fn('lower', ['city_name']), '=', filter.city!.toLowerCase()))
  if (filter.q) {
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    query = query.where(sql<boolean>`lower(title) like ${pattern} escape '\\'`)
  }
  const scope = filter.scope
  if (scope?.pageName !== undefined) query = query.where('page_name', '=', scope.pageName)
  if (scope?.cityName !== undefined) {
    const city = scope.cityName.toLowerCase()
    query = query.where((eb) => eb(eb.fn('lower', ['city_name']), '=', city))
  }
  if (scope?.itemId !== undefined) query = query.where('id', '=', scope.itemId)
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  const rows = await query.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute()
  return { rows, total: Number(total) }
}
