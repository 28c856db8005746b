// The Overpass fetcher under abuse (issue 26): new cells per source, a capped queue that keeps city cells, the daily
// budget spread over the day, and a real visitor's city cell still fetched after an attack.
import { Response } from 'undici'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cellRow, requestsOn } from '../../server/db/queries/osm-cells.ts'
import { MIN_429_WAIT_MS, type FetcherOptions } from '../../server/feeds/overpass/fetcher.ts'
import { cellOf } from '../../server/feeds/overpass/query.ts'
import { WEEK_MS, fetcherOptions, startBusinesses } from '../../server/feeds/overpass/start.ts'
import { cityIndex } from '../../server/lib/cities.ts'
import { backends } from './backends.ts'
import { startHarness, type Harness } from './harness.ts'

const EMPTY = JSON.stringify({ version: 0.6, elements: [] })
const SACRAMENTO = { lat: 38.5816, lon: -121.4944 }

/** Cell keys holding a listed place. */
const placeCells = new Set(cityIndex().cities.map((city) => cellOf(city.lat, city.lon).key))
const nearPlace = (lat: number, lon: number): boolean => {
  const [row, column] = cellOf(lat, lon).key.split(':').map(Number) as [number, number]
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (placeCells.has(`${row + dy}:${column + dx}`)) return true
  return false
}

/** Distinct cell centres in a 40 × 40 block of North Dakota (every one within 50 km of a listed place). */
const block = Array.from({ length: 1600 }, (_, index) => ({
  lat: Math.round((46 + Math.floor(index / 40) * 0.05 + 0.025) * 1e4) / 1e4,
  lon: Math.round((-101 + (index % 40) * 0.05 + 0.025) * 1e4) / 1e4,
}))
/** The block's cells neither holding nor next to a place: "random coordinates in nowhere". */
const nowhere = block.filter((point) => !nearPlace(point.lat, point.lon))

/** A fake Overpass answering an empty list, held until released; records each request's cell box and clock time. */
function fakeOverpass(clock: { now: Date }) {
  const calls: { box: string; at: number }[] = []
  let gate: Promise<void> = Promise.resolve()
  let open = (): void => undefined
  const impl: NonNullable<FetcherOptions['fetchImpl']> = async (input) => {
    const url = decodeURIComponent(typeof input === 'string' ? input : 'href' in input ? input.href : input.url)
    calls.push({ box: /\(([-\d.]+,[-\d.]+,[-\d.]+,[-\d.]+)\)/.exec(url)?.[1] ?? '', at: clock.now.getTime() })
    await gate
    return new Response(EMPTY, { status: 200, headers: { 'content-type': 'application/json' } })
  }
  return {
    impl,
    calls,
    hold() {
      gate = new Promise((resolve) => (open = resolve))
    },
    release: () => open(),
  }
}

const boxOf = (lat: number, lon: number): string => {
  const cell = cellOf(lat, lon)
  return `${cell.south},${cell.west},${cell.north},${cell.east}`
}

describe.each(await backends())('Overpass limits on $name', (backend) => {
  let h: Harness
  let stop = (): void => undefined
  let running: { idle: () => Promise<void> } | null = null

  beforeEach(async () => {
    h = await startHarness(backend, { TRUST_PROXY: '1' })
    // 00:05 UTC: a burst now must not spend the day.
    h.clock.now = new Date('2026-11-27T00:05:00Z')
  })
  afterEach(async () => {
    await running?.idle()
    stop()
    await h.close()
  })

  function start(overpass: ReturnType<typeof fakeOverpass>, more: Partial<FetcherOptions> = {}) {
    const started = startBusinesses(h.store.db, {
      url: 'http://127.0.0.1:9/api/interpreter',
      userAgent: 'Porchlight/1.0 (porchlight.test, ops@porchlight.test)',
      dailyBudget: 1000,
      refreshMs: WEEK_MS,
      allowPrivate: true,
      timeoutMs: 5000,
      now: () => h.clock.now,
      // The fake clock: a wait moves time on instead of sleeping.
      sleep: (ms) => {
        h.clock.now = new Date(h.clock.now.getTime() + ms)
        return Promise.resolve()
      },
      fetchImpl: overpass.impl,
      ...more,
    })
    stop = started.stop
    running = started.fetcher
    return started.fetcher
  }

  const react = (point: { lat: number; lon: number }, ip: string) =>
    h.send('GET', `/api/reaction?lat=${point.lat}&lon=${point.lon}`, { headers: { 'x-forwarded-for': ip } })

  async function cellCount(): Promise<number> {
    const row = await h.store.db
      .withTables<{ osm_cells: { cell: string } }>()
      .selectFrom('osm_cells')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  it('1,500 distinct cells from one address: the answers stay normal, at most the per-source limit is asked', async () => {
    const overpass = fakeOverpass(h.clock)
    overpass.hold()
    const fetcher = start(overpass)
    const limit = fetcher.options.newCellsPerSource
    expect(limit).toBeGreaterThan(0)
    expect(limit).toBeLessThanOrEqual(60)
    for (const point of block.slice(0, 1500)) {
      const answer = await react(point, '198.51.100.7')
      expect(answer.status).toBe(200)
    }
    overpass.release()
    await fetcher.idle()
    expect(overpass.calls.length).toBeLessThanOrEqual(limit)
    expect(await cellCount()).toBeLessThanOrEqual(limit)
    // Another address is not held back by the first one's limit.
    const other = await react(SACRAMENTO, '192.0.2.44')
    expect(other.body.local.pending).toBe(true)
  }, 120_000)

  it('IPv6 addresses in one /64 count together; another /64 has its own limit', async () => {
    const overpass = fakeOverpass(h.clock)
    overpass.hold()
    const fetcher = start(overpass, { newCellsPerSource: 5 })
    for (const [index, point] of nowhere.slice(0, 12).entries()) await react(point, `2001:db8:1:2::${(index + 1).toString(16)}`)
    // The one being fetched (held) plus the queue.
    expect(overpass.calls.length + fetcher.queueLength).toBe(5)
    for (const [index, point] of nowhere.slice(12, 20).entries()) await react(point, `2001:db8:1:3:${index + 1}::9`)
    expect(overpass.calls.length + fetcher.queueLength).toBe(10)
    overpass.release()
  })

  it('the queue never grows past its cap and keeps the city cell over random ones', async () => {
    const overpass = fakeOverpass(h.clock)
    overpass.hold()
    const fetcher = start(overpass, { maxQueue: 10 })
    // Thirty random cells from thirty addresses, so no per-source limit is met; the first is held in flight.
    for (const [index, point] of nowhere.slice(0, 30).entries()) {
      await react(point, `198.51.100.${index + 1}`)
      expect(fetcher.queueLength).toBeLessThanOrEqual(10)
    }
    expect(fetcher.queueLength).toBe(10)
    const visitor = await react(SACRAMENTO, '203.0.113.50')
    expect(visitor.status).toBe(200)
    expect(visitor.body.local.pending).toBe(true)
    expect(fetcher.queueLength).toBe(10)
    // Random cells arriving after it do not push it out.
    for (const [index, point] of nowhere.slice(30, 50).entries()) await react(point, `198.51.100.${index + 31}`)
    expect(fetcher.queueLength).toBe(10)
    overpass.release()
    await fetcher.idle()
    // The held one, then the city cell first of the queue.
    expect(overpass.calls[1]?.box).toBe(boxOf(SACRAMENTO.lat, SACRAMENTO.lon))
    expect(overpass.calls).toHaveLength(11)
  })

  it('a cell asked by several addresses ranks above one asked once', async () => {
    const overpass = fakeOverpass(h.clock)
    overpass.hold()
    const fetcher = start(overpass)
    for (const [index, point] of nowhere.slice(0, 6).entries()) await react(point, `198.51.100.${index + 1}`)
    const popular = nowhere[4]!
    for (let index = 0; index < 3; index++)
      await react({ lat: popular.lat + index * 1e-4, lon: popular.lon }, `192.0.2.${index + 1}`)
    overpass.release()
    await fetcher.idle()
    expect(overpass.calls[1]?.box).toBe(boxOf(popular.lat, popular.lon))
  })

  it('spends the daily budget no faster than its spread: a small burst, then budget/24 an hour', async () => {
    const overpass = fakeOverpass(h.clock)
    const fetcher = start(overpass, { dailyBudget: 960 })
    const started = h.clock.now.getTime()
    // Sixty cells from sixty addresses at 00:05 UTC.
    for (const [index, point] of nowhere.slice(0, 60).entries()) await react(point, `198.51.100.${index + 1}`)
    await fetcher.idle()
    expect(overpass.calls).toHaveLength(60)
    const burst = overpass.calls.filter((call) => call.at === started).length
    expect(burst).toBeGreaterThan(0)
    expect(burst).toBeLessThanOrEqual(20)
    // 960 a day is one every 90 s after the burst.
    for (const [index, call] of overpass.calls.entries())
      expect(call.at - started).toBeGreaterThanOrEqual(Math.max(0, index + 1 - burst) * 90_000)
    const firstHour = overpass.calls.filter((call) => call.at < started + 3_600_000).length
    expect(firstHour).toBeLessThanOrEqual(burst + 40)
    expect(await requestsOn(h.store.db, '2026-11-27')).toBe(60)
  })

  it('a real visitor’s city cell is still fetched after an attack from one address and from many', async () => {
    const overpass = fakeOverpass(h.clock)
    overpass.hold()
    const fetcher = start(overpass, { dailyBudget: 100 })
    for (const point of block.slice(0, 300)) await react(point, '198.51.100.7')
    for (const [index, point] of block.slice(300, 600).entries()) await react(point, `198.18.${index >> 8}.${index & 255}`)
    const first = await react(SACRAMENTO, '203.0.113.50')
    expect(first.body.local.pending).toBe(true)
    overpass.release()
    await fetcher.idle()
    const row = await cellRow(h.store.db, cellOf(SACRAMENTO.lat, SACRAMENTO.lon).key)
    expect(row?.fetched_at).toBeTruthy()
    expect(row?.last_error).toBeNull()
    // Within the first few requests after the attack, not behind it.
    const at = overpass.calls.findIndex((call) => call.box === boxOf(SACRAMENTO.lat, SACRAMENTO.lon))
    expect(at).toBeGreaterThan(0)
    expect(at).toBeLessThanOrEqual(2)
  }, 60_000)

  it('a database failure while taking a turn is logged and waited out, never an unhandled rejection', async () => {
    const overpass = fakeOverpass(h.clock)
    const waits: number[] = []
    let fetcher: ReturnType<typeof start> | null = null
    fetcher = start(overpass, {
      sleep: (ms) => {
        waits.push(ms)
        fetcher?.stop()
        return Promise.resolve()
      },
    })
    await sql`drop table osm_pace`.execute(h.store.db)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const answer = await react(SACRAMENTO, '203.0.113.50')
      expect(answer.status).toBe(200)
      await fetcher.idle()
      expect(waits).toEqual([60_000])
      expect(errors).toHaveBeenCalledWith('businesses: pace', expect.anything())
      expect(overpass.calls).toHaveLength(0)
    } finally {
      errors.mockRestore()
    }
  })
})

describe('the wait after a 429', () => {
  it('is 30 s at least against a real Overpass, whatever the environment says', () => {
    const env = { OVERPASS_429_WAIT_MS: '100' }
    expect(fetcherOptions(env, false).min429WaitMs).toBe(MIN_429_WAIT_MS)
    expect(fetcherOptions({ ...env, OVERPASS_URL: 'https://overpass.example.org/api/interpreter' }, true).min429WaitMs).toBe(
      MIN_429_WAIT_MS,
    )
  })
  it('can be shortened for a fake Overpass on this machine (tests)', () => {
    const env = { OVERPASS_429_WAIT_MS: '100', OVERPASS_URL: 'http://127.0.0.1:8796/api/interpreter' }
    expect(fetcherOptions(env, true).min429WaitMs).toBe(100)
    expect(fetcherOptions({ OVERPASS_URL: env.OVERPASS_URL }, true).min429WaitMs).toBe(MIN_429_WAIT_MS)
  })
})
