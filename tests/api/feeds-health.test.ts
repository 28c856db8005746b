// GET /api/feeds (admins only) and staff actions on feed items through the existing routes, kept across feed runs.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import { feedRunSchema, feedsSchema } from '../../server/schemas.ts'
import { backends } from './backends.ts'
import { feedItem, itemsBody, startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

const T0 = new Date('2026-11-22T12:00:00.000Z')
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)

describe.each(await backends())('feed health and staff actions on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  const previousFile = process.env['FEEDS_FILE']
  const feedConfig = () => ({
    id: 'test-feed',
    name: 'Test feed',
    adapter: 'items-json',
    url: `${fake.origin}/feed`,
    enabled: true,
    scheduleSeconds: 60,
    attribution: { name: 'Test Publisher', url: 'https://publisher.example/' },
  })
  const run = async (at: Date) => {
    api.clock.now = at
    await api.store.db.updateTable('feeds').set({ next_run_at: '2000-01-01T00:00:00.000Z' }).execute()
    return runFeed(api.store.db, testFeed({ url: `${fake.origin}/feed` }), {
      owner: 't',
      userAgent: 'ua',
      allowPrivate: true,
      now: () => at,
    })
  }

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0', ALLOW_PRIVATE_FETCH: '1' })
    fake = await startFeedServer()
    const dir = mkdtempSync(join(tmpdir(), 'feeds-health-'))
    const keyed = {
      ...feedConfig(),
      id: 'keyed',
      name: 'Keyed',
      url: 'https://511.example/?key={key}',
      keyEnv: 'NO_SUCH_KEY_SET',
    }
    const off = { ...feedConfig(), id: 'off', name: 'Off', enabled: false }
    writeFileSync(join(dir, 'feeds.json'), JSON.stringify({ groups: { test: [feedConfig(), keyed, off] } }))
    process.env['FEEDS_FILE'] = join(dir, 'feeds.json')
    await ensureFeedRows(api.store.db, ['test-feed', 'keyed', 'off'], T0)
  })
  afterAll(async () => {
    if (previousFile === undefined) delete process.env['FEEDS_FILE']
    else process.env['FEEDS_FILE'] = previousFile
    await fake.close()
    await api.close()
  })

  it('answers admins and superadmins only, with the existing texts', async () => {
    expect(await api.send('GET', '/api/feeds')).toMatchObject({ status: 401, body: { error: 'Not signed in' } })
    for (const role of ['page', 'area', 'one', 'none'] as const) {
      const { token } = await api.signIn(role, { pageName: 'wa/duvall', cityName: 'Duvall', itemId: 1 })
      expect(await api.send('GET', '/api/feeds', { token })).toMatchObject({
        status: 403,
        body: { error: 'You do not have permission to view feeds.' },
      })
    }
    for (const role of ['admin', 'superadmin'] as const) {
      const { token } = await api.signIn(role)
      expect((await api.send('GET', '/api/feeds', { token })).status).toBe(200)
    }
  })

  it('lists each feed with its last success, error, count, next run and stale flag', async () => {
    fake.pages.set('/feed', { body: itemsBody([feedItem('a'), feedItem('b')]) })
    await run(T0)
    fake.pages.set('/feed', { status: 500, body: 'down' })
    await run(later(1))
    const { token } = await api.signIn('admin')
    api.clock.now = later(2)
    const answer = await api.send('GET', '/api/feeds', { token })
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    const { feeds } = feedsSchema.parse(answer.body)
    // The configured feeds first, in the file's order (other fetchers, such as the businesses one, may follow).
    expect(feeds.map((feed) => feed.id).slice(0, 3)).toEqual(['test-feed', 'keyed', 'off'])
    expect(feeds[0]).toEqual({
      id: 'test-feed',
      name: 'Test feed',
      adapter: 'items-json',
      enabled: true,
      schedule: 60,
      lastRunAt: later(1).toISOString(),
      lastSuccessAt: T0.toISOString(),
      lastError: 'HTTP 500',
      lastErrorAt: later(1).toISOString(),
      itemCount: 2,
      nextRunAt: later(3).toISOString(),
      failures: 1,
      stale: false,
      attribution: { name: 'Test Publisher', url: 'https://publisher.example/' },
      withheld: 0,
      skipped: 0,
    })
    expect(feeds[1]).toMatchObject({ enabled: true, lastError: 'No key: set NO_SUCH_KEY_SET', itemCount: 0 })
    expect(feeds[2]).toMatchObject({ enabled: false, nextRunAt: null, stale: false })
    api.clock.now = later(20)
    const stale = feedsSchema.parse((await api.send('GET', '/api/feeds', { token })).body).feeds[0]!
    expect(stale.stale).toBe(true)
  })

  it('keeps a feed item hidden and a result locked through the staff routes', async () => {
    fake.pages.set('/feed', { body: itemsBody([feedItem('a'), feedItem('b')]) })
    await run(later(30))
    const { token } = await api.signIn('superadmin')
    const [a, b] = await api.store.db.selectFrom('items').select(['id', 'source_id']).orderBy('source_id').execute()
    expect((await api.send('POST', `/api/manage/${a!.id}?t=${token}`, { body: { IsActive: false } })).status).toBe(200)
    expect((await api.send('POST', `/items/${b!.id}/lock`, { token, body: { duration: 3600 } })).status).toBe(200)
    expect((await api.send('POST', `/api/manage/${b!.id}?t=${token}`, { body: { State: 'All clear' } })).status).toBe(200)
    fake.pages.set('/feed', { body: itemsBody([feedItem('a', { state: 'New a' }), feedItem('b', { state: 'New b' })]) })
    await run(later(32))
    const answer = await api.send('GET', '/api/reaction?lat=47.7423&lon=-121.9857')
    expect(answer.body.statuses.messages.map((item: { state: string }) => item.state)).toEqual(['All clear'])
    const record = await api.send('GET', `/api/manage/${a!.id}?t=${token}`)
    expect(record.body.record).toMatchObject({ IsActive: false, State: 'New a', FeedId: 'test-feed' })
  })

  it('reports alerts withheld for their zones and records skipped, as fields', async () => {
    const zone = `${fake.origin}/zones/never`
    fake.pages.set('/zones/never', { status: 503, body: 'down' })
    fake.pages.set('/feed', {
      body: itemsBody([feedItem('a'), feedItem('waits', { zones: [zone] }), { sourceId: 'bad', aspect: 'nowhere' }]),
    })
    expect(await run(later(40))).toMatchObject({ state: 'stored', skipped: 1, pendingZones: 1 })
    const { token } = await api.signIn('admin')
    const { feeds } = feedsSchema.parse((await api.send('GET', '/api/feeds', { token })).body)
    expect(feeds[0]).toMatchObject({ id: 'test-feed', withheld: 1, skipped: 1, failures: 0, itemCount: 1 })
  })

  it('runs one feed now for admins and superadmins only, and says what the run did', async () => {
    fake.pages.set('/feed', { body: itemsBody([feedItem('now-1'), feedItem('now-2')]) })
    api.clock.now = later(50)
    // Not due for an hour: the action runs it anyway.
    await api.store.db
      .updateTable('feeds')
      .set({ next_run_at: later(110).toISOString() })
      .where('id', '=', 'test-feed')
      .execute()
    expect(await api.send('POST', '/api/feeds/test-feed/run')).toMatchObject({ status: 401, body: { code: 'not_signed_in' } })
    for (const role of ['page', 'area', 'one', 'none'] as const) {
      const { token } = await api.signIn(role, { pageName: 'wa/duvall', cityName: 'Duvall', itemId: 1 })
      expect(await api.send('POST', '/api/feeds/test-feed/run', { token })).toMatchObject({
        status: 403,
        body: { code: 'no_run_feeds', error: 'You do not have permission to run feeds.' },
      })
    }
    const before = fake.hits('/feed')
    for (const role of ['admin', 'superadmin'] as const) {
      const { token } = await api.signIn(role)
      const answer = await api.send('POST', '/api/feeds/test-feed/run', { token })
      expect(answer.status).toBe(200)
      expect(feedRunSchema.parse(answer.body)).toMatchObject({
        run: { state: 'stored', skipped: 0, withheld: 0, error: null },
        feed: { id: 'test-feed', lastSuccessAt: later(50).toISOString(), itemCount: 2, failures: 0 },
      })
    }
    expect(fake.hits('/feed')).toBe(before + 2)
    const { token } = await api.signIn('admin')
    expect(await api.send('POST', '/api/feeds/off/run', { token })).toMatchObject({ status: 409, body: { code: 'feed_off' } })
    expect(await api.send('POST', '/api/feeds/nonesuch/run', { token })).toMatchObject({ status: 404 })
    // A run under way elsewhere (a claim held) is not run twice.
    await api.store.db
      .updateTable('feeds')
      .set({ claimed_until: later(60).toISOString(), claimed_by: 'other' })
      .where('id', '=', 'test-feed')
      .execute()
    expect(await api.send('POST', '/api/feeds/test-feed/run', { token })).toMatchObject({
      status: 409,
      body: { code: 'feed_busy' },
    })
  })
})
