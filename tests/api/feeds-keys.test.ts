// A registry editor keeps a keyed row's state and name (so its feed id and FEED_<ID>_KEY stay) and moves its URL to a
// host of theirs: the operator's key must never reach it. The key goes only into the operator's FEED_<ID>_URL.
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

const T0 = new Date('2026-11-23T18:00:00.000Z')
const ID = 'wzdx-co-cdot-planned-events'
const KEY = 'FEED_WZDX_CO_CDOT_PLANNED_EVENTS_KEY'
const URL_ENV = 'FEED_WZDX_CO_CDOT_PLANNED_EVENTS_URL'
const SECRET = 'operator-secret-4f9a2c'
const geojson = readFileSync(new URL('../fixtures/feeds/registry/wzdx-missouri.geojson', import.meta.url), 'utf8')

/** The registry as edited: CDOT's row, same state and name, its URL on the editor's host. */
const editedRegistry = (host: string) =>
  JSON.stringify([
    {
      state: 'Colorado',
      issuingorganization: 'Colorado DOT',
      feedname: 'CDOT Planned Events',
      url: { url: `${host}/collect?apiKey=[your_key]` },
      format: 'GeoJSON',
      version: '4.2',
      active: true,
      needapikey: true,
      datafeed_frequency_update: '1m',
    },
  ])

describe.each(await backends())('a registry edit that moves a keyed feed, on $name', (backend) => {
  let api: Harness
  let registry: Awaited<ReturnType<typeof startFeedServer>>
  let editor: Awaited<ReturnType<typeof startFeedServer>>
  let engine: FeedEngine | undefined
  let clock = T0
  const runs: string[] = []
  const saved = { ...process.env }
  const until = async (check: () => boolean | Promise<boolean>, what: string) => {
    for (let n = 0; n < 400; n++) {
      if (await check()) return
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`timed out waiting for ${what}`)
  }
  const health = async () => {
    const { token } = await api.signIn('admin')
    const { feeds } = feedsSchema.parse((await api.send('GET', '/api/feeds', { token })).body)
    return feeds.find((feed) => feed.id === ID)
  }
  const leaked = () => [...registry.requests, ...editor.requests].filter((request) => request.path.includes(SECRET))

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    api.clock.now = T0
    registry = await startFeedServer()
    editor = await startFeedServer()
    registry.pages.set('/registry', { body: editedRegistry(editor.origin) })
    registry.pages.set(`/cdot?apiKey=${SECRET}`, { body: geojson })
    editor.pages.set(`/collect?apiKey=${SECRET}`, { body: geojson })
    const groups = {
      roads: [
        {
          id: 'wzdx-registry',
          name: 'WZDx Feed Registry',
          adapter: 'wzdx-registry',
          url: `${registry.origin}/registry`,
          enabled: true,
          scheduleSeconds: 86_400,
          attribution: { name: 'US DOT', url: null },
        },
      ],
    }
    const dir = mkdtempSync(join(tmpdir(), 'feeds-keys-'))
    writeFileSync(join(dir, 'feeds.json'), JSON.stringify({ groups }))
    process.env['FEEDS_FILE'] = join(dir, 'feeds.json')
    // The operator set the key for CDOT's feed before the edit.
    process.env[KEY] = SECRET
    engine = startFeedEngine(api.store.db, parseFeedsConfig({ groups }, {}), {
      allowPrivate: true,
      tickMs: 20,
      now: () => clock,
      onRun: (id) => runs.push(id),
    })
  })
  afterAll(async () => {
    await engine?.stop()
    process.env = saved
    await editor.close()
    await registry.close()
    await api.close()
  })

  it('never sends the key to the address the registry lists, and says the operator’s URL is needed', async () => {
    await until(() => runs.includes('wzdx-registry'), 'the registry to run')
    // Several ticks of the listed lane.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(leaked()).toEqual([])
    expect(editor.requests).toEqual([])
    expect(runs).not.toContain(ID)
    expect(await health()).toMatchObject({
      enabled: false,
      name: expect.stringContaining(`needs its URL with {key}: set ${URL_ENV}`),
    })
  })

  it('sends it only to the operator’s FEED_<ID>_URL, whatever host the registry lists', async () => {
    process.env[URL_ENV] = `${registry.origin}/cdot?apiKey={key}`
    await until(() => runs.includes(ID), 'the keyed feed to run')
    expect(registry.hits(`/cdot?apiKey=${SECRET}`)).toBe(1)
    expect(editor.requests).toEqual([])
    expect(await feedRow(api.store.db, ID)).toMatchObject({ failures: 0, item_count: 2 })
    clock = new Date(T0.getTime() + 61_000)
    await until(() => runs.filter((id) => id === ID).length >= 2, 'the keyed feed to run again')
    expect(editor.requests).toEqual([])
  })
})
