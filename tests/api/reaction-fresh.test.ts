// The reaction's per-cell lists and micro-cache against writes: every write path shows at once without the cache,
// within its TTL with it (feed ingests included), across two instances on one database, and after the change log is
// pruned; feeds switched off leave the answer at the next sweep; gzip when asked.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import { openDatabase, type Store } from '../../server/db/index.ts'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import { deleteItem, insertItem, updateItem } from '../../server/db/queries/items.ts'
import { parseFeedsConfig } from '../../server/feeds/config.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import { startFeedEngine } from '../../server/feeds/scheduler.ts'
import { createMicroCache } from '../../server/lib/micro-cache.ts'
import { pruneItemChanges } from '../../server/lib/reaction-cells.ts'
import { backends } from './backends.ts'
import { feedItem, itemsBody, startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

const T0 = new Date('2026-11-22T12:00:00.000Z')
const DUVALL = 'lat=47.74&lon=-121.99'

/** A status at Duvall, written straight to a database (no API call, so no cache is cleared by it). */
const insertStatus = (db: Store['db'], title: string, fields: Record<string, unknown> = {}) =>
  insertItem(db, {
    data_aspect: 'statuses',
    title,
    lat: 47.7423,
    lon: -121.9857,
    area_miles: 5,
    created_at: T0.toISOString(),
    updated_at: T0.toISOString(),
    ...fields,
  })

describe.each(await backends())('reaction freshness on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  let cacheNow = 0
  /** The harness's app again, with no micro-cache: every answer is assembled from the kept lists. */
  let fresh: ReturnType<typeof createApp>
  /** And with a 5 s micro-cache on a clock the test moves. */
  let cached: ReturnType<typeof createApp>

  const db = () => api.store.db
  /** A staff token, for the test layers (anonymous callers get layer 0). */
  let staff = ''
  const titles = async (app: ReturnType<typeof createApp>, query = DUVALL, aspect = 'statuses') => {
    staff ||= (await api.signIn('superadmin')).token
    const headers: Record<string, string> = query.includes('layer=') ? { authorization: `Bearer ${staff}` } : {}
    const body = (await (await app.request(`/api/reaction?${query}`, { headers })).json()) as Record<
      string,
      { messages: { title: string }[] }
    >
    return body[aspect]!.messages.map((message) => message.title).sort()
  }
  const item = (title: string, fields: Record<string, unknown> = {}) => insertStatus(db(), title, fields)

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    fake = await startFeedServer()
    const deps = { store: api.store, config: api.config, mailer: { send: () => Promise.resolve() }, now: () => api.clock.now }
    fresh = createApp({ ...deps, reactionCache: createMicroCache(0, 1) })
    cached = createApp({ ...deps, reactionCache: createMicroCache(5, 100, () => cacheNow) })
  })
  beforeEach(async () => {
    await db().deleteFrom('items').execute()
    await db().deleteFrom('feeds').execute()
    api.clock.now = T0
  })
  afterAll(async () => {
    await fake.close()
    await api.close()
  })

  it('shows inserts, edits, moves, hiding, page changes and deletes at once without the micro-cache', async () => {
    const far = await item('Far away', { lat: 46.2, lon: -119.1, page_name: 'wa/kennewick' })
    expect(await titles(fresh)).toEqual([])
    const near = await item('Near')
    expect(await titles(fresh)).toEqual(['Near'])
    await updateItem(db(), near, { title: 'Near, renamed', updated_at: T0.toISOString() })
    expect(await titles(fresh)).toEqual(['Near, renamed'])
    // From another grid cell into this one, and a page's own item showing wherever it is.
    await updateItem(db(), far, { lat: 47.75, lon: -121.98 })
    expect(await titles(fresh)).toEqual(['Far away', 'Near, renamed'])
    await updateItem(db(), far, { lat: 46.2, lon: -119.1 })
    expect(await titles(fresh)).toEqual(['Near, renamed'])
    expect(await titles(fresh, `${DUVALL}&route=wa/kennewick`)).toEqual(['Far away', 'Near, renamed'])
    await updateItem(db(), far, { page_name: 'wa/richland' })
    expect(await titles(fresh, `${DUVALL}&route=wa/kennewick`)).toEqual(['Near, renamed'])
    await updateItem(db(), near, { is_active: 0 })
    expect(await titles(fresh)).toEqual([])
    await updateItem(db(), near, { is_active: 1, layer: 4 })
    expect(await titles(fresh)).toEqual([])
    expect(await titles(fresh, `${DUVALL}&layer=4`)).toEqual(['Near, renamed'])
    await deleteItem(db(), near)
    expect(await titles(fresh, `${DUVALL}&layer=4`)).toEqual([])
    // A write no answer can see (bookkeeping) is not logged as a change.
    const logged = async () =>
      Number((await sql<{ count: number | string }>`select count(*) as count from item_changes`.execute(db())).rows[0]!.count)
    const before = await logged()
    await db().updateTable('items').set({ fetched_at: T0.toISOString(), next_fetch_at: null }).execute()
    expect(await logged()).toBe(before)
  })

  it('serves an ingest’s change from the micro-cache for at most its TTL', async () => {
    const feed = testFeed({ url: `${fake.origin}/fresh-feed` })
    await ensureFeedRows(db(), [feed.id], T0)
    const run = async (at: Date) => {
      await db().updateTable('feeds').set({ next_run_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', feed.id).execute()
      return runFeed(db(), feed, {
        owner: 'test',
        userAgent: 'Porchlight/1.0 (porchlight.test)',
        allowPrivate: true,
        now: () => at,
      })
    }
    fake.pages.set('/fresh-feed', { body: itemsBody([feedItem('a', { title: 'Before' })]) })
    await run(T0)
    cacheNow = 1_000_000
    expect(await titles(cached)).toEqual(['Before'])
    fake.pages.set('/fresh-feed', { body: itemsBody([feedItem('a', { title: 'After' })]) })
    expect(await run(new Date(T0.getTime() + 60_000))).toMatchObject({ state: 'stored', summary: { changed: 1 } })
    // The ingest does not clear this instance's micro-cache: the old answer may stand for its 5 s, never longer.
    cacheNow += 4_999
    expect(await titles(cached)).toEqual(['Before'])
    expect(await titles(fresh)).toEqual(['After'])
    cacheNow += 1
    expect(await titles(cached)).toEqual(['After'])
  })

  it('keeps two instances on one database in step, and starts over when the change log was pruned past it', async () => {
    // SQLite in memory cannot be shared: this test opens a file.
    const url = backend.name === 'sqlite' ? join(mkdtempSync(join(tmpdir(), 'porchlight-fresh-')), 'shared.db') : null
    const second: Store = url ? await openDatabase(url, '.build/unused') : api.store
    const first: Store = url
      ? await openDatabase(url, '.build/unused')
      : await openDatabase(await sharedUrl(api), '.build/unused')
    const deps = (store: Store) => ({
      store,
      config: api.config,
      mailer: { send: () => Promise.resolve() },
      now: () => api.clock.now,
      reactionCache: createMicroCache(0, 1),
    })
    const [one, two] = [createApp(deps(first)), createApp(deps(second))]
    try {
      const write = (title: string) => insertStatus(first.db, title)
      const id = await write('Shared')
      expect(await titles(one)).toEqual(['Shared'])
      expect(await titles(two)).toEqual(['Shared'])
      await updateItem(second.db, id, { title: 'Renamed by the other', updated_at: T0.toISOString() })
      expect(await titles(one)).toEqual(['Renamed by the other'])
      // Changes to one item, then to another; everything but the last change is pruned: the lagging instance
      // cannot tell what else changed, so it starts over.
      const other = await insertItem(first.db, {
        data_aspect: 'statuses',
        title: 'Other',
        lat: 46.21,
        lon: -119.14,
        area_miles: 5,
        created_at: T0.toISOString(),
        updated_at: T0.toISOString(),
      })
      const KENNEWICK = 'lat=46.21&lon=-119.14'
      expect(await titles(one, KENNEWICK)).toEqual(['Other'])
      for (let index = 0; index < 3; index++) await updateItem(second.db, other, { title: `Other, edit ${index}` })
      await updateItem(second.db, id, { title: 'Shared, last edit' })
      expect(await pruneItemChanges(second.db, 1)).toBeGreaterThan(0)
      expect(await titles(one, KENNEWICK)).toEqual(['Other, edit 2'])
      expect(await titles(one)).toEqual(['Shared, last edit'])
      expect(await titles(two, KENNEWICK)).toEqual(['Other, edit 2'])
    } finally {
      if (url) {
        await first.db.destroy()
        await second.db.destroy()
      } else await first.db.destroy()
    }
  })

  it('ends the items of a feed switched off at the next sweep, and leaves the others', async () => {
    const config = parseFeedsConfig(
      {
        contact: '(porchlight.test, ops@porchlight.test)',
        groups: {
          test: [
            {
              id: 'still-on',
              name: 'On',
              adapter: 'items-json',
              url: `${fake.origin}/on`,
              enabled: true,
              scheduleSeconds: 3600,
              attribution: { name: 'On', url: null },
            },
            {
              id: 'now-off',
              name: 'Off',
              adapter: 'items-json',
              url: `${fake.origin}/off`,
              scheduleSeconds: 60,
              attribution: { name: 'Off', url: null },
            },
          ],
        },
      },
      {},
    )
    fake.pages.set('/on', { body: itemsBody([feedItem('on-1', { title: 'From the feed that is on' })]) })
    await item('Staff item')
    // What the feed stored while it was on.
    await item('From the feed now off', { feed_id: 'now-off', source_id: 'x' })
    expect(await titles(fresh)).toEqual(['From the feed now off', 'Staff item'])
    const runs: string[] = []
    const engine = startFeedEngine(db(), config, {
      allowPrivate: true,
      tickMs: 50,
      now: () => T0,
      onRun: (id, outcome) => runs.push(`${id}:${outcome.state}`),
    })
    for (let wait = 0; wait < 200 && !runs.includes('still-on:stored'); wait++) await new Promise((done) => setTimeout(done, 50))
    await engine.stop()
    expect(await titles(fresh)).toEqual(['From the feed that is on', 'Staff item'])
    const ended = await db().selectFrom('items').select(['feed_id', 'expires_at']).where('feed_id', '=', 'now-off').execute()
    expect(ended).toEqual([{ feed_id: 'now-off', expires_at: T0.toISOString() }])
  })

  it('answers gzip when the caller takes it, the same JSON as without', async () => {
    for (let index = 0; index < 20; index++) await item(`Item ${index} with a title long enough to pass a kilobyte`)
    for (const app of [fresh, cached]) {
      cacheNow += 10_000
      const plain = await app.request(`/api/reaction?${DUVALL}`)
      const zipped = await app.request(`/api/reaction?${DUVALL}`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
      const refused = await app.request(`/api/reaction?${DUVALL}`, { headers: { 'accept-encoding': 'br, gzip;q=0' } })
      expect(plain.headers.get('content-encoding')).toBeNull()
      expect(refused.headers.get('content-encoding')).toBeNull()
      expect(zipped.headers.get('content-encoding')).toBe('gzip')
      expect(zipped.headers.get('vary')).toBe('Origin, Accept-Encoding')
      const text = await plain.text()
      expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(text)
      expect(JSON.parse(text).statuses.messages).toHaveLength(20)
    }
  })

  it('never answers a bad query from the micro-cache of a good one', async () => {
    await item('Near')
    cacheNow += 10_000
    expect((await cached.request(`/api/reaction?${DUVALL}`)).status).toBe(200)
    expect((await cached.request(`/api/reaction?${DUVALL}&route=`)).status).toBe(400)
    expect((await cached.request(`/api/reaction?${DUVALL}&layer=`)).status).toBe(400)
  })
})

/** The harness's PostgreSQL database, for a second connection pool (a second instance) on it. */
async function sharedUrl(api: Harness): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(api.store.db)
  const url = new URL(process.env['TEST_DATABASE_URL'] || 'postgres://postgres:postgres@localhost:5432/postgres')
  url.pathname = `/${rows[0]!.name}`
  return url.toString()
}
