// Fetches a cell's businesses from Overpass, one request at a time per instance, within a daily budget, politely.
import { fetch as undiciFetch } from 'undici'
import { nearestCity } from '../../../src/lib/cities.ts'
import type { Db } from '../../db/index.ts'
import { deleteItem } from '../../db/queries/items.ts'
import { cityIndex } from '../../lib/cities.ts'
import { safeFetch, type SafeFetchOptions } from '../../lib/safe-fetch.ts'
import { storeFeedItems } from '../store.ts'
import { addCell, cellFailed, cellFetched, cellRow, dueCells, takeRequest } from './cells.ts'
import { decodeOverpass } from './decode.ts'
import { cellOf, overpassQuery, type Cell } from './query.ts'

export const OSM_FEED_ID = 'osm'
/** The Overpass operators ask for at least 30 s after a 429. */
export const MIN_429_WAIT_MS = 30_000
const MAX_429_TRIES = 3
/** A cell whose fetch failed is not asked again for an hour (unless its data is simply old). */
const RETRY_FAILED_MS = 3_600_000
/** How long the "is this cell fresh?" answer is remembered, so a reaction rarely reads the table. */
const MEMO_MS = 60_000

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
}

type Job = { cell: Cell; lat: number; lon: number; state: string; timeZone: string }

/** Retry-After in ms (seconds or an HTTP date), or 0. */
export function retryAfterMs(value: string | null, now: Date): number {
  if (!value) return 0
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(value)
  return Number.isFinite(at) ? Math.max(0, at - now.getTime()) : 0
}

export type BusinessFetcher = ReturnType<typeof createBusinessFetcher>

export function createBusinessFetcher(db: Db, options: FetcherOptions) {
  const queue: Job[] = []
  const queued = new Set<string>()
  const memo = new Map<string, { fresh: boolean; until: number }>()
  let running: Promise<void> | null = null
  let stopped = false
  let lastError: { error: string; at: string } | null = null

  const day = (): string => options.now().toISOString().slice(0, 10)

  /** One Overpass request, waiting out 429s (at least 30 s, longer if Retry-After says so). */
  async function ask(query: string): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
    for (let attempt = 1; ; attempt++) {
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
      await options.sleep(Math.max(MIN_429_WAIT_MS, retryAfterMs(retryAfter, options.now())))
    }
  }

  /** Stores the cell's businesses and removes the ones OSM no longer lists inside it. */
  async function fill(job: Job): Promise<void> {
    const now = options.now()
    const answer = await ask(overpassQuery(job.cell))
    try {
      if (!answer.ok) throw new Error(answer.error)
      const place = { lat: job.lat, lon: job.lon, state: job.state, timeZone: job.timeZone }
      const { items } = decodeOverpass(answer.text, place, now)
      await storeFeedItems(db, OSM_FEED_ID, items, now, { removeMissing: false })
      const kept = new Set(items.map((item) => item.sourceId))
      const { south, west, north, east } = job.cell
      const inside = await db
        .selectFrom('items')
        .select(['id', 'source_id'])
        .where('feed_id', '=', OSM_FEED_ID)
        .where('lat', '>=', south)
        .where('lat', '<', north)
        .where('lon', '>=', west)
        .where('lon', '<', east)
        .execute()
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

  async function drainQueue(): Promise<void> {
    for (let job = queue.shift(); job && !stopped; job = queue.shift()) {
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

  function enqueue(job: Job): void {
    if (queued.has(job.cell.key) || stopped) return
    queued.add(job.cell.key)
    queue.push(job)
    start()
  }

  return {
    /**
     * Called for each visitor's point (never awaited by a fetch): queues the cell when its businesses are missing or
     * older than the refresh period. True while a cell with nothing stored yet is being fetched ("loading").
     */
    async request(lat: number, lon: number): Promise<boolean> {
      const cell = cellOf(lat, lon)
      const now = options.now()
      const remembered = memo.get(cell.key)
      if (remembered && remembered.until > now.getTime() && !queued.has(cell.key)) return false
      let row = await cellRow(db, cell.key)
      const fresh = !!row?.fetched_at && now.getTime() - Date.parse(row.fetched_at) < options.refreshMs
      const failedLately = !!row?.last_error_at && now.getTime() - Date.parse(row.last_error_at) < RETRY_FAILED_MS
      if (fresh || (failedLately && !queued.has(cell.key))) {
        memo.set(cell.key, { fresh, until: now.getTime() + MEMO_MS })
        return false
      }
      if (!row) {
        const city = nearestCity(cityIndex().cities, lat, lon)
        if (!city) return false
        await addCell(db, {
          cell: cell.key,
          lat,
          lon,
          state: city.state,
          time_zone: city.timezone,
          requested_at: now.toISOString(),
        })
        row = await cellRow(db, cell.key)
        if (!row) return false
      }
      enqueue({ cell, lat: row.lat, lon: row.lon, state: row.state, timeZone: row.time_zone })
      return !row.fetched_at
    },
    /** Queues every cell whose data is older than the refresh period (the weekly refresh; run hourly). */
    async refreshDue(limit = 50): Promise<number> {
      const before = new Date(options.now().getTime() - options.refreshMs).toISOString()
      const rows = await dueCells(db, before, limit)
      for (const row of rows) {
        const failedLately = !!row.last_error_at && options.now().getTime() - Date.parse(row.last_error_at) < RETRY_FAILED_MS
        if (!failedLately)
          enqueue({ cell: cellOf(row.lat, row.lon), lat: row.lat, lon: row.lon, state: row.state, timeZone: row.time_zone })
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
    get lastError() {
      return lastError
    },
    get options() {
      return options
    },
  }
}
