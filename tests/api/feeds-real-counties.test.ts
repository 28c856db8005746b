// A county-coded IPAWS message placed on its county from the packaged Census layer, with the NWS zone service down
// (issue 37): the real Carroll County message (tests/fixtures/real/SOURCES.md) as senders send a county-wide alert,
// its SAME code 024013 and no polygon. A county the layer lacks still waits for its NWS zone.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ensureFeedRows, feedRow } from '../../server/db/queries/feeds.ts'
import type { Feed } from '../../server/feeds/config.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import { forgetZones } from '../../server/feeds/zones.ts'
import { backends } from './backends.ts'
import { square, startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

const REAL = readFileSync(
  new URL('../fixtures/real/cap/carroll-county-md-2019-03-29-law-enforcement-warning.xml', import.meta.url),
  'utf8',
)
/** The real message without its polygon (a circle around Hampstead): only its SAME county code places it. */
const COUNTY_CODED = REAL.replace(/<polygon>[^<]*<\/polygon>/, '')
const NOW = new Date('2019-03-29T16:20:00.000Z')
const TITLE = 'Law Enforcement Warning: Carroll County, MD'
// Westminster and Hampstead are in Carroll County; Baltimore and Frederick are not.
const WESTMINSTER = { lat: 39.575, lon: -76.996 }
const HAMPSTEAD = { lat: 39.60483, lon: -76.84998 }
const BALTIMORE = { lat: 39.29, lon: -76.61 }
const FREDERICK = { lat: 39.4143, lon: -77.4105 }
/** Valdez, AK, in the Chugach Census Area (02063), made in 2019: after the layer's 2017 edition. */
const VALDEZ = { lat: 61.1308, lon: -146.3483 }

describe.each(await backends())('county-coded alerts on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  let feed: Feed
  let point = 0
  const run = async () => {
    await api.store.db.updateTable('feeds').set({ next_run_at: '2000-01-01T00:00:00.000Z' }).execute()
    return runFeed(api.store.db, feed, { owner: 'test-owner', userAgent: 'Porchlight/1.0', allowPrivate: true, now: () => NOW })
  }
  /** Titles shown at a point (a fresh point each time, so the micro-cache never answers). */
  const titles = async ({ lat, lon }: { lat: number; lon: number }) => {
    point++
    const answer = await api.send('GET', `/api/reaction?lat=${(lat + point / 100_000).toFixed(5)}&lon=${lon}`)
    return (answer.body.statuses.messages as { title: string }[]).map((item) => item.title)
  }
  const zoneRequests = () => fake.requests.filter((request) => request.path.startsWith('/zones/')).map((request) => request.path)

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    fake = await startFeedServer()
    api.clock.now = NOW
    feed = testFeed({
      id: 'ipaws-counties',
      adapter: 'ipaws',
      url: `${fake.origin}/ipaws`,
      accept: 'application/xml',
      options: { zoneBase: `${fake.origin}/zones/county/` },
    })
    // The zone service is down for every county.
    for (const zone of ['MDC013', 'AKC063']) fake.pages.set(`/zones/county/${zone}`, { status: 503, body: 'down' })
  })
  beforeEach(async () => {
    await api.store.db.deleteFrom('items').execute()
    await api.store.db.deleteFrom('feeds').execute()
    await api.store.db.deleteFrom('feed_zones').execute()
    forgetZones(api.store.db)
    await ensureFeedRows(api.store.db, [feed.id], NOW)
    fake.requests.length = 0
  })
  afterAll(async () => {
    await fake.close()
    await api.close()
  })

  it('shows a county-coded warning inside its county and not outside, with the zone service down', async () => {
    fake.pages.set('/ipaws', { body: COUNTY_CODED, type: 'application/xml' })
    expect(await run()).toMatchObject({ state: 'stored', summary: { added: 1 }, pendingZones: 0 })
    expect(zoneRequests()).toEqual([])
    expect(await titles(WESTMINSTER)).toEqual([TITLE])
    expect(await titles(HAMPSTEAD)).toEqual([TITLE])
    expect(await titles(BALTIMORE)).toEqual([])
    expect(await titles(FREDERICK)).toEqual([])
  })

  it('waits for the NWS zone of a county the layer does not have, and shows it once the zone is served', async () => {
    const chugach = COUNTY_CODED.replace('<value>024013</value>', '<value>002063</value>').replace(
      '<areaDesc>Carroll County, MD</areaDesc>',
      '<areaDesc>Chugach, AK</areaDesc>',
    )
    fake.pages.set('/ipaws', { body: chugach, type: 'application/xml' })
    expect(await run()).toMatchObject({ state: 'stored', summary: { added: 0 }, pendingZones: 1 })
    expect(zoneRequests()).toEqual(['/zones/county/AKC063'])
    expect((await feedRow(api.store.db, feed.id))?.last_error).toBe(
      'Withheld 1 alert: zone shape unavailable for county/AKC063 (HTTP 503)',
    )
    fake.pages.set('/zones/county/AKC063', {
      body: JSON.stringify({ type: 'Feature', geometry: { type: 'Polygon', coordinates: square(VALDEZ.lat, VALDEZ.lon, 0.5) } }),
    })
    try {
      // The zone failed a moment ago: it is tried again after an hour.
      await api.store.db.updateTable('feed_zones').set({ fetched_at: '2019-03-29T15:00:00.000Z' }).execute()
      forgetZones(api.store.db)
      expect(await run()).toMatchObject({ state: 'stored', summary: { added: 1 }, pendingZones: 0 })
      expect(await titles(VALDEZ)).toEqual(['Law Enforcement Warning: Chugach, AK'])
    } finally {
      fake.pages.set('/zones/county/AKC063', { status: 503, body: 'down' })
    }
  })
})
