// Fetches a cell's businesses from Overpass, one request at a time per instance, within a daily budget spread over
// the day, politely. A visitor's address may add only a few new cells an hour; the queue is capped and serves the
// cells near listed places first (rank.ts), so an anonymous flood can neither spend the day nor bury a real visitor.
import { fetch as undiciFetch } from 'undici'
import { nearestCity } from '../../../src/lib/cities.ts'
import type { Db } from '../../db/index.ts'
import { feedItemsWithin } from '../../db/queries/feed-items.ts'
import { deleteItem } from '../../db/queries/items.ts'
import { cityIndex } from '../../lib/cities.ts'
import { hit } from '../../db/queries/rate-limits.ts'
import { safeFetch, type SafeFetchOptions } from '../../lib/safe-fetch.ts'
import { storeFeedItems } from '../store.ts'
import { addCell, cellFailed, cellFetched, cellRow, dueCells, takeRequest } from '../../db/queries/osm-cells.ts'
import { decodeOverpass } from './decode.ts'
import { paceOf, takeTurn } from './pace.ts'
import { cellOf, overpassQuery, type Cell } from './query.ts'
import { MAX_SOURCES, compareRank, nearness, type Ranked } from './rank.ts'

export const OSM_FEED_ID = 'osm'
/** The Overpass operators ask for at least 30 s after a 429. */
export const MIN_429_WAIT_MS = 30_000
const MAX_429_TRIES = 3
/** A cell whose fetch failed is not asked again for an hour (unless its data is simply old). */
const RETRY_FAILED_MS = 3_600_000
/** How long the "is this cell fresh?" answer is remembered, so a reaction rarely reads the table. */
const MEMO_MS = 60_000
/** New cells (never fetched, not waiting) one address (an IPv6 /64) may have queued per hour. */
export const NEW_CELLS_PER_SOURCE = 30
/** Cells waiting at most; when full, a better-ranked cell takes the worst one's place. */
export const MAX_QUEUE = 100
const HOUR_MS = 3_600_000
/** Addresses remembered as past their limit at most (the map starts over beyond). */
const MAX_FULL_SOURCES = 10_000
/** After the database failed to give a turn, the wait before asking again. */
const TURN_RETRY_MS = 60_000

export type FetcherOptions = {
  url: string
  userAgent: string
  dailyBudget: number
  refreshMs: number
  allowPrivate: boolean
  timeoutMs: number
  now: () => Date
  sleep: (ms: number) => Promise<void>
  fetchImpl?: SafeFetchOptions['fetchImpl']
  onStored?: (cell: string, count: number) => void
  /** NEW_CELLS_PER_SOURCE unless given. */
  newCellsPerSource?: number
  /** MAX_QUEUE unless given. */
  maxQueue?: number
  /** The wait after a 429: MIN_429_WAIT_MS unless given (start.ts gives less only to a fake Overpass on loopback). */
  min429WaitMs?: number
}

/** A cell waiting for its turn; `empty` while nothing is stored for it yet (the visitor sees "loading"). */
type Job = Omit<Ranked, 'sources'> & {
  sources: Set<string>
  cell: Cell
  lat: number
  lon: number
  state: string
  timeZone: string
  requestedAt: string
  empty: boolean
}
type Place = Pick<Job, 'lat' | 'lon' | 'state' | 'timeZone' | 'requestedAt' | 'empty'>

/** Retry-After in ms (seconds or an HTTP date), or 0. */
export function retryAfterMs(value: string | null, now: Date): number {
  if (!value) return 0
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(value)
  return Number.isFinite(at) ? Math.max(0, at - now.getTime()) : 0
}

export type BusinessFetcher = ReturnType<typeof createBusinessFetcher>

export function createBusinessFetcher(db: Db, given: FetcherOptions) {
  const options = {
    ...given,
    newCellsPerSource: given.newCellsPerSource ?? NEW_CELLS_PER_SOURCE,
    maxQueue: given.maxQueue ?? MAX_QUEUE,
    min429WaitMs: given.min429WaitMs ?? MIN_429_WAIT_MS,
  }
  const pace = paceOf(options.dailyBudget)
  const queue: Job[] = []
  /** Every cell waiting or being fetched, by key. */
  const queued = new Map<string, Job>()
  let order = 0
  /** Addresses past their new cells this hour, until the hour's end (this instance's knowledge; the count is shared). */
  const full = new Map<string, number>()
  const memo = new Map<string, { fresh: boolean; until: number }>()
  let running: Promise<void> | null = null
  let stopped = false
  let lastError: { error: string; at: string } | null = null

  const day = (): string => options.now().toISOString().slice(0, 10)

  /** Waits for the budget's next turn (pace.ts); false when stopped meanwhile. */
  async function turn(): Promise<boolean> {
    while (!stopped) {
      const wait = await takeTurn(db, pace, options.now().getTime())
      if (!wait) return true
      await options.sleep(wait)
    }
    return false
  }

  /**
   * One Overpass request, waiting out 429s (at least 30 s, longer if Retry-After says so). The first attempt's turn
   * was taken before the job was chosen; each retry takes its own.
   */
  async function ask(query: string): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1 && !(await turn())) return { ok: false, error: 'Stopped' }
      if (!(await takeRequest(db, day(), options.dailyBudget)))
        return { ok: false, error: `Daily budget of ${options.dailyBudget} requests reached` }
      let retryAfter: string | null = null
      const base = options.fetchImpl ?? undiciFetch
      // Reads Retry-After as the response passes; safeFetch keeps its own checks (public addresses, size, time).
      const fetchImpl: typeof undiciFetch = async (input, init) => {
        const response = await base(input, init)
        retryAfter = response.headers.get('retry-after')
        return response
      }
      const result = await safeFetch(`${options.url}?data=${encodeURIComponent(query)}`, {
        allowPrivate: options.allowPrivate,
        userAgent: options.userAgent,
        accept: 'application/json',
        timeoutMs: options.timeoutMs,
        maxBytes: 20_000_000,
        fetchImpl,
      })
      if (result.ok) return { ok: true, text: result.text }
      if (result.status !== 429 || attempt >= MAX_429_TRIES || stopped) return { ok: false, error: result.error }
      await options.sleep(Math.max(options.min429WaitMs, retryAfterMs(retryAfter, options.now())))
    }
  }

  /** Stores the cell's businesses and removes the ones OSM no longer lists inside it. */
  async function fill(job: Job): Promise<void> {
    const now = options.now()
    // The cell's row is written when its turn comes, so cells dropped from the queue leave nothing behind.
    await addCell(db, {
      cell: job.cell.key,
      lat: job.lat,
      lon: job.lon,
      state: job.state,
      time_zone: job.timeZone,
      requested_at: job.requestedAt,
    })
    const answer = await ask(overpassQuery(job.cell))
    try {
      if (!answer.ok) throw new Error(answer.error)
      const place = { lat: job.lat, lon: job.lon, state: job.state, timeZone: job.timeZone }
      const { items } = decodeOverpass(answer.text, place, now)
      await storeFeedItems(db, OSM_FEED_ID, items, now, { removeMissing: false })
      const kept = new Set(items.map((item) => item.sourceId))
      const inside = await feedItemsWithin(db, OSM_FEED_ID, job.cell)
      for (const row of inside) if (!kept.has(row.source_id ?? '')) await deleteItem(db, row.id)
      await cellFetched(db, job.cell.key, now.toISOString(), items.length)
      memo.delete(job.cell.key)
      options.onStored?.(job.cell.key, items.length)
    } catch (error) {
      const message = error instanceof Error ? error.message : 'unknown error'
      lastError = { error: message, at: now.toISOString() }
      await cellFailed(db, job.cell.key, message, now.toISOString())
      memo.delete(job.cell.key)
    }
  }

  /** Takes the best-ranked waiting job out of the queue. */
  function takeBest(): Job | undefined {
    let best = 0
    for (let index = 1; index < queue.length; index++) if (compareRank(queue[index]!, queue[best]!) < 0) best = index
    return queue.splice(best, 1)[0]
  }

  async function drainQueue(): Promise<void> {
    while (queue.length && !stopped) {
      // The turn comes first, so the job chosen is the best one waiting when the budget allows a request.
      const taken = await turn().catch(async (error: unknown) => {
        console.error('businesses: pace', error)
        await options.sleep(TURN_RETRY_MS)
        return null
      })
      if (taken === null) continue
      if (!taken) break
      const job = takeBest()
      if (!job) break
      await fill(job).catch((error: unknown) => console.error('businesses: fetch failed', error))
      queued.delete(job.cell.key)
    }
  }

  function start(): void {
    if (running || stopped) return
    // A job queued just as the last round ended starts the next round.
    running = drainQueue().finally(() => {
      running = null
      if (queue.length) start()
    })
  }

  /** Queues a cell (true), or leaves it out when the queue is full of better-ranked cells (false). */
  function enqueue(cell: Cell, place: Place, source: string | null): boolean {
    if (stopped) return false
    const waiting = queued.get(cell.key)
    if (waiting) {
      if (source && waiting.sources.size < MAX_SOURCES) waiting.sources.add(source)
      return true
    }
    const job: Job = { cell, ...place, ...nearness(cell), sources: new Set(source ? [source] : []), order: order++ }
    if (queue.length >= options.maxQueue) {
      let worst = 0
      for (let index = 1; index < queue.length; index++) if (compareRank(queue[index]!, queue[worst]!) > 0) worst = index
      const dropped = queue[worst]
      if (!dropped || compareRank(job, dropped) >= 0) return false
      queue.splice(worst, 1)
      queued.delete(dropped.cell.key)
    }
    queued.set(cell.key, job)
    queue.push(job)
    start()
    return true
  }

  /** Counts a new cell for the caller's address (an IPv6 /64) in the shared rate limits; true within the limit. */
  async function newCellAllowed(source: string, now: Date): Promise<boolean> {
    return (await hit(db, `osm-cells:${source}`, HOUR_MS / 1000, now)) <= options.newCellsPerSource
  }

  return {
    /**
     * Called for each visitor's point (never awaited by a fetch) with the visitor's address as rate limits count it:
     * queues the cell when its businesses are missing or older than the refresh period. True while a cell with nothing
     * stored yet waits or is being fetched ("loading"). A cell never asked before counts against the address's new
     * cells this hour; past that, or when the queue is full of better cells, the cell is simply not queued.
     */
    async request(lat: number, lon: number, source: string | null = null): Promise<boolean> {
      const cell = cellOf(lat, lon)
      const now = options.now()
      const waiting = queued.get(cell.key)
      if (waiting) {
        enqueue(cell, waiting, source)
        return waiting.empty
      }
      const remembered = memo.get(cell.key)
      if (remembered && remembered.until > now.getTime()) return false
      const row = await cellRow(db, cell.key)
      const fresh = !!row?.fetched_at && now.getTime() - Date.parse(row.fetched_at) < options.refreshMs
      const failedLately = !!row?.last_error_at && now.getTime() - Date.parse(row.last_error_at) < RETRY_FAILED_MS
      if (fresh || failedLately) {
        memo.set(cell.key, { fresh, until: now.getTime() + MEMO_MS })
        return false
      }
      let place: Omit<Place, 'empty'>
      if (row) {
        place = { lat: row.lat, lon: row.lon, state: row.state, timeZone: row.time_zone, requestedAt: row.requested_at }
      } else {
        // An address known to be past its new cells is turned away before the nearest-place search (the costly part).
        if (source && (full.get(source) ?? 0) > now.getTime()) return false
        const city = nearestCity(cityIndex().cities, lat, lon)
        if (!city) return false
        if (source && !(await newCellAllowed(source, now))) {
          if (full.size >= MAX_FULL_SOURCES) full.clear()
          full.set(source, (Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS)
          return false
        }
        place = { lat, lon, state: city.state, timeZone: city.timezone, requestedAt: now.toISOString() }
      }
      return enqueue(cell, { ...place, empty: !row?.fetched_at }, source) && !row?.fetched_at
    },
    /** Queues every cell whose data is older than the refresh period (the weekly refresh; run hourly). */
    async refreshDue(limit = 50): Promise<number> {
      const before = new Date(options.now().getTime() - options.refreshMs).toISOString()
      const rows = await dueCells(db, before, limit)
      for (const row of rows) {
        const failedLately = !!row.last_error_at && options.now().getTime() - Date.parse(row.last_error_at) < RETRY_FAILED_MS
        if (!failedLately)
          enqueue(
            cellOf(row.lat, row.lon),
            {
              lat: row.lat,
              lon: row.lon,
              state: row.state,
              timeZone: row.time_zone,
              requestedAt: row.requested_at,
              empty: !row.fetched_at,
            },
            null,
          )
      }
      return rows.length
    },
    /** Resolves when the queue is empty (tests, shutdown). */
    async idle(): Promise<void> {
      while (running) await running
    },
    stop(): void {
      stopped = true
      queue.length = 0
    },
    /** Cells waiting for their turn (not counting the one being fetched). */
    get queueLength() {
      return queue.length
    },
    get lastError() {
      return lastError
    },
    get options() {
      return options
    },
  }
}
