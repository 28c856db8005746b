// The osm_cells and osm_requests tables (migration 006): fetched cells and the shared daily request count.
import { sql } from 'kysely'
import type { Db } from '../index.ts'

export type OsmCellsTable = {
  cell: string
  lat: number
  lon: number
  state: string
  time_zone: string
  requested_at: string
  fetched_at: string | null
  item_count: number
  last_error: string | null
  last_error_at: string | null
}
export type OsmRequestsTable = { day: string; requests: number }
export type OsmCellRow = OsmCellsTable

/** The items database plus this feature's two tables (typed here, so the shared schema stays as it is). */
const tables = (db: Db) => db.withTables<{ osm_cells: OsmCellsTable; osm_requests: OsmRequestsTable }>()

export async function cellRow(db: Db, cell: string): Promise<OsmCellRow | null> {
  return (await tables(db).selectFrom('osm_cells').selectAll().where('cell', '=', cell).executeTakeFirst()) ?? null
}

export async function addCell(db: Db, row: Pick<OsmCellRow, 'cell' | 'lat' | 'lon' | 'state' | 'time_zone' | 'requested_at'>) {
  await tables(db)
    .insertInto('osm_cells')
    .values({ ...row, item_count: 0 })
    .onConflict((conflict) => conflict.column('cell').doNothing())
    .execute()
}

export async function cellFetched(db: Db, cell: string, fetchedAt: string, itemCount: number): Promise<void> {
  await tables(db)
    .updateTable('osm_cells')
    .set({ fetched_at: fetchedAt, item_count: itemCount, last_error: null, last_error_at: null })
    .where('cell', '=', cell)
    .execute()
}

export async function cellFailed(db: Db, cell: string, error: string, at: string): Promise<void> {
  await tables(db)
    .updateTable('osm_cells')
    .set({ last_error: error.slice(0, 300), last_error_at: at })
    .where('cell', '=', cell)
    .execute()
}

/** Cells whose data is older than `before` (or never fetched), oldest first: the weekly refresh's work list. */
export async function dueCells(db: Db, before: string, limit: number): Promise<OsmCellRow[]> {
  return tables(db)
    .selectFrom('osm_cells')
    .selectAll()
    .where((eb) => eb.or([eb('fetched_at', 'is', null), eb('fetched_at', '<', before)]))
    .orderBy('fetched_at')
    .limit(limit)
    .execute()
}

/**
 * Counts one request against today's budget (UTC day) and says whether it may be sent: the increment comes first,
 * in one statement, so two instances racing for the last request cannot both win it.
 */
export async function takeRequest(db: Db, day: string, budget: number): Promise<boolean> {
  const row = await tables(db)
    .insertInto('osm_requests')
    .values({ day, requests: 1 })
    .onConflict((conflict) => conflict.column('day').doUpdateSet({ requests: sql<number>`osm_requests.requests + 1` }))
    .returning('requests')
    .executeTakeFirstOrThrow()
  return Number(row.requests) <= budget
}

export async function requestsOn(db: Db, day: string): Promise<number> {
  const row = await tables(db).selectFrom('osm_requests').select('requests').where('day', '=', day).executeTakeFirst()
  return Number(row?.requests ?? 0)
}

/** The health panel's figures: last success and last error over all cells. */
export async function cellSummary(db: Db) {
  const t = tables(db)
  const [success, failure, cells] = await Promise.all([
    t
      .selectFrom('osm_cells')
      .select('fetched_at')
      .where('fetched_at', 'is not', null)
      .orderBy('fetched_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    t
      .selectFrom('osm_cells')
      .select(['last_error', 'last_error_at'])
      .where('last_error_at', 'is not', null)
      .orderBy('last_error_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    t
      .selectFrom('osm_cells')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
  ])
  return {
    lastSuccessAt: success?.fetched_at ?? null,
    lastError: failure?.last_error ?? null,
    lastErrorAt: failure?.last_error_at ?? null,
    cells: Number(cells?.count ?? 0),
  }
}
