// A hostile registry publisher lists 3,000 feeds on a host that answers each after a long wait: the registry keeps
// its first MAX_REGISTRY_ROWS, they run in a lane of their own, and the configured alert feed keeps its schedule.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feedRow } from '../../server/db/queries/feeds.ts'
import { MAX_REGISTRY_ROWS } from '../../server/feeds/adapters/wzdx-registry.ts'
import { parseFeedsConfig } from '../../server/feeds/config.ts'
import { LISTED_LANE } from '../../server/feeds/lanes.ts'
import { startFeedEngine, type FeedEngine } from '../../server/feeds/scheduler.ts'
import { feedsSchema } from '../../server/schemas.ts'
import { backends } from './backends.ts'
import { feedItem, itemsBody, startFeedServer } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'
import { slowRegistryBody, startSlowHost } from '../../scripts/lib/slow-registry.ts'

const T0 = new Date('2026-11-23T18:00:00.000Z')
const ROWS = 3000
const SLOW_MS = 1500

describe.each(await backends())('a 3,000-row registry on a slow host, on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  let slow: Awaited<ReturnType<typeof startSlowHost>>
  let engine: FeedEngine | undefined
  let clock = T0
  const runs: { id: string; at: number }[] = []
  const previousFile = process.env['FEEDS_FILE']
  const ran = (id: string) => runs.filter((run) => run.id === id)
  const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 20_000) => {
    for (const end = Date.now() + ms; Date.now() < end;) {
      if (await check()) return
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`timed out waiting for ${what}`)
  }

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    api.clock.now = T0
    fake = await startFeedServer()
    slow = await startSlowHost(SLOW_MS)
    fake.pages.set('/nws', { body: itemsBody([feedItem('flood-1')]) })
    fake.pages.set('/registry', { body: slowRegistryBody(slow.origin, ROWS, 'Hostile DOT') })
    const groups = {
      alerts: [
        {
          id: 'nws-alerts',
          name: 'NWS alerts',
          adapter: 'items-json',
          url: `${fake.origin}/nws`,
          enabled: true,
          scheduleSeconds: 60,
          attribution: { name: 'NWS', url: null },
        },
      ],
      roads: [
        {
          id: 'wzdx-registry',
          name: 'WZDx Feed Registry',
          adapter: 'wzdx-registry',
          url: `${fake.origin}/registry`,
          enabled: true,
          scheduleSeconds: 86_400,
          maxBytes: 10_000_000,
          attribution: { name: 'US DOT', url: null },
        },
      ],
    }
    const dir = mkdtempSync(join(tmpdir(), 'feeds-lanes-'))
    writeFileSync(join(dir, 'feeds.json'), JSON.stringify({ groups }))
    process.env['FEEDS_FILE'] = join(dir, 'feeds.json')
    engine = startFeedEngine(api.store.db, parseFeedsConfig({ groups }, {}), {
      allowPrivate: true,
      tickMs: 20,
      now: () => clock,
      onRun: (id) => runs.push({ id, at: Date.now() }),
    })
  })
  afterAll(async () => {
    await engine?.stop()
    if (previousFile === undefined) delete process.env['FEEDS_FILE']
    else process.env['FEEDS_FILE'] = previousFile
    await slow.close()
    await fake.close()
    await api.close()
  })

  it('keeps the registry’s first rows only, and says so in its health row', async () => {
    await until(() => ran('wzdx-registry').length > 0, 'the registry to run')
    const stored = await api.store.db.selectFrom('feed_registry').select('id').execute()
    expect(stored.length).toBe(MAX_REGISTRY_ROWS)
    expect(await feedRow(api.store.db, 'wzdx-registry')).toMatchObject({
      failures: 0,
      skipped: ROWS - MAX_REGISTRY_ROWS,
      last_error: expect.stringContaining(`only the first ${MAX_REGISTRY_ROWS} are kept`),
    })
    const { token } = await api.signIn('admin')
    const { feeds } = feedsSchema.parse((await api.send('GET', '/api/feeds', { token })).body)
    expect(feeds.filter((feed) => feed.id.startsWith('wzdx-ia-')).length).toBe(MAX_REGISTRY_ROWS)
    // The public coverage answer lists each feed: 3,000 rows made it 775 kB in the review; 500 make 139 kB.
    const coverage = await api.app.request('/api/coverage')
    expect(coverage.status).toBe(200)
    expect((await coverage.text()).length).toBeLessThan(200_000)
  })

  it('runs the alert feed on its schedule while the listed feeds wait on the slow host', async () => {
    await until(() => slow.hits() >= 2, 'the listed feeds to start')
    for (let round = 1; round <= 3; round++) {
      const before = ran('nws-alerts').length
      // The alert feed is due again (60 s schedule); the listed ones still hold their slow requests.
      clock = new Date(T0.getTime() + round * 61_000)
      const due = Date.now()
      await until(() => ran('nws-alerts').length > before, `round ${round} of the alert feed`, 5000)
      const late = ran('nws-alerts').at(-1)!.at - due
      expect(late).toBeLessThan(1000)
    }
    // The listed lane runs a few at a time, never more: the slow host saw exactly that many requests at once.
    await until(() => slow.hits() >= 4, 'the listed lane to go on')
    expect(slow.mostOpen()).toBe(LISTED_LANE.concurrency)
  })
})
