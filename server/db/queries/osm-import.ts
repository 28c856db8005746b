// The OpenStreetMap import's rows (server/osm-import/): imported businesses written as the Overpass fetcher's items
// (feed 'osm', source id 'node/123'), a batch per transaction, and which extract and run saw each one (migration 015),
// so a complete run can remove the businesses of its own extract that OSM no longer has, and nothing else.
import { sql, type Transaction } from 'kysely'
import type { Db } from '../index.ts'
import { cellRows, feedChanges, itemValues, type NewItem } from './items.ts'
import type { Database, ItemRow, NewItemRow } from '../schema.ts'
import { boxAround } from './grid.ts'
import { geometryBox, parseGeometry } from '../../feeds/geometry.ts'
import { publicView } from '../../lib/item-view.ts'

export type OsmImportsTable = {
  extract: string
  run: string
  started_at: string
  finished_at: string | null
  kept: number
  removed: number
  last_error: string | null
}
export type OsmImportItemsTable = { source_id: string; extract: string; run: string }

type Tables = Database & { osm_imports: OsmImportsTable; osm_import_items: OsmImportItemsTable }
type Trx = Transaction<Tables>
const tables = (db: Db) => db.withTables<{ osm_imports: OsmImportsTable; osm_import_items: OsmImportItemsTable }>()

/** Rows per insert statement (about 45 columns each: well under SQLite's and PostgreSQL's parameter limits). */
const INSERT_ROWS = 100
const CELL_ROWS = 200

export type BatchSummary = { added: number; changed: number; unchanged: number }

/** The extract's last run, or null. */
export async function lastImport(db: Db, extract: string): Promise<OsmImportsTable | null> {
  return (await tables(db).selectFrom('osm_imports').selectAll().where('extract', '=', extract).executeTakeFirst()) ?? null
}

/** Starts a run of an extract: its row says the run and that it has not finished. */
export async function startRun(db: Db, extract: string, run: string, now: Date): Promise<void> {
  const row = { extract, run, started_at: now.toISOString(), finished_at: null, last_error: null }
  await tables(db)
    .insertInto('osm_imports')
    .values({ ...row, kept: 0, removed: 0 })
    .onConflict((conflict) => conflict.column('extract').doUpdateSet(row))
    .execute()
}

export async function finishRun(db: Db, extract: string, figures: { kept: number; removed: number }, now: Date): Promise<void> {
  await tables(db)
    .updateTable('osm_imports')
    .set({ ...figures, finished_at: now.toISOString(), last_error: null })
    .where('extract', '=', extract)
    .execute()
}

export async function failRun(db: Db, extract: string, error: string): Promise<void> {
  await tables(db)
    .updateTable('osm_imports')
    .set({ last_error: error.slice(0, 500) })
    .where('extract', '=', extract)
    .execute()
}

/** The box columns of a row's area (as updateItem computes them). */
function boxOf(row: Pick<ItemRow, 'lat' | 'lon' | 'area_miles' | 'geometry'>) {
  const shape = parseGeometry(row.geometry)
  const box = shape ? geometryBox(shape, row.area_miles) : boxAround(row.lat, row.lon, row.area_miles)
  return { min_lat: box.minLat, max_lat: box.maxLat, min_lon: box.minLon, max_lon: box.maxLon }
}

async function insertCells(trx: Trx, rows: Pick<ItemRow, 'id' | 'lat' | 'lon' | 'area_miles' | 'geometry'>[]): Promise<void> {
  const cells = rows.flatMap((row) => cellRows(row.id, row))
  for (let at = 0; at < cells.length; at += CELL_ROWS)
    await trx
      .insertInto('item_cells')
      .values(cells.slice(at, at + CELL_ROWS))
      .execute()
}

/** Inserts new rows, then writes their public views (which carry the id) in one statement per chunk. */
async function insertRows(trx: Trx, rows: NewItemRow[]): Promise<void> {
  for (let at = 0; at < rows.length; at += INSERT_ROWS) {
    const inserted = await trx
      .insertInto('items')
      .values(rows.slice(at, at + INSERT_ROWS))
      .returningAll()
      .execute()
    const views = sql.join(
      inserted.map((row) => sql`when ${row.id} then ${publicView(row)}`),
      sql` `,
    )
    await trx
      .updateTable('items')
      .set({ view: sql<string>`case id ${views} end` })
      .where(
        'id',
        'in',
        inserted.map((row) => row.id),
      )
      .execute()
    await insertCells(trx, inserted)
  }
}

/** An item's columns as a feed run sets them (server/feeds/store.ts, columns), by source id. */
export type OsmItemColumns = Omit<NewItem, 'created_at'> & { area_miles: number; geometry: string | null }

/**
 * Upserts one batch of businesses of feed `feedId` by OSM id in one transaction: new ones inserted, changed ones
 * rewritten (a staff lock on the result and a staff hide stand, as in the feed store), unchanged ones only confirmed;
 * and marks each as seen by this extract's run.
 */
export async function writeOsmBatch(
  db: Db,
  feedId: string,
  unique: Map<string, OsmItemColumns>,
  extract: string,
  run: string,
  stamp: string,
): Promise<BatchSummary> {
  const summary: BatchSummary = { added: 0, changed: 0, unchanged: 0 }
  const ids = [...unique.keys()]
  await tables(db)
    .transaction()
    .execute(async (trx) => {
      const existing = new Map<string, ItemRow>()
      const rows = await trx.selectFrom('items').selectAll().where('feed_id', '=', feedId).where('source_id', 'in', ids).execute()
      for (const row of rows) existing.set(row.source_id!, row)
      const inserts: NewItemRow[] = []
      const confirmed: number[] = []
      for (const [sourceId, values] of unique) {
        const before = existing.get(sourceId)
        if (!before) {
          inserts.push(itemValues({ ...values, created_at: stamp }))
          continue
        }
        if (before.source_hash === values.source_hash && before.is_old === 0) {
          confirmed.push(before.id)
          continue
        }
        const changes = feedChanges(before, values, stamp)
        const merged = { ...before, ...changes, id: before.id } as ItemRow
        const moved =
          merged.lat !== before.lat ||
          merged.lon !== before.lon ||
          merged.area_miles !== before.area_miles ||
          merged.geometry !== before.geometry
        const after: ItemRow = { ...merged, ...(moved ? boxOf(merged) : {}) }
        after.view = publicView(after)
        const { id, ...set } = after
        await trx.updateTable('items').set(set).where('id', '=', id).execute()
        if (moved) {
          await trx.deleteFrom('item_cells').where('item_id', '=', id).execute()
          await insertCells(trx, [after])
        }
        summary.changed++
      }
      await insertRows(trx, inserts)
      summary.added = inserts.length
      summary.unchanged = confirmed.length
      if (confirmed.length) await trx.updateTable('items').set({ fetched_at: stamp }).where('id', 'in', confirmed).execute()
      await trx
        .insertInto('osm_import_items')
        .values(ids.map((source_id) => ({ source_id, extract, run })))
        .onConflict((conflict) => conflict.column('source_id').doUpdateSet({ extract, run }))
        .execute()
    })
  return summary
}

/**
 * Removes the extract's businesses that this run did not see (a batch per transaction) and returns how many items
 * went. Only called after the whole file was read.
 */
export async function removeVanished(db: Db, feedId: string, extract: string, run: string, batch = 500): Promise<number> {
  let removed = 0
  for (;;) {
    const gone = await tables(db)
      .selectFrom('osm_import_items')
      .select('source_id')
      .where('extract', '=', extract)
      .where('run', '<>', run)
      .limit(batch)
      .execute()
    if (!gone.length) return removed
    const ids = gone.map((row) => row.source_id)
    await tables(db)
      .transaction()
      .execute(async (trx) => {
        const result = await trx
          .deleteFrom('items')
          .where('feed_id', '=', feedId)
          .where('source_id', 'in', ids)
          .executeTakeFirst()
        removed += Number(result.numDeletedRows)
        await trx.deleteFrom('osm_import_items').where('source_id', 'in', ids).where('extract', '=', extract).execute()
      })
  }
}
