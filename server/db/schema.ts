// Table types for Kysely (Generated marks a column with a database default). Times are ISO-8601 UTC text and flags are 0/1, the same on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

export type ItemsTable = {
  id: Generated<number>
  data_aspect: string
  data_property: Generated<string>
  data_category: string | null
  category: string | null
  priority: Generated<string>
  state_type: string | null
  state: string | null
  title: string
  class: string | null
  /** JSON array of strings. */
  lines: Generated<string>
  /** JSON array of strings. */
  classes: Generated<string>
  location: string | null
  status: string | null
  /** JSON template (src/lib/template.ts) or null. */
  data_template: string | null
  special_data: string | null
  lock_result_until: string | null
  image: string | null
  link: string | null
  icon: string | null
  data_link: string | null
  data_link_type: string | null
  value_changed: string | null
  retrieved: string | null
  is_old: Generated<number>
  is_active: Generated<number>
  sort_order: Generated<number>
  area_miles: Generated<number>
  lat: number
  lon: number
  min_lat: number
  max_lat: number
  min_lon: number
  max_lon: number
  page_name: string | null
  city_name: string | null
  /** 0 for everyone; n shows only to visitors with test layer n. */
  layer: Generated<number>
  /** SHA-256 of the item's secret edit key, or null. */
  edit_key_hash: string | null
  is_demo: Generated<number>
  next_fetch_at: string | null
  fetch_error: string | null
  /** The public Alert item as JSON without its distance, rewritten on every write (the reaction's read model). */
  view: Generated<string>
  created_at: string
  updated_at: string
}

/** Grid cells (half a degree) an item's area touches: the index behind the reaction query. */
export type ItemCellsTable = { cell: number; item_id: number; min_lat: number; max_lat: number; min_lon: number; max_lon: number }

export type UsersTable = {
  id: Generated<number>
  email: string
  name: string
  provider: string
  role: number
  password_hash: string | null
  item_id: number | null
  page_name: string | null
  city_name: string | null
  created_at: string
  last_login_at: string | null
}

export type RefreshTokensTable = {
  id: Generated<number>
  user_id: number
  token_hash: string
  expires_at: string
  revoked_at: string | null
  created_at: string
}

export type PasswordResetsTable = {
  token_hash: string
  user_id: number
  expires_at: string
  used_at: string | null
  created_at: string
}

export type RateLimitsTable = { bucket: string; window_start: string; hits: number }

export type MetaTable = { key: string; value: string }

export type Database = {
  items: ItemsTable
  item_cells: ItemCellsTable
  users: UsersTable
  refresh_tokens: RefreshTokensTable
  password_resets: PasswordResetsTable
  rate_limits: RateLimitsTable
  meta: MetaTable
}

export type ItemRow = Selectable<ItemsTable>
export type NewItemRow = Insertable<ItemsTable>
export type ItemUpdate = Updateable<ItemsTable>
export type UserRow = Selectable<UsersTable>
