// The feed engine against a local feed server: upserts, removal, expiry, locks, hiding, backoff, 304, claims, bad bodies.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ensureFeedRows, feedRow } from '../../server/db/queries/feeds.ts'
import { updateItem } from '../../server/db/queries/items.ts'
import type { Feed } from '../../server/feeds/config.ts'
import { MAX_BACKOFF_MS, runFeed } from '../../server/feeds/engine.ts'
import { deleteExpired, storeFeedItems } from '../../server/feeds/store.ts'
import type { FeedItem } from '../../server/feeds/types.ts'
import { backends } from './backends.ts'
import { feedItem, itemsBody, startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

const T0 = new Date('2026-11-22T12:00:00.000Z')
const minutes = (count: number) => new Date(T0.getTime() + count * 60_000)

describe.each(await backends())('feed engine on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  let feed: Feed
  let point = 0

  const db = () => api.store.db
  const run = async (at: Date, which: Feed = feed, owner = 'test-owner') => {
    api.clock.now = at
    // Due now, whatever the last run scheduled: the schedule itself is tested in 'backs off'.
    await db().updateTable('feeds').set({ next_run_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', which.id).execute()
    return runFeed(db(), which, { owner, userAgent: 'Porchlight/1.0 (porchlight.test)', allowPrivate: true, now: () => at })
  }
  const rows = () => db().selectFrom('items').selectAll().where('feed_id', '=', feed.id).orderBy('source_id').execute()
  /** The statuses answer at Duvall (a fresh point each time, so the micro-cache never answers). */
  const statuses = async () => {
    point++
    const answer = await api.send('GET', `/api/reaction?lat=${(47.7423 + point / 100_000).toFixed(5)}&lon=-121.9857`)
    return answer.body.statuses.messages as { title: string; state: string; isOld: boolean; retrieved: string; source: unknown }[]
  }
  const serve = (items: unknown[], extra: { etag?: string; status?: number } = {}) =>
    fake.pages.set('/feed', { body: itemsBody(items), ...extra })

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    fake = await startFeedServer()
    feed = testFeed({ url: `${fake.origin}/feed` })
  })
  beforeEach(async () => {
    await db().deleteFrom('items').execute()
    await db().deleteFrom('feeds').execute()
    await ensureFeedRows(db(), [feed.id], T0)
    fake.requests.length = 0
  })
  afterAll(async () => {
    await fake.close()
    await api.close()
  })

  it('stores items once across runs, with attribution in the public view', async () => {
    serve([feedItem('a'), feedItem('b', { title: 'Second' })])
    expect(await run(minutes(0))).toMatchObject({ state: 'stored', summary: { added: 2 } })
    expect(await run(minutes(2))).toMatchObject({ state: 'stored', summary: { added: 0, unchanged: 2 } })
    expect((await rows()).map((row) => row.source_id)).toEqual(['a', 'b'])
    const shown = await statuses()
    expect(shown.map((item) => item.title).sort()).toEqual(['Alert a', 'Second'])
    expect(shown[0]!.source).toEqual({ name: 'Test Publisher', url: 'https://publisher.example/' })
    const health = await feedRow(db(), feed.id)
    expect(health).toMatchObject({ item_count: 2, failures: 0, last_success_at: minutes(2).toISOString() })
    expect(fake.requests[0]!.headers['user-agent']).toBe('Porchlight/1.0 (porchlight.test)')
  })

  it('lets other work in while it stores a large run (SQLite writes block the event loop)', async () => {
    const many = (title: string): FeedItem[] =>
      Array.from({ length: 300 }, (_, n) => ({
        sourceId: `big-${n}`,
        aspect: 'statuses',
        title: `${title} ${n}`,
        priority: 'Warning',
        category: 'weather',
        dataCategory: null,
        state: null,
        stateType: null,
        lines: [],
        link: null,
        image: null,
        specialData: null,
        lat: 47.7,
        lon: -121.9,
        areaMiles: 5,
        geometry: null,
        startsAt: null,
        endsAt: null,
        attribution: { name: 'Test Publisher', url: null },
      }))
    // Turns of the event loop while the store works: with no pause, a SQLite run gives none.
    let turns = 0
    let done = false
    const tick = () => {
      if (done) return
      turns++
      setImmediate(tick)
    }
    setImmediate(tick)
    const added = await storeFeedItems(db(), feed.id, many('Added'), T0, { removeMissing: true })
    const addTurns = turns
    const changed = await storeFeedItems(db(), feed.id, many('Changed'), T0, { removeMissing: true })
    done = true
    expect(added).toMatchObject({ added: 300 })
    expect(changed).toMatchObject({ changed: 300 })
    expect(addTurns).toBeGreaterThanOrEqual(10)
    expect(turns - addTurns).toBeGreaterThanOrEqual(10)
  })

  it('updates changed items and removes the ones that left the feed', async () => {
    serve([feedItem('a'), feedItem('b')])
    await run(minutes(0))
    serve([feedItem('a', { state: 'Flood Watch' }), feedItem('c')])
    expect(await run(minutes(2))).toMatchObject({ summary: { added: 1, changed: 1, removed: 1 } })
    const after = await rows()
    expect(after.map((row) => [row.source_id, row.state])).toEqual([
      ['a', 'Flood Watch'],
      ['c', 'Flood Warning'],
    ])
    expect(JSON.parse(after[0]!.view)).toMatchObject({ state: 'Flood Watch' })
  })

  it('drops ended items, hides expired ones at once and deletes them later', async () => {
    serve([feedItem('old', { endsAt: minutes(-1).toISOString() }), feedItem('soon', { endsAt: minutes(10).toISOString() })])
    await run(minutes(0))
    expect((await rows()).map((row) => row.source_id)).toEqual(['soon'])
    expect((await statuses()).map((item) => item.title)).toEqual(['Alert soon'])
    api.clock.now = minutes(11)
    expect(await statuses()).toEqual([])
    expect(await deleteExpired(db(), minutes(30))).toBe(0)
    expect(await deleteExpired(db(), minutes(80))).toBe(1)
    expect(await rows()).toEqual([])
  })

  it('keeps a result staff locked, and a feed item staff hid', async () => {
    serve([feedItem('locked'), feedItem('hidden')])
    await run(minutes(0))
    const [hidden, locked] = await rows()
    await updateItem(db(), locked!.id, { state: 'Staff says fine', lock_result_until: minutes(60).toISOString() })
    await updateItem(db(), hidden!.id, { is_active: 0 })
    serve([feedItem('locked', { state: 'Feed says flood', title: 'Renamed' }), feedItem('hidden', { state: 'Changed too' })])
    await run(minutes(2))
    const [hiddenAfter, lockedAfter] = await rows()
    expect(lockedAfter).toMatchObject({ state: 'Staff says fine', title: 'Renamed' })
    expect(hiddenAfter).toMatchObject({ is_active: 0, state: 'Changed too' })
    expect((await statuses()).map((item) => item.state)).toEqual(['Staff says fine'])
    // Once the lock passes, the feed's own result comes back even though the feed did not change.
    await run(minutes(61))
    expect((await rows())[1]).toMatchObject({ state: 'Feed says flood' })
  })

  it('backs off on failure, keeps the items, and marks them old past the stale threshold', async () => {
    serve([feedItem('a')])
    await run(minutes(0))
    fake.pages.set('/feed', { status: 503, body: 'down' })
    api.clock.now = minutes(1)
    await db()
      .updateTable('feeds')
      .set({ next_run_at: minutes(1).toISOString() })
      .execute()
    const first = await runFeed(db(), feed, { owner: 'x', userAgent: 'ua', allowPrivate: true, now: () => minutes(1) })
    expect(first).toEqual({ state: 'failed', error: 'HTTP 503' })
    expect(await feedRow(db(), feed.id)).toMatchObject({
      failures: 1,
      last_error: 'HTTP 503',
      last_error_at: minutes(1).toISOString(),
      next_run_at: new Date(minutes(1).getTime() + 2 * 60_000).toISOString(),
      claimed_until: null,
    })
    // Not due yet: the backoff holds the next run.
    expect(await runFeed(db(), feed, { owner: 'x', userAgent: 'ua', allowPrivate: true, now: () => minutes(2) })).toEqual({
      state: 'skipped',
    })
    await run(minutes(3))
    expect(await feedRow(db(), feed.id)).toMatchObject({ failures: 2 })
    expect((await statuses())[0]).toMatchObject({ isOld: false })
    // Ten minutes (the floor of the threshold for a 60 s feed) after the last success, the items show as old.
    await run(minutes(11))
    const shown = await statuses()
    expect(shown[0]).toMatchObject({ title: 'Alert a', isOld: true, retrieved: minutes(0).toISOString() })
    await db().updateTable('feeds').set({ failures: 20 }).execute()
    await run(minutes(12))
    const row = await feedRow(db(), feed.id)
    expect(Date.parse(row!.next_run_at) - minutes(12).getTime()).toBe(MAX_BACKOFF_MS)
    // Recovery: fresh again.
    serve([feedItem('a')])
    await run(minutes(20))
    expect((await statuses())[0]).toMatchObject({ isOld: false, retrieved: minutes(20).toISOString() })
    expect(await feedRow(db(), feed.id)).toMatchObject({ failures: 0 })
  })

  it('sends the ETag back and keeps the items on 304', async () => {
    serve([feedItem('a')], { etag: '"v1"' })
    await run(minutes(0))
    expect(await run(minutes(2))).toEqual({ state: 'not-modified' })
    expect(fake.requests[1]!.headers['if-none-match']).toBe('"v1"')
    const [row] = await rows()
    expect(row).toMatchObject({ fetched_at: minutes(2).toISOString(), source_id: 'a' })
    expect(await feedRow(db(), feed.id)).toMatchObject({ etag: '"v1"', last_success_at: minutes(2).toISOString() })
  })

  it('lets only one of two racing engines fetch a feed', async () => {
    serve([feedItem('a')])
    api.clock.now = minutes(0)
    const options = (owner: string) => ({ owner, userAgent: 'ua', allowPrivate: true, now: () => minutes(0) })
    const outcomes = await Promise.all([runFeed(db(), feed, options('one')), runFeed(db(), feed, options('two'))])
    expect(outcomes.map((outcome) => outcome.state).sort()).toEqual(['skipped', 'stored'])
    expect(fake.hits('/feed')).toBe(1)
    expect((await rows()).length).toBe(1)
  })

  it('never lets a bad body remove good items', async () => {
    serve([feedItem('a'), feedItem('b')])
    await run(minutes(0))
    fake.pages.set('/feed', { body: '{"items": [ truncated' })
    expect(await run(minutes(2))).toMatchObject({ state: 'failed' })
    fake.pages.set('/feed', { body: '<html>maintenance</html>' })
    expect(await run(minutes(4))).toMatchObject({ state: 'failed' })
    fake.pages.set('/feed', { body: '{"features": []}' })
    expect(await run(minutes(6))).toEqual({ state: 'failed', error: 'Not an items-json feed: no "items" list' })
    serve([{ sourceId: 'x', title: 7 }, { nonsense: true }])
    expect(await run(minutes(8))).toMatchObject({
      state: 'failed',
      error: expect.stringContaining('Every record was skipped (2)'),
    })
    expect((await rows()).map((row) => row.source_id)).toEqual(['a', 'b'])
    // One bad record among good ones is skipped and said, the rest are stored.
    serve([feedItem('a'), { sourceId: 'bad', aspect: 'nowhere' }])
    expect(await run(minutes(10))).toMatchObject({ state: 'stored', skipped: 1, summary: { removed: 1 } })
    expect((await feedRow(db(), feed.id))!.last_error).toMatch(/^Skipped 1 bad records: items\[1\]/)
  })

  it('refuses a body over the feed size cap', async () => {
    serve([feedItem('a')])
    await run(minutes(0))
    const small = testFeed({ url: `${fake.origin}/feed`, maxBytes: 1000 })
    serve(Array.from({ length: 20 }, (_, index) => feedItem(`n${index}`)))
    expect(await run(minutes(2), small)).toEqual({ state: 'failed', error: 'Response larger than 1 kB' })
    expect((await rows()).map((row) => row.source_id)).toEqual(['a'])
  })

  it('records a missing key, URL or adapter as the error without fetching', async () => {
    const keyed = testFeed({ url: `${fake.origin}/feed?key={key}`, keyEnv: 'TEST_FEED_KEY' })
    expect(await run(minutes(0), keyed)).toEqual({ state: 'failed', error: 'No key: set TEST_FEED_KEY' })
    const unknown = testFeed({ url: `${fake.origin}/feed`, adapter: 'nonesuch' })
    expect(await run(minutes(2), unknown)).toEqual({ state: 'failed', error: 'Unknown adapter nonesuch' })
    expect(fake.requests).toEqual([])
  })
})
