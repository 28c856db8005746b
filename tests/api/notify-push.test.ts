import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { storeFeedItems } from '../../server/feeds/store.ts'
import type { FeedItem } from '../../server/feeds/types.ts'
import { vapidKeys } from '../../server/notify/keys.ts'
import { notifyRound } from '../../server/notify/start.ts'
import { notifyDb } from '../../server/db/queries/notify-tables.ts'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'
import { startPushFake } from './notify-push-fake.ts'

const BURST_MS = 30_000

describe.each(await backends())('web push on $name', (backend) => {
  let api: Harness
  let admin: string
  let fake: Awaited<ReturnType<typeof startPushFake>>
  let names = 0

  const round = async () =>
    notifyRound(api.store.db, () => api.clock.now, {
      owner: 'test',
      vapid: vapidKeys(api.config.dataDir, api.config.siteUrl),
      siteUrl: api.config.siteUrl,
      allowPrivate: true,
      burstMs: BURST_MS,
    })
  const wait = (ms: number) => (api.clock.now = new Date(api.clock.now.getTime() + ms))
  /** Dispatches the queued writes, lets the burst end, sends. */
  const settle = async () => {
    await round()
    wait(BURST_MS + 1000)
    return round()
  }
  const place = (fields: Record<string, unknown> = {}) => ({
    place: 'wa/duvall',
    sections: ['statuses'],
    minPriority: 'Warning',
    quiet: null,
    ...fields,
  })
  async function subscribe(lang = 'en', places = [place()]) {
    const name = `s${++names}`
    const subscription = fake.subscribe(name)
    const { status, body } = await api.send('POST', '/api/notify/subscriptions', { body: { subscription, lang, places } })
    expect(status, JSON.stringify(body)).toBe(201)
    return { name, id: body.id as string, secret: body.secret as string, auth: { authorization: `Bearer ${body.secret}` } }
  }
  const messages = (name: string) => fake.received.filter((entry) => entry.name === name).map((entry) => entry.payload)
  const create = async (fields: Record<string, unknown>) => {
    const { status, body } = await api.send('POST', '/items', { token: admin, body: duvallItem(fields) })
    expect(status).toBe(201)
    return body.id as number
  }
  const save = async (id: number, fields: Record<string, unknown>) => {
    const { status } = await api.send('POST', `/api/manage/${id}?t=${admin}`, { body: fields })
    expect(status).toBe(200)
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
  beforeEach(async () => {
    // Each test starts with no subscribers and nothing queued.
    await notifyDb(api.store.db).deleteFrom('push_subscriptions').execute()
    await round()
    wait(BURST_MS * 2)
    // Tests move the clock by hours: a fresh token each time.
    admin = (await api.signIn('superadmin')).token
  })

  it('gives the VAPID public key, the same every time', async () => {
    const one = await api.send('GET', '/api/notify/key')
    expect(one.body.publicKey).toMatch(/^[\w-]{87}$/)
    expect((await api.send('GET', '/api/notify/key')).body.publicKey).toBe(one.body.publicKey)
  })

  it('tells a subscriber once, encrypted, in their language, when an item rises to Warning; not again for the same text', async () => {
    const sub = await subscribe('es')
    const id = await create({
      title: 'Escuelas con dos horas de retraso',
      priority: 'Info',
      lines: ['Autobuses en rutas de nieve'],
    })
    await settle()
    expect(messages(sub.name)).toEqual([])
    await save(id, { Priority: 'Warning' })
    await settle()
    expect(messages(sub.name)).toEqual([
      {
        title: 'Duvall, WA: Escuelas con dos horas de retraso',
        body: 'Advertencia · Abierto · Autobuses en rutas de nieve',
        url: `https://porchlight.example/es/wa/duvall/statuses#item-${id}`,
        tag: `porchlight-${id}`,
        lang: 'es',
      },
    ])
    expect(fake.failures).toEqual([])
    expect(fake.received.at(-1)).toMatchObject({ ttl: '43200', urgency: 'high' })
    // The same text at another priority is not news; a new text is.
    await save(id, { Priority: 'Critical' })
    await settle()
    expect(messages(sub.name)).toHaveLength(1)
    await save(id, { State: 'closed' })
    await settle()
    expect(messages(sub.name)).toHaveLength(2)
    expect(messages(sub.name)[1]!['body']).toBe('Crítico · Cerrado · Autobuses en rutas de nieve')
  })

  it('makes a burst one notification, and keeps to sections, places and test layers', async () => {
    const sub = await subscribe('en')
    const far = await subscribe('en', [place({ place: 'ny/new-york-city', sections: ['statuses', 'roads'] })])
    await create({ title: 'A', priority: 'Warning' })
    await create({ title: 'B', priority: 'Urgent' })
    await create({ title: 'C', priority: 'Critical' })
    await create({ title: 'Road closed', priority: 'Critical', dataAspect: 'roads' })
    await create({ title: 'Draft', priority: 'Critical', layer: 2 })
    await create({ title: 'Hidden', priority: 'Critical', isActive: false })
    await settle()
    expect(messages(sub.name)).toEqual([
      expect.objectContaining({
        title: '3 new alerts for Duvall, WA',
        body: 'C\nB\nA',
        url: 'https://porchlight.example/wa/duvall/statuses',
      }),
    ])
    expect(messages(far.name)).toEqual([])
  })

  it('follows a map point by its key: an item near it tells, linking to the point page; a point far from every city is refused', async () => {
    // Issue 38: "Notify me" on /z/<lat>/<lon> pages. Duvall is at 47.74, -121.99; the item is there.
    const sub = await subscribe('en', [place({ place: 'z/47.75/-121.98' })])
    const id = await create({ title: 'Point flood', priority: 'Urgent' })
    await settle()
    expect(messages(sub.name)).toEqual([
      expect.objectContaining({
        title: '47.75, -121.98, WA: Point flood',
        url: `https://porchlight.example/z/47.75/-121.98/statuses#item-${id}`,
      }),
    ])
    const read = await api.send('GET', `/api/notify/subscriptions/${sub.id}`, { headers: sub.auth })
    expect(read.body).toMatchObject({ places: [{ place: 'z/47.75/-121.98' }] })
    const subscription = fake.subscribe('ocean')
    const ocean = await api.send('POST', '/api/notify/subscriptions', {
      body: { subscription, lang: 'en', places: [place({ place: 'z/0/-140' })] },
    })
    expect(ocean.status).toBe(400)
    expect(JSON.stringify(ocean.body)).toMatch(/places\[0\]\.place is not a place/)
    const unrounded = await api.send('POST', '/api/notify/subscriptions', {
      body: { subscription, lang: 'en', places: [place({ place: 'z/47.751/-121.98' })] },
    })
    expect(JSON.stringify(unrounded.body)).toMatch(/must look like wa\/duvall, or z\/47\.74\/-121\.99/)
  })

  it('tells feed items too: a run is one queued write', async () => {
    const sub = await subscribe('de', [place({ sections: ['statuses'] })])
    const item: FeedItem = {
      sourceId: 'alert-1',
      aspect: 'statuses',
      title: 'Winter Storm Warning',
      priority: 'Warning',
      category: 'weather',
      dataCategory: null,
      state: 'active',
      stateType: null,
      lines: ['Heavy snow above 500 feet'],
      link: null,
      image: null,
      specialData: null,
      lat: 47.7,
      lon: -121.9,
      areaMiles: 0,
      startsAt: null,
      endsAt: null,
      attribution: { name: 'NWS', url: null },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-122.2, 47.5],
            [-121.7, 47.5],
            [-121.7, 47.9],
            [-122.2, 47.9],
            [-122.2, 47.5],
          ],
        ],
      },
    }
    await storeFeedItems(api.store.db, 'nws-test', [item], api.clock.now, { removeMissing: true })
    await settle()
    expect(messages(sub.name)).toEqual([
      expect.objectContaining({
        title: 'Duvall, WA: Winter Storm Warning',
        body: 'Warnung · Aktiv · Heavy snow above 500 feet',
      }),
    ])
    // An unchanged run writes nothing and tells nothing.
    wait(60_000)
    await storeFeedItems(api.store.db, 'nws-test', [item], api.clock.now, { removeMissing: true })
    await settle()
    expect(messages(sub.name)).toHaveLength(1)
    await storeFeedItems(api.store.db, 'nws-test', [], api.clock.now, { removeMissing: true })
  })

  it('reads a large run a page at a time and still finds the one item that reaches a follower', async () => {
    const sub = await subscribe('en', [place({ sections: ['roads'] })])
    const road = (n: number, lat: number, lon: number): FeedItem => ({
      sourceId: `road-${n}`,
      aspect: 'roads',
      title: `Lane closed ${n}`,
      priority: 'Warning',
      category: 'traffic',
      dataCategory: null,
      state: 'active',
      stateType: null,
      lines: [],
      link: null,
      image: null,
      specialData: null,
      lat,
      lon,
      areaMiles: 1,
      startsAt: null,
      endsAt: null,
      attribution: { name: 'WZDx', url: null },
      geometry: null,
    })
    // 249 road events in Florida, then one in Duvall: the Duvall one is on the third page of 100 rows.
    const far = Array.from({ length: 249 }, (_, n) => road(n, 27 + n / 1000, -81))
    await storeFeedItems(api.store.db, 'wzdx-test', [...far, road(999, 47.742, -121.986)], api.clock.now, {
      removeMissing: true,
    })
    await settle()
    expect(messages(sub.name)).toEqual([expect.objectContaining({ title: 'Duvall, WA: Lane closed 999' })])
    await storeFeedItems(api.store.db, 'wzdx-test', [], api.clock.now, { removeMissing: true })
  })

  it('holds what quiet hours cover until they end, in the place’s time zone', async () => {
    // 12:00 UTC is 04:00 in Duvall (PST): quiet from 22:00 to 06:30.
    api.clock.now = new Date('2026-11-23T12:00:00Z')
    admin = (await api.signIn('superadmin')).token
    const sub = await subscribe('en', [place({ quiet: { start: '22:00', end: '06:30' } })])
    await create({ title: 'Overnight closure', priority: 'Urgent' })
    await settle()
    expect(messages(sub.name)).toEqual([])
    api.clock.now = new Date('2026-11-23T14:29:00Z')
    await round()
    expect(messages(sub.name)).toEqual([])
    api.clock.now = new Date('2026-11-23T14:30:00Z')
    await round()
    expect(messages(sub.name).map((message) => message['title'])).toEqual(['Duvall, WA: Overnight closure'])
  })

  it('deletes a subscription its push service calls gone (410), and backs off on failures', async () => {
    const gone = await subscribe()
    const flaky = await subscribe()
    fake.setStatus(gone.name, 410)
    fake.setStatus(flaky.name, 500)
    await create({ title: 'Boil water notice', priority: 'Critical' })
    // Critical skips the burst: tried in the first round.
    await round()
    expect((await api.send('GET', `/api/notify/subscriptions/${gone.id}`, { headers: gone.auth })).status).toBe(404)
    const outbox = await notifyDb(api.store.db)
      .selectFrom('push_outbox')
      .selectAll()
      .where('subscription_id', '=', flaky.id)
      .executeTakeFirstOrThrow()
    expect(outbox.attempts).toBe(1)
    expect(Date.parse(outbox.due_at) - api.clock.now.getTime()).toBe(30_000)
    fake.setStatus(flaky.name, 201)
    await round()
    expect(messages(flaky.name)).toEqual([])
    wait(30_000)
    await round()
    expect(messages(flaky.name).map((message) => message['title'])).toEqual(['Duvall, WA: Boil water notice'])
  })

  it('settles a stored subscription whose key is off the curve alone: the others get one message each, once', async () => {
    // A fresh rate-limit window for the six subscribes.
    wait(3_600_000)
    admin = (await api.signIn('superadmin')).token
    const good = []
    for (let count = 0; count < 5; count++) good.push(await subscribe())
    // A row kept before keys were checked: 0x04 and 64 zero bytes, not a point on P-256.
    const poison = await subscribe()
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString('base64url')
    await notifyDb(api.store.db).updateTable('push_subscriptions').set({ p256dh: offCurve }).where('id', '=', poison.id).execute()
    // As the background loop does: a round that throws is logged and the next one runs a second later.
    const tick = () => round().catch(() => ({ told: 0, sent: 0 }))
    await create({ title: 'Boil water notice', priority: 'Critical' })
    await tick()
    wait(BURST_MS + 1000)
    await tick()
    for (let minute = 0; minute < 5; minute++) {
      wait(61_000)
      await tick()
    }
    for (const sub of good)
      expect(messages(sub.name).map((message) => message['title'])).toEqual(['Duvall, WA: Boil water notice'])
    expect(messages(poison.name)).toEqual([])
    const ndb = notifyDb(api.store.db)
    expect(await ndb.selectFrom('push_subscriptions').select('id').where('id', '=', poison.id).execute()).toEqual([])
    expect(await ndb.selectFrom('push_outbox').selectAll().execute()).toEqual([])
  })

  it('lets the owner read, change and stop a subscription at once; nobody else', async () => {
    const sub = await subscribe('en')
    const read = await api.send('GET', `/api/notify/subscriptions/${sub.id}`, { headers: sub.auth })
    expect(read.body).toEqual({ lang: 'en', places: [place()] })
    for (const headers of [{}, { authorization: 'Bearer wrong-secret' }])
      for (const method of ['GET', 'DELETE'])
        expect((await api.send(method, `/api/notify/subscriptions/${sub.id}`, { headers })).status).toBe(404)
    const changed = await api.send('POST', `/api/notify/subscriptions/${sub.id}`, {
      headers: sub.auth,
      body: { lang: 'fr', places: [place({ minPriority: 'Critical', sections: ['roads'] }), place({ place: 'wa/seattle' })] },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.places.map((entry: { place: string }) => entry.place)).toEqual(['wa/duvall', 'wa/seattle'])
    const counts = await api.send('GET', '/api/notify/counts', { token: admin })
    expect(counts.body.places).toEqual(expect.arrayContaining([{ place: 'wa/seattle', subscriptions: 1 }]))
    expect((await api.send('GET', '/api/notify/counts')).status).toBe(401)
    expect((await api.send('DELETE', `/api/notify/subscriptions/${sub.id}`, { headers: sub.auth })).status).toBe(204)
    await create({ title: 'After stopping', priority: 'Critical', dataAspect: 'roads' })
    await settle()
    expect(messages(sub.name)).toEqual([])
    expect(
      await notifyDb(api.store.db).selectFrom('push_places').selectAll().where('subscription_id', '=', sub.id).execute(),
    ).toEqual([])
  })

  it('refuses hostile input with a clear error and keeps nothing', async () => {
    const subscription = fake.subscribe('hostile')
    const post = (body: unknown) => api.send('POST', '/api/notify/subscriptions', { body })
    const cases: [unknown, RegExp][] = [
      [
        {
          subscription,
          lang: 'en',
          places: Array.from({ length: 21 }, (_, index) => place({ place: `wa/p${'a'.repeat(index)}` })),
        },
        /places/,
      ],
      [{ subscription, lang: 'en', places: [] }, /places/],
      [{ subscription, lang: 'xx', places: [place()] }, /lang/],
      [{ subscription, lang: 'en', places: [place({ place: 'wa/nowhere-at-all' })] }, /places\[0\]\.place is not a place/],
      [{ subscription, lang: 'en', places: [place(), place()] }, /listed twice/],
      [{ subscription, lang: 'en', places: [place({ sections: ['cameras'] })] }, /sections/],
      [{ subscription, lang: 'en', places: [place({ quiet: { start: '25:00', end: '06:00' } })] }, /quiet/],
      [{ subscription: { ...subscription, endpoint: 'ftp://example.org/x' }, lang: 'en', places: [place()] }, /https/],
      [{ subscription: { ...subscription, endpoint: 'x'.repeat(2000) }, lang: 'en', places: [place()] }, /endpoint/],
      [
        {
          subscription: { ...subscription, keys: { p256dh: 'AAAA', auth: subscription.keys.auth } },
          lang: 'en',
          places: [place()],
        },
        /p256dh/,
      ],
      [
        {
          subscription: {
            ...subscription,
            keys: {
              p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString('base64url'),
              auth: subscription.keys.auth,
            },
          },
          lang: 'en',
          places: [place()],
        },
        /p256dh/,
      ],
      [
        {
          subscription: { ...subscription, keys: { p256dh: subscription.keys.p256dh, auth: 'AAAA' } },
          lang: 'en',
          places: [place()],
        },
        /auth/,
      ],
      [{ subscription, lang: 'en', places: [place()], extra: 1 }, /extra|Unrecognized|unrecognized/],
    ]
    for (const [body, error] of cases) {
      const answer = await post(body)
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(answer.body.error).toMatch(error)
    }
    expect(await notifyDb(api.store.db).selectFrom('push_subscriptions').selectAll().execute()).toEqual([])
    expect(fake.received.filter((entry) => entry.name === 'hostile')).toEqual([])
  })
})
