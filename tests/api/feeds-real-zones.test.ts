// Places and times as precise as an alert allows, and alerts that wait for their zones saying why (issue 37,
// items 4 and 5). The zone-only warning is the real Raleigh warning (tests/fixtures/real/SOURCES.md) as NWS sends a
// warning without its polygon: its county zones only, served here by a local fake.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import { forgetZones } from '../../server/feeds/zones.ts'
import type { Feed } from '../../server/feeds/config.ts'
import { backends } from './backends.ts'
import { square, startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

const REAL = readFileSync(new URL('../fixtures/real/nws/skylight-2024-05-25-severe-thunderstorms.json', import.meta.url), 'utf8')
const NOW = new Date('2024-05-25T22:37:00.000Z')
const ZEBULON = { lat: 35.82432, lon: -78.31472 }
const COUNTIES = ['NCC069', 'NCC101', 'NCC127', 'NCC183', 'NCC195']
/** NWS's version of a zone: when its boundary took effect. */
const EFFECTIVE = '2024-03-19T18:00:00+00:00'
/** Wake County (NCC183) as a square around Zebulon; the others far off, so only Wake places the warning there. */
const zoneBody = (code: string, at: number) =>
  JSON.stringify({
    type: 'Feature',
    properties: { id: code, type: 'county', effectiveDate: EFFECTIVE },
    geometry: {
      type: 'Polygon',
      coordinates: code === 'NCC183' ? square(ZEBULON.lat, ZEBULON.lon, 0.2) : square(30, -90 + at, 0.1),
    },
  })

/** The real answer with the Raleigh warning's polygon left out and its zones at `origin`. */
function zoneOnly(origin: string): string {
  const json = JSON.parse(REAL) as { features: { geometry: unknown; properties: Record<string, unknown> }[] }
  const raleigh = json.features[1]!
  raleigh.geometry = null
  raleigh.properties['affectedZones'] = COUNTIES.map((code) => `${origin}/zones/county/${code}`)
  return JSON.stringify({ ...json, features: [raleigh] })
}

/** A Beach Hazards Statement NWS relays through IPAWS: coastal UGC zones, six county SAME codes, an event end a day on. */
const beach = (origin: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<alerts xmlns="urn:oasis:names:tc:emergency:cap:1.2"><alert>
<identifier>urn:oid:2.49.0.1.840.0.beach.001.1</identifier><sender>w-nws.webmaster@noaa.gov</sender>
<sent>2024-05-25T22:00:00+00:00</sent><status>Actual</status><msgType>Alert</msgType><scope>Public</scope>
<info><language>en-US</language><category>Met</category><event>Beach Hazards Statement</event>
<urgency>Expected</urgency><severity>Moderate</severity><certainty>Likely</certainty>
<effective>2024-05-25T22:00:00+00:00</effective><expires>2024-05-26T08:00:00+00:00</expires>
<senderName>NWS Wilmington NC</senderName><headline>Beach Hazards Statement issued May 25</headline>
<description>* WHAT...Dangerous rip currents.</description><instruction>Swim near a lifeguard.</instruction>
<parameter><valueName>eventEndingTime</valueName><value>2024-05-27T07:00:00+00:00</value></parameter>
<area><areaDesc>Coastal Pender; Coastal New Hanover</areaDesc>
<geocode><valueName>SAME</valueName><value>037141</value></geocode><geocode><valueName>SAME</valueName><value>037129</value></geocode>
<geocode><valueName>UGC</valueName><value>NCZ107</value></geocode><geocode><valueName>UGC</valueName><value>NCZ108</value></geocode>
</area></info></alert></alerts>`.replaceAll('ORIGIN', origin)

describe.each(await backends())('alert places and withheld alerts on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  let nws: Feed
  let ipaws: Feed
  const previousFile = process.env['FEEDS_FILE']
  const run = (feed: Feed, at = NOW) => {
    api.clock.now = at
    return runFeed(api.store.db, feed, { owner: 't', userAgent: 'ua', allowPrivate: true, now: () => at })
  }
  const shownAt = async (point: { lat: number; lon: number }, nudge: number) => {
    const answer = await api.send('GET', `/api/reaction?lat=${(point.lat + nudge / 100_000).toFixed(5)}&lon=${point.lon}`)
    return (answer.body.statuses.messages as { title: string }[]).map((item) => item.title)
  }
  const serveCounties = (up: boolean) =>
    COUNTIES.forEach((code, at) =>
      fake.pages.set(
        `/zones/county/${code}`,
        up ? { body: zoneBody(code, at), etag: `"${code}-1"` } : { status: 503, body: 'down' },
      ),
    )

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0', ALLOW_PRIVATE_FETCH: '1' })
    fake = await startFeedServer()
    fake.pages.set('/alerts/active', { body: zoneOnly(fake.origin), type: 'application/geo+json' })
    fake.pages.set('/ipaws', { body: beach(fake.origin), type: 'application/xml' })
    const config = (id: string, adapter: string, path: string, options = {}) => ({
      id,
      name: id,
      adapter,
      url: `${fake.origin}${path}`,
      enabled: true,
      scheduleSeconds: 60,
      options,
      attribution: { name: 'NWS', url: 'https://www.weather.gov/' },
    })
    const zoneBase = { zoneBase: `${fake.origin}/zones/county/` }
    nws = testFeed(config('nws-zones', 'nws', '/alerts/active'))
    ipaws = testFeed(config('ipaws-beach', 'ipaws', '/ipaws', zoneBase))
    const dir = mkdtempSync(join(tmpdir(), 'feeds-real-zones-'))
    writeFileSync(
      join(dir, 'feeds.json'),
      JSON.stringify({
        groups: { statuses: [config('nws-zones', 'nws', '/alerts/active'), config('ipaws-beach', 'ipaws', '/ipaws', zoneBase)] },
      }),
    )
    process.env['FEEDS_FILE'] = join(dir, 'feeds.json')
  })
  beforeEach(async () => {
    await api.store.db.deleteFrom('items').execute()
    await api.store.db.deleteFrom('feeds').execute()
    await api.store.db.deleteFrom('feed_zones').execute()
    forgetZones(api.store.db)
    await ensureFeedRows(api.store.db, [nws.id, ipaws.id], NOW)
    fake.requests.length = 0
  })
  afterAll(async () => {
    if (previousFile === undefined) delete process.env['FEEDS_FILE']
    else process.env['FEEDS_FILE'] = previousFile
    await fake.close()
    await api.close()
  })

  it('says in /api/feeds which zones a withheld alert waits for, and the last error', async () => {
    serveCounties(false)
    expect(await run(nws)).toMatchObject({ state: 'stored', pendingZones: 1 })
    const { token } = await api.signIn('admin')
    const { body } = await api.send('GET', '/api/feeds', { token })
    const health = (body.feeds as { id: string; withheld: number; lastError: string | null; leftOut?: object }[]).find(
      (f) => f.id === nws.id,
    )
    expect(health).toMatchObject({ withheld: 1 })
    expect(health?.lastError).toBe(
      'Withheld 1 alert: zone shape unavailable for county/NCC069, county/NCC101, county/NCC127, county/NCC183, county/NCC195 (HTTP 503)',
    )
    expect(health?.leftOut).toEqual({ zones: 1 })
    expect(await shownAt(ZEBULON, 1)).toEqual([])
  })

  it('counts in /api/feeds the alerts left out because they ended', async () => {
    // The real answer at 23:05Z: San Angelo's warning ended at 23:00Z (its eventEndingTime), Raleigh's runs to 23:15Z.
    fake.pages.set('/alerts/active', { body: REAL, type: 'application/geo+json' })
    try {
      expect(await run(nws, new Date('2024-05-25T23:05:00.000Z'))).toMatchObject({ state: 'stored', summary: { added: 1 } })
    } finally {
      fake.pages.set('/alerts/active', { body: zoneOnly(fake.origin), type: 'application/geo+json' })
    }
    const { token } = await api.signIn('admin')
    const { body } = await api.send('GET', '/api/feeds', { token })
    const health = (body.feeds as { id: string; leftOut: Record<string, number> }[]).find((f) => f.id === nws.id)
    expect(health?.leftOut).toEqual({ ended: 1 })
  })

  it('keeps showing a zone-only warning after a restart while the zone service is down', async () => {
    serveCounties(true)
    expect(await run(nws)).toMatchObject({ state: 'stored', pendingZones: 0 })
    expect((await shownAt(ZEBULON, 2))[0]).toMatch(/^Severe Thunderstorm Warning/)
    // A restart forgets what memory held; a week on, every stored zone is due again, and the service is down.
    forgetZones(api.store.db)
    await api.store.db.updateTable('feed_zones').set({ fetched_at: '2024-05-17T00:00:00.000Z' }).execute()
    await api.store.db.updateTable('feeds').set({ etag: null, last_modified: null }).execute()
    serveCounties(false)
    expect(await run(nws, new Date(NOW.getTime() + 60_000))).toMatchObject({ state: 'stored', pendingZones: 0 })
    expect(fake.requests.filter((request) => request.path.startsWith('/zones/')).length).toBeGreaterThan(5)
    expect((await shownAt(ZEBULON, 3))[0]).toMatch(/^Severe Thunderstorm Warning/)
  })

  it('keeps each zone with its version, and asks for it again a week on with its ETag', async () => {
    serveCounties(true)
    expect(await run(nws)).toMatchObject({ state: 'stored', pendingZones: 0 })
    const rows = await api.store.db.selectFrom('feed_zones').select(['url', 'version', 'etag', 'fetched_at']).execute()
    expect(rows.map((row) => [row.url.replace(/^.*\//, ''), row.version, row.etag]).sort()).toEqual(
      COUNTIES.map((code) => [code, EFFECTIVE, `"${code}-1"`]),
    )
    const { token } = await api.signIn('admin')
    const zones = async () => (await api.send('GET', '/api/feeds', { token })).body.zones as object
    expect(await zones()).toEqual({
      kept: 5,
      unavailable: 0,
      versioned: 5,
      newestVersion: EFFECTIVE,
      oldestFetchedAt: NOW.toISOString(),
    })
    // After a restart, with every kept zone a week old: each is asked for with its ETag, and a 304 keeps it.
    forgetZones(api.store.db)
    await api.store.db.updateTable('feed_zones').set({ fetched_at: '2024-05-17T00:00:00.000Z' }).execute()
    await api.store.db.updateTable('feeds').set({ etag: null, last_modified: null }).execute()
    fake.requests.length = 0
    const later = new Date(NOW.getTime() + 60_000)
    expect(await run(nws, later)).toMatchObject({ state: 'stored', pendingZones: 0 })
    const asked = fake.requests.filter((request) => request.path.startsWith('/zones/'))
    expect(asked.map((request) => request.headers['if-none-match']).sort()).toEqual(COUNTIES.map((code) => `"${code}-1"`))
    expect(await zones()).toMatchObject({ kept: 5, versioned: 5, newestVersion: EFFECTIVE, oldestFetchedAt: later.toISOString() })
    expect((await shownAt(ZEBULON, 4))[0]).toMatch(/^Severe Thunderstorm Warning/)
  })

  it('places a relayed NWS statement on its UGC zones, not its counties, until its eventEndingTime', async () => {
    fake.pages.set('/zones/forecast/NCZ107', {
      body: JSON.stringify({ type: 'Feature', geometry: { type: 'Polygon', coordinates: square(34.3, -77.7, 0.1) } }),
    })
    fake.pages.set('/zones/forecast/NCZ108', {
      body: JSON.stringify({ type: 'Feature', geometry: { type: 'Polygon', coordinates: square(34.2, -77.8, 0.1) } }),
    })
    expect(await run(ipaws)).toMatchObject({ state: 'stored', summary: { added: 1 }, pendingZones: 0 })
    expect(fake.requests.map((request) => request.path).filter((path) => path.startsWith('/zones/'))).toEqual([
      '/zones/forecast/NCZ107',
      '/zones/forecast/NCZ108',
    ])
    const { body } = await api.send('GET', '/api/reaction?lat=34.3&lon=-77.7')
    const item = (
      body.statuses.messages as { title: string; endsAt: string; data: { lines: string[]; specialData: string } }[]
    )[0]
    expect(item).toMatchObject({
      title: 'Beach Hazards Statement: Coastal Pender, Coastal New Hanover',
      endsAt: '2024-05-27T07:00:00.000Z',
    })
    expect(JSON.parse(item!.data.specialData)).toMatchObject({ message: { expires: '2024-05-26T08:00:00.000Z' } })
    expect(item!.data.lines.slice(0, 2)).toEqual(['Beach Hazards Statement issued May 25', 'Swim near a lifeguard.'])
    // Still shown after the message's own expiry: the event runs until the 27th.
    expect(await run(ipaws, new Date('2024-05-26T12:00:00.000Z'))).toMatchObject({ state: 'stored' })
    api.clock.now = new Date('2024-05-26T12:00:00.000Z')
    expect(await shownAt({ lat: 34.3, lon: -77.7 }, 1)).toEqual(['Beach Hazards Statement: Coastal Pender, Coastal New Hanover'])
  })
})
