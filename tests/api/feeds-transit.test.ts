// GTFS-realtime alerts through the engine: the Mobility Database catalogue lists the agency's feed, its run reads the
// static GTFS once a week and places each alert; a city on the detoured route sees it, others do not; bad bodies keep items.
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ensureFeedRows, feedRow } from '../../server/db/queries/feeds.ts'
import { parseFeedsConfig, type Feed } from '../../server/feeds/config.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import { registryFeeds, saveRegistryRows } from '../../server/feeds/registry.ts'
import { STATIC_REFRESH_MS } from '../../server/feeds/transit/static-cache.ts'
import { alertsBytes, FIXTURE_NOW } from '../fixtures/feeds/gtfs/alerts.ts'
import { backends } from './backends.ts'
import { startHarness, type Harness } from './harness.ts'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/feeds/gtfs/${name}`, import.meta.url))
const T0 = new Date(FIXTURE_NOW * 1000)
const later = (ms: number) => new Date(T0.getTime() + ms)
const CARNATION = { lat: 47.64788, lon: -121.91401 }
const REDMOND = { lat: 47.67399, lon: -122.12151 }
const SEATTLE = { lat: 47.60621, lon: -122.33207 }
/** Inside the box of the agency's stops (Redmond to North Bend), 7 miles from the nearest (Fall City). */
const ISSAQUAH = { lat: 47.53, lon: -122.03 }
const DETOUR = 'Detour: Valley Shuttle Duvall – Carnation – Fall City'

type Page = { status?: number; body: Buffer | string; etag?: string }

describe.each(await backends())('GTFS-realtime alerts on $name', (backend) => {
  let api: Harness
  let server: Server
  let origin: string
  const pages = new Map<string, Page>()
  const hits = new Map<string, number>()
  let catalogue: Feed
  let point = 0

  const db = () => api.store.db
  const run = async (feed: Feed, at: Date) => {
    api.clock.now = at
    await db().updateTable('feeds').set({ next_run_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', feed.id).execute()
    return runFeed(db(), feed, {
      owner: 'test-owner',
      userAgent: 'Porchlight/1.0 (porchlight.test)',
      allowPrivate: true,
      now: () => at,
      onFeeds: (registry, rows, now) => saveRegistryRows(db(), registry.id, rows, now),
    })
  }
  /** Titles of the statuses at a place (a slightly different point each time: no micro-cache). */
  const titles = async (place: { lat: number; lon: number }) => {
    point++
    const answer = await api.send('GET', `/api/reaction?lat=${(place.lat + point / 1_000_000).toFixed(6)}&lon=${place.lon}`)
    return (answer.body.statuses.messages as { title: string }[]).map((item) => item.title).sort()
  }
  /** The agency's feed as the catalogue lists it. */
  const agencyFeed = async () => {
    const listed = await registryFeeds(db(), parseFeedsConfig({ groups: { alerts: [catalogueConfig()] } }, {}), {})
    return listed.feeds.find((feed) => feed.id === 'gtfs-rt-9002')!
  }
  const catalogueConfig = () => ({
    id: 'mobility-database',
    name: 'Mobility Database catalogue',
    adapter: 'gtfs-rt-catalog',
    url: `${origin}/catalogs-csv`,
    enabled: true,
    scheduleSeconds: 86_400,
    maxBytes: 20_000_000,
    accept: 'text/csv',
    attribution: { name: 'MobilityData', url: 'https://mobilitydatabase.org/' },
  })

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    server = createServer((request, response) => {
      const path = request.url ?? '/'
      hits.set(path, (hits.get(path) ?? 0) + 1)
      const page = pages.get(path)
      if (!page) return void response.writeHead(404).end('not found')
      if (page.etag && request.headers['if-none-match'] === page.etag) return void response.writeHead(304).end()
      response.writeHead(page.status ?? 200, page.etag ? { etag: page.etag } : {}).end(page.body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    catalogue = parseFeedsConfig({ groups: { alerts: [catalogueConfig()] } }, {}).feeds[0]!
  })
  beforeEach(async () => {
    for (const table of ['items', 'feeds', 'feed_registry', 'transit_static'] as const) await db().deleteFrom(table).execute()
    await ensureFeedRows(db(), [catalogue.id, 'gtfs-rt-9002'], T0)
    hits.clear()
    // The catalogue's addresses, moved to the local server.
    const csv = fixture('catalogs.csv')
      .toString('utf8')
      .replaceAll('https://www.svtbus.org', origin)
      .replaceAll('https://files.mobilitydatabase.org', origin)
    pages.set('/catalogs-csv', { body: csv })
    pages.set('/mdb-9001/latest.zip', { body: fixture('svt-gtfs.zip'), etag: '"zip-1"' })
    pages.set('/gtfs-rt/alerts.pb', { body: Buffer.from(alertsBytes()) })
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await api.close()
  })

  it('lists the catalogue’s keyless alert feed, and a city on the detoured route sees the detour', async () => {
    expect(await run(catalogue, T0)).toMatchObject({ state: 'stored' })
    const feed = await agencyFeed()
    expect(feed).toMatchObject({ adapter: 'gtfs-rt', enabled: true, url: `${origin}/gtfs-rt/alerts.pb` })
    expect(await run(feed, T0)).toMatchObject({ state: 'stored', summary: { added: 4 }, skipped: 1 })
    expect(await titles(CARNATION)).toEqual([DETOUR, 'Reduced service: Snoqualmie Valley Transportation'])
    // Redmond is on route 224, not on the detoured shuttle: only the agency-wide notice and its own cancelled trip.
    expect(await titles(REDMOND)).toEqual([
      'No service: 224 Redmond – Duvall',
      'Reduced service: Snoqualmie Valley Transportation',
    ])
    expect(await titles(SEATTLE)).toEqual([])
    const answer = await api.send('GET', `/api/reaction?lat=${CARNATION.lat}&lon=${CARNATION.lon}`)
    const detour = (answer.body.statuses.messages as { title: string; dataCategory: string; source: unknown }[]).find(
      (item) => item.title === DETOUR,
    )
    expect(detour).toMatchObject({
      dataCategory: 'services',
      source: { name: 'Snoqualmie Valley Transportation', url: 'https://www.svtbus.org/' },
    })
    const health = await feedRow(db(), feed.id)
    expect(health?.last_error).toBe('Skipped 1 bad records: entity svt-unknown-stop: no known stop, route or agency')
  })

  it('shows an agency-wide alert around the agency’s stops, not in the empty corners of their box', async () => {
    await run(catalogue, T0)
    const feed = await agencyFeed()
    await run(feed, T0)
    const notice = 'Reduced service: Snoqualmie Valley Transportation'
    for (const town of [REDMOND, CARNATION]) expect(await titles(town)).toContain(notice)
    expect(await titles(ISSAQUAH)).toEqual([])
  })

  it('reads the static zip once a week, conditionally, and keeps the old index when a refresh fails', async () => {
    await run(catalogue, T0)
    const feed = await agencyFeed()
    await run(feed, T0)
    await run(feed, later(60_000))
    expect(hits.get('/mdb-9001/latest.zip')).toBe(1)
    await run(feed, later(STATIC_REFRESH_MS + 60_000))
    // A week on: asked again with its ETag, answered 304.
    expect(hits.get('/mdb-9001/latest.zip')).toBe(2)
    pages.set('/mdb-9001/latest.zip', { status: 503, body: 'down' })
    // Two weeks on, the agency's alerts of that day (the fixture's times moved there).
    const twoWeeks = later(2 * STATIC_REFRESH_MS + 120_000)
    pages.set('/gtfs-rt/alerts.pb', { body: Buffer.from(alertsBytes(twoWeeks.getTime() / 1000)) })
    expect(await run(feed, twoWeeks)).toMatchObject({ state: 'stored' })
    expect(hits.get('/mdb-9001/latest.zip')).toBe(3)
    expect(await titles(CARNATION)).toContain(DETOUR)
    const row = await db().selectFrom('transit_static').selectAll().executeTakeFirstOrThrow()
    expect(row.last_error).toBe('Static GTFS: HTTP 503')
  })

  it('keeps the items when the alert body or the first static read is bad', async () => {
    await run(catalogue, T0)
    const feed = await agencyFeed()
    pages.set('/mdb-9001/latest.zip', { body: 'not a zip' })
    const first = await run(feed, T0)
    expect(first).toMatchObject({ state: 'failed' })
    expect(first.state === 'failed' && first.error).toMatch(/^GTFS-realtime: static GTFS not read/)
    pages.set('/mdb-9001/latest.zip', { body: fixture('svt-gtfs.zip') })
    // Within the hour after a failed read the feed waits; then it reads the zip and stores the alerts.
    expect(await run(feed, later(60_000))).toMatchObject({ state: 'failed' })
    expect(await run(feed, later(3_700_000))).toMatchObject({ state: 'stored', summary: { added: 4 } })
    pages.set('/gtfs-rt/alerts.pb', { status: 200, body: '<html><body>Maintenance</body></html>' })
    const bad = await run(feed, later(3_800_000))
    expect(bad).toMatchObject({ state: 'failed' })
    expect(bad.state === 'failed' && bad.error).toMatch(/not a FeedMessage/)
    expect(await titles(CARNATION)).toContain(DETOUR)
  })
})
