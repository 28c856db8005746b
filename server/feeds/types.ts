// What a feed adapter returns and what the engine (server/feeds/engine.ts) stores: the contract between them.
import type { Aspect, Priority } from '../../src/lib/items.ts'

/** GeoJSON geometries an item may carry besides its circle (coordinates are [lon, lat]). */
export type Position = [number, number]
export type FeedGeometry =
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: Position[] }

/** Who published an item: shown beside it, as the source's licence or terms ask. */
export type Attribution = { name: string; url: string | null }

/**
 * One item decoded from a feed. The engine turns it into an ordinary items row, keyed by
 * (feed id, sourceId), so a re-run updates instead of duplicating.
 */
export type FeedItem = {
  /** The source's own id for the thing (alert id, road event id, camera id, OSM type/id). */
  sourceId: string
  aspect: Aspect
  title: string
  priority: Priority
  /** Statuses: SPEC alert category word ('weather', 'traffic', ...); roads/cameras/local: free category. */
  category: string | null
  dataCategory: string | null
  state: string | null
  stateType: string | null
  lines: string[]
  link: string | null
  image: string | null
  /** JSON text: road groups for roads, the business record for local (SPEC section 3). */
  specialData: string | null
  /** A representative point (centroid, first point of a line, the camera, the shop). */
  lat: number
  lon: number
  /** Reach in miles: the circle radius, or for a geometry how far from it a point still counts. */
  areaMiles: number
  /** The item's own shape, when it has one; null means the circle around lat/lon. */
  geometry: FeedGeometry | null
  /** NWS zone URLs to resolve into a geometry when the alert carries none (engine fetches and caches them). */
  zones?: string[]
  /** Other ids the same thing goes by (a CAP alert's references): another feed that lists one of them shows it instead. */
  aliases?: string[]
  /** ISO-8601 UTC; null when unknown. An item past endsAt leaves the answer. */
  startsAt: string | null
  endsAt: string | null
  attribution: Attribution
}

/** What an adapter made of one response: the items, and a count and sample of the records it had to skip. */
export type DecodeResult = {
  items: FeedItem[]
  skipped: number
  errors: string[]
  /** The body lists only what changed since `cursor` (IPAWS): items it does not list stay. */
  incremental?: boolean
  /** Source ids this body ends (a CAP Update or Cancel's references): removed with their `#n` siblings. */
  ends?: string[]
  /** Records left out on purpose, by reason (ended, test, cancel, replaced, duplicate): shown in /api/feeds. */
  leftOut?: Record<string, number>
  /** Where the next run continues (kept in the feed's row, put in the URL's `{since}`). */
  cursor?: string | null
  /** A registry's rows (adapter wzdx-registry): feeds to run, handed to server/feeds/registry.ts instead of items. */
  feeds?: import('./adapters/wzdx-registry.ts').RegistryRow[]
}

/** A shape's bounding box: [min lon, min lat, max lon, max lat]. */
export type Bounds = [number, number, number, number]

/**
 * A decoded item made ready to store (server/feeds/prepare.ts, in the decode worker): its geometry capped
 * and serialised as `geometryText`, its box as `bounds` (so the thread that answers requests never parses
 * the shape again to file it in the grid), and `hash`, the content hash the store compares.
 */
export type PreparedItem = Omit<FeedItem, 'geometry'> & { geometryText: string | null; bounds: Bounds | null; hash: string }

/** What the decode worker sends back: the adapter's result with its items prepared (bad shapes count as skipped). */
export type PreparedResult = Omit<DecodeResult, 'items'> & { items: PreparedItem[] }

/** Everything an adapter may read besides the body: pure data, so decoding can run in a worker thread. */
export type DecodeContext = {
  /** The feed's id from the configuration. */
  feedId: string
  now: Date
  /** Adapter options from the feed configuration (mapping, publisher name, district, ...). */
  options: Record<string, unknown>
}

/**
 * A format adapter: a pure function of the response text. It never throws on bad data (a bad
 * record is skipped and counted); it throws only when the whole body is not its format, which
 * the engine records as the feed's error while keeping the last good items.
 */
export type Decode = (body: string, context: DecodeContext) => DecodeResult
