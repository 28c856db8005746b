// A notifier killed mid-batch (issue 39): a second process sends a Warning to 300 followers and is killed (SIGKILL)
// once 40 messages are out; after its claims' lease (a minute) another notifier takes over. Every follower gets the
// message, at least once and at most twice: a push service gives no way to ask whether it already has a message,
// so the ones the killed process sent but could not record are sent again (counted here).
import { fork } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEASE_MS } from '../../server/db/queries/notify-claims.ts'
import { notifyDb } from '../../server/db/queries/notify-tables.ts'
import { vapidKeys } from '../../server/notify/keys.ts'
import { notifyRound } from '../../server/notify/start.ts'
import { backends, type Backend } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'
import { startPushFake } from './notify-push-fake.ts'

const FOLLOWERS = 300
const KILL_AT = 40

/** SQLite in a file, so two processes share it (the other tests' SQLite is in memory). */
const sqliteFile: Backend = {
  name: 'sqlite',
  fresh: () =>
    Promise.resolve({ url: join(mkdtempSync(join(tmpdir(), 'porchlight-killed-')), 'notify.db'), drop: () => Promise.resolve() }),
}
const list = [sqliteFile, ...(await backends()).filter((backend) => backend.name === 'postgres')]

describe.each(list)('a notifier killed mid-batch on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startPushFake>>
  let url: string

  beforeAll(async () => {
    fake = await startPushFake()
    const fresh = await backend.fresh()
    url = fresh.url
    backend.fresh = () => Promise.resolve(fresh)
    api = await startHarness(backend, { ALLOW_PRIVATE_FETCH: '1', SITE_URL: 'https://porchlight.example' })
  })
  afterAll(async () => {
    await api.close()
    await fake.close()
  })

  it(`gets every one of ${FOLLOWERS} followers the Warning after another notifier takes over, none more than twice`, async () => {
    const ndb = notifyDb(api.store.db)
    const stamp = api.clock.now.toISOString()
    const names = Array.from({ length: FOLLOWERS }, (_, index) => `k${index}`)
    for (let at = 0; at < FOLLOWERS; at += 100) {
      const part = names.slice(at, at + 100).map((id) => ({ id, ...fake.subscribe(id) }))
      await ndb
        .insertInto('push_subscriptions')
        .values(
          part.map((sub) => ({
            id: sub.id,
            secret_hash: 'x',
            endpoint: sub.endpoint,
            p256dh: sub.keys.p256dh,
            auth: sub.keys.auth,
            lang: 'en',
            created_at: stamp,
            updated_at: stamp,
            last_sent_at: null,
          })),
        )
        .execute()
      await ndb
        .insertInto('push_places')
        .values(
          part.map((sub) => ({
            subscription_id: sub.id,
            place: 'wa/duvall',
            lat: 47.7423,
            lon: -121.9857,
            timezone: 'America/Los_Angeles',
            sections: 'statuses',
            min_rank: 3,
            quiet_start: null,
            quiet_end: null,
          })),
        )
        .execute()
    }
    const admin = (await api.signIn('superadmin')).token
    const created = await api.send('POST', '/items', {
      token: admin,
      body: duvallItem({ title: 'Tornado Warning', priority: 'Warning' }),
    })
    expect(created.status).toBe(201)
    vapidKeys(api.config.dataDir, api.config.siteUrl)

    const child = fork(new URL('./notify-killed-child.ts', import.meta.url), [url, api.config.dataDir, stamp], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    const exited = new Promise((resolve) => child.once('exit', resolve))
    while (fake.received.length < KILL_AT) await new Promise((resolve) => setTimeout(resolve, 2))
    child.kill('SIGKILL')
    await exited
    const byKilled = fake.received.length
    expect(byKilled).toBeLessThan(FOLLOWERS)

    // Another notifier, once the killed one's lease has run out.
    api.clock.now = new Date(api.clock.now.getTime() + LEASE_MS + 1000)
    await notifyRound(api.store.db, () => api.clock.now, {
      owner: 'survivor',
      vapid: vapidKeys(api.config.dataDir, api.config.siteUrl),
      siteUrl: api.config.siteUrl,
      allowPrivate: true,
      burstMs: 30_000,
    })
    const counts = new Map<string, number>()
    for (const entry of fake.received) counts.set(entry.name, (counts.get(entry.name) ?? 0) + 1)
    expect(fake.failures).toEqual([])
    expect(names.filter((name) => !counts.has(name))).toEqual([])
    expect([...counts.values()].every((count) => count <= 2)).toBe(true)
    const twice = [...counts.values()].filter((count) => count === 2).length
    expect(twice).toBeLessThanOrEqual(byKilled)
    console.log(`${backend.name}: killed after ${byKilled} messages; ${FOLLOWERS} of ${FOLLOWERS} got it, ${twice} twice`)
    // Nothing left waiting, and a later round sends nothing more.
    expect(await ndb.selectFrom('push_outbox').select('subscription_id').execute()).toEqual([])
  }, 120_000)
})
