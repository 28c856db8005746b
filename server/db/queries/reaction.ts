// The reaction's item rows: what an answer needs of an active item, by grid cell or by page.
import { sql } from 'kysely'
import type { Db } from '../index.ts'

export type ReactionRow = {
  id: number
  updated_at: string
  lat: number
  lon: number
  area_miles: number
  min_lat: number
  max_lat: number
  min_lon: number
  max_lon: number
  data_aspect: string
  priority: string
  sort_order: number
  layer: number
  expires_at: string | null
  view: string
  page_name: string | null
  shaped: number | boolean
}

const ROW_COLUMNS = [
  'items.id',
  'items.updated_at',
  'items.lat',
  'items.lon',
  'items.area_miles',
  'items.min_lat',
  'items.max_lat',
  'items.min_lon',
  'items.max_lon',
  'items.data_aspect',
  'items.priority',
  'items.sort_order',
  'items.layer',
  'items.expires_at',
  'items.view',
  'items.page_name',
  sql<number>`case when items.geometry is null then 0 else 1 end`.as('shaped'),
] as const

/** Active items filed under a grid cell (every layer and end time: the answer picks). */
export const cellRows = (db: Db, cell: number): Promise<ReactionRow[]> =>
  db
    .selectFrom('item_cells')
    .innerJoin('items', 'items.id', 'item_cells.item_id')
    .select(ROW_COLUMNS)
    .where('item_cells.cell', '=', cell)
    .where('items.is_active', '=', 1)
    .execute()

/** Active items of a page (route), wherever they are. */
export const pageRows = (db: Db, page: string): Promise<ReactionRow[]> =>
  db.selectFrom('items').select(ROW_COLUMNS).where('items.page_name', '=', page).where('items.is_active', '=', 1).execute()
