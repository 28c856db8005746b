// The reaction's items, kept in memory per grid cell and per page. Before every answer the item change log
// (migration 007) is read from where this instance last looked, and the lists the changed items were or are in are
// dropped: an answer never comes from an older state of the database, yet a busy point costs no item reads.
import type { Db } from '../db/index.ts'
import { ASPECTS, priorityRank, type Aspect } from '../../src/lib/items.ts'
import { shapesOf } from '../feeds/shapes.ts'
import type { Shape } from '../feeds/geometry.ts'
import { cellsForBox } from '../db/queries/grid.ts'
import { changesSince, latestChange, placesOfItems, pruneChangesThrough } from '../db/queries/item-changes.ts'
import { cellRows, pageRows, type ReactionRow as Row } from '../db/queries/reaction.ts'

/** What an answer needs of an item, ready to measure, sort and write. */
export type Candidate = {
  id: number
  updatedAt: string
  lat: number
  lon: number
  /** area_miles: how far from the item (or its shape) a point still counts. */
  reach: number
  /** The box that holds everything within reach (the grid's box). */
  minLat: number
  maxLat: number
  minLon: number
  maxLon: number
  /** Index in ASPECTS (-1: a section the answer does not have). */
  aspect: number
  /** Priority rank, 0 for Critical. */
  rank: number
  order: number
  layer: number
  expiresAt: string | null
  /** The page (route) the item belongs to. */
  page: string | null
  /** The stored public view (JSON text). */
  view: string
  /** The view without its opening brace (the answer puts the distance first), and its length in UTF-8 bytes. */
  body: string
  bytes: number
  shaped: boolean
  /** The prepared geometry; null for a circle (or a geometry that could not be read). */
  shape: Shape | null
}

type State = {
  /** Lists by key: `c<cell>` for a grid cell, `p<page>` for a page. */
  lists: Map<string, Candidate[]>
  loading: Map<string, Promise<Candidate[]>>
  /** Every item of a kept list, by id (shared between lists; the latest read of each). */
  byId: Map<number, Candidate>
  /** The last change (item_changes.seq) this instance has acted on; null before the first look. */
  cursor: number | null
  /** Moves whenever lists are dropped: a list read before that is used once but never kept. */
  generation: number
  checking: Promise<void> | null
  queued: Promise<void> | null
}

/** Lists kept (cells and pages together); a full map starts over (a refill is one query per list). */
const MAX_LISTS = 4000
/** Items kept across lists; past it, everything starts over. */
const MAX_ITEMS = 250_000
/** More changed items than this in one look (a bulk load): every list is read again, rather than sorted out. */
const MAX_CHANGES = 5000
const ID_CHUNK = 1000

const states = new WeakMap<Db, State>()
const stateOf = (db: Db): State => {
  let state = states.get(db)
  if (!state)
    states.set(
      db,
      (state = {
        lists: new Map(),
        loading: new Map(),
        byId: new Map(),
        cursor: null,
        generation: 0,
        checking: null,
        queued: null,
      }),
    )
  return state
}

const cellKey = (cell: number): string => `c${cell}`
const pageKey = (page: string): string => `p${page}`

/** Drops every list an item (as kept) is in: the cells of its box and its page. */
function dropListsOf(state: State, item: Candidate): void {
  for (const cell of cellsForBox(item)) state.lists.delete(cellKey(cell))
  if (item.page !== null) state.lists.delete(pageKey(item.page))
}

function startOver(state: State): void {
  state.lists.clear()
  state.generation++
}

/** Reads the changes since the cursor and drops the lists the changed items were or now are in. */
async function check(db: Db, state: State): Promise<void> {
  if (state.cursor === null) {
    state.cursor = await latestChange(db)
    return
  }
  const { through, changes: changed } = await changesSince(db, state.cursor)
  if (through > state.cursor) {
    // Pruned past what this instance saw (it was idle a long time): it cannot tell what changed.
    state.cursor = Math.max(through, changed.at(-1)?.seq ?? 0)
    startOver(state)
    return
  }
  if (!changed.length) return
  state.cursor = changed.at(-1)!.seq
  const ids = [...new Set(changed.map((row) => row.itemId))]
  if (ids.length > MAX_CHANGES) return startOver(state)
  state.generation++
  for (const id of ids) {
    const kept = state.byId.get(id)
    if (kept) dropListsOf(state, kept)
    state.byId.delete(id)
  }
  for (let at = 0; at < ids.length; at += ID_CHUNK) {
    const now = await placesOfItems(db, ids.slice(at, at + ID_CHUNK))
    for (const { page_name, cell } of now) {
      if (cell !== null) state.lists.delete(cellKey(cell))
      if (page_name !== null) state.lists.delete(pageKey(page_name))
    }
  }
}

/**
 * Brings this instance's lists up to date with every item write committed before the call: the look
 * under way when it is called may have started before such a write, so callers arriving during one
 * share the next. Under load this is one small query per round trip, not one per answer.
 */
export function syncLists(db: Db): Promise<void> {
  const state = stateOf(db)
  const start = (): Promise<void> => {
    const looking: Promise<void> = check(db, state).finally(() => {
      if (state.checking === looking) state.checking = null
    })
    state.checking = looking
    return looking
  }
  if (!state.checking) return start()
  state.queued ??= state.checking
    .catch(() => undefined)
    .then(() => {
      state.queued = null
      return start()
    })
  return state.queued
}

/**
 * Keeps the last `keep` changes: a reader further behind starts over. Run by the feed engine's sweep.
 * @example await pruneItemChanges(db) // rows deleted
 */
export async function pruneItemChanges(db: Db, keep = 100_000): Promise<number> {
  const through = (await latestChange(db)) - keep
  if (through <= 0) return 0
  return pruneChangesThrough(db, through)
}

/** True when a kept candidate says what the row says (then it is shared, not built again). */
const same = (known: Candidate, row: Row): boolean =>
  known.view === row.view &&
  known.updatedAt === row.updated_at &&
  known.reach === row.area_miles &&
  known.minLat === row.min_lat &&
  known.maxLat === row.max_lat &&
  known.minLon === row.min_lon &&
  known.maxLon === row.max_lon &&
  known.order === row.sort_order &&
  known.layer === row.layer &&
  known.expiresAt === row.expires_at &&
  known.page === row.page_name &&
  known.aspect === ASPECTS.indexOf(row.data_aspect as Aspect) &&
  known.rank === priorityRank(row.priority) &&
  known.shaped === Boolean(row.shaped)

/**
 * Candidates for rows: an item already kept with the same content is shared between lists (views are
 * most of the memory), the others are built, their shapes from the shape cache (server/feeds/shapes.ts).
 */
async function toCandidates(db: Db, state: State, rows: Row[]): Promise<Candidate[]> {
  const found: (Candidate | undefined)[] = rows.map((row) => {
    const known = state.byId.get(row.id)
    return known && same(known, row) ? known : undefined
  })
  const fresh = rows.filter((_, index) => !found[index])
  if (!fresh.length) return found as Candidate[]
  const shapes = await shapesOf(db, fresh)
  if (state.byId.size + fresh.length > MAX_ITEMS) {
    state.byId.clear()
    startOver(state)
  }
  return rows.map((row, index) => {
    const kept = found[index]
    if (kept) return kept
    // Kept meanwhile by a list read at the same time: shared. A different version of it: the lists holding that
    // one go (a read racing a write settles on the newer, through the change log).
    const older = state.byId.get(row.id)
    if (older && same(older, row)) return older
    if (older) {
      dropListsOf(state, older)
      state.generation++
    }
    const candidate: Candidate = {
      id: row.id,
      updatedAt: row.updated_at,
      lat: row.lat,
      lon: row.lon,
      reach: row.area_miles,
      minLat: row.min_lat,
      maxLat: row.max_lat,
      minLon: row.min_lon,
      maxLon: row.max_lon,
      aspect: ASPECTS.indexOf(row.data_aspect as Aspect),
      rank: priorityRank(row.priority),
      order: row.sort_order,
      layer: row.layer,
      expiresAt: row.expires_at,
      page: row.page_name,
      view: row.view,
      body: row.view.slice(1),
      bytes: Buffer.byteLength(row.view) - 1,
      shaped: Boolean(row.shaped),
      shape: shapes.get(row.id) ?? null,
    }
    state.byId.set(row.id, candidate)
    return candidate
  })
}

async function list(db: Db, key: string, read: () => Promise<Row[]>): Promise<Candidate[]> {
  const state = stateOf(db)
  const kept = state.lists.get(key)
  if (kept) return kept
  const generation = state.generation
  const loadKey = `${key}@${generation}`
  let loading = state.loading.get(loadKey)
  if (!loading) {
    loading = (async () => {
      const items = await toCandidates(db, state, await read())
      // Lists dropped meanwhile may include this one, read before the change: answer with it, do not keep it.
      if (state.generation === generation) {
        if (state.lists.size >= MAX_LISTS) state.lists.clear()
        state.lists.set(key, items)
      }
      return items
    })().finally(() => state.loading.delete(loadKey))
    state.loading.set(loadKey, loading)
  }
  return loading
}

/** The active items filed under a grid cell; call syncLists first. */
export const cellCandidates = (db: Db, cell: number): Promise<Candidate[]> => list(db, cellKey(cell), () => cellRows(db, cell))

/** A page's own active items, wherever they are; call syncLists first. */
export const pageCandidates = (db: Db, page: string): Promise<Candidate[]> => list(db, pageKey(page), () => pageRows(db, page))
