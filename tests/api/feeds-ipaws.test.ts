// IPAWS through the engine: the incremental cursor, Updates and Cancels across runs, the NWS copy shown once,
// county zones for SAME-coded alerts, and hostile or broken bodies that never remove good items.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ensureFeedRows, feedRow } from '../../server/db/queries/feeds.ts'
import type { Feed } from '../../server/feeds/config.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import { preferredBy } from '../../server/feeds/incremental.ts'
import { backends } from './backends.ts'
import { square, startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

const fixture = (path: string) => readFileSync(new URL(`../fixtures/feeds/${path}`, import.meta.url), 'utf8')
const NOW = new Date('2026-11-23T18:00:00.000Z')
const minutes = (count: number) => new Date(NOW.getTime() + count * 60_000)
const EVAC = 'WA-KING-2026-11-23-EVAC-001'
const BOIL = 'WA-KING-2026-11-23-BOIL-007'
const SHELTER = 'WA-SNOH-2026-11-23-SHELTER-003'
const WIND = 'urn:oid:2.49.0.1.840.0.5e1a7c9b3d2f4e6a8b0c1d3e5f7a9b2c4d6e8f01.001.1'
const XML = 'application/xml'
/** King County's zone, as a small square around Duvall and Carnation (the test's stand-in for the county). */
const KING_ZONE = JSON.stringify({ type: 'Feature', geometry: { type: 'Polygon', coordinates: square(47.7, -121.95, 0.1) } })

describe.each(await backends())('IPAWS feed on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  let ipaws: Feed
  let nws: Feed
  let point = 0

  const db = () => api.store.db
  const run = async (at: Date, which: Feed) => {
    api.clock.now = at
    await db().updateTable('feeds').set({ next_run_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', which.id).execute()
    return runFeed(db(), which, {
      owner: 'test-owner',
      userAgent: 'Porchlight/1.0 (porchlight.test)',
      allowPrivate: true,
      now: () => at,
      preferredBy: preferredBy([ipaws, nws]),
    })
  }
  const ids = async (feedId: string) =>
    (await db().selectFrom('items').select('source_id').where('feed_id', '=', feedId).orderBy('source_id').execute()).map(
      (row) => row.source_id,
    )
  /** Titles of the statuses answer at a point (a fresh point each time, so the micro-cache never answers). */
  const titles = async (lat: number, lon: number) => {
    point++
    const answer = await api.send('GET', `/api/reaction?lat=${(lat + point / 100_000).toFixed(5)}&lon=${lon}`)
    return (answer.body.statuses.messages as { title: string }[]).map((item) => item.title)
  }
  /** Serves `body` at the path the run will ask for: recent/<since>. */
  const serveSince = (since: string, body: string) => fake.pages.set(`/ipaws/recent/${since}`, { body, type: XML })

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    fake = await startFeedServer()
    ipaws = testFeed({
      id: 'ipaws-test',
      adapter: 'ipaws',
      url: `${fake.origin}/ipaws/recent/{since}`,
      accept: XML,
      options: { preferFeeds: ['nws-test'], zoneBase: `${fake.origin}/zones/county/` },
    })
    nws = testFeed({ id: 'nws-test', adapter: 'nws', url: `${fake.origin}/nws`, accept: 'application/geo+json' })
    fake.pages.set('/zones/county/WAC033', { body: KING_ZONE })
    fake.pages.set('/nws', { body: fixture('e2e/nws-seattle.json') })
  })
  beforeEach(async () => {
    await db().deleteFrom('items').execute()
    await db().deleteFrom('feeds').execute()
    await db().deleteFrom('feed_zones').execute()
    await ensureFeedRows(db(), [ipaws.id, nws.id], NOW)
    fake.requests.length = 0
  })
  afterAll(async () => {
    await fake.close()
    await api.close()
  })

  it('asks for the last day first, then from the newest alert it processed, keeping what it stored', async () => {
    serveSince('2026-11-22T18:00:00Z', fixture('ipaws/recent.xml'))
    expect(await run(minutes(0), ipaws)).toMatchObject({ state: 'stored', summary: { added: 4 }, pendingZones: 0 })
    expect(await ids(ipaws.id)).toEqual([WIND, BOIL, EVAC, SHELTER].sort())
    expect((await feedRow(db(), ipaws.id))?.cursor).toBe('2026-11-23T17:30:00Z')
    // Nothing new: the items stay (a full feed would have removed them all).
    serveSince('2026-11-23T17:30:00Z', fixture('ipaws/empty.xml'))
    expect(await run(minutes(2), ipaws)).toMatchObject({ state: 'stored', summary: { added: 0, removed: 0 } })
    expect(await ids(ipaws.id)).toHaveLength(4)
    expect(fake.requests.map((request) => request.path)).toEqual([
      '/ipaws/recent/2026-11-22T18:00:00Z',
      '/zones/county/WAC033',
      '/ipaws/recent/2026-11-23T17:30:00Z',
    ])
    // The SAME-coded boil-water notice covers its county's shape: Duvall, not Seattle.
    expect(await titles(47.74, -121.99)).toContain('Boil Water Advisory: King, WA')
    expect(await titles(47.61, -122.33)).not.toContain('Boil Water Advisory: King, WA')
  })

  it('ends an alert when a later run cancels it, and keeps the cursor moving', async () => {
    serveSince('2026-11-22T18:00:00Z', fixture('ipaws/recent.xml'))
    await run(minutes(0), ipaws)
    expect(await titles(47.74, -121.99)).toContain('Boil Water Advisory: King, WA')
    serveSince('2026-11-23T17:30:00Z', fixture('ipaws/cancel.xml'))
    expect(await run(minutes(2), ipaws)).toMatchObject({ state: 'stored', summary: { removed: 1 } })
    expect(await ids(ipaws.id)).not.toContain(BOIL)
    expect(await titles(47.74, -121.99)).not.toContain('Boil Water Advisory: King, WA')
    expect((await feedRow(db(), ipaws.id))?.cursor).toBe('2026-11-23T17:45:00Z')
  })

  it('shows a warning NWS also sends once, whichever feed stores it first', async () => {
    const wind = (list: string[]) => list.filter((title) => title.startsWith('High Wind Warning')).length
    // IPAWS first: its copy shows until the NWS feed stores the same alert, which removes the copy.
    serveSince('2026-11-22T18:00:00Z', fixture('ipaws/recent.xml'))
    await run(minutes(0), ipaws)
    expect(await ids(ipaws.id)).toContain(WIND)
    expect(await run(minutes(1), nws)).toMatchObject({ state: 'stored', summary: { added: 1 } })
    expect(await ids(ipaws.id)).not.toContain(WIND)
    expect(await ids(nws.id)).toEqual([WIND])
    expect(wind(await titles(47.61, -122.33))).toBe(1)
    // NWS first: IPAWS never stores its copy, nor an Update whose references NWS shows.
    await db().deleteFrom('items').where('feed_id', '=', ipaws.id).execute()
    await db().updateTable('feeds').set({ cursor: null }).where('id', '=', ipaws.id).execute()
    serveSince('2026-11-22T18:02:00Z', fixture('ipaws/recent.xml'))
    expect(await run(minutes(2), ipaws)).toMatchObject({ state: 'stored', summary: { added: 3 } })
    expect(await ids(ipaws.id)).not.toContain(WIND)
    expect(wind(await titles(47.61, -122.33))).toBe(1)
  })

  it('keeps its items and its cursor when a body is hostile or not CAP', async () => {
    serveSince('2026-11-22T18:00:00Z', fixture('ipaws/recent.xml'))
    await run(minutes(0), ipaws)
    const laughs = `<?xml version="1.0"?><!DOCTYPE alerts [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><alerts><alert><identifier>&c;</identifier></alert></alerts>`
    const deep = `<alerts>${'<alert>'.repeat(50_000)}${'</alert>'.repeat(50_000)}</alerts>`
    for (const body of [
      laughs,
      deep,
      '<html><body>Service Unavailable</body></html>',
      fixture('ipaws/recent.xml').slice(0, 4000),
    ]) {
      serveSince('2026-11-23T17:30:00Z', body)
      const started = Date.now()
      expect(await run(minutes(2), ipaws)).toMatchObject({ state: 'failed' })
      expect(Date.now() - started).toBeLessThan(10_000)
      expect(await ids(ipaws.id)).toHaveLength(4)
      expect((await feedRow(db(), ipaws.id))?.cursor).toBe('2026-11-23T17:30:00Z')
    }
    expect(await titles(47.74, -121.99)).toContain('Evacuation Immediate: Duvall and the lower Snoqualmie Valley')
  })

  it('holds the cursor while a county zone is not known yet, so the alert comes again', async () => {
    // Snohomish County (WAC061) is not served: its zone fails, and the notice waits.
    // (Its UGC code too: a UGC zone comes before the SAME county.)
    const snohomish = fixture('ipaws/recent.xml')
      .replace(
        '<value>053033</value>\n        </geocode>\n        <geocode>',
        '<value>053061</value>\n        </geocode>\n        <geocode>',
      )
      .replace('<value>WAC033</value>', '<value>WAC061</value>')
    serveSince('2026-11-22T18:00:00Z', snohomish)
    expect(await run(minutes(0), ipaws)).toMatchObject({ state: 'stored', pendingZones: 1 })
    expect(await ids(ipaws.id)).not.toContain(BOIL)
    // No cursor before: the body's newest time; the next runs then ask from there until the zone is known.
    expect((await feedRow(db(), ipaws.id))?.cursor).toBe('2026-11-23T17:30:00Z')
    // A newer alert (sent 17:45) arrives with it: the cursor still stays, so the waiting notice comes again.
    const cancel = fixture('ipaws/cancel.xml').replaceAll('BOIL-007', 'BOIL-006')
    const newer = snohomish.replace(
      '</ns1:alerts>',
      cancel.slice(cancel.indexOf('<alert '), cancel.indexOf('</ns1:alerts>')) + '</ns1:alerts>',
    )
    serveSince('2026-11-23T17:30:00Z', newer)
    expect(await run(minutes(2), ipaws)).toMatchObject({ state: 'stored', pendingZones: 1 })
    expect((await feedRow(db(), ipaws.id))?.cursor).toBe('2026-11-23T17:30:00Z')
    // Held for at most six hours after the cursor's time: then it moves on.
    expect(await run(minutes(60 * 7), ipaws)).toMatchObject({ state: 'stored' })
    expect((await feedRow(db(), ipaws.id))?.cursor).toBe('2026-11-23T17:45:00Z')
  })
})
