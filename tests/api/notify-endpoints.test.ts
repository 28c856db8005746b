// Where push messages may go (issue 36): only to the push services browsers use, on port 443; and moving a
// subscription to another endpoint is limited like subscribing, so a secret holder cannot make it a relay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { startHarness, type Harness } from './harness.ts'
import { startPushFake } from './notify-push-fake.ts'

const place = { place: 'wa/duvall', sections: ['statuses'], minPriority: 'Warning', quiet: null }

describe.each(await backends())('push endpoints on $name', (backend) => {
  let open: Harness
  let strict: Harness
  let fake: Awaited<ReturnType<typeof startPushFake>>

  beforeAll(async () => {
    fake = await startPushFake()
    // The local fake push service needs private addresses; the strict one is as in production.
    open = await startHarness(backend, { ALLOW_PRIVATE_FETCH: '1' })
    strict = await startHarness(backend)
  })
  afterAll(async () => {
    await open.close()
    await strict.close()
    await fake.close()
  })

  it('refuses endpoints that are not a browser push service on port 443, naming the field', async () => {
    const { keys } = fake.subscribe('relay')
    for (const endpoint of [
      'https://8.8.8.8:22/x',
      'https://8.8.8.8/x',
      'https://example.org:6379/x',
      'https://example.org/push',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.example.org/fcm/send/abc',
      'https://evil-push.apple.com.example.org/x',
    ]) {
      const answer = await strict.send('POST', '/api/notify/subscriptions', {
        body: { subscription: { endpoint, keys }, lang: 'en', places: [place] },
      })
      expect(answer.status, `${endpoint}: ${JSON.stringify(answer.body)}`).toBe(400)
      expect(answer.body.error).toMatch(/subscription\.endpoint must be (on port 443|on a browser push service)/)
    }
  })

  it('limits moving a subscription to another endpoint like subscribing; changing only places is not counted', async () => {
    const subscribe = () =>
      open.send('POST', '/api/notify/subscriptions', {
        body: { subscription: fake.subscribe(`s${Math.random()}`.replace('.', '')), lang: 'en', places: [place] },
      })
    const first = await subscribe()
    expect(first.status).toBe(201)
    for (let count = 1; count < 20; count++) expect((await subscribe()).status).toBe(201)
    expect((await subscribe()).status).toBe(429)
    const headers = { authorization: `Bearer ${first.body.secret}` }
    const move = () =>
      open.send('POST', `/api/notify/subscriptions/${first.body.id}`, {
        headers,
        body: { subscription: fake.subscribe(`m${Math.random()}`.replace('.', '')), lang: 'en', places: [place] },
      })
    for (let count = 0; count < 5; count++) expect((await move()).status).toBe(429)
    const rows = await open.store.db
      .withTables<{ push_subscriptions: { id: string; endpoint: string } }>()
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('id', '=', first.body.id)
      .executeTakeFirstOrThrow()
    // The browser sends its (unchanged) subscription with every change of places.
    const same = { endpoint: rows.endpoint, keys: fake.subscribe('unused').keys }
    const kept = await open.send('POST', `/api/notify/subscriptions/${first.body.id}`, {
      headers,
      body: { subscription: same, lang: 'fr', places: [place] },
    })
    expect(kept.status, JSON.stringify(kept.body)).toBe(200)
    open.clock.now = new Date(open.clock.now.getTime() + 3_600_000)
    expect((await move()).status).toBe(200)
  })
})
