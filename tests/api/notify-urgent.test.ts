// Urgent first (issue 39): a Warning written while a large Info fan-out is being sent reaches its followers before
// that fan-out ends, counted at the local push service (which decrypts every message). 2,000 Info followers here
// (about 5 s of sending on this machine); the rule is the same at 50,000: the Warning waits for at most the batch
// in flight (200 messages), never for the rest of the fan-out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vapidKeys } from '../../server/notify/keys.ts'
import { notifyRound } from '../../server/notify/start.ts'
import { notifyDb } from '../../server/db/queries/notify-tables.ts'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'
import { startPushFake } from './notify-push-fake.ts'

const BURST_MS = 30_000
const INFO_FOLLOWERS = 2_000
const WARNING_FOLLOWERS = 50

describe.each(await backends())('urgent first on $name', (backend) => {
  let api: Harness
  let admin: string
  let fake: Awaited<ReturnType<typeof startPushFake>>

  const round = async (concurrency = 64) =>
    notifyRound(api.store.db, () => api.clock.now, {
      owner: 'test',
      vapid: vapidKeys(api.config.dataDir, api.config.siteUrl),
      siteUrl: api.config.siteUrl,
      allowPrivate: true,
      burstMs: BURST_MS,
      concurrency,
    })
  const create = async (fields: Record<string, unknown>) => {
    const { status, body } = await api.send('POST', '/items', { token: admin, body: duvallItem(fields) })
    expect(status, JSON.stringify(body)).toBe(201)
    return body.id as number
  }
  /** Followers stored directly (the subscribe call allows 20 an hour per source): `count` of one place. */
  async function follow(prefix: string, count: number, place: { place: string; lat: number; lon: number }, minRank: number) {
    const ndb = notifyDb(api.store.db)
    const stamp = api.clock.now.toISOString()
    for (let at = 0; at < count; at += 200) {
      const subs = Array.from({ length: Math.min(200, count - at) }, (_, index) => {
        const id = `${prefix}${at + index}`
        const { endpoint, keys } = fake.subscribe(id)
        return { id, endpoint, p256dh: keys.p256dh, auth: keys.auth }
      })
      await ndb
        .insertInto('push_subscriptions')
        .values(
          subs.map((sub) => ({ ...sub, secret_hash: 'x', lang: 'en', created_at: stamp, updated_at: stamp, last_sent_at: null })),
        )
        .execute()
      await ndb
        .insertInto('push_places')
        .values(
          subs.map((sub) => ({
            subscription_id: sub.id,
            ...place,
            timezone: 'America/Los_Angeles',
            sections: 'statuses',
            min_rank: minRank,
            quiet_start: null,
            quiet_end: null,
          })),
        )
        .execute()
    }
  }
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 5))
  }

  beforeAll(async () => {
    fake = await startPushFake()
    api = await startHarness(backend, { ALLOW_PRIVATE_FETCH: '1', SITE_URL: 'https://porchlight.example' })
    admin = (await api.signIn('superadmin')).token
  })
  afterAll(async () => {
    await api.close()
    await fake.close()
  })

  it(`sends a Warning written during a ${INFO_FOLLOWERS}-follower Info fan-out before that fan-out ends`, async () => {
    await follow('info', INFO_FOLLOWERS, { place: 'wa/duvall', lat: 47.7423, lon: -121.9857 }, 6)
    await follow('warn', WARNING_FOLLOWERS, { place: 'wa/seattle', lat: 47.6062, lon: -122.3321 }, 3)
    await create({ title: 'Library hours change', priority: 'Info' })
    await round()
    // The Info burst ends; its fan-out starts, and the Warning is written once 200 messages are out.
    api.clock.now = new Date(api.clock.now.getTime() + BURST_MS + 1000)
    const fanOut = round()
    const info = () => fake.received.filter((entry) => entry.name.startsWith('info')).length
    await until(() => info() >= 200)
    const written = Date.now()
    await create({
      title: 'Tornado Warning',
      priority: 'Warning',
      pageName: 'wa/seattle',
      cityName: 'Seattle',
      lat: 47.6062,
      lon: -122.3321,
    })
    await fanOut
    const warned = fake.received.filter((entry) => entry.name.startsWith('warn'))
    const lastInfo = fake.received.findLast((entry) => entry.name.startsWith('info'))!
    expect(fake.failures).toEqual([])
    expect(info()).toBe(INFO_FOLLOWERS)
    expect(warned).toHaveLength(WARNING_FOLLOWERS)
    expect(new Set(warned.map((entry) => entry.name)).size).toBe(WARNING_FOLLOWERS)
    expect(warned.every((entry) => entry.payload['title'] === 'Seattle, WA: Tornado Warning')).toBe(true)
    const lastWarning = Math.max(...warned.map((entry) => entry.at))
    expect(lastWarning).toBeLessThan(lastInfo.at)
    const infoAfter = fake.received.filter((entry) => entry.name.startsWith('info') && entry.at > lastWarning).length
    console.log(
      `${backend.name}: Warning written after 200 of ${INFO_FOLLOWERS} Info messages; its ${WARNING_FOLLOWERS} followers ` +
        `had it ${lastWarning - written} ms later, ${infoAfter} Info messages still to go, ${lastInfo.at - written} ms to the fan-out's end`,
    )
  }, 120_000)

  it('lets a later update of a waiting Warning merge into the same message', async () => {
    fake.received.length = 0
    const id = await create({
      title: 'Flood Warning',
      priority: 'Warning',
      pageName: 'wa/seattle',
      cityName: 'Seattle',
      lat: 47.6062,
      lon: -122.3321,
    })
    const { status } = await api.send('POST', `/api/manage/${id}?t=${admin}`, { body: { State: 'closed' } })
    expect(status).toBe(200)
    await round()
    const warned = fake.received.filter((entry) => entry.name.startsWith('warn'))
    expect(warned).toHaveLength(WARNING_FOLLOWERS)
    expect(new Set(warned.map((entry) => entry.name)).size).toBe(WARNING_FOLLOWERS)
  }, 60_000)

  it('pauses a push service that answers 429 for all its subscribers, their attempts not counted, then sends once', async () => {
    fake.received.length = 0
    const warn = Array.from({ length: WARNING_FOLLOWERS }, (_, index) => `warn${index}`)
    for (const name of warn) fake.setStatus(name, 429)
    await create({
      title: 'Severe Thunderstorm Warning',
      priority: 'Warning',
      pageName: 'wa/seattle',
      cityName: 'Seattle',
      lat: 47.6062,
      lon: -122.3321,
    })
    // One at a time: the first 429 pauses the origin before the next is tried.
    await round(1)
    const outbox = await notifyDb(api.store.db)
      .selectFrom('push_outbox')
      .select(['attempts', 'due_at'])
      .where('subscription_id', 'like', 'warn%')
      .execute()
    expect(outbox).toHaveLength(WARNING_FOLLOWERS)
    expect(outbox.filter((row) => row.attempts === 1)).toHaveLength(1)
    expect(new Set(outbox.map((row) => Date.parse(row.due_at) - api.clock.now.getTime()))).toEqual(new Set([30_000]))
    for (const name of warn) fake.setStatus(name, 201)
    await round()
    expect(fake.received).toEqual([])
    api.clock.now = new Date(api.clock.now.getTime() + 30_000)
    await round()
    expect(fake.received.map((entry) => entry.name).sort()).toEqual(warn.sort())
  }, 60_000)
})
