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
  /** When the edit key stops opening the item (ISO); null with no key (migration 008). */
  edit_key_expires_at: string | null
  is_demo: Generated<number>
  next_fetch_at: string | null
  fetch_error: string | null
  /** The public Alert item as JSON without its distance, rewritten on every write (the reaction's read model). */
  view: Generated<string>
  created_at: string
  updated_at: string
  /** Provenance of feed items (server/feeds); null on staff-made items. (feed_id, source_id) is unique. */
  feed_id: string | null
  source_id: string | null
  /** Hash of what the feed said last, so an unchanged item is not rewritten on every run. */
  source_hash: string | null
  fetched_at: string | null
  starts_at: string | null
  /** Past this time the item leaves the reaction answer; the feed engine deletes it later. */
  expires_at: string | null
  /** GeoJSON geometry text (server/feeds/types.ts FeedGeometry) or null for the circle. */
  geometry: string | null
  /** JSON { name, url }: who published the item. */
  attribution: string | null
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
  /** Raised by a password change or reset, a sign-out everywhere and a role change: older access tokens fail. */
  token_version: Generated<number>
}

export type RefreshTokensTable = {
  id: Generated<number>
  user_id: number
  token_hash: string
  expires_at: string
  revoked_at: string | null
  created_at: string
  /** Set when the token was rotated: its successor's hash, handed out again within the grace window. */
  successor_hash: Generated<string | null>
  /** The session the token keeps going (migration 010). */
  session_id: string | null
  /** Why it was revoked: server/db/queries/sessions.ts RevokeReason. */
  revoked_reason: string | null
}

/** One sign-in: its access tokens carry the id (`sid`) and end with the row (migration 010). */
export type SessionsTable = {
  id: string
  user_id: number
  created_at: string
  ended_at: string | null
  /** Why it ended: server/db/queries/sessions.ts RevokeReason. */
  end_reason: string | null
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

/** Run state of each configured feed (the configuration itself is server/feeds/feeds.json). */
export type FeedsTable = {
  id: string
  last_run_at: string | null
  last_success_at: string | null
  last_error: string | null
  last_error_at: string | null
  etag: string | null
  last_modified: string | null
  item_count: Generated<number>
  next_run_at: string
  failures: Generated<number>
  /** Items the last run held back: alerts whose zone shapes are not known yet (migration 011). */
  withheld: Generated<number>
  /** Records the last decoded run skipped as bad (migration 011). */
  skipped: Generated<number>
  /** A running instance holds the feed until then (several API instances never fetch it twice). */
  claimed_until: string | null
  claimed_by: string | null
  /** Where an incremental feed continues (IPAWS: the sent time of the last alert processed); migration 013. */
  cursor: string | null
  /** Why the last run left items out, as JSON counts per reason (ended, test, cancel, replaced, duplicate, zones); migration 022. */
  left_out: string | null
}

/** Rows of feed registries, each run as a feed (server/feeds/registry.ts, migration 012). */
export type FeedRegistryTable = {
  id: string
  registry_id: string
  position: number
  /** RegistryRow JSON (server/feeds/adapters/wzdx-registry.ts). */
  row: string
  seen_at: string
  removed_at: string | null
}

/** The static GTFS a GTFS-realtime feed places its alerts with (server/feeds/transit/static-cache.ts, migration 014). */
export type TransitStaticTable = {
  feed_id: string
  url: string
  /** TransitIndex JSON (server/feeds/transit/transit-index.ts), null until a zip was read. */
  data: string | null
  fetched_at: string | null
  etag: string | null
  last_modified: string | null
  checked_at: string
  last_error: string | null
}

/** NWS zone geometries by zone URL, cached for days. */
export type FeedZonesTable = {
  url: string
  geometry: string | null
  error: string | null
  fetched_at: string
  /** The zone's own effectiveDate, and its answer's validators, from its last fetch (migration 025). */
  version: string | null
  etag: string | null
  last_modified: string | null
}

export type Database = {
  items: ItemsTable
  item_cells: ItemCellsTable
  users: UsersTable
  refresh_tokens: RefreshTokensTable
  sessions: SessionsTable
  password_resets: PasswordResetsTable
  rate_limits: RateLimitsTable
  meta: MetaTable
  feeds: FeedsTable
  feed_zones: FeedZonesTable
  feed_registry: FeedRegistryTable
  transit_static: TransitStaticTable
}

/** Columns only the feed engine writes (staff input never sets them). */
export type FeedColumn =
  'feed_id' | 'source_id' | 'source_hash' | 'fetched_at' | 'starts_at' | 'expires_at' | 'geometry' | 'attribution'

export type ItemRow = Selectable<ItemsTable>
export type NewItemRow = Insertable<ItemsTable>
export type ItemUpdate = Updateable<ItemsTable>
export type UserRow = Selectable<UsersTable>
export type FeedRow = Selectable<FeedsTable>
