// The WZDx Feed Registry on the real scheduler: a registry listing five feeds (two good ones in two states, one keyed,
// one inactive, one failing) and a bad row makes the right feeds, items and health rows; a row that leaves ends its items.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feedRow } from '../../server/db/queries/feeds.ts'
import { parseFeedsConfig } from '../../server/feeds/config.ts'
import { startFeedEngine, type FeedEngine } from '../../server/feeds/scheduler.ts'
import { feedsSchema } from '../../server/schemas.ts'
import { backends } from './backends.ts'
import { startFeedServer } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/feeds/registry/${name}`, import.meta.url), 'utf8')
// The WZDx fixtures' times hold 2026-11-23 18:00 UTC.
const T0 = new Date('2026-11-23T18:00:00.000Z')
const MISSOURI = 'wzdx-mo-modot-wzdx'
const DELAWARE = 'wzdx-de-deldot-wzdx'
const COLORADO = 'wzdx-co-cdot-planned-events'
const KANSAS = 'wzdx-ks-kandrive-wzdx'
const NEBRASKA = 'wzdx-ne-nebraska-511-wzdx'

const registryFeed = (origin: string) => ({
  id: 'wzdx-registry',
  name: 'WZDx Feed Registry (US DOT)',
  adapter: 'wzdx-registry',
  url: `${origin}/registry`,
  enabled: true,
  scheduleSeconds: 86_400,
  attribution: { name: 'US DOT WZDx Feed Registry', url: 'https://data.transportation.gov/d/69qe-yiui' },
})

describe.each(await backends())('the WZDx Feed Registry on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  let engine: FeedEngine | undefined
  let clock = T0
  const runs: string[] = []
  const previousFile = process.env['FEEDS_FILE']
  const db = () => api.store.db
  const items = (feedId: string) =>
    db().selectFrom('items').selectAll().where('feed_id', '=', feedId).orderBy('source_id').execute()
  const until = async (check: () => Promise<boolean> | boolean, what: string) => {
    for (let n = 0; n < 400; n++) {
      if (await check()) return
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`timed out waiting for ${what}`)
  }
  /** The roads answer at a point, fresh each time (no reaction micro-cache). */
  let nudge = 0
  const roads = async (lat: number, lon: number) => {
    nudge++
    const answer = await api.send('GET', `/api/reaction?lat=${(lat + nudge / 100_000).toFixed(5)}&lon=${lon}`)
    return answer.body.roads.messages as { title: string; source: { name: string } | null }[]
  }

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    api.clock.now = T0
    fake = await startFeedServer()
    fake.pages.set('/registry', { body: fixture('registry-test.json').replaceAll('{origin}', fake.origin) })
    fake.pages.set('/wzdx/missouri', { body: fixture('wzdx-missouri.geojson') })
    fake.pages.set('/wzdx/delaware?api_key=a5b8c7d2e1f04c3b9e6a', { body: fixture('wzdx-delaware.geojson') })
    fake.pages.set('/wzdx/nebraska', { status: 503, body: '<html>Service Unavailable</html>', type: 'text/html' })
    const dir = mkdtempSync(join(tmpdir(), 'feeds-registry-'))
    writeFileSync(join(dir, 'feeds.json'), JSON.stringify({ groups: { roads: [registryFeed(fake.origin)] } }))
    process.env['FEEDS_FILE'] = join(dir, 'feeds.json')
    const config = parseFeedsConfig({ groups: { roads: [registryFeed(fake.origin)] } }, {})
    engine = startFeedEngine(db(), config, {
      allowPrivate: true,
      tickMs: 20,
      now: () => clock,
      onRun: (id) => runs.push(id),
    })
  })
  afterAll(async () => {
    await engine?.stop()
    if (previousFile === undefined) delete process.env['FEEDS_FILE']
    else process.env['FEEDS_FILE'] = previousFile
    await fake.close()
    await api.close()
  })

  it('runs every active keyless feed it lists as its own feed, crediting each publisher', async () => {
    await until(() => [MISSOURI, DELAWARE, NEBRASKA].every((id) => runs.includes(id)), 'the listed feeds to run')
    expect(runs[0]).toBe('wzdx-registry')
    expect((await items(MISSOURI)).map((row) => row.source_id)).toEqual(['mo-270-2', 'mo-64-1'])
    expect((await items(DELAWARE)).map((row) => row.source_id)).toEqual(['de-95-1'])
    expect(JSON.parse((await items(MISSOURI))[0]!.attribution!)).toMatchObject({ name: 'Missouri DOT' })
    // Two states' roads filled: St. Louis and Wilmington.
    const stLouis = await roads(38.6275, -90.2)
    expect(stLouis.map((item) => item.title)).toEqual(['Work zone: I-64 eastbound, Jefferson Ave – Broadway'])
    expect(stLouis[0]!.source?.name).toBe('Missouri DOT')
    const wilmington = await roads(39.745, -75.548)
    expect(wilmington.map((item) => item.title)).toEqual(['Work zone: I-95 southbound, Concord Ave – Maryland Ave'])
    expect(wilmington[0]!.source?.name).toBe('Delaware DOT')
  })

  it('keeps the keyed and the inactive feed listed and off, records the failing one, never fetches the off ones', async () => {
    expect(fake.hits('/wzdx/colorado?apiKey=[your_key]') + fake.hits('/wzdx/kansas')).toBe(0)
    expect(runs).not.toContain(COLORADO)
    expect(runs).not.toContain(KANSAS)
    expect(await feedRow(db(), NEBRASKA)).toMatchObject({ failures: 1, last_error: 'HTTP 503' })
    expect(await feedRow(db(), 'wzdx-registry')).toMatchObject({
      failures: 0,
      last_error: expect.stringMatching(/^Skipped 1 bad records: row 5: UDOT WZDx: no url/),
    })
    const { token } = await api.signIn('admin')
    const { feeds } = feedsSchema.parse((await api.send('GET', '/api/feeds', { token })).body)
    const listed = feeds.filter((feed) => feed.id.startsWith('wzdx-'))
    expect(listed.map((feed) => [feed.id, feed.enabled])).toEqual([
      ['wzdx-registry', true],
      [MISSOURI, true],
      [DELAWARE, true],
      [COLORADO, false],
      [KANSAS, false],
      [NEBRASKA, true],
    ])
    expect(listed.find((feed) => feed.id === COLORADO)?.name).toBe(
      'CDOT Planned Events (Colorado) · off: needs a key: set FEED_WZDX_CO_CDOT_PLANNED_EVENTS_KEY',
    )
    expect(listed.find((feed) => feed.id === MISSOURI)).toMatchObject({
      itemCount: 2,
      schedule: 60,
      attribution: { name: 'Missouri DOT' },
    })
    expect(listed.find((feed) => feed.id === NEBRASKA)).toMatchObject({ lastError: 'HTTP 503', failures: 1, stale: true })
  })

  it('stops a feed whose row leaves the registry; its items end at the next sweep, the others stay', async () => {
    const without = (JSON.parse(fixture('registry-test.json')) as { feedname: string }[]).filter(
      (row) => row.feedname !== 'DelDOT WZDx',
    )
    fake.pages.set('/registry', { body: JSON.stringify(without).replaceAll('{origin}', fake.origin) })
    // A day later the registry is due again; the sweep (each minute) follows.
    clock = new Date(T0.getTime() + 86_401_000)
    api.clock.now = clock
    const before = runs.filter((id) => id === 'wzdx-registry').length
    await until(() => runs.filter((id) => id === 'wzdx-registry').length > before, 'the registry to run again')
    clock = new Date(clock.getTime() + 61_000)
    api.clock.now = clock
    await until(
      async () => (await items(DELAWARE)).every((row) => row.expires_at !== null && row.expires_at <= clock.toISOString()),
      'the sweep',
    )
    expect((await items(DELAWARE)).length).toBe(1)
    expect(await roads(39.745, -75.548)).toEqual([])
    const served = runs.filter((id) => id === DELAWARE).length
    await until(() => runs.filter((id) => id === MISSOURI).length >= 2, 'Missouri to run again')
    expect(runs.filter((id) => id === DELAWARE).length).toBe(served)
    expect((await items(MISSOURI)).length).toBe(2)
  })

  it('keeps every feed when the registry answers garbage or nothing', async () => {
    for (const body of ['<html>maintenance</html>', '[]']) {
      fake.pages.set('/registry', { body })
      clock = new Date(clock.getTime() + 86_401_000)
      api.clock.now = clock
      await until(
        async () => (await feedRow(db(), 'wzdx-registry'))?.last_error_at === clock.toISOString(),
        'the registry to fail',
      )
      const { token } = await api.signIn('admin')
      const { feeds } = feedsSchema.parse((await api.send('GET', '/api/feeds', { token })).body)
      expect(feeds.map((feed) => feed.id)).toContain(MISSOURI)
      expect(feeds.map((feed) => feed.id)).not.toContain(DELAWARE)
    }
  })
})
